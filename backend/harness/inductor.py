"""torch.compile with the settings the analysis needs, and what Inductor tells us about it."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import torch

from backend.harness.protocol import HOST_BUILDS_ENV

WANTED_ARTIFACTS = (
    "inductor_provenance_tracking_node_mappings",
    "inductor_provenance_tracking_kernel_stack_traces",
)


def configure_inductor(device: torch.device) -> None:
    import torch._inductor.config as ic

    ic.benchmark_kernel = True  # kernel_num_gb on every Triton launch: Inductor's byte estimate
    ic.trace.provenance_tracking_level = 1  # kernel -> ATen nodes -> snippet lines
    ic.force_disable_caches = True  # a cache hit would skip the provenance we need
    if device.type == "cpu":
        ic.cpp.enable_kernel_profile = True  # otherwise C++ kernels are invisible to the profiler


def link_host_builds(device: torch.device) -> None:
    """Link the worker's builds of this host (backend/harness/host_builds.py), if any,
    where Inductor and Triton look for them: Inductor's precompiled header and the
    libraries of its instruction-set checks, Kernelscope's own Triton kernels. Call it
    before the first compile or measurement kernel. Never fails the run: whatever is not
    there, Inductor or Triton builds itself."""
    made = os.environ.get(HOST_BUILDS_ENV)
    if not made:
        return
    for source, target in host_build_places(Path(made)):
        with contextlib.suppress(OSError):  # is_dir too raises where it may not look
            if target is not None and source.is_dir():
                _link_files(source, target)
    if device.type == "cpu":
        # Checked now, from the linked libraries, and remembered by this process: a compile
        # with caches off would check inside a fresh cache folder, where no link is.
        from torch._inductor import cpu_vec_isa

        cpu_vec_isa.valid_vec_isa_list()


TRITON_CACHE_ENV = "TRITON_CACHE_DIR"  # read by Triton at each compile


def host_build_places(folder: Path) -> list[tuple[Path, Path | None]]:
    """(where in the worker's folder, where Inductor or Triton looks) for each kind of
    build: the header, the instruction-set checks, Triton's kernels; None where this torch
    keeps none."""
    from torch._inductor import codecache
    from torch._inductor.runtime.cache_dir_utils import cache_dir

    headers = getattr(codecache, "_HEADER_DIR", None)
    return [
        (folder / "headers", Path(headers) if isinstance(headers, str) else None),
        (folder / "isa", Path(cache_dir())),
        (folder / "triton", triton_cache_dir()),
    ]


def triton_cache_dir() -> Path | None:
    """Where Triton keeps the kernels this run compiles: the run's own folder, which the
    worker names (Inductor, too, compiles there when it is named); None when not named."""
    where = os.environ.get(TRITON_CACHE_ENV)
    return Path(where) if where else None


def _link_files(source: Path, target: Path) -> None:
    for made in sorted(source.rglob("*")):
        link = target / made.relative_to(source)
        if made.is_file() and not os.path.lexists(link):
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(made)


class ArtifactCapture(logging.Handler):
    """Keeps Inductor's structured-trace artifacts (provenance) as they are emitted."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.artifacts: dict[str, list[Any]] = {name: [] for name in WANTED_ARTIFACTS}

    def emit(self, record: logging.LogRecord) -> None:
        metadata = getattr(record, "metadata", None) or {}
        name = metadata.get("artifact", {}).get("name") if isinstance(metadata, dict) else None
        if name in self.artifacts:
            self.artifacts[name].append(getattr(record, "payload", None))

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        logger = logging.getLogger("torch.__trace")
        previous_level = logger.level
        logger.addHandler(self)
        logger.setLevel(logging.DEBUG)
        try:
            yield
        finally:
            logger.removeHandler(self)
            logger.setLevel(previous_level)


def compile_entry(call: Callable[..., Any], mode: str) -> Callable[..., Any]:
    options: dict[str, Any] = {"dynamic": False}
    if mode != "default":
        options["mode"] = mode
    return torch.compile(call, **options)  # type: ignore[no-any-return]


MAX_COMPILER_LOG_BYTES = 64 * 1024


class CompilerLog:
    """What the compiler printed (autotuning tables, warnings): kept apart from the
    snippet's own output, and capped."""

    def __init__(self) -> None:
        self.data = b""

    def text(self) -> str | None:
        lines = self.data.decode(errors="replace").splitlines(keepends=True)
        kept = "".join(line for line in lines if not line.startswith(_NOT_WORTH_KEEPING))
        if len(kept) > MAX_COMPILER_LOG_BYTES:
            kept = (
                kept[:MAX_COMPILER_LOG_BYTES] + f"\n[... cut at {MAX_COMPILER_LOG_BYTES:,} bytes]\n"
            )
        return kept or None


_NOT_WORTH_KEEPING = ("Compiled module path:", "USDT:")  # benchmark_kernel; the profiler


@contextlib.contextmanager
def compiler_output() -> Iterator[CompilerLog]:
    """Send file descriptor 2 (Python, C++ and compile subprocesses alike) to a file while
    compiling, and keep what it got as the compiler's log."""
    import tempfile

    log = CompilerLog()
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield log
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            log.data = sink.read(MAX_COMPILER_LOG_BYTES * 4)


class GraphBreaks:
    """Graph count and breaks (reason, snippet line) of the real compile, as Dynamo records
    them: every graph it hands to the compiler carries the reason it ended
    (`compile_subgraph_reason`: the reason and the user's stack), the same record that
    `torch._dynamo.explain` reports, without tracing the snippet a second time. A break
    that ends an empty graph splits nothing and is not counted, as explain does not."""

    def __init__(self, snippet_file: str) -> None:
        self.snippet_file = snippet_file
        self.graphs: list[Any] | None = []  # the graph modules compiled, in order
        self.breaks: list[dict[str, Any]] = []

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        from torch._dynamo.output_graph import OutputGraph

        original = getattr(OutputGraph, "call_user_compiler", None)
        if original is None:  # a torch without it: graph count unknown, breaks not listed
            self.graphs = None
            yield
            return
        capture = self

        def seen(graph: Any, gm: Any, *args: Any, **kwargs: Any) -> Any:
            capture.see(gm)
            return original(graph, gm, *args, **kwargs)

        OutputGraph.call_user_compiler = seen
        try:
            yield
        finally:
            OutputGraph.call_user_compiler = original

    def see(self, gm: Any) -> None:
        if self.graphs is None or any(known is gm for known in self.graphs):
            return  # unknown, or compiled again for a specialization
        self.graphs.append(gm)
        reason = getattr(gm, "compile_subgraph_reason", None)
        if reason is not None and getattr(reason, "graph_break", False):
            self.breaks.append(self._describe(reason))

    def _describe(self, reason: Any) -> dict[str, Any]:
        frames = [f for f in reason.user_stack if f.filename == self.snippet_file]
        text = str(reason.reason).strip()
        lines = [line.strip() for line in text.splitlines()]
        first = lines[0] if lines else ""
        # torch 2.13's first line is generic ("Failed to trace builtin operator"); the
        # Explanation line names what Dynamo met (`print`)
        explained = [line.removeprefix("Explanation:").strip() for line in lines[1:]]
        explanation = next(
            (e for e, line in zip(explained, lines[1:], strict=True) if line != e), None
        )
        found = {"reason": first[:500], "line": frames[-1].lineno if frames else None}
        return found | ({"explanation": explanation[:500]} if explanation else {})

    def as_dict(self) -> dict[str, Any]:
        count = None if self.graphs is None else len(self.graphs)
        return {"graph_count": count, "graph_breaks": self.breaks}


def recompile_count() -> int:
    from torch._dynamo.utils import counters

    return int(sum(counters["recompiles"].values())) if "recompiles" in counters else 0
