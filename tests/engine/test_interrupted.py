"""A `kernelscope run` stopped by a signal ends its run cleanly: SIGINT or SIGTERM kill the
snippet's whole process group (what it started too) and record the run as cancelled; a
`kernelscope run` killed outright leaves a run that the next server on that data directory
ends as crashed, never runs again.

Real processes: the CLI on an endless snippet (`--sandbox none`, so the snippet can say
where it is) that also starts a busy shell of its own, the way a stray subprocess would.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.result import RunResult
from backend.settings import Settings
from backend.store.repository import Store
from tests.helpers import wait_for

pytestmark = pytest.mark.slow

ENDLESS = """import os
import subprocess

import torch


def fn(a):
    shell = subprocess.Popen(["sh", "-c", "while :; do :; done"])
    with open({pids!r} + ".part", "w") as out:
        out.write(f"{{os.getpid()}} {{shell.pid}}")
    os.replace({pids!r} + ".part", {pids!r})  # whole, or not at all
    while True:
        pass


def inputs():
    return [torch.ones(3)]
"""
WAIT_S = 240.0  # a bound on waiting for the snippet to start, never an assertion on speed


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class EndlessRun:
    """`kernelscope run` on ENDLESS, started in a process group of its own."""

    def __init__(self, tmp_path: Path) -> None:
        self.data_dir = tmp_path / "data"
        self.pid_file = tmp_path / "snippet.pids"
        snippet = tmp_path / "endless.py"
        snippet.write_text(ENDLESS.format(pids=str(self.pid_file)))
        command = [sys.executable, "-m", "backend.cli", "run", str(snippet), "--quiet"]
        command += ["--sandbox", "none", "--device", "cpu", "--data-dir", str(self.data_dir)]
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )
        self.snippet_pids: list[int] = []

    def wait_in_snippet(self) -> None:
        """Until the snippet runs its loop and its shell is started: their pids."""

        def started() -> bool:
            if self.process.poll() is not None:
                raise AssertionError(
                    f"kernelscope run ended early:\n{self.process.communicate()[1]}"
                )
            return self.pid_file.exists()

        wait_for(started, WAIT_S, "the snippet's loop", interval_s=0.2)
        self.snippet_pids = [int(pid) for pid in self.pid_file.read_text().split()]
        assert all(alive(pid) for pid in self.snippet_pids)

    def result(self) -> RunResult:
        with Store.open(self.data_dir) as store:
            (summary,) = store.list_runs()
            loaded = store.load_result(summary.id)
        assert loaded is not None
        return loaded

    def kill_everything(self) -> None:
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        for pid in self.snippet_pids:
            with suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        self.process.communicate()


@pytest.fixture
def endless(tmp_path: Path) -> Iterator[EndlessRun]:
    started = EndlessRun(tmp_path)
    yield started
    started.kill_everything()


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_kills_the_snippets_processes_and_cancels_the_run(
    endless: EndlessRun, number: signal.Signals
) -> None:
    endless.wait_in_snippet()
    endless.process.send_signal(number)
    _, stderr = endless.process.communicate(timeout=120)
    assert endless.process.returncode == 128 + number, stderr
    assert f"interrupted ({number.name})" in stderr
    # The harness and the shell it started, killed as one process group; the shell,
    # reparented when the harness died, may take a moment to be reaped.
    wait_for(lambda: not any(map(alive, endless.snippet_pids)), 10, "the snippet's processes", 0.2)
    result = endless.result()
    assert result.status == "cancelled"
    assert result.error is not None and result.error.kind == "interrupted"
    assert f"interrupted ({number.name})" in result.error.message


def test_a_run_left_by_a_killed_cli_is_ended_as_crashed_by_the_next_server(
    endless: EndlessRun,
) -> None:
    endless.wait_in_snippet()
    endless.process.kill()  # SIGKILL: nothing of the CLI gets to record anything
    endless.process.communicate(timeout=60)
    assert endless.result().status == "running"
    settings = Settings(data_dir=endless.data_dir, local_workers=1, warm_spares=False)
    with TestClient(create_app(settings)) as client:
        (run,) = client.get("/api/runs").json()["runs"]
        shown = client.get(f"/api/runs/{run['id']}").json()
    assert shown["status"] == "crashed"  # ended at start: never back in the queue
    assert "the kernelscope run process exited" in shown["error"]["message"]
    assert shown["error"]["kind"] == "cli_exited"
