"""The fixtures every test package shares, and session-wide hygiene.

Two kinds of store, by what the test is about:
- `empty_store`: a fresh, migrated store of the test's own, no app in front of it.
- `app_store`: the store of the app that `client` drives, to set up runs in states the
  API alone cannot reach quickly (and to see what the API wrote).
The app runs no local worker (`local_workers=0`): queued runs stay queued, so every state
can be set up exactly. A directory whose app differs (accounts on, a smaller snippet limit)
overrides `settings` in its own conftest.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.limits import default_cache_dir
from backend.settings import Settings
from backend.store.repository import Store
from tests.helpers import app_context

WORK_QUOTA_SOURCE = "kernelscope-run"  # the tmpfs WorkQuota mounts over a run's work dir


@pytest.fixture
def empty_store(tmp_path: Path) -> Iterator[Store]:
    """A fresh, migrated store in this test's data directory (`tmp_path / "data"`), with no
    app in front of it; not for a test that also starts the app (`client`: `app_store`)."""
    with Store.open(tmp_path / "data") as opened:
        yield opened


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The app under test: its data in this test's data directory, no local worker."""
    return Settings(data_dir=tmp_path / "data", local_workers=0)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    """The real app (`create_app(settings)`) through FastAPI's TestClient, started."""
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def app_store(client: TestClient) -> Store:
    """The store of the app that `client` drives."""
    opened: Store = app_context(client).store
    return opened


def _unmount_work_quotas(under: list[Path]) -> None:
    """Unmount run tmpfs mounts left under these directories by workers the tests killed
    (SIGKILL gives a worker no chance to unmount). pytest deletes old temporary directories
    when a later session starts, and a mount point in one ends that session with EBUSY."""
    try:
        mounts = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return
    for line in mounts:
        source, point = line.split()[:2]
        if source == WORK_QUOTA_SOURCE and any(Path(point).is_relative_to(d) for d in under):
            subprocess.run(["umount", "--lazy", point], capture_output=True, check=False)


HOST_CACHE_ENV = "KERNELSCOPE_CACHE_DIR"  # the cache_dir setting (backend/settings.py)


def pytest_configure(config: pytest.Config) -> None:
    """No test reads or writes the real home cache (~/.cache/kernelscope): what a machine
    kept from older code would make tests pass or fail by the machine's history. Each pytest
    invocation gets a fresh one, shared by its xdist workers (they inherit the controller's
    environment), so the host's builds are made once per session, as on a new host, and
    several workers make them at once, as several Kernelscope processes may. Both ways a
    worker finds it point there: the setting (servers and commands the tests start) and
    $XDG_CACHE_HOME, its default (a WorkerSetup a test makes without one)."""
    if hasattr(config, "workerinput"):  # an xdist worker: the controller chose the folder
        return
    folder = tempfile.mkdtemp(prefix="kernelscope-test-cache-")
    cache = Path(folder) / "kernelscope"
    cache.mkdir()
    for made in (folder, cache):
        os.chmod(made, 0o755)  # sandboxed runs (other uids) read the builds made in it
    os.environ["XDG_CACHE_HOME"] = folder
    os.environ[HOST_CACHE_ENV] = str(cache)
    assert default_cache_dir() == cache
    config.stash[_HOST_CACHE] = Path(folder)


_HOST_CACHE = pytest.StashKey[Path]()


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_HOST_CACHE, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_sessionstart(session: pytest.Session) -> None:
    # directories pytest has set aside for deletion: no session of anyone's is using them
    _unmount_work_quotas(list(Path(tempfile.gettempdir()).glob("pytest-of-*/garbage-*")))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    factory = session.config._tmp_path_factory  # type: ignore[attr-defined]
    if factory._basetemp is not None:  # this session made temporary directories
        _unmount_work_quotas([factory.getbasetemp()])


FILE_SECONDS = Path(__file__).with_name("file_seconds.json")  # scripts/test_file_seconds.py
UNMEASURED_SLOW_S = 30  # a file with real runs that file_seconds.json does not list yet


# Fixtures that start something real; a test that uses one is `slow` whatever its file
# says, so `make check` (-m "not slow and not browser") never starts these.
SLOW_FIXTURES = {
    "redis_server": "a redis-server (tests/queue/conftest.py)",
    "redis_url": "a redis-server (tests/ops/test_health.py)",
    "real_sandbox": "bubblewrap around real runs (tests/sandbox/conftest.py)",
}


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if any(name in SLOW_FIXTURES for name in fixtures):
            item.add_marker(pytest.mark.slow)
    _longest_files_first(config, items)


def _longest_files_first(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest files first (file_seconds.json, measured; a file with real runs that it
    does not list counts as UNMEASURED_SLOW_S), each file's tests in their own order.
    pytest-xdist hands whole files to its workers in this order (`--dist loadfile`), so the
    long files start early and the short ones fill each worker's last minutes: the suite
    takes as long as its busiest worker."""
    try:
        measured: dict[str, float] = json.loads(FILE_SECONDS.read_text())
    except (OSError, ValueError):
        measured = {}
    root = Path(str(config.rootpath))
    slow = {item.path for item in items if item.get_closest_marker("slow") is not None}

    def seconds(item: pytest.Item) -> float:
        name = item.path.relative_to(root).as_posix()
        return measured.get(name, UNMEASURED_SLOW_S if item.path in slow else 0)

    items.sort(key=lambda item: -seconds(item))  # stable: files stay contiguous
