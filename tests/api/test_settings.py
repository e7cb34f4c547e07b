"""Settings: every one is documented in the README and read from its environment variable."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.settings import Settings

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


@pytest.mark.parametrize("name", sorted(Settings.model_fields))
def test_readme_lists_every_setting(name: str) -> None:
    assert f"`KERNELSCOPE_{name.upper()}`" in README


def test_settings_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("KERNELSCOPE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("KERNELSCOPE_MAX_SNIPPET_BYTES", "1234")
    settings = Settings()
    assert settings.data_dir == tmp_path and settings.max_snippet_bytes == 1234


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
