"""The harness's steps, in order: load, eager, compile, compiled (and check), time, write.

Everything the user's code does wrong becomes `status: failed` with an error in the bundle
(running out of device memory included: that is the snippet's size, not our bug); an
unexpected failure of our own is reported as `internal_error`, never blamed on the user.

Device memory is the snippet's: the harness holds no copies of its tensors. Inputs are
reused between calls unless the snippet modifies them (then they are rebuilt); values are
recognised by fingerprints, not copies; eager's output, the reference for the check, stays
on the device while the compiled run has room for it, else it waits in host memory
(`reference.keep_reference`).
"""

from __future__ import annotations

import contextlib
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from backend.harness import (
    accuracy,
    cuda_stack,
    environment,
    imports,
    inductor,
    measure,
    reference,
)
from backend.harness.bundle_rows import describe_arg, fresh_table, op_dict, value_ids
from backend.harness.compile_modes import compile_modes, mode_notes, mode_slug
from backend.harness.compiled_capture import LaunchRecorder, ModuleRecorder
from backend.harness.eager_capture import EagerCapture, name_values
from backend.harness.errors import HarnessError, SnippetError, user_error_from_exception
from backend.harness.float64_rerun import float64_rerun
from backend.harness.inductor_facts import GraphCapture
from backend.harness.inputs import Inputs
from backend.harness.machine import (
    LoadMeter,
    busy_other_cores,
    threads_for_free_cores,
    usable_cpus,
)
from backend.harness.memory import PeakTracker, is_out_of_memory, out_of_memory_error
from backend.harness.module_paths import (
    BackwardLink,
    ModuleStack,
    describe_modules,
    module_table,
    parameter_owners,
    top_modules,
)
from backend.harness.op_budget import NONE, OpBudget
from backend.harness.protocol import (
    FURTHER_MODES_STEP,
    SNIPPET_STEP,
    STEPS,
    BundleWriter,
    Progress,
)
from backend.harness.snippet import (
    EntryPoint,
    assignment_targets,
    autograd_reason,
    find_entry_point,
    load_module,
)
from backend.harness.tensors import flatten_tensors
from backend.harness.trace_fit import TraceShare, fit_trace


@dataclass
class Options:
    snippet: Path
    bundle: Path
    size: int | None
    compile_mode: str
    device: str
    progress_fd: int | None
    progress_key: str | None = None  # from the job: marks the harness's progress lines


class Run:
    def __init__(self, options: Options) -> None:
        self.options = options
        self.progress = Progress(options.progress_fd, options.progress_key)
        self.writer = BundleWriter(options.bundle)
        self.doc = self.writer.document
        self.snippet_file = str(options.snippet)
        self.doc["snippet_file"] = self.snippet_file
        self.step = "starting"
        self.sent_step = -1  # position in STEPS of the last step the worker was told
        self.device = torch.device("cpu")
        self.load = LoadMeter()  # the load averages before anything of the run
        self.early_notes: list[str] = []  # known before the snippet loads
        self.trace_share = TraceShare.of_run(1)  # each trace's part of the bundle (_steps)
        self.eager_kernels = 0  # a call's, eager: what a compiled call may add outside graphs
        self.code_outside_graphs = False  # graph breaks, or no graph at all

    def execute(self) -> None:
        try:
            self._steps()
            self.doc["status"] = "succeeded"
        except SnippetError as exc:
            self._failed(exc)
        except Exception as exc:
            if is_out_of_memory(exc):  # in our own step, but the snippet's size caused it
                step, snippet = f"while {self.step}", self.options.snippet
                self._failed(out_of_memory_error(exc, step, self.device, snippet))
            else:  # our bug, reported as such
                self.doc["status"] = "failed"
                self.doc["error"] = {
                    "kind": "internal_error",
                    "message": f"Kernelscope failed while {self.step}: "
                    f"{type(exc).__name__}: {exc}. This is a bug in Kernelscope, not in "
                    "your snippet.",
                    "line": None,
                    "traceback": traceback.format_exc().splitlines()[-12:],
                }
        self._enter("writing results")
        self.writer.finish()

    def _failed(self, error: SnippetError) -> None:
        self.doc["status"] = "failed"
        self.doc["error"] = error.as_dict()

    def _enter(self, step: str) -> None:
        """Where the run is: for its error messages, and for the worker when it is one of
        the protocol's steps after the last one sent (steps go forward only: a further
        mode's own compiling, checking and timing are inside "further compile modes")."""
        self.step = step
        if step in STEPS and STEPS.index(step) > self.sent_step:
            self.sent_step = STEPS.index(step)
            self.progress.step(step)

    def _user_code(self, what: str, call: Callable[[], Any]) -> Any:
        """Run user code; its exceptions become the user's error, with their own frames."""
        try:
            return call()
        except (SnippetError, HarnessError):
            raise
        except BaseException as exc:
            if isinstance(exc, Exception) and is_out_of_memory(exc):
                raise out_of_memory_error(exc, what, self.device, self.options.snippet) from None
            raise user_error_from_exception(exc, self.options.snippet, what) from None

    def _steps(self) -> None:
        self._enter("starting")
        device, note = environment.pick_device(self.options.device)
        self.device = device
        inductor.link_host_builds(device)  # before the first measurement kernel or compile
        self.early_notes += filter(None, [cuda_stack.stack_note()])
        self.peaks = PeakTracker(device)
        self.doc.update(
            device=environment.describe_device(device, note),
            versions=environment.versions(),
            size=self.options.size,
            compile_mode=self.options.compile_mode,
        )
        modes = compile_modes(self.options.compile_mode)
        self.trace_share = TraceShare.of_run(1 + len(modes))  # an eager trace, one per mode
        if device.type == "cpu":
            self._fit_threads_to_free_cores()
        torch.manual_seed(0)  # the same inputs every time they are built
        entry = self._load(device)
        self.inputs = Inputs(entry, lambda what, call: self._user_code(what, call))
        self.doc["inputs"] = [  # no reference kept: rebuilt inputs replace these
            describe_arg(n, a) for n, a in zip(entry.param_names, self.inputs.first(), strict=False)
        ]
        with self._grad_mode():
            self._eager(entry)
            compiled, self.doc["compile"] = self._compile(entry, modes[0])
            self.doc["compiled"] = self._compiled(entry, compiled, None)
            self.doc["correctness"] = self.correctness
            self.doc["eager"]["values"] = [v.as_dict() for v in self.eager_table.values]
            self._time(entry, compiled)
            self.doc["notes"] += mode_notes(modes[0], device.type)
            if len(modes) > 1:
                del compiled  # its graphs go with the reset
                self._enter(FURTHER_MODES_STEP)
                self.doc["further_modes"] = [self._further_mode(entry, m) for m in modes[1:]]
        self.doc["memory"] = {"harness_peak_bytes": self.peaks.run_peak()}

    def _fit_threads_to_free_cores(self) -> None:
        """Before the snippet loads (its own torch.set_num_threads still wins) and before
        Inductor generates code (its parallel regions take this thread count)."""
        default = torch.get_num_threads()
        other = busy_other_cores()
        threads = threads_for_free_cores(default, other, usable_cpus())
        if threads < default:
            torch.set_num_threads(threads)
            self.early_notes.append(
                f"ran with {threads} of {default} CPU threads: other processes kept "
                f"{other:.1f} of {usable_cpus()} cores busy, and a parallel kernel with more "
                "threads than free cores waits for the ones the scheduler set aside"
            )

    @contextlib.contextmanager
    def _grad_mode(self) -> Iterator[None]:
        """Inference (torch.no_grad()) unless the snippet computes gradients itself; the
        bundle's `grad_mode` says which, and why."""
        reason = autograd_reason(self.options.snippet.read_text())
        if reason is not None:
            self.doc["grad_mode"] = {"mode": "training", "reason": reason}
            self.doc["notes"].append(f"ran with autograd on: {reason}")
            yield
            return
        why = "the snippet computes no gradients (set `kernelscope_autograd = True` to keep "
        self.doc["grad_mode"] = {"mode": "inference", "reason": why + "autograd on)"}
        self.doc["notes"].append(
            "ran under torch.no_grad(): the snippet computes no gradients, so both variants "
            "are inference (set `kernelscope_autograd = True` to keep autograd on)"
        )
        with torch.no_grad():
            yield

    def _load(self, device: torch.device) -> EntryPoint:
        self._enter(SNIPPET_STEP)
        imported: list[str] = []
        source = self.options.snippet.read_text()
        with imports.recorded(source, imported):  # what spares may import ahead (imports.py)
            module = load_module(self.options.snippet, device)
            self.namespace = vars(module)
            entry = self._user_code(
                "while setting up",
                lambda: find_entry_point(module, self.options.snippet, self.options.size),
            )
        self.doc.update(
            entry_point=entry.name,
            style=entry.style,
            notes=[*self.early_notes, *entry.notes],
            snippet_imports=imported,
        )
        return entry  # type: ignore[no-any-return]

    # ---- eager ------------------------------------------------------------------------

    def _eager(self, entry: EntryPoint) -> None:
        self._enter("eager warm-up")
        self._call(entry.call, "in the eager run", first=True)
        peak = self._call(entry.call, "in the eager run")  # a plain call: the variant's peak
        self._enter("eager profile")
        self._eager_accounting(entry, peak)
        kernels = sum(op.moves_data for op in self.eager_ops) + self.eager_budget.counts[NONE]
        self.eager_kernels = kernels
        shapes = kernels <= measure.SHAPES_KERNELS_LIMIT
        if not shapes:
            self.doc["notes"].append(
                f"the eager trace records no input shapes: a call of {kernels:,} kernels "
                f"(over {measure.SHAPES_KERNELS_LIMIT:,}) is profiled without them, which "
                "costs the profiler about half its time"
            )
        trace, calls = self._profile(
            entry.call, "while profiling the eager run", kernels, "eager", record_shapes=shapes
        )
        self.doc["eager"] = {
            "ops": [op_dict(op) for op in self.eager_ops],
            "trace": self.writer.add_file("eager_trace.json", trace, compress=True),
            "profiled_calls": calls,
            "peak_memory_bytes": peak,
        }
        if self.eager_budget.degraded:
            self.doc["eager"]["accounting"] = self.eager_budget.as_dict()

    def _eager_accounting(self, entry: EntryPoint, peak: int | None) -> None:
        """One eager call under the dispatch mode: every op's reads and writes, and the
        output kept for the check."""
        args = self.inputs.for_call()
        table = fresh_table(entry, args, self.namespace)
        capture = EagerCapture(self.snippet_file, table, OpBudget())
        tops = top_modules(
            entry.module, self.namespace, dict(zip(entry.param_names, args, strict=False))
        )
        names = module_table(tops)
        self.doc["modules"] = describe_modules(names)
        capture.modules = ModuleStack(names)

        def accounted() -> Any:
            assert capture.modules is not None
            capture.link = BackwardLink(parameter_owners(tops))  # numbers from this call on
            with capture.modules.installed(), capture:
                return entry.call(*args)

        out, _ = self.peaks.measure(lambda: self._user_code("in the eager run", accounted))
        outputs = flatten_tensors(out)
        table.mark_outputs(outputs)
        self.eager_outputs = value_ids(table, outputs)
        name_values(capture.ops, table, assignment_targets(self.options.snippet.read_text()))
        self.eager_table, self.eager_ops = table, capture.ops
        self.eager_budget = capture.budget
        budget_note = capture.budget.note()
        if budget_note is not None:
            self.doc["notes"].append(budget_note)
        self.reference = self._keep_reference(out, peak)

    def _profile(
        self,
        call: Callable[..., Any],
        what: str,
        kernels: int,
        variant: str,
        record_shapes: bool = True,
    ) -> tuple[bytes, int]:
        """The variant's trace, fitted to its share of the bundle, and its measured calls."""
        with self.load.measuring():
            trace, calls = self._user_code(
                what,
                lambda: measure.profile_call(
                    call, self.inputs.for_call, self.device, kernels, record_shapes
                ),
            )
        trace, cut = fit_trace(trace, self.trace_share)
        if cut is None:
            return trace, calls
        self.doc["notes"].append(cut.note(variant))
        return trace, cut.calls

    def _keep_reference(self, out: Any, peak: int | None) -> Any:
        return reference.keep_reference(out, peak, self.device)

    def _call(self, call: Callable[..., Any], what: str, *, first: bool = False) -> int | None:
        """One plain call whose result is not kept (a warm-up); the device's peak while it
        ran, less what the harness holds meanwhile (the eager output kept for the check):
        the variant's own peak, inputs included."""
        args = self.inputs.for_call()
        versions = self.inputs.versions(args) if first else None
        held = self.peaks.in_use_by(getattr(self, "reference", None))
        _, peak = self.peaks.measure(lambda: self._user_code(what, lambda: call(*args)))
        if versions is not None:
            self.inputs.check_mutation(args, versions)
        return None if peak is None else peak - held

    # ---- compile ----------------------------------------------------------------------

    def _compile(self, entry: EntryPoint, mode: str) -> tuple[Any, dict[str, Any]]:
        self._enter("compiling")
        inductor.configure_inductor(self.device)
        recompiles_before = inductor.recompile_count()
        compiled = inductor.compile_entry(entry.call, mode)
        self.modules = ModuleRecorder()
        self.graphs = GraphCapture(self.snippet_file, entry.module is not None)
        artifacts = inductor.ArtifactCapture()
        breaks = inductor.GraphBreaks(self.snippet_file)  # from this compile: no second trace
        started = time.perf_counter()
        with (
            self.modules.installed(),
            artifacts.installed(),
            self.graphs.installed(),
            breaks.installed(),
            inductor.compiler_output() as log,
        ):
            self._call(compiled, "while compiling")
        seconds = time.perf_counter() - started
        # a second warm call settles lazy initialisation; a plain call: the variant's peak
        self.compiled_peak = self._call(compiled, "in the compiled run")
        info = {
            "seconds": seconds,
            "mode": mode,
            **breaks.as_dict(),
            "recompiles": inductor.recompile_count() - recompiles_before,
            "log": log.text(),
        }
        self.provenance = artifacts.artifacts
        self.code_outside_graphs = bool(breaks.breaks) or not self.modules.modules
        return compiled, info

    # ---- further compile modes ------------------------------------------------

    def _further_mode(self, entry: EntryPoint, mode: str) -> dict[str, Any]:
        """Another compile mode, in this process and exactly as the first: compiled afresh
        (Dynamo reset, caches off), accounted, checked against eager, profiled and timed."""
        torch._dynamo.reset()
        self._enter(f"eager reference ({mode})")  # the check needs eager's output again
        out = self._user_code("in the eager run", lambda: entry.call(*self.inputs.for_call()))
        self.reference = self._keep_reference(out, self.doc["eager"].get("peak_memory_bytes"))
        del out
        compiled, info = self._compile(entry, mode)
        part = self._compiled(entry, compiled, mode_slug(mode))
        self._enter(f"timing ({mode})")
        with self.load.measuring():
            part["timing"] = self._timed(f"compiled ({mode})", compiled)
        return {
            "mode": mode,
            "compiled": part,
            "compile": info,
            "correctness": self.correctness,
            "notes": mode_notes(mode, self.device.type),
        }

    # ---- compiled ---------------------------------------------------------------------

    def _compiled(self, entry: EntryPoint, compiled: Any, tag: str | None) -> dict[str, Any]:
        """A compiled variant's part of the bundle, its output check in `self.correctness`.
        A further mode's files carry its `tag`: compiled_<tag>_trace.json.gz and
        output_code_<tag>_N.py."""
        self._enter("checking outputs")  # the accounted compiled call, checked at once
        compiled_outputs = self._compiled_accounting(entry, compiled)
        self._enter("compiled profile")
        kernels = len(self.launches)
        if self.code_outside_graphs:  # it runs eager code too: up to eager's kernels more
            kernels += self.eager_kernels
        trace, calls = self._profile(
            compiled,
            "while profiling the compiled run",
            kernels,
            "compiled" if tag is None else f"compiled ({tag})",
            record_shapes=kernels <= measure.SHAPES_KERNELS_LIMIT,
        )
        prefix, code = (
            ("compiled", "output_code_")
            if tag is None
            else (
                f"compiled_{tag}",
                f"output_code_{tag}_",
            )
        )
        part: dict[str, Any] = {
            "launches": [vars(launch) for launch in self.launches],
            "trace": self.writer.add_file(f"{prefix}_trace.json", trace, compress=True),
            "profiled_calls": calls,
            "graphs": [
                self._graph_dict(m.index, m.source, m.path, code) for m in self.modules.modules
            ],
            "inductor": self.graphs.take(),
            "fusion_rejections": self.graphs.rejections,
            "provenance": self.provenance,
            "peak_memory_bytes": self.compiled_peak,
        }
        part["values"] = [v.as_dict() for v in self.compiled_table.values]
        part["output_pairs"] = [
            [e, c]
            for e, c in zip(self.eager_outputs, compiled_outputs, strict=False)
            if e is not None and c is not None
        ]
        return part

    def _compiled_accounting(self, entry: EntryPoint, compiled: Any) -> list[int | None]:
        """One compiled call with every launch logged; its output is checked against
        eager's at once, so neither output outlives this call. Its output value ids."""
        args = self.inputs.for_call()
        table = fresh_table(entry, args, self.namespace)
        recorder = LaunchRecorder(self.modules.modules, table)

        def accounted() -> Any:
            with recorder.recording():
                return compiled(*args)

        out, _ = self.peaks.measure(lambda: self._user_code("in the compiled run", accounted))
        outputs = flatten_tensors(out)
        table.mark_outputs(outputs)
        self.compiled_table, self.launches = table, recorder.launches
        self._check(entry, out)
        return value_ids(table, outputs)

    def _check(self, entry: EntryPoint, candidate: Any) -> None:
        expected = self.reference
        self.reference = None
        self.correctness = accuracy.compare(
            expected,
            candidate,
            reference.tf32_possible(self.device, self.eager_ops),
            float64_rerun(
                entry,
                self.inputs,
                self.peaks,
                self.doc["eager"].get("peak_memory_bytes"),
                self.device,
            ),
        )

    def _graph_dict(self, index: int, source: str, path: str, stem: str) -> dict[str, Any]:
        name = f"{stem}{index}.py"
        self.writer.add_file(name, source.encode())
        return {"index": index, "output_code": name, "path": path}

    def _time(self, entry: EntryPoint, compiled: Any) -> None:
        self._enter("timing")
        for variant, call in (("eager", entry.call), ("compiled", compiled)):
            with self.load.measuring():
                self.doc[variant]["timing"] = self._timed(variant, call)
        # the cores the run wants: torch's threads on the CPU, one launching thread on a GPU
        threads = torch.get_num_threads() if self.device.type == "cpu" else 1
        self.doc["load"] = self.load.as_dict(threads)

    def _timed(self, variant: str, call: Callable[..., Any]) -> dict[str, Any]:
        return self._user_code(  # type: ignore[no-any-return]
            f"while timing the {variant} run",
            lambda: measure.time_calls(call, self.inputs, self.device),
        )
