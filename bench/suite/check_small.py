"""Check the suite's problems without an H200: small sizes on the CPU, full sizes on `meta`.

Every problem keeps its sizes in module-level UPPER_CASE integer constants (`ROWS = 65536`).
`SMALL` below gives each file the values to use instead; the checker rewrites those
assignments in the source (line numbers unchanged), writes the copy to a temporary folder and
loads it through Kernelscope's own snippet loader, as `kernelscope run` would. Then:

- default: builds the model and inputs at the small sizes on the CPU (seed 0), runs the entry
  point once eagerly and once under `torch.compile`, inside torch.no_grad() as Kernelscope
  does, and requires torch.allclose to hold for every output tensor (tolerances per dtype);
- `--full-size`: builds each problem at its real sizes on the `meta` device (shapes, no data)
  and runs it eagerly, recording every ATen op: the peak of live device memory (inputs,
  parameters and intermediates, as the caching allocator would hold them at best), the bytes
  the ops read and write, the FLOPs of matmuls and convolutions, and a rough H200 eager time
  from those. It fails a problem over the suite's limits (20 GiB, 50 ms);
- `--write-small DIR`: writes the small-size copies into DIR (for `kernelscope run`) and exits.

    .venv/bin/python bench/suite/check_small.py [--full-size | --write-small DIR] [FILE ...]
"""

from __future__ import annotations

import argparse
import ast
import sys
import tempfile
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from torch._dynamo.utils import counters
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_leaves
from torch.utils.flop_counter import flop_registry

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from backend.harness.snippet import find_entry_point, load_module  # noqa: E402

# Small sizes keep each problem's shapes valid (heads divide the width, pools leave >= 1 pixel,
# targets stay inside the vocabulary) while the whole suite runs in minutes on two cores.
SMALL: dict[str, dict[str, int]] = {
    "01_add_relu_2x2gib": {"N": 4096},
    "02_gelu_scale_4gib": {"ROWS": 64, "COLS": 128},
    "03_sigmoid_gate_4gib": {"TOKENS": 64, "HIDDEN": 128},
    "04_clamp_where_2gib": {"N": 4096},
    "05_residual_scale_2x2gib": {"TOKENS": 64, "HIDDEN": 128},
    "06_silu_by_hand_4gib": {"BATCH": 2, "CHANNELS": 8, "HEIGHT": 16, "WIDTH": 16},
    "07_polynomial_2gib": {"N": 4096},
    "08_mixed_dtype_cast_2gib": {"ROWS": 64, "COLS": 128},
    "09_center_column_sum_4gib": {"ROWS": 256, "COLS": 128},
    "10_softmax_by_hand_2gib": {"ROWS": 64, "COLS": 256},
    "11_log_softmax_4gib": {"ROWS": 64, "COLS": 256},
    "12_layer_norm_residual_4gib": {"BATCH": 2, "SEQ": 32, "HIDDEN": 128},
    "13_rms_norm_by_hand_2gib": {"BATCH": 2, "SEQ": 32, "HIDDEN": 128},
    "14_group_norm_silu_2gib": {"BATCH": 2, "CHANNELS": 64, "HEIGHT": 8, "WIDTH": 8},
    "15_mse_loss_2x2gib": {"N": 4096},
    "16_cross_entropy_128k_vocab_4gib": {"TOKENS": 32, "VOCAB": 1024},
    "17_smooth_l1_loss_2x2gib": {"ROWS": 64, "COLS": 128},
    "18_kl_div_distillation_2x2gib": {"ROWS": 64, "CLASSES": 256},
    "19_linear_bias_relu_fp32": {"ROWS": 64, "IN_FEATURES": 128, "OUT_FEATURES": 96},
    "20_matmul_bias_gelu_bf16": {"ROWS": 64, "IN_FEATURES": 128, "OUT_FEATURES": 96},
    "21_bmm_scale_softmax": {"BATCH": 4, "SEQ": 64, "HEAD_DIM": 32},
    "22_mlp_block_bf16": {"TOKENS": 64, "HIDDEN": 128, "INNER": 256},
    "23_linear_quick_gelu_fp32": {"ROWS": 64, "FEATURES": 128},
    "24_conv2d_bias_relu": {"BATCH": 2, "IN_CHANNELS": 8, "OUT_CHANNELS": 16, "SIZE": 16},
    "25_conv_batchnorm_relu_eval": {"BATCH": 2, "CHANNELS": 16, "SIZE": 16},
    "26_depthwise_conv_add": {"BATCH": 2, "CHANNELS": 16, "SIZE": 16},
    "27_conv_transpose_tanh": {"BATCH": 2, "IN_CHANNELS": 16, "OUT_CHANNELS": 8, "SIZE": 8},
    "28_attention_by_hand": {"BATCH": 2, "HEADS": 4, "SEQ": 64, "HEAD_DIM": 16},
    "29_multihead_attention": {"BATCH": 2, "SEQ": 32, "EMBED": 64, "HEADS": 4},
    "30_causal_softmax_bf16": {"BATCH": 2, "HEADS": 4, "SEQ": 64, "HEAD_DIM": 16},
    "31_small_cnn_64px": {"BATCH": 4, "SIZE": 32, "CLASSES": 10},
    "32_small_resnet_224px": {"BATCH": 2, "SIZE": 64, "CLASSES": 10},
    "33_running_mean_cumsum_2gib": {"ROWS": 64, "COLS": 256},
    "34_decay_cumprod_scan": {"BATCH": 2, "CHANNELS": 8, "STEPS": 128},
}

SMALL_INPUT_LIMIT = 16 * 2**20  # a forgotten override leaves a full size: refuse, do not run it
# (rtol, atol) per output dtype: float32 allows reassociation noise, bfloat16 its 8-bit mantissa
TOLERANCES = {torch.float32: (1e-4, 1e-5), torch.bfloat16: (2e-2, 2e-2)}

# The suite's limits at full size, and a rough H200 (SXM) for the eager-time estimate: what
# eager kernels reach in practice, below the data sheet's 4.8 TB/s and 989 / 67 TFLOP/s.
PEAK_LIMIT = 20 * 2**30
EAGER_LIMIT_S = 0.050
H200_BYTES_PER_S = 4.0e12
H200_FLOPS_PER_S = {torch.bfloat16: 650e12, torch.float16: 650e12, torch.float32: 50e12}


class ProblemError(Exception):
    """What is wrong with one problem file, in words for its author."""


def problem_files(given: list[str]) -> list[Path]:
    if given:
        return [Path(p).resolve() for p in given]
    return sorted(p for p in HERE.glob("[0-9][0-9]_*.py"))


def size_constants(source: str, path: Path) -> dict[str, ast.Assign]:
    """Top-level `NAME = <integer expression>` assignments with an UPPER_CASE name."""
    found = {}
    for node in ast.parse(source, str(path)).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if isinstance(target, ast.Name) and target.id.isupper():
            value = eval(compile(ast.Expression(node.value), str(path), "eval"), {})
            if isinstance(value, int):
                found[target.id] = node
    return found


def with_sizes(path: Path, sizes: dict[str, int]) -> str:
    """The source with each named constant's assignment replaced, line numbers kept."""
    source = path.read_text()
    constants = size_constants(source, path)
    unknown = sorted(set(sizes) - set(constants))
    if unknown:
        raise ProblemError(
            f"{path.name}: SMALL names {', '.join(unknown)}, which the file does not assign at "
            f"module level (it has {', '.join(constants) or 'no UPPER_CASE constants'}); "
            "update SMALL in check_small.py"
        )
    lines = source.splitlines(keepends=True)
    for name, value in sizes.items():
        node = constants[name]
        end = node.end_lineno or node.lineno
        lines[node.lineno - 1] = f"{name} = {value}\n"
        for i in range(node.lineno, end):  # keep the line count of multi-line assignments
            lines[i] = "\n"
    return "".join(lines)


def small_sizes(path: Path) -> dict[str, int]:
    if path.stem not in SMALL:
        raise ProblemError(
            f"{path.name}: no small sizes; add an entry for {path.stem!r} to SMALL in "
            "check_small.py naming its UPPER_CASE size constants"
        )
    return SMALL[path.stem]


@dataclass
class Built:
    call: Callable[..., Any]
    args: tuple[Any, ...]
    style: str


def build(copy: Path, device: torch.device) -> Built:
    """The entry point and its arguments, exactly as Kernelscope's harness finds them."""
    torch.manual_seed(0)
    module = load_module(copy, device)
    entry = find_entry_point(module, copy, None)
    return Built(entry.call, entry.make_args(), entry.style)


def input_bytes(args: tuple[Any, ...]) -> int:
    return sum(t.numel() * t.element_size() for t in tree_leaves(args) if _is_tensor(t))


def _is_tensor(value: Any) -> bool:
    return isinstance(value, torch.Tensor)


def check_small(path: Path, folder: Path) -> str:
    copy = folder / path.name
    copy.write_text(with_sizes(path, small_sizes(path)))
    built = build(copy, torch.device("cpu"))
    if input_bytes(built.args) > SMALL_INPUT_LIMIT:
        raise ProblemError(
            f"{path.name}: inputs of {input_bytes(built.args) / 2**20:.0f} MiB at the small "
            "sizes: a size constant is missing from its SMALL entry"
        )
    torch._dynamo.reset()
    counters.clear()
    with torch.no_grad():
        eager = built.call(*built.args)
        compiled = torch.compile(built.call)(*built.args)
    graphs = counters["stats"]["unique_graphs"]
    if graphs < 1:  # an equal output from a call Dynamo never captured would prove nothing
        raise ProblemError(f"{path.name}: torch.compile captured no graph")
    return f"{built.style:9} {graphs} graph(s); " + compare(path, eager, compiled)


def compare(path: Path, eager: Any, compiled: Any) -> str:
    eager_leaves, compiled_leaves = tree_leaves(eager), tree_leaves(compiled)
    tensors = [(e, c) for e, c in zip(eager_leaves, compiled_leaves, strict=True) if _is_tensor(e)]
    if not tensors:
        raise ProblemError(f"{path.name}: the forward returned no tensor to compare")
    worst = 0.0
    for e, c in tensors:
        rtol, atol = TOLERANCES.get(e.dtype, TOLERANCES[torch.float32])
        if e.shape != c.shape or e.dtype != c.dtype:
            raise ProblemError(
                f"{path.name}: compiled {c.dtype} {tuple(c.shape)} vs eager "
                f"{e.dtype} {tuple(e.shape)}"
            )
        if not torch.allclose(c, e, rtol=rtol, atol=atol):
            diff = (c.float() - e.float()).abs().max().item()
            raise ProblemError(
                f"{path.name}: compiled differs from eager, max |diff| {diff:.3g} "
                f"(rtol {rtol}, atol {atol})"
            )
        worst = max(worst, (c.float() - e.float()).abs().max().item())
    shapes = ", ".join(
        f"{tuple(e.shape)} {str(e.dtype).removeprefix('torch.')}" for e, _ in tensors
    )
    return f"out {shapes}; max |compiled - eager| {worst:.2e}"


class DeviceLedger(TorchDispatchMode):
    """Live bytes, traffic and FLOPs of the ATen ops run under it (on `meta`: shapes only).

    A storage counts from the op that creates it until the last tensor on it is collected,
    as the caching allocator would hold it at best; views and in-place results add nothing.
    """

    def __init__(self, resident: tuple[Any, ...]) -> None:
        super().__init__()
        self.refs: dict[int, int] = {}
        self.sizes: dict[int, int] = {}
        self.live = 0
        resident_tensors = [t for t in tree_leaves(resident) if _is_tensor(t)]
        for tensor in resident_tensors:
            self._hold(tensor)
        self.resident = {_storage_key(t) for t in resident_tensors}  # held beyond the call
        self.peak = self.live
        self.traffic = 0
        self.seconds = 0.0
        self.flops = 0

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        kwargs = kwargs or {}
        known = set(self.sizes)
        out = func(*args, **kwargs)
        written = 0
        for tensor in (t for t in tree_leaves(out) if _is_tensor(t)):
            if _storage_key(tensor) not in known:
                written += tensor.numel() * tensor.element_size()
            self._hold(tensor)
        self.peak = max(self.peak, self.live)
        if written:
            self._account(func, args, kwargs, out, written)
        return out

    def _account(self, func: Any, args: Any, kwargs: Any, out: Any, written: int) -> None:
        read = sum(
            t.numel() * t.element_size() for t in tree_leaves((args, kwargs)) if _is_tensor(t)
        )
        count = flop_registry.get(func._overloadpacket)
        flops = int(count(*args, **kwargs, out_val=out)) if count else 0
        dtype = next((t.dtype for t in tree_leaves(args) if _is_tensor(t)), torch.float32)
        rate = H200_FLOPS_PER_S.get(dtype, H200_FLOPS_PER_S[torch.float32])
        self.traffic += read + written
        self.flops += flops
        self.seconds += max((read + written) / H200_BYTES_PER_S, flops / rate)

    def _hold(self, tensor: torch.Tensor) -> None:
        key = _storage_key(tensor)
        if key not in self.sizes:
            self.sizes[key] = tensor.untyped_storage().nbytes()
            self.refs[key] = 0
            self.live += self.sizes[key]
        self.refs[key] += 1
        weakref.finalize(tensor, self._release, key)

    def _release(self, key: int) -> None:
        self.refs[key] -= 1
        if self.refs[key] == 0 and key not in self.resident:
            self.live -= self.sizes.pop(key)
            del self.refs[key]


def _storage_key(tensor: torch.Tensor) -> int:
    return int(tensor.untyped_storage()._cdata)


def full_size(path: Path, folder: Path) -> str:
    copy = folder / path.name
    copy.write_text(path.read_text())
    built = build(copy, torch.device("meta"))
    parameters: tuple[Any, ...] = ()
    if isinstance(built.call, torch.nn.Module):
        parameters = tuple(built.call.parameters()) + tuple(built.call.buffers())
    ledger = DeviceLedger((built.args, parameters))
    with torch.no_grad(), ledger:
        out = built.call(*built.args)
    del out
    over = []
    if ledger.peak > PEAK_LIMIT:
        over.append(f"peak over {PEAK_LIMIT / 2**30:.0f} GiB")
    if ledger.seconds > EAGER_LIMIT_S:
        over.append(f"eager estimate over {EAGER_LIMIT_S * 1e3:.0f} ms")
    line = (
        f"inputs {input_bytes(built.args) / 2**30:6.2f} GiB  peak {ledger.peak / 2**30:6.2f} GiB  "
        f"traffic {ledger.traffic / 2**30:6.1f} GiB  {ledger.flops / 1e9:7.0f} GFLOP  "
        f"eager ~{ledger.seconds * 1e3:5.1f} ms"
    )
    if over:
        raise ProblemError(f"{path.name}: {line}: {'; '.join(over)}")
    return line


def run_all(files: list[Path], check: Callable[[Path, Path], str]) -> int:
    failures = 0
    with tempfile.TemporaryDirectory(prefix="suite-check-") as tmp:
        for path in files:
            started = time.perf_counter()
            try:
                line = check(path, Path(tmp))
                status = "ok  "
            except Exception as exc:  # one problem's failure must not hide the others'
                line, status = _describe(exc), "FAIL"
                failures += 1
            took = time.perf_counter() - started
            print(f"{status} {path.stem:34} {took:5.1f} s  {line}", flush=True)
    print(f"{len(files) - failures} of {len(files)} problems passed")
    return 1 if failures else 0


def _describe(exc: Exception) -> str:
    if isinstance(exc, ProblemError):
        return str(exc)
    return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"


def write_small(files: list[Path], folder: Path) -> Iterator[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    for path in files:
        copy = folder / path.name
        copy.write_text(with_sizes(path, small_sizes(path)))
        yield copy


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--full-size", action="store_true", help="estimate full sizes on meta")
    mode.add_argument("--write-small", metavar="DIR", type=Path, help="write small copies")
    parser.add_argument("files", nargs="*", help="problem files (default: all in bench/suite)")
    args = parser.parse_args()
    files = problem_files(args.files)
    if args.write_small:
        for copy in write_small(files, args.write_small):
            print(copy)
        return 0
    torch.set_num_threads(1)  # the dev box's two cores are shared
    return run_all(files, full_size if args.full_size else check_small)


if __name__ == "__main__":
    sys.exit(main())
