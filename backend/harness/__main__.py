"""Entry point of the child process: `python -m backend.harness --snippet F --bundle DIR`."""

from __future__ import annotations

import argparse
import faulthandler
import platform
import signal
import warnings
from pathlib import Path


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m backend.harness")
    parser.add_argument("--snippet", type=Path, required=True)
    parser.add_argument("--bundle", type=Path, required=True)
    parser.add_argument("--size", type=int, default=None)
    parser.add_argument("--compile-mode", default="default")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto")
    parser.add_argument("--progress-fd", type=int, default=None)
    parser.add_argument("--crash-log", type=Path, default=None)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    options = parse_args(argv)
    if options.crash_log is not None:
        # A segfault in native code leaves no bundle; this leaves the Python stack at least.
        crash_log = open(options.crash_log, "w")  # noqa: SIM115 - lives until exit
        faulthandler.enable(crash_log)
        # The worker sends SIGUSR1 before killing a run that timed out: where was it stuck?
        faulthandler.register(signal.SIGUSR1, crash_log)
    if _refused_syntax(options):  # milliseconds, instead of seconds importing torch first
        return
    # torch's own warnings (NumPy missing, deprecations) are not the snippet's output.
    warnings.filterwarnings("ignore", module=r"torch(\.|$)")
    from backend.harness.run import Options, Run  # imports torch: after the filters

    Run(
        Options(
            snippet=options.snippet.resolve(),
            bundle=options.bundle,
            size=options.size,
            compile_mode=options.compile_mode,
            device=options.device,
            progress_fd=options.progress_fd,
        )
    ).execute()


def _refused_syntax(options: argparse.Namespace) -> bool:
    """A snippet that does not parse fails the same way it would after importing torch
    (`load_module` compiles it the same way), only without the wait. True if it failed."""
    from backend.harness.errors import SnippetError
    from backend.harness.protocol import BundleWriter, Progress

    path = options.snippet.resolve()
    try:
        compile(path.read_text(), str(path), "exec")
    except SyntaxError as exc:
        progress = Progress(options.progress_fd)
        progress.step("loading snippet")
        writer = BundleWriter(options.bundle)
        error = SnippetError(
            "syntax_error",
            f"Syntax error on line {exc.lineno}: {exc.msg}. Fix the line and run again.",
            line=exc.lineno,
            traceback=[(exc.text or "").rstrip()],
        )
        writer.document.update(snippet_file=str(path), status="failed", error=error.as_dict())
        writer.document["versions"] = {"python": platform.python_version()}
        progress.step("writing results")
        writer.finish()
        return True
    return False


if __name__ == "__main__":
    main()
