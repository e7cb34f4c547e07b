"""The wheel is the whole product: built from the checkout's files as `make dist` builds it,
installed into a fresh virtual environment beside torch, `kernelscope serve` started from
that environment outside the checkout (no PYTHONPATH, no Node.js) serves a dashboard that
runs add+relu and draws both timelines in Chromium.

Slow: building the wheel and installing torch (from pip's configured local wheels, the same
version as this environment's, so pip never resolves a CUDA build) take about a minute.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import ROOT, TIMELINE_LANES_JS, Server, serve
from tests.browser.pages import RUN_TIMEOUT_MS, RUN_URL, TIMEOUT_MS

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# What the checkout must hand the build: its git files and the editor bundle `make
# frontend` built (ignored by git, built by npm; the wheel must carry it).
BUILT = ROOT / "frontend" / "dist"


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done.stdout


def clean_environ() -> dict[str, str]:
    """This environment without anything that could lead Python to the checkout."""
    dropped = {"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"}
    return {name: value for name, value in os.environ.items() if name not in dropped}


def copy_sources(destination: Path) -> None:
    """The files git knows (committed or not, never ignored ones) and frontend/dist."""
    listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT)
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    shutil.copytree(BUILT, destination / "frontend" / "dist")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh venv holding torch and the wheel, nothing else of this project: its bin/."""
    if not (BUILT / "editor.js").is_file():
        pytest.fail("frontend/dist/editor.js is missing: run `make frontend` (make test does)")
    if shutil.which("git") is None:
        pytest.fail("git is needed to list the checkout's files")
    work = tmp_path_factory.mktemp("wheel")
    source, wheels, venv = work / "source", work / "dist", work / "venv"
    copy_sources(source)
    pip = [sys.executable, "-m", "pip"]
    run([*pip, "wheel", "-q", "--no-deps", "--wheel-dir", str(wheels), str(source)], work)
    (wheel,) = wheels.glob("kernelscope-*.whl")
    run([sys.executable, "-m", "venv", str(venv)], work, clean_environ())
    torch = f"torch=={importlib.metadata.version('torch')}"  # the local build, never CUDA's
    install = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-compile"]
    run([*install, torch, str(wheel)], work, clean_environ())
    yield venv / "bin"


def test_the_installed_package_is_the_wheels(installed: Path, tmp_path: Path) -> None:
    where = "import backend, sys; print(backend.__file__)"
    found = run([str(installed / "python"), "-c", where], tmp_path, clean_environ())
    assert Path(found.strip()).is_relative_to(installed.parent), found
    assert not Path(found.strip()).is_relative_to(ROOT)


def test_installed_wheel_serves_the_whole_dashboard(
    installed: Path, browser: Any, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere"  # not the checkout: nothing found relative to it
    outside.mkdir()
    program = [str(installed / "kernelscope")]
    with serve(tmp_path / "data", program=program, cwd=outside, environ=clean_environ()) as live:
        submit_add_relu_and_see_both_timelines(browser, live)


def submit_add_relu_and_see_both_timelines(browser: Any, live: Server) -> None:
    context = browser.new_context(base_url=live.url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("/")
        page.locator("[data-example=add_relu]").click()  # the gallery, from the wheel's examples
        expect(page.locator("#editor .cm-content")).to_contain_text("def fn(a, b)")  # CodeMirror
        page.keyboard.press("ControlOrMeta+Enter")
        page.wait_for_url(RUN_URL)
        page.locator("#summary").wait_for(timeout=RUN_TIMEOUT_MS)
        page.locator("#timeline[data-ready=true]").wait_for()
        assert page.evaluate(TIMELINE_LANES_JS, "#timeline") == {"eager": 2, "compiled": 1}
        page.goto("/docs")  # Swagger UI, from the wheel's own copy
        expect(page.locator(".swagger-ui .info .title")).to_contain_text("Kernelscope")
    finally:
        context.close()
    assert not errors, errors
