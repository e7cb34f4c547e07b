"""Why a round trip still goes through memory when compiled, in the user's terms.

For each eager round trip the compiled variant kept, the first reason that holds, in order:
- `graph_break`: Dynamo split the function, and the value crosses from one graph to the
  next (or is made or read by the eager code between them);
- `library_call`: the value is written or read by a library call (cuBLAS, cuDNN: a matmul,
  a convolution) that Inductor does not generate, so it must sit in memory for it;
- `template_epilogue`: Inductor generated the GEMM as a template, but this epilogue did not
  fuse into it;
- `needed_later`: the value leaves its graph: saved for the backward pass, or read by
  Python (`.item()`, an `if` on a tensor);
- `inductor_declined`: producer and consumer are in kernels Inductor considered fusing and
  refused, with its own reason (its fusion log's `WhyNoFuse` records), in plain words;
- `unknown`: what is known, never a guess presented as a fact.
Hints are switches that would remove the round trip (max-autotune for a GEMM epilogue), or
the change Dynamo's reason names; a hint with a compile mode can be tried in one click.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from backend.analysis.inductor_join import LIBRARY_TARGETS, Placement
from backend.analysis.naming import op_display
from backend.analysis.tensor_prose import in_prose, opening
from backend.result import CompiledMode, FusionWhy, Hint, RoundTrip, TripInMode

Json = Mapping[str, Any]
AUTOTUNE = "max-autotune-no-cudagraphs"
GEMMS = {"mm", "addmm", "bmm", "baddbmm", "matmul", "linear", "_scaled_mm"}
PYTHON_READS = {"_local_scalar_dense", "is_nonzero", "item"}
# Inductor's WhyNoFuse reasons (scheduler.py, choices.py, codegen/simd.py), in plain words.
DECLINED = (
    ("no shared data", "the two kernels share no data Inductor could keep on chip"),
    ("exceeds max fusion", "fusing them would exceed Inductor's limit on one kernel's size"),
    ("increase peak memory", "fusing them would raise peak memory"),
    (
        "numel",
        "they loop over different shapes (a reduction and what follows it), so one "
        "loop cannot compute both",
    ),
    ("invalid tiling", "no tiling suits both the reduction and its consumer"),
    ("intermediate nodes", "other work has to run between them"),
    ("template epilogue", "the GEMM template cannot take this epilogue"),
    ("memory deps did not match", "they read the data in different orders"),
    ("must go before", "the order of the graph forbids it"),
)
# Dynamo's graph-break reasons (its first line and its explanation), what they mean in
# plain words, and the change that usually removes them.
BREAK_FIXES = (
    (
        "generic_jump",
        "a Python `if` (or `while`) on a tensor's value",
        "use torch.where (or torch.cond)",
    ),
    ("print", "a call to print()", "remove the print (or move it outside the function)"),
    (
        "item",
        "a tensor turned into a Python number (.item())",
        "keep it a tensor, or set torch._dynamo.config.capture_scalar_outputs = True",
    ),
    (
        "backward",
        "a call to backward()",
        "compile the forward and loss, and call backward() on the result",
    ),
)


def _break_text(brk: Json) -> str:
    return f"{brk.get('reason', '')} {brk.get('explanation') or ''}".lower()


def break_in_words(brk: Json) -> str | None:
    """What split the graph, in plain words, or None where the reason is not one we know."""
    text = _break_text(brk)
    return next((plain for key, plain, _ in BREAK_FIXES if key in text), None)


class Reasons:
    """Explains each kept round trip from what the bundle recorded of compilation."""

    def __init__(
        self,
        bundle: Json,
        placements: Mapping[int, Placement],
        island_ops: Collection[int] = (),
    ) -> None:
        compiled = bundle["compiled"]
        self.placements = placements
        self.island_ops = set(island_ops)
        self.graphs: Sequence[Json] = compiled.get("inductor") or []
        self.rejections: Sequence[Json] = compiled.get("fusion_rejections") or []
        self.breaks: Sequence[Json] = (bundle.get("compile") or {}).get("graph_breaks", [])
        self.mode = str((bundle.get("compile") or {}).get("mode", "default"))
        self.device = str((bundle.get("device") or {}).get("type", "cpu"))

    def why(self, name: str, producer: Json, consumers: Sequence[Json]) -> FusionWhy:
        tensor = in_prose(name)  # the reasons below say it inside sentences
        lines = sorted({op["line"] for op in [producer, *consumers] if op.get("line")})
        for reason in (
            self._saved_for_backward,
            self._graph_break,
            self._library,
            self._read_by_python,
            self._declined,
        ):
            found = reason(tensor, producer, consumers, lines)
            if found is not None:
                return found
        readers = ", ".join(sorted({_op(op) for op in consumers}))
        if self._same_kernel(producer, consumers):
            message = (
                f"Inductor computes {tensor} and {readers} in one kernel, yet keeps {tensor} in "
                "a buffer inside it (a reduction's result the kernel's next loop reads back); "
                "it logged no reason."
            )
        else:
            message = (
                f"Inductor kept {tensor} in a buffer between {_op(producer)} and {readers}, "
                "and logged no reason for it."
            )
        return FusionWhy(kind="unknown", message=message, lines=lines)

    def _same_kernel(self, producer: Json, consumers: Sequence[Json]) -> bool:
        made = {(graph, k["name"]) for graph, k in self._kernels(producer)}
        return bool(made) and all(
            made & {(graph, k["name"]) for graph, k in self._kernels(op)} for op in consumers
        )

    # ---- the reasons, in order ----------------------------------------------------------

    def _graph_break(
        self, tensor: str, producer: Json, consumers: Sequence[Json], lines: list[int]
    ) -> FusionWhy | None:
        if not self.breaks:
            return None
        ops = [producer, *consumers]
        between = any(int(op["index"]) in self.island_ops for op in ops)  # eager code
        graphs = [self._graphs_of(op) for op in ops]
        placed = all(graphs) and len({frozenset(g) for g in graphs}) > 1
        if not (between or placed):
            return None
        cut = self._nearest_break(lines)
        at = f" at line {cut['line']}" if cut.get("line") else ""
        reason = str(cut.get("reason", "")).strip()
        plain = break_in_words(cut)
        said = f"{plain}; Dynamo: {reason!r}" if plain else reason
        message = (
            f"Dynamo split the function{at} ({said}): {tensor} crosses from one compiled "
            "graph to the next, so it is written to memory between them."
        )
        text = _break_text(cut)
        found = next(((p, f) for key, p, f in BREAK_FIXES if key in text), None)
        hint = (
            Hint(message=f"Remove the graph break{at}, {found[0]}: {found[1]}.") if found else None
        )
        break_lines = [cut["line"]] if cut.get("line") else []
        return FusionWhy(kind="graph_break", message=message, lines=break_lines or lines, hint=hint)

    def _library(
        self, tensor: str, producer: Json, consumers: Sequence[Json], lines: list[int]
    ) -> FusionWhy | None:
        split = self._split_why(tensor, producer, consumers, lines)
        if split is not None:
            return split
        call = next((op for op in [producer, *consumers] if self._is_library(op)), None)
        if call is not None and self._template(producer):
            message = (
                f"Inductor generated {_op(producer)} as a GEMM template, but what reads "
                f"{tensor} did not fuse into it as an epilogue."
            )
            return FusionWhy(kind="template_epilogue", message=message, lines=lines)
        if call is not None:
            role = "writes" if call is producer else "reads"
            return self._library_why(tensor, self._library_op(call), role, lines)
        reader = self._library_reader(producer)
        if reader is None:
            return None
        return self._library_why(tensor, reader, "reads", lines)

    def _library_why(self, tensor: str, call: str, role: str, lines: list[int]) -> FusionWhy:
        message = (
            f"{call} runs as a library call ({self._library_name(call)}): Inductor "
            f"generates no code for it, and it {role} {tensor} in memory, so the round trip "
            "stays."
        )
        hint = None
        if call in GEMMS and "max-autotune" not in self.mode:
            hint = Hint(message=self._autotune_hint(), compile_mode=AUTOTUNE)
        return FusionWhy(kind="library_call", message=message, lines=lines, hint=hint)

    def _split_why(
        self, tensor: str, producer: Json, consumers: Sequence[Json], lines: list[int]
    ) -> FusionWhy | None:
        """Inductor split the producer (addmm) into a library call (mm) and the rest (the bias
        add), which it fused into the reader's kernel: the library call's output is what
        goes through memory now, in place of the producer's value."""
        placement = self.placements.get(int(producer["index"]))
        if placement is None or placement.split is None:
            return None
        graph = next(g for g, node in placement.nodes if node == placement.split)
        call = op_display(self._node_target(graph, placement.split))
        rest = [n for g, n in placement.nodes if g == graph and n != placement.split]
        target = self._node_target(graph, rest[0]) if rest else ""
        moved = "bias add" if op_display(target) == "add" else f"{op_display(target)} part"
        readers = ", ".join(sorted({_op(op) for op in consumers}))
        message = (
            f"Kept, as the {call}'s output: Inductor split {_op(producer)} into {call} + "
            f"{moved}, and fused the {moved} into the kernel that reads {tensor} ({readers}). "
            f"{call} runs as a library call ({self._library_name(call)}), so its output, "
            f"before the {moved}, goes through memory instead."
        )
        hint = None
        if call in GEMMS and "max-autotune" not in self.mode:
            hint = Hint(message=self._autotune_hint(), compile_mode=AUTOTUNE)
        return FusionWhy(kind="library_call", message=message, lines=lines, hint=hint)

    def _autotune_hint(self) -> str:
        if self.device == "cuda":
            return (
                f"Try mode={AUTOTUNE!r}: Inductor can then generate the GEMM as a Triton "
                "template and fuse the work around it into that kernel."
            )
        return (
            f"Try mode={AUTOTUNE!r}: Inductor can then weigh its C++ GEMM template, which "
            "can take the work around the GEMM into the same kernel, against the library "
            "call (it keeps the library call where that is faster)."
        )

    def _saved_for_backward(
        self, tensor: str, producer: Json, consumers: Sequence[Json], lines: list[int]
    ) -> FusionWhy | None:
        if any(op.get("backward") for op in consumers) and not producer.get("backward"):
            message = (
                f"{opening(tensor)} is saved for the backward pass: the compiled forward "
                "stores it for the gradient kernels to read."
            )
            return FusionWhy(kind="needed_later", message=message, lines=lines)
        updated = [op for op in consumers if _op_name(op).endswith("_") and not self._graphs_of(op)]
        if updated and self.graphs:
            message = (
                f"{opening(tensor)} is added in place ({_op_name(updated[0])}) outside the "
                "compiled graphs, e.g. into a parameter's .grad by autograd, so it leaves the "
                "graph."
            )
            return FusionWhy(kind="needed_later", message=message, lines=lines)
        return None

    def _read_by_python(
        self, tensor: str, producer: Json, consumers: Sequence[Json], lines: list[int]
    ) -> FusionWhy | None:
        if any(_op(op) in PYTHON_READS for op in consumers):
            message = (
                f"Python reads the value of {tensor} (to decide what to run next), so it is stored."
            )
            return FusionWhy(kind="needed_later", message=message, lines=lines)
        return None

    def _declined(
        self, tensor: str, producer: Json, consumers: Sequence[Json], lines: list[int]
    ) -> FusionWhy | None:
        made = self._kernels(producer)
        for consumer in consumers:
            for graph, first, second in _pairs(made, self._kernels(consumer)):
                found = self._refusal(graph, first, second)
                if found is not None:
                    plain = next((p for key, p in DECLINED if key in found), found)
                    message = (
                        f"Inductor considered fusing the kernel that writes {tensor} with the "
                        f"one that reads it back ({_op(consumer)}) and declined: {plain}."
                    )
                    return FusionWhy(kind="inductor_declined", message=message, lines=lines)
        return None

    # ---- facts about one eager op's place in the compiled graphs ------------------------

    def _library_name(self, name: str) -> str:
        if "convolution" in name:
            return "cuDNN" if self.device == "cuda" else "oneDNN"
        if name in GEMMS:
            return "cuBLAS" if self.device == "cuda" else "a BLAS"
        return "ATen's own kernel"

    def _library_op(self, op: Json) -> str:
        """The library call that holds this eager op's value, by the compiled graph's own
        op: eager's `x @ w + b` add became part of an addmm, and addmm is the call."""
        placement = self.placements.get(int(op["index"]))
        for graph, node in placement.nodes if placement else []:
            target = self._node_target(graph, node)
            if target in LIBRARY_TARGETS:
                return op_display(target)
        return _op(op)

    def _library_reader(self, producer: Json) -> str | None:
        """The library call (an extern kernel) that reads the buffer holding the producer's
        value, when the eager op that reads it could not be joined to its node (eager's mm
        of `h @ w2 + b2` is part of the graph's addmm, joined to the add)."""
        placement = self.placements.get(int(producer["index"]))
        for graph, buffer in placement.buffers if placement else []:
            for kernel in self.graphs[graph].get("kernels", []):
                if kernel.get("kind") != "extern" or buffer not in kernel.get("reads", []):
                    continue
                targets = [self._node_target(graph, n) for n in kernel.get("nodes", [])]
                known = [t for t in targets if t in LIBRARY_TARGETS]
                return op_display(known[0]) if known else str(kernel["name"])
        return None

    def _node_target(self, graph: int, node: str) -> str:
        nodes = self.graphs[graph].get("nodes", [])
        return next((str(n.get("target", "")) for n in nodes if n.get("name") == node), "")

    def _graphs_of(self, op: Json) -> set[int]:
        placement = self.placements.get(int(op["index"]))
        return {graph for graph, _ in placement.nodes} if placement else set()

    def _is_library(self, op: Json) -> bool:
        placement = self.placements.get(int(op["index"]))
        return placement is not None and placement.library

    def _template(self, op: Json) -> bool:
        placement = self.placements.get(int(op["index"]))
        if placement is None:
            return False
        kinds = {
            b["name"]: str(b.get("kind", ""))
            for graph, _ in placement.nodes
            for b in self.graphs[graph].get("buffers", [])
        }
        return any("TemplateBuffer" in kinds.get(name, "") for _, name in placement.buffers)

    def _kernels(self, op: Json) -> list[tuple[int, Json]]:
        """The scheduled kernels (per graph) that compute this op's nodes."""
        placement = self.placements.get(int(op["index"]))
        if placement is None:
            return []
        found = []
        for graph, node in placement.nodes:
            for kernel in self.graphs[graph].get("kernels", []):
                if node in kernel.get("nodes", []) and kernel.get("kind") != "extern":
                    found.append((graph, kernel))
        return found

    def _refusal(self, graph: int, first: Json, second: Json) -> str | None:
        mine = set(first.get("parts", [])) | {first["name"]}
        theirs = set(second.get("parts", [])) | {second["name"]}
        for record in self.rejections:
            if record.get("graph") not in (None, graph):
                continue
            a, b = _parts(record["first"]), _parts(record["second"])
            if (a & mine and b & theirs) or (a & theirs and b & mine):
                return str(record["reason"])
        return None

    def _nearest_break(self, lines: list[int]) -> Json:
        if not lines:
            return self.breaks[0]
        return min(self.breaks, key=lambda b: min(abs(int(b.get("line") or 0) - n) for n in lines))


def _pairs(
    made: list[tuple[int, Json]], read: list[tuple[int, Json]]
) -> list[tuple[int, Json, Json]]:
    """(graph, producer kernel, consumer kernel) in the same graph, different kernels."""
    return [
        (graph, first, second)
        for graph, first in made
        for other, second in read
        if graph == other and first["name"] != second["name"]
    ]


def _parts(name: str) -> set[str]:
    """`op4_op5_op6` -> {op4, op5, op6, op4_op5_op6}: a fused node names its parts."""
    return {name, *re.findall(r"op\d+", name)}


def _op_name(op: Json) -> str:
    """`aten.add_.Tensor` -> `add_`."""
    return str(op["op"]).split(".")[1] if "." in str(op["op"]) else str(op["op"])


def _op(op: Json) -> str:
    """`aten.mm.default` -> `mm`; `aten.add_.Tensor` -> `add`."""
    return op_display(str(op["op"]))


def run_hints(
    bundle: Json, eager_wall_us: float, compiled_wall_us: float, kernel_us: float
) -> list[Hint]:
    """Hints for the whole run: CUDA graphs when per-call overhead dwarfs the kernels."""
    mode = str((bundle.get("compile") or {}).get("mode", "default"))
    device = (bundle.get("device") or {}).get("type")
    overhead_bound = compiled_wall_us > 3 * kernel_us and compiled_wall_us >= eager_wall_us
    if device != "cuda" or "reduce-overhead" in mode or not overhead_bound:
        return []
    message = (
        f"The compiled call takes {compiled_wall_us:,.1f} µs for {kernel_us:,.1f} µs of kernels: "
        "launch and Python overhead dominate. Try mode='reduce-overhead' (CUDA graphs): one "
        "graph replay instead of a launch per kernel."
    )
    return [Hint(message=message, compile_mode="reduce-overhead")]


def check_hints(
    trips: Sequence[RoundTrip],
    hints: Sequence[Hint],
    modes: Mapping[str, CompiledMode],
    first: CompiledMode,
) -> None:
    """Say, on each hint whose compile mode the run also ran, what that mode did (the trip's
    own fate in that mode, `trip.modes`): hints are checked where the run can check them,
    never left as guesses beside the answer. In place."""
    for trip in trips:
        hint = trip.why.hint if trip.why is not None else None
        if hint is None or hint.compile_mode is None or hint.compile_mode not in modes:
            continue
        hint.checked = _trip_checked(hint.compile_mode, trip, trip.modes.get(hint.compile_mode))
    for hint in hints:
        if hint.compile_mode is not None and hint.compile_mode in modes:
            hint.checked = _speed_checked(modes[hint.compile_mode], first)


def _trip_checked(mode: str, trip: RoundTrip, same: TripInMode | None) -> str:
    tried = f"Checked in this run: with {mode}"
    tensor = in_prose(trip.tensor)
    if same is None or same.eliminated is None:
        return f"{tried} Kernelscope could not tell whether {tensor} is still written."
    if same.eliminated:
        into = f", fused into {same.fused_into}" if same.fused_into else ""
        return f"{tried} {tensor} is never written{into}."
    if same.why is not None and same.why.kind == "library_call":
        return (
            f"{tried} it stays: that mode also ran {trip.producer} as a library call, so "
            f"{tensor} still goes through memory."
        )
    kind = same.why.kind.replace("_", " ") if same.why is not None else "no reason recorded"
    return f"{tried} {tensor} still goes through memory ({kind})."


def _speed_checked(mode: CompiledMode, first: CompiledMode) -> str:
    faster = _verdict(mode.speedup_interval, first.speedup_interval)
    return (
        f"Checked in this run: one {mode.mode} call took {mode.wall_time_us:,.1f} µs against "
        f"{first.wall_time_us:,.1f} µs with {first.mode} ({faster}; speedup over eager "
        f"{_times(mode.speedup)} against {_times(first.speedup)})."
    )


def _verdict(tried: list[float] | None, first: list[float] | None) -> str:
    """Faster or slower only when the speedups' intervals do not overlap."""
    if tried is None or first is None:
        return "its spread unknown"
    if tried[0] > first[1]:
        return "faster"
    if tried[1] < first[0]:
        return "slower"
    return "within noise"


def _times(ratio: float | None) -> str:
    return f"{ratio:.2f}×" if ratio is not None else "unknown"
