"""Settings: every one is documented in the README, every documented variable is one, and
each is read from its environment variable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from backend.settings import ClientSettings, Settings, WorkerSettings

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()
# the server's, and those only `kernelscope worker` or `kernelscope run` reads
ALL_SETTINGS = {
    **Settings.model_fields,
    **WorkerSettings.model_fields,
    **ClientSettings.model_fields,
}


def documented() -> list[str]:
    """The variables of the README's Settings table, one a row."""
    table = README.split("### Settings", 1)[1].split("\n#", 1)[0]
    return re.findall(r"^\| `KERNELSCOPE_([A-Z0-9_]+)` \|", table, flags=re.MULTILINE)


@pytest.mark.parametrize("name", sorted(ALL_SETTINGS))
def test_readme_lists_every_setting(name: str) -> None:
    assert name.upper() in documented()


def test_every_documented_variable_is_a_setting() -> None:
    rows = documented()
    assert len(rows) == len(set(rows)), "a variable documented twice"
    assert sorted(row.lower() for row in rows) == sorted(ALL_SETTINGS)


def test_settings_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("KERNELSCOPE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("KERNELSCOPE_MAX_SNIPPET_BYTES", "1234")
    settings = Settings()
    assert settings.data_dir == tmp_path and settings.max_snippet_bytes == 1234


def test_the_host_cache_defaults_under_xdg_cache_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("KERNELSCOPE_CACHE_DIR")  # tests/conftest.py's
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert Settings().cache_dir == tmp_path / "kernelscope"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert Settings().cache_dir == Path.home() / ".cache" / "kernelscope"


def test_a_bad_setting_is_refused_with_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KERNELSCOPE_LOCAL_WORKERS", "-1")
    with pytest.raises(ValueError, match="local_workers"):
        Settings()


def test_serve_refuses_a_bad_setting_with_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from backend.cli import main

    monkeypatch.setenv("KERNELSCOPE_PORT", "eighty")
    assert main(["serve"]) == 2
    assert "port" in capsys.readouterr().err
