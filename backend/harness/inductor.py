"""torch.compile with the settings the analysis needs, and what Inductor tells us about it."""

from __future__ import annotations

import contextlib
import io
import logging
import sys
from collections.abc import Callable, Iterator
from typing import Any

import torch

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


@contextlib.contextmanager
def quiet_inductor_stderr() -> Iterator[None]:
    """benchmark_kernel makes Inductor print 'Compiled module path'; keep the user's stderr."""
    user_stderr, buffer = sys.stderr, io.StringIO()
    with contextlib.redirect_stderr(buffer):
        try:
            yield
        finally:
            kept = buffer.getvalue().splitlines(keepends=True)
            user_stderr.writelines(
                line for line in kept if not line.startswith("Compiled module path:")
            )


def graph_breaks(
    call: Callable[..., Any], args: tuple[Any, ...], snippet_file: str
) -> dict[str, Any]:
    """Graph count and breaks (reason, snippet line), from Dynamo's explain."""
    explanation = torch._dynamo.explain(call)(*args)
    breaks = []
    for reason in explanation.break_reasons:
        frames = [f for f in reason.user_stack if f.filename == snippet_file]
        text = str(reason.reason).strip().splitlines()[0] if str(reason.reason).strip() else ""
        breaks.append({"reason": text[:500], "line": frames[-1].lineno if frames else None})
    torch._dynamo.reset()
    return {"graph_count": explanation.graph_count, "graph_breaks": breaks}


def recompile_count() -> int:
    from torch._dynamo.utils import counters

    return int(sum(counters["recompiles"].values())) if "recompiles" in counters else 0
