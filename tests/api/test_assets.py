"""Where the server finds its browser files, and that it refuses to start without them (a
server that started would serve pages that stay blank)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from backend.api import assets, pages
from backend.api.app import create_app
from backend.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_a_checkout_serves_the_files_beside_the_package() -> None:
    found = assets.locate()
    assert found == assets.Assets(ROOT / "frontend", ROOT / "examples")
    assets.check(found)  # make setup built the bundles


def test_an_installed_package_serves_its_own_copy(tmp_path: Path) -> None:
    """A wheel carries them inside the package (setup.py): those win over anything beside it."""
    package = tmp_path / "site-packages" / "backend"
    (package / "frontend").mkdir(parents=True)
    (tmp_path / "site-packages" / "frontend").mkdir()
    found = assets.locate(package)
    assert found == assets.Assets(package / "frontend", package / "examples")


def test_missing_bundles_are_named_with_the_command_that_builds_them(tmp_path: Path) -> None:
    frontend = tmp_path / "frontend"
    shutil.copytree(ROOT / "frontend" / "pages", frontend / "pages")
    shutil.copytree(ROOT / "frontend" / "static", frontend / "static")
    with pytest.raises(assets.FrontendMissing) as refused:
        assets.check(assets.Assets(frontend, ROOT / "examples"))
    message = str(refused.value)
    assert "dist/editor.js" in message and "dist/swagger-ui.css" in message
    assert "pages/" not in message  # only what is missing
    assert "make frontend" in message and "make dist" in message


def test_create_app_refuses_without_the_frontend(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pages, "FRONTEND_DIR", tmp_path / "nothing")
    with pytest.raises(assets.FrontendMissing, match="make setup"):
        create_app(Settings(data_dir=tmp_path / "data", local_workers=0))
    assert not (tmp_path / "data").exists()  # refused before touching the data directory


@pytest.mark.slow  # a server process
def test_kernelscope_serve_refuses_to_start_and_says_what_to_run(tmp_path: Path) -> None:
    """The package alone, as an incomplete install would have it: nothing beside it."""
    shutil.copytree(
        ROOT / "backend", tmp_path / "backend", ignore=shutil.ignore_patterns("__pycache__")
    )
    command = [sys.executable, "-m", "backend.cli", "serve", "--port", "1"]
    command += ["--data-dir", str(tmp_path / "data")]
    done = subprocess.run(
        command,
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert "browser files are incomplete" in done.stderr
    assert str(tmp_path / "frontend" / "dist" / "editor.js") in done.stderr
    assert "make frontend" in done.stderr
