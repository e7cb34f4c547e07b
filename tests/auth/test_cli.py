"""`kernelscope user ...` and `kernelscope token ...` on a data directory, in process."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from backend.cli import main
from backend.settings import Settings
from backend.store import accounts
from backend.store.repository import Store

PASSWORD = "a long enough password"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def run(data_dir: Path, *args: str, stdin: str = "") -> int:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        return main([*args, "--data-dir", str(data_dir)])
    finally:
        sys.stdin = old


def test_user_add_with_password_from_stdin_then_sign_in(data_dir: Path) -> None:
    assert run(data_dir, "user", "add", "alice", "--password-stdin", stdin=PASSWORD + "\n") == 0
    assert run(data_dir, "user", "add", "root", "--admin", "--no-password") == 0
    with Store.open(data_dir) as store:
        alice = accounts.check_password(store, "alice", PASSWORD)
        assert alice is not None and not alice.is_admin
        assert accounts.principal_of(store, "root").is_admin
        assert accounts.check_password(store, "root", "") is None  # no password sign-in


def test_user_add_prompts_twice(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter([PASSWORD, PASSWORD])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    assert run(data_dir, "user", "add", "alice") == 0
    mismatch = iter([PASSWORD, PASSWORD + "!"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(mismatch))
    assert run(data_dir, "user", "add", "bob") == 2


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("user", "add", "alice", "--password-stdin"), "short\n", "at least 8 characters"),
        (("user", "add", "al ice", "--no-password"), "", "bad user name"),
        (("user", "add", "alice", "--password-stdin"), "", "no password"),
        (("user", "passwd", "nobody", "--password-stdin"), PASSWORD + "\n", "no user 'nobody'"),
        (("token", "create", "nobody"), "", "no user 'nobody'"),
        (("token", "revoke", "nobody", "1"), "", "no user 'nobody'"),
    ],
)
def test_refusals_say_why_and_exit_2(
    data_dir: Path,
    capsys: pytest.CaptureFixture[str],
    args: tuple[str, ...],
    stdin: str,
    message: str,
) -> None:
    assert run(data_dir, *args, stdin=stdin) == 2
    assert message in capsys.readouterr().err


def test_a_name_is_taken_once(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(data_dir, "user", "add", "alice", "--no-password") == 0
    assert run(data_dir, "user", "add", "alice", "--no-password") == 2
    assert "already exists" in capsys.readouterr().err


def test_passwd_changes_the_password(data_dir: Path) -> None:
    run(data_dir, "user", "add", "alice", "--password-stdin", stdin=PASSWORD + "\n")
    assert run(data_dir, "user", "passwd", "alice", "--password-stdin", stdin="another one!\n") == 0
    with Store.open(data_dir) as store:
        assert accounts.check_password(store, "alice", PASSWORD) is None
        assert accounts.check_password(store, "alice", "another one!") is not None


def test_token_create_list_revoke(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(data_dir, "user", "add", "gpu", "--no-password")
    capsys.readouterr()
    create = (
        *("token", "create", "gpu", "--label", "h200-1"),
        *("--worker-name", "gpu-host-1-gpu0", "--kinds", "h200"),
    )
    assert run(data_dir, *create) == 0
    out, err = capsys.readouterr()
    token = out.strip()  # stdout is the token alone: $(kernelscope token create ...) works
    assert token.startswith("ks_") and "\n" not in token
    assert "shown this once" in err and "worker 'gpu-host-1-gpu0'" in err
    with Store.open(data_dir) as store:
        principal = accounts.verify_token(store, token)
        assert principal is not None and principal.scope == "worker"
        assert principal.worker_name == "gpu-host-1-gpu0"

    assert run(data_dir, "token", "list", "gpu") == 0
    listing = capsys.readouterr().out
    assert "h200-1" in listing and "worker" in listing and "active" in listing
    assert "gpu-host-1-gpu0" in listing
    assert token not in listing

    assert run(data_dir, "token", "revoke", "gpu", "1") == 0
    assert run(data_dir, "token", "list", "gpu") == 0
    assert "revoked" in capsys.readouterr().out
    with Store.open(data_dir) as store:
        assert accounts.verify_token(store, token) is None


def test_user_list(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(data_dir, "user", "add", "root", "--admin", "--no-password")
    capsys.readouterr()
    assert run(data_dir, "user", "list") == 0
    assert capsys.readouterr().out.startswith("root\tadmin, no password\t")


def test_serve_takes_auth(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    import uvicorn

    import backend.api.app

    seen: dict[str, Settings] = {}
    monkeypatch.setattr(
        backend.api.app, "create_app", lambda settings: seen.setdefault("s", settings)
    )
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: None)
    monkeypatch.setattr("backend.cli.commands.setup_logging", lambda *args, **kwargs: None)
    monkeypatch.setenv("KERNELSCOPE_SANDBOX", "none")  # no snippet runs here
    assert main(["serve", "--auth", "accounts", "--data-dir", str(data_dir)]) == 0
    assert seen["s"].auth == "accounts"
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--auth", "sometimes"])
    assert exit_info.value.code == 2
    assert "--auth" in capsys.readouterr().err


def test_a_worker_token_names_its_worker(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One token per worker: the token fixes the worker's name, so it must be given."""
    run(data_dir, "user", "add", "gpu", "--no-password")
    capsys.readouterr()
    assert run(data_dir, "token", "create", "gpu", "--worker") == 2
    assert "--worker-name NAME" in capsys.readouterr().err
    assert run(data_dir, "token", "create", "gpu", "--worker-name", "../etc") == 2
    assert "bad worker name '../etc'" in capsys.readouterr().err
    named = ("token", "create", "gpu", "--worker-name", "gpu-host-2-gpu1", "--kinds", "h100")
    assert run(data_dir, *named) == 0
    token = capsys.readouterr().out.strip()
    with Store.open(data_dir) as store:
        principal = accounts.verify_token(store, token)
        [listed] = accounts.list_tokens(store, "gpu")
    assert principal is not None and principal.scope == "worker"  # --worker-name implies it
    assert (principal.worker_name, listed.name) == ("gpu-host-2-gpu1", "gpu-host-2-gpu1")
    with Store.open(data_dir) as store, pytest.raises(accounts.AccountError, match="only a worker"):
        accounts.create_token(store, "gpu", "t", "user", worker_name="gpu-host-2-gpu1")


def test_a_worker_token_serves_only_the_device_kinds_an_admin_binds(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The kinds a worker may serve are the admin's word, on its token: a worker token
    without them is refused at creation, and `token kinds` rebinds one."""
    run(data_dir, "user", "add", "gpu", "--no-password")
    create = ("token", "create", "gpu", "--worker-name", "gpu-host-3-gpu0")
    assert run(data_dir, *create) == 2
    assert "--kinds h100" in capsys.readouterr().err
    assert run(data_dir, *create, "--kinds", "H100 GPU!") == 2
    assert "bad device kinds 'H100 GPU!'" in capsys.readouterr().err
    assert run(data_dir, *create, "--kinds", "h100,cpu") == 0
    token = capsys.readouterr().out.strip()
    with Store.open(data_dir) as store:
        principal = accounts.verify_token(store, token)
        [listed] = accounts.list_tokens(store, "gpu")
    assert principal is not None and principal.device_kinds == ["cpu", "h100"]
    assert run(data_dir, "token", "kinds", "gpu", str(listed.id), "a100") == 0
    assert "may serve device kind(s) a100" in capsys.readouterr().err
    assert run(data_dir, "token", "list", "gpu") == 0
    assert "gpu-host-3-gpu0\ta100" in capsys.readouterr().out
    with Store.open(data_dir) as store:
        principal = accounts.verify_token(store, token)
        user_token = accounts.create_token(store, "gpu", "cli")
    assert principal is not None and principal.device_kinds == ["a100"]
    assert run(data_dir, "token", "kinds", "gpu", str(user_token.id), "cpu") == 2
    assert "is a user token" in capsys.readouterr().err
