"""What the run commands share at the terminal: a signal stops the run in progress and is
recorded as why it ended, and the current step shows with a live elapsed time.

`kernelscope run` uses it for one snippet or a sweep (`commands.py`) and for a suite here
(`suite.py`).
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from backend.result import ErrorInfo
from backend.store.jobs import finish_with_error
from backend.store.repository import Store
from backend.worker.progress import ProgressCallback


class Interrupt(threading.Event):
    """Set by SIGINT, SIGTERM or SIGHUP: the run in progress stops (its child's whole
    process group is killed) and is recorded as cancelled."""

    signal_number = 0

    @property
    def signal_name(self) -> str:
        return signal.Signals(self.signal_number).name if self.signal_number else "interrupted"


@contextmanager
def interruptible() -> Iterator[Interrupt]:
    """SIGINT, SIGTERM and SIGHUP set the switch it yields while the block runs; a second
    signal raises KeyboardInterrupt. The previous handlers come back at the end."""
    interrupted = Interrupt()

    def handle(number: int, _frame: object) -> None:
        if interrupted.is_set():  # asked twice: stop waiting for the clean ending
            raise KeyboardInterrupt
        interrupted.signal_number = number
        interrupted.set()

    caught = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {number: signal.signal(number, handle) for number in caught}
    try:
        yield interrupted
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def record_interrupted(store: Store, run_id: str, signal_name: str) -> None:
    """The stopped run ends as cancelled, its message naming the signal and the step."""
    state = store.run_state(run_id)
    step = state.progress_step if state is not None else None
    message = (
        f"Cancelled: kernelscope run was interrupted ({signal_name}) while the run was at "
        f"'{step or 'starting'}'; the snippet was stopped."
    )
    finish_with_error(store, run_id, "cancelled", ErrorInfo(kind="interrupted", message=message))


@contextmanager
def progress(quiet: bool, size: int | None, label: str = "") -> Iterator[ProgressCallback]:
    """Show the current step and a live elapsed time on stderr: a cold compile is slow."""
    started = time.monotonic()
    state = {"step": "queued"}
    stop = threading.Event()
    label = f"[size {size:,}] " if size is not None else label
    live = sys.stderr.isatty()

    def on_progress(step: str, _elapsed: float) -> None:
        state["step"] = step
        if not quiet and not live:
            print(f"{label}{step} ({time.monotonic() - started:.1f} s)", file=sys.stderr)

    def ticker() -> None:
        while not stop.wait(0.25):
            line = f"\r{label}{state['step']} … {time.monotonic() - started:.1f} s"
            sys.stderr.write(f"{line:<60}")
            sys.stderr.flush()

    thread = threading.Thread(target=ticker, daemon=True)
    if live and not quiet:
        thread.start()
    try:
        yield on_progress
    finally:
        stop.set()
        if thread.is_alive():
            thread.join()
            sys.stderr.write("\r" + " " * 60 + "\r")


def problem_progress(quiet: bool, name: str) -> AbstractContextManager[ProgressCallback]:
    """A suite problem's steps: live on a terminal; elsewhere its one line when it ends."""
    return progress(quiet or not sys.stderr.isatty(), None, label=f"[{name}] ")
