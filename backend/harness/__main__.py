"""Entry point of the child process: `python -m backend.harness --snippet F --bundle DIR`.

Started by a worker, it also gets `--job-fd N`: it then says it is ready on the progress
pipe and waits for exactly one job on that pipe (the snippet's size and compile mode; the
snippet is the file `--snippet` names, written by the worker before it sends the job). With
`--prewarm` it first gets torch, the device and the compiler ready (a spare, started ahead
of need). Either way it runs one snippet and exits.
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import os
import platform
import signal
import sys
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
    parser.add_argument("--job-fd", type=int, default=None, help="wait for the job here")
    parser.add_argument("--prewarm", action="store_true", help="get ready before the job")
    parser.add_argument("--parent-pid", type=int, default=None, help="die with this process")
    parser.add_argument(
        "--ncu-pass", action="store_true", help="only the measured calls, in NVTX ranges (ncu)"
    )
    # Never a flag: the progress key comes with the job, out of the snippet's sight (argv).
    parser.set_defaults(progress_key=None)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    options = parse_args(argv)
    if options.crash_log is not None:
        # A segfault in native code leaves no bundle; this leaves the Python stack at least.
        crash_log = open(options.crash_log, "w")  # noqa: SIM115 - lives until exit
        faulthandler.enable(crash_log)
        # The worker sends SIGUSR1 before killing a run that timed out: where was it stuck?
        faulthandler.register(signal.SIGUSR1, crash_log)
    # torch's own warnings (NumPy missing, deprecations) are not the snippet's output.
    warnings.filterwarnings("ignore", module=r"torch(\.|$)")
    if options.ncu_pass:
        _ncu_pass(options)
    if options.job_fd is not None and not _take_job(options):
        return  # no job came: the worker discarded this process, or is gone
    if not _refused_syntax(options):  # milliseconds, instead of seconds importing torch first
        from backend.harness.run import Options, Run  # imports torch: after the filters

        Run(
            Options(
                snippet=options.snippet.resolve(),
                bundle=options.bundle,
                size=options.size,
                compile_mode=options.compile_mode,
                device=options.device,
                progress_fd=options.progress_fd,
                progress_key=options.progress_key,
            )
        ).execute()
    _exit_now()


def _ncu_pass(options: argparse.Namespace) -> None:
    """The measuring pass under Nsight Compute: its exit status says how it went. Its parent
    is ncu, not the worker (which stops both by their process group): it dies with ncu."""
    _kill_me_with_my_parent()
    from backend.harness.ncu_pass import ncu_pass

    try:
        status = ncu_pass(
            options.snippet.resolve(), options.size, options.compile_mode, options.device
        )
    except BaseException as exc:  # the snippet's or ours: the worker reads stderr's tail
        print(f"kernelscope ncu pass failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(status)


def _take_job(options: argparse.Namespace) -> bool:
    """Get ready (pre-warm when asked), say so, then read the one job; False without one.
    A spare warms the host first, then the device once its worker says so (WARM_DEVICE, at
    once unless it keeps this one parked); a parked spare's job can come first instead, and
    the run then starts the device itself, as a cold process would."""
    from backend.harness.cuda_stack import waiting_lightly
    from backend.harness.protocol import WARM_DEVICE, JobError, JobPipe, ready_line

    _die_with(options.parent_pid)
    pipe = JobPipe(options.job_fd)
    prewarm_s, error, message, warmed_device = None, None, None, False
    if options.prewarm:
        from backend.harness.prewarm import DEVICE, HOST, prewarm

        prewarm_s, error = prewarm(options.device, (HOST,))
        message = pipe.next()
        if message == WARM_DEVICE:
            device_s, device_error = prewarm(options.device, (DEVICE,))
            prewarm_s, error, message = prewarm_s + device_s, error or device_error, None
            warmed_device = True
    if options.progress_fd is not None:
        os.write(options.progress_fd, ready_line(prewarm_s, error, on_device=warmed_device))
    if message is None:
        with waiting_lightly():
            message = pipe.next()
    if message is None:
        return False
    if not isinstance(message, tuple):  # WARM_DEVICE again, or without --prewarm
        raise JobError(f"told to {message} where it cannot: no job")
    options.size, options.compile_mode = message
    options.progress_key = pipe.progress_key
    return True


def _die_with(parent_pid: int | None) -> None:
    """Unsandboxed, a process waiting for its job must not outlive the worker that started
    it (in the sandbox, bubblewrap's --die-with-parent does this)."""
    if parent_pid is None or not sys.platform.startswith("linux"):
        return
    _kill_me_with_my_parent()
    if os.getppid() != parent_pid:  # the worker died before the line above
        os._exit(0)


def _kill_me_with_my_parent() -> None:
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None).prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)


def _exit_now() -> None:
    """The bundle is written: skip the interpreter's teardown (a second or more with torch
    and Inductor loaded). The process runs one snippet, so there is nothing left to keep."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # the snippet broke its own streams
            stream.flush()
    os._exit(0)


def _refused_syntax(options: argparse.Namespace) -> bool:
    """A snippet that does not parse fails the same way it would after importing torch
    (`load_module` compiles it the same way), only without the wait. True if it failed."""
    from backend.harness.errors import NO_ENTRY_POINT, SnippetError
    from backend.harness.protocol import SNIPPET_STEP, BundleWriter, Progress

    path = options.snippet.resolve()
    source = path.read_text()
    try:
        compile(source, str(path), "exec")
    except SyntaxError as exc:
        error = SnippetError(
            "syntax_error",
            f"Syntax error on line {exc.lineno}: {exc.msg}. Fix the line and run again.",
            line=exc.lineno,
            traceback=[(exc.text or "").rstrip()],
        )
    else:
        if _can_define_a_function(source):
            return False
        error = SnippetError("no_entry_point", NO_ENTRY_POINT)
    progress = Progress(options.progress_fd, options.progress_key)
    progress.step(SNIPPET_STEP)
    writer = BundleWriter(options.bundle)
    writer.document.update(snippet_file=str(path), status="failed", error=error.as_dict())
    writer.document["versions"] = {"python": platform.python_version()}
    progress.step("writing results")
    writer.finish()
    return True


def _can_define_a_function(source: str) -> bool:
    """Every entry point is a function or a class the snippet defines or imports: code with
    no def, lambda, class or import has none, whatever it runs (the same failure as after
    loading it, without the wait)."""
    import ast

    makers = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
    importers = (ast.Import, ast.ImportFrom)
    names = {"exec", "eval", "__import__", "compile", "globals", "setattr", "vars"}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, makers + importers):
            return True
        if isinstance(node, ast.Name) and node.id in names:
            return True
    return False


if __name__ == "__main__":
    main()
