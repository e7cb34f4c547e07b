"""Turn whatever the user's code does wrong into data: a kind, a message, a line.

The user sees their own frames only; the harness's and torch's frames are noise to them.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

NO_ENTRY_POINT = (
    "No function to run. Define `fn(...)` and `inputs()` returning its arguments, "
    "or a `Model(nn.Module)` with `get_inputs()`, or one function whose parameters "
    "are module-level tensors."
)

_CUDA_MISSING = (
    "Torch not compiled with CUDA enabled",
    "No CUDA GPUs are available",
    "Found no NVIDIA driver",
    "CUDA driver initialization failed",
)


class HarnessError(Exception):
    """Kernelscope's own instrumentation failed while the snippet's code was running: our
    bug, reported as such, never blamed on the snippet."""


class SnippetError(Exception):
    """A problem in the user's snippet, reported to them as-is."""

    def __init__(
        self,
        kind: str,
        message: str,
        *,
        line: int | None = None,
        traceback: list[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.line = line
        self.traceback = traceback or []

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "line": self.line,
            "traceback": self.traceback,
        }


def user_frames(exc: BaseException, snippet: Path) -> list[traceback.FrameSummary]:
    return [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == str(snippet)]


def user_error_from_exception(exc: BaseException, snippet: Path, while_doing: str) -> SnippetError:
    frames = user_frames(exc, snippet)
    line = frames[-1].lineno if frames else None
    lines = [f"line {f.lineno}, in {f.name}: {(f.line or '').strip()}" for f in frames][-100:]
    text = _exception_text(exc)
    if isinstance(exc, SystemExit):
        return SnippetError(
            "exit_called",
            f"The snippet called exit({exc.code}) {while_doing}. Remove the exit call: "
            "Kernelscope calls your function itself.",
            line=line,
            traceback=lines,
        )
    if any(marker in text for marker in _CUDA_MISSING):
        return SnippetError(
            "cuda_unavailable",
            f"Line {line} asks for a CUDA device, but this worker has no GPU. Use the "
            "`device` variable that Kernelscope defines (e.g. `torch.randn(n, device=device)`) "
            "so the same snippet runs on a GPU worker and on a CPU one.",
            line=line,
            traceback=lines,
        )
    where = f" on line {line}" if line else ""
    return SnippetError(
        "exception",
        f"{type(exc).__name__}{where} {while_doing}: {text}",
        line=line,
        traceback=lines,
    )


def _exception_text(exc: BaseException) -> str:
    text = str(exc).strip()
    # torch errors append long C++ backtraces and hints; the first paragraph is the message
    return text.split("\n\n")[0][:2000]
