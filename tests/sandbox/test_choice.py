"""auto | bwrap | none: which runs are sandboxed, what a run says when it is not, and who
refuses to start. Bubblewrap's failure is simulated (`probe` says why), so these run on any
machine."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from fastapi import FastAPI

from backend import cli
from backend.api.app import create_app
from backend.limits import RunLimits
from backend.settings import Settings
from backend.store.repository import Store
from backend.worker import sandbox, sandbox_policy
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup
from backend.worker.sandbox import SandboxUnavailable
from backend.worker.sandbox_policy import open_sandbox
from tests.paths import BAD_SNIPPETS, EXAMPLES_DIR

BROKEN = "bwrap not found (simulated)"


@pytest.fixture
def no_bubblewrap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "probe", lambda: BROKEN)


def test_none_runs_unsandboxed_and_says_so(tmp_path: Path) -> None:
    box, notes = open_sandbox(tmp_path, RunLimits(timeout_s=10, sandbox="none"))
    assert box is None
    assert notes == ["ran without a sandbox: the sandbox setting is `none`"]


@pytest.mark.usefixtures("no_bubblewrap")
def test_auto_without_bubblewrap_warns_and_notes_why(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="backend.worker.sandbox"):
        box, notes = open_sandbox(tmp_path, RunLimits(timeout_s=10, sandbox="auto"))
    assert box is None
    assert notes == [f"ran without a sandbox: {BROKEN}"]
    assert "WITHOUT a sandbox" in caplog.text and BROKEN in caplog.text


@pytest.mark.usefixtures("no_bubblewrap")
def test_bwrap_without_bubblewrap_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SandboxUnavailable, match=re.escape(BROKEN)):
        open_sandbox(tmp_path, RunLimits(timeout_s=10, sandbox="bwrap"))


def test_an_unknown_mode_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="auto, bwrap, none"):
        open_sandbox(tmp_path, RunLimits(timeout_s=10, sandbox="docker"))  # type: ignore[arg-type]  # no such mode, on purpose


@pytest.mark.usefixtures("no_bubblewrap")
def test_run_with_bwrap_refuses_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "run",
        str(EXAMPLES_DIR / "add_relu.py"),
        "--sandbox",
        "bwrap",
        "--data-dir",
        str(tmp_path),
    ]
    assert cli.main(argv) == 2
    error = capsys.readouterr().err
    assert "--sandbox bwrap" in error and BROKEN in error and "apt-get install bubblewrap" in error


@pytest.mark.usefixtures("no_bubblewrap")
def test_serve_with_accounts_refuses_without_a_sandbox(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["serve", "--auth", "accounts", "--data-dir", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert "accounts are on" in error and BROKEN in error and "--sandbox none" in error


@pytest.mark.usefixtures("no_bubblewrap")
def test_accounts_start_without_a_sandbox_only_when_told_explicitly(tmp_path: Path) -> None:
    accounts = Settings(data_dir=tmp_path, auth="accounts", local_workers=1)
    with pytest.raises(SandboxUnavailable, match="--sandbox none"):
        create_app(accounts)
    with pytest.raises(SandboxUnavailable, match="--sandbox bwrap"):
        create_app(accounts.model_copy(update={"sandbox": "bwrap"}))
    started(create_app(accounts.model_copy(update={"sandbox": "none"})))


@pytest.mark.usefixtures("no_bubblewrap")
def test_servers_that_run_no_snippet_leave_the_check_to_their_workers(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    started(create_app(Settings(data_dir=tmp_path / "a", auth="accounts", local_workers=0)))
    sandbox_policy.check_server(Settings(data_dir=tmp_path / "b", auth="accounts", queue="redis"))
    with caplog.at_level(logging.WARNING, logger="backend.worker.sandbox"):
        started(create_app(Settings(data_dir=tmp_path / "c", local_workers=1)))
    assert "WITHOUT a sandbox" in caplog.text  # no accounts: it starts, with a warning


def started(app: FastAPI) -> None:
    """create_app returned a server; close its store (its lifespan never ran)."""
    app.state.context.store.close()


@pytest.mark.slow
@pytest.mark.usefixtures("no_bubblewrap")
def test_a_run_without_the_sandbox_is_stored_with_the_note(tmp_path: Path) -> None:
    code = (BAD_SNIPPETS / "syntax_error.py").read_text()  # fails before torch: a quick real run
    with Store.open(tmp_path) as store:
        run_id = store.create_run(code)
        result = execute_run(store, run_id, WorkerSetup(tmp_path, limits=RunLimits()))
        assert store.load_result(run_id) == result  # every field stored, step times too
    assert result.error is not None and result.error.kind == "syntax_error"
    assert f"ran without a sandbox: {BROKEN}" in result.notes
