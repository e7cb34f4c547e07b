"""Which sandbox a run gets, and who refuses to start without one.

The `sandbox` setting says: `bwrap` (refused where bubblewrap cannot work), `auto`
(bubblewrap where it works, else unsandboxed with a warning and a note on the run) or
`none`. A server with accounts on refuses to start its own workers unsandboxed unless told
`none` explicitly. The bubblewrap run itself is `backend.worker.sandbox`; these checks
read the settings they are given and construct none.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from backend.limits import SANDBOX_MODES, RunLimits
from backend.worker import sandbox
from backend.worker.sandbox import SandboxRun, SandboxUnavailable

if TYPE_CHECKING:
    from backend.settings import Settings

# The sandbox's one logger: its choices and its runs are read together.
log = logging.getLogger("backend.worker.sandbox")


def open_sandbox(workdir: Path, limits: RunLimits) -> tuple[SandboxRun | None, list[str]]:
    """The sandbox for one run (None: runs unsandboxed, as `limits.sandbox` allows) and the
    notes the run should carry."""
    mode = limits.sandbox
    if mode not in SANDBOX_MODES:
        raise ValueError(f"sandbox must be one of {', '.join(SANDBOX_MODES)}, not {mode!r}")
    if mode == "none":
        return None, ["ran without a sandbox: the sandbox setting is `none`"]
    why = sandbox.probe()
    if why is not None:
        if mode == "bwrap":
            raise SandboxUnavailable(f"the sandbox (bubblewrap) does not work here: {why}")
        log.warning("running a snippet WITHOUT a sandbox: %s", why)
        return None, [f"ran without a sandbox: {why}"]
    run = SandboxRun(workdir, limits)
    return run, list(run.notes)


def require(mode: str) -> None:
    """Refuse `bwrap` clearly when bubblewrap cannot work on this machine."""
    why = sandbox.probe() if mode == "bwrap" else None
    if why is not None:
        raise SandboxUnavailable(
            f"--sandbox bwrap: bubblewrap does not work here ({why}). Install it "
            "(`apt-get install bubblewrap`), run as root, or choose --sandbox auto|none."
        )


def check_server(settings: Settings) -> None:
    """Refuse to start a server whose own workers cannot sandbox as its settings demand.

    With accounts on, strangers' code runs here: without a working sandbox the server does
    not start unless the sandbox is switched off explicitly (`none`). A server that runs no
    snippet itself (queue=redis, or no local workers) leaves that check to its workers.
    """
    if settings.queue != "local" or settings.local_workers == 0:
        return
    require(settings.sandbox)
    why = sandbox.probe() if settings.sandbox == "auto" else None
    if why is not None and settings.auth == "accounts":
        raise SandboxUnavailable(
            f"accounts are on but the sandbox (bubblewrap) does not work here: {why}. "
            "Fix that, or start with --sandbox none (KERNELSCOPE_SANDBOX=none) to run "
            "everyone's snippets unsandboxed."
        )
    if why is not None:
        log.warning("snippets will run WITHOUT a sandbox: %s", why)
