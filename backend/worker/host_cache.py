"""Facts about this host that take seconds to learn, remembered across processes.

Each kind of fact is one small JSON file, `{key: entry}`, in the worker's host cache folder
(the `cache_dir` setting, handed down in WorkerSetup.host_cache; backend/limits.py's
`default_cache_dir()` where none is given): the device's measured peaks
(backend/worker/peaks.py), which vector instruction sets the CPU's compiler can use
(backend/worker/vec_isa.py). Only the worker writes them, from probes that run no snippet.
An entry records when it was learnt; a reader gives its own age limit. Larger things the
worker builds once per host (the harness's bytecode, Inductor's host-only C++ builds) are
folders beside them (`made_folder`).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import logging
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


@functools.cache
def torch_version() -> str:
    """The installed torch's version, read once (the worker never imports torch)."""
    return package_version("torch")


@functools.cache
def package_version(name: str) -> str:
    """An installed package's version, read once; "none" where it is not installed."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "none"


def run_probe(
    command: list[str], run_env: dict[str, str], extra: dict[str, str], timeout_s: float
) -> subprocess.CompletedProcess[str]:
    """One of the worker's own probes (never a snippet), started as a run would be, with
    `run_env` and `extra`, in a throwaway folder that is its home, temp, Inductor and Triton
    cache (never the run's own: a probe runs as the worker, and what it left in a sandboxed
    run's folders would be the worker's, not the run's to write beside).
    Raises OSError or SubprocessError when it cannot run."""
    with tempfile.TemporaryDirectory(prefix="kernelscope-probe-") as folder:
        place = {"HOME": folder, "TMPDIR": folder, "TORCHINDUCTOR_CACHE_DIR": folder}
        place["TRITON_CACHE_DIR"] = str(Path(folder) / "triton")
        return subprocess.run(
            command,
            capture_output=True,
            text=True,
            env={**run_env, **place, **extra},
            cwd=folder,
            timeout=timeout_s,
            check=False,
        )


def cache_file(cache_dir: Path, name: str) -> Path:
    return cache_dir / name


@contextlib.contextmanager
def host_lock(cache_dir: Path, name: str) -> Iterator[None]:
    """An exclusive lock beside the cache file, across processes (two Kernelscope
    processes probing at once would slow both; a no-op where it cannot be made: a
    read-only home, say)."""
    path = cache_file(cache_dir, f"{name.removesuffix('.json')}.lock")  # names may hold dots
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a")  # noqa: SIM115  # held for the with block below
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def read_entry(cache_dir: Path, name: str, key: str, max_age_s: float) -> dict[str, Any] | None:
    """The entry under `key`, unless missing, unreadable or older than `max_age_s`."""
    try:
        entry = json.loads(cache_file(cache_dir, name).read_text()).get(key)
        if not isinstance(entry, dict) or time.time() - float(entry["at"]) > max_age_s:
            return None
        return entry
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def write_entry(cache_dir: Path, name: str, key: str, entry: dict[str, Any]) -> None:
    """Remember `entry` under `key` (stamped with the time), keeping the other keys."""
    path = cache_file(cache_dir, name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            known = json.loads(path.read_text())
            known = known if isinstance(known, dict) else {}
        except (OSError, ValueError):
            known = {}
        known[key] = {**entry, "at": time.time()}
        staged = path.with_name(f".{path.name}.{os.getpid()}")
        staged.write_text(json.dumps(known, indent=1))
        staged.replace(path)  # atomic: a reader sees the old file or the new one
    except OSError as exc:
        log.warning("cannot remember this host's %s in %s: %s", name, path, exc)


def make_with_probe(
    what: str,
    folder: Path,
    command: list[str],
    run_env: dict[str, str],
    extra: dict[str, str],
    timeout_s: float,
) -> bool:
    """`command` run as a probe (`run_probe`) to fill `folder` with `what`: True when it
    exited 0; how it went is logged, never raised."""
    began = time.monotonic()
    try:
        done = run_probe(command, run_env, extra, timeout_s)
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("cannot make %s: %s", what, exc)
        return False
    if done.returncode != 0:
        said = done.stderr.strip().splitlines() or ["no output"]
        log.warning("%s not made: %s", what, said[-1][:300])
        return False
    log.info("made %s in %s in %.1f s", what, folder, time.monotonic() - began)
    return True


MADE = "made"  # written last into a made folder: one without it was cut short and is unused


def made_folder(cache_dir: Path, name: str, make: Callable[[Path], bool]) -> Path | None:
    """The folder `name` of this host's cache, filled once by `make(folder)` (True when it
    succeeded) and then used by every run; None where making it failed or the cache cannot
    be written (a read-only or full home: runs then go without it). One process makes it
    while others wait (`host_lock`); each process asks the disk once, and tries to make it
    at most once."""
    folder = cache_file(cache_dir, name)
    with _MADE_LOCK:
        if folder not in _MADE_MEMO:
            _MADE_MEMO[folder] = False  # until made: a failure is not tried again here
            try:
                with host_lock(cache_dir, name):
                    _make_unless_made(folder, make)
                _MADE_MEMO[folder] = (folder / MADE).is_file()
            except OSError as exc:
                log.warning("cannot keep %s in this host's cache: %s", name, exc)
        return folder if _MADE_MEMO[folder] else None


def _make_unless_made(folder: Path, make: Callable[[Path], bool]) -> None:
    """Called under the host lock. A folder without `MADE` is what a make that failed or
    was killed left: it is emptied first, so a make never builds on a part of another's
    and readers (who look for `MADE` under the same lock) see a whole folder or none."""
    if (folder / MADE).is_file():
        return
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    if make(folder):
        os.chmod(folder, 0o755)  # runs read it as their own uid
        (folder / MADE).write_text(f"{time.time()}\n")


_MADE_MEMO: dict[Path, bool] = {}
_MADE_LOCK = threading.Lock()
