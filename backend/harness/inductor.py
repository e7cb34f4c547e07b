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

from backend.harness.protocol import CPP_HEADERS_ENV

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
    link_host_headers()  # the host's precompiled header, where the worker made it


HEADER_SUFFIXES = (".h", ".gch")


def link_host_headers() -> None:
    """Link the worker's precompiled C++ header (backend/harness/cpp_headers.py), if any,
    into the folder where Inductor looks for it. Never fails the run: without it Inductor
    builds its own."""
    made = os.environ.get(CPP_HEADERS_ENV)
    target = inductor_header_folder()
    if not made or target is None:
        return
    try:
        target.mkdir(parents=True, exist_ok=True)
        for header in Path(made).iterdir():
            link = target / header.name
            if header.suffix in HEADER_SUFFIXES and not link.exists():
                link.symlink_to(header)
    except OSError:
        return


def inductor_header_folder() -> Path | None:
    """Where this torch's Inductor keeps precompiled headers (None where it keeps none)."""
    from torch._inductor import codecache

    folder = getattr(codecache, "_HEADER_DIR", None)
    return Path(folder) if isinstance(folder, str) else None


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
