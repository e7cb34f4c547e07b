"""The harness's steps, in order: load, eager, compile, compiled, time, compare, write.

Everything the user's code does wrong becomes `status: failed` with an error in the bundle;
an unexpected failure of our own is reported as `internal_error`, never blamed on the user.
"""

from __future__ import annotations

import time
import traceback
from collections import defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch

from backend.harness import environment, inductor, measure
from backend.harness.compiled_capture import LaunchRecorder, ModuleRecorder
from backend.harness.eager_capture import EagerCapture, EagerOp, name_values
from backend.harness.errors import SnippetError, user_error_from_exception
from backend.harness.protocol import BundleWriter, Progress
from backend.harness.snippet import EntryPoint, assignment_targets, find_entry_point, load_module
from backend.harness.tensors import ValueTable, flatten_tensors, same_values

SNAPSHOT_BUDGET_BYTES = 4 * 1024**3


@dataclass
class Options:
    snippet: Path
    bundle: Path
    size: int | None
    compile_mode: str
    device: str
    progress_fd: int | None


class Run:
    def __init__(self, options: Options) -> None:
        self.options = options
        self.progress = Progress(options.progress_fd)
        self.writer = BundleWriter(options.bundle)
        self.doc = self.writer.document
        self.snippet_file = str(options.snippet)
        self.doc["snippet_file"] = self.snippet_file
        self.step = "starting"

    def execute(self) -> None:
        try:
            self._steps()
            self.doc["status"] = "succeeded"
        except SnippetError as exc:
            self.doc["status"] = "failed"
            self.doc["error"] = exc.as_dict()
        except Exception as exc:  # our bug, reported as such
            self.doc["status"] = "failed"
            self.doc["error"] = {
                "kind": "internal_error",
                "message": f"Kernelscope failed while {self.step}: {type(exc).__name__}: {exc}. "
                "This is a bug in Kernelscope, not in your snippet.",
                "line": None,
                "traceback": traceback.format_exc().splitlines()[-12:],
            }
        self._enter("writing results")
        self.writer.finish()

    def _enter(self, step: str) -> None:
        self.step = step
        self.progress.step(step)

    def _user_code(self, what: str, call: Callable[[], Any]) -> Any:
        """Run user code; its exceptions become the user's error, with their own frames."""
        try:
            return call()
        except SnippetError:
            raise
        except BaseException as exc:
            raise user_error_from_exception(exc, self.options.snippet, what) from None

    def _steps(self) -> None:
        self._enter("starting")
        device, note = environment.pick_device(self.options.device)
        self.device = device
        self.doc.update(
            device=environment.describe_device(device, note),
            versions=environment.versions(),
            size=self.options.size,
            compile_mode=self.options.compile_mode,
        )
        entry = self._load(device)
        args = self._user_code("while building the inputs", entry.make_args)
        self.doc["inputs"] = [
            _describe_arg(n, a) for n, a in zip(entry.param_names, args, strict=False)
        ]
        reference = self._eager(entry, args)
        compiled, candidate = self._compile(entry, args)
        self._compiled(entry, compiled, args)
        self._time(entry, compiled, args)
        self._enter("checking outputs")
        self.doc["correctness"] = measure.compare_outputs(reference, candidate)
        self.doc["eliminated_check"] = self._match_values()
        self.doc["eager"]["values"] = [v.as_dict() for v in self.eager_table.values]
        self.doc["compiled"]["values"] = [v.as_dict() for v in self.compiled_table.values]

    def _load(self, device: torch.device) -> EntryPoint:
        self._enter("loading snippet")
        module = load_module(self.options.snippet, device)
        self.namespace = vars(module)
        entry = self._user_code(
            "while setting up",
            lambda: find_entry_point(module, self.options.snippet, self.options.size),
        )
        self.doc.update(entry_point=entry.name, style=entry.style, notes=entry.notes)
        return entry  # type: ignore[no-any-return]

    def _fresh_table(self, entry: EntryPoint, args: tuple[Any, ...]) -> ValueTable:
        """A value table that knows the arguments, parameters and module tensors by name."""
        table = ValueTable(SNAPSHOT_BUDGET_BYTES)
        for name, arg in zip(entry.param_names, args, strict=False):
            if isinstance(arg, torch.Tensor):
                table.add_source(arg, name, "input")
        if entry.module is not None:
            for name, tensor in entry.module.named_parameters():
                table.add_source(tensor, name, "parameter")
            for name, tensor in entry.module.named_buffers():
                table.add_source(tensor, name, "parameter")
        for name, value in self.namespace.items():
            if isinstance(value, torch.Tensor) and not name.startswith("_"):
                table.add_source(value, name, "input")
        return table

    def _eager(self, entry: EntryPoint, args: tuple[Any, ...]) -> Any:
        self._enter("eager warm-up")
        for _ in range(2):
            reference = self._call(entry.call, args)
        self._enter("eager profile")
        table = self._fresh_table(entry, args)
        capture = EagerCapture(self.snippet_file, table)
        with capture:
            out = self._user_code("in the eager run", lambda: entry.call(*args))
        self.eager_out = flatten_tensors(out)
        table.mark_outputs(self.eager_out)
        name_values(capture.ops, table, assignment_targets(self.options.snippet.read_text()))
        self.eager_table, self.eager_ops = table, capture.ops
        trace = measure.profile_call(entry.call, lambda: measure.clone_args(args), self.device)
        self.doc["eager"] = {
            "ops": [_op_dict(op) for op in capture.ops],
            "trace": self.writer.add_file("eager_trace.json", trace, compress=True),
        }
        return reference

    def _call(self, call: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        cloned = measure.clone_args(args)
        out = self._user_code("while running the snippet", lambda: call(*cloned))
        measure.synchronize(self.device)
        return out

    def _compile(self, entry: EntryPoint, args: tuple[Any, ...]) -> tuple[Any, Any]:
        self._enter("compiling")
        inductor.configure_inductor(self.device)
        breaks = self._user_code(
            "while compiling",
            lambda: inductor.graph_breaks(entry.call, measure.clone_args(args), self.snippet_file),
        )
        compiled = inductor.compile_entry(entry.call, self.options.compile_mode)
        self.modules = ModuleRecorder()
        artifacts = inductor.ArtifactCapture()
        started = time.perf_counter()
        with self.modules.installed(), artifacts.installed(), inductor.quiet_inductor_stderr():
            candidate = self._call(compiled, args)
        seconds = time.perf_counter() - started
        self._call(compiled, args)  # a second warm call settles lazy initialisation
        self.doc["compile"] = {
            "seconds": seconds,
            "mode": self.options.compile_mode,
            **breaks,
            "recompiles": inductor.recompile_count(),
        }
        self.provenance = artifacts.artifacts
        return compiled, candidate

    def _compiled(self, entry: EntryPoint, compiled: Any, args: tuple[Any, ...]) -> None:
        self._enter("compiled profile")
        table = self._fresh_table(entry, args)
        recorder = LaunchRecorder(self.modules.modules, table)
        with recorder.recording():
            out = self._user_code("in the compiled run", lambda: compiled(*args))
            measure.synchronize(self.device)
        self.compiled_out = flatten_tensors(out)
        table.mark_outputs(self.compiled_out)
        self.compiled_table, self.launches = table, recorder.launches
        trace = measure.profile_call(compiled, lambda: measure.clone_args(args), self.device)
        self.doc["compiled"] = {
            "launches": [vars(launch) for launch in recorder.launches],
            "trace": self.writer.add_file("compiled_trace.json", trace, compress=True),
            "graphs": [self._graph_dict(m.index, m.source) for m in self.modules.modules],
            "provenance": self.provenance,
        }

    def _graph_dict(self, index: int, source: str) -> dict[str, Any]:
        name = f"output_code_{index}.py"
        self.writer.add_file(name, source.encode())
        return {"index": index, "output_code": name}

    def _time(self, entry: EntryPoint, compiled: Any, args: tuple[Any, ...]) -> None:
        self._enter("timing")
        eager_args, compiled_args = measure.clone_args(args), measure.clone_args(args)
        self.doc["eager"]["timing"] = measure.time_calls(entry.call, eager_args, self.device)
        self.doc["compiled"]["timing"] = measure.time_calls(compiled, compiled_args, self.device)

    def _match_values(self) -> dict[str, Any]:
        """For each eager value a kernel wrote: the compiled value holding the same numbers.

        An eager intermediate that no compiled kernel ever writes never touched memory in
        the compiled variant: its round trip was eliminated. Checked on the data itself.
        Outputs pair up by position.
        """
        written = defaultdict(list)  # same shape and dtype: the only candidates worth comparing
        for value in self.compiled_table.values:
            if value.snapshot is not None:
                written[(tuple(value.shape), value.dtype)].append(value)
        matches: dict[int, int | None] = {}
        for value in self.eager_table.values:
            if value.role != "intermediate" or value.snapshot is None:
                continue
            candidates = written[(tuple(value.shape), value.dtype)]
            found = next((c for c in candidates if _same(value.snapshot, c.snapshot)), None)
            matches[value.id] = found.id if found is not None else None
        for eager_tensor, compiled_tensor in zip(self.eager_out, self.compiled_out, strict=False):
            eager_value = self.eager_table.known(eager_tensor)
            compiled_value = self.compiled_table.known(compiled_tensor)
            if eager_value is not None and compiled_value is not None:
                matches[eager_value.id] = compiled_value.id
        self._name_compiled_values(matches)
        complete = self.eager_table.snapshots_complete and self.compiled_table.snapshots_complete
        return {"complete": complete, "matches": {str(k): v for k, v in matches.items()}}

    def _name_compiled_values(self, matches: dict[int, int | None]) -> None:
        """Compiled buffers holding an eager value's numbers take that value's name."""
        for eager_id, compiled_id in matches.items():
            if compiled_id is not None:
                self.compiled_table.values[compiled_id].name = self.eager_table.values[
                    eager_id
                ].name


def _same(a: torch.Tensor, b: torch.Tensor | None) -> bool:
    return b is not None and same_values(a, b)


def _op_dict(op: EagerOp) -> dict[str, Any]:
    row = {k: v for k, v in asdict(op).items() if k != "operands"}  # operands only named values
    return {**row, "moves_data": op.moves_data}


def _describe_arg(name: str, arg: Any) -> dict[str, Any]:
    if isinstance(arg, torch.Tensor):
        return {
            "name": name,
            "shape": list(arg.shape),
            "dtype": str(arg.dtype).removeprefix("torch."),
        }
    return {"name": name, "value": repr(arg)[:100]}
