"""Who holds a run: a `kernelscope run` process executing it itself, named by its host
and process, so that a server on the same data directory never claims it and can tell
when that process died."""

import os
import socket

UNFINISHED = ("queued", "running")
CLI_HOLDER_PREFIX = "cli:"


def cli_holder() -> str:
    """The `worker_id` of a run `kernelscope run` executes itself: host and process."""
    return f"{CLI_HOLDER_PREFIX}{socket.gethostname()}:{os.getpid()}"


def held_by_live_cli(worker_id: str | None) -> bool:
    """True while the `kernelscope run` process executing this run may still be alive (on
    another host we cannot tell, so we assume it is); a server must not take such a run."""
    if not worker_id or not worker_id.startswith(CLI_HOLDER_PREFIX):
        return False
    host, _, pid = worker_id.removeprefix(CLI_HOLDER_PREFIX).rpartition(":")
    if host != socket.gethostname():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, ValueError):
        return True
    return True
