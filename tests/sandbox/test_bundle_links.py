"""The worker reads what the sandboxed child left in its work directory (the bundle, the
traces, the generated code, the crash log) as root, outside the sandbox. The snippet runs
in the harness's process and owns that directory, so it can leave a symlink to a file the
sandbox hides (the database, /proc/self/environ of the worker) or a FIFO there: none may be
followed. No bubblewrap needed: the files are planted as the snippet would plant them.
"""

from __future__ import annotations

import gzip
import json
import os
import threading
from pathlib import Path

import pytest

from backend.harness.protocol import BUNDLE_FILE
from backend.worker.bundle import read_bundle, read_trace
from backend.worker.crash import _crash_frames
from backend.worker.execute import _artifacts

SECRET = b"the database: every user's private code"


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "kernelscope.db"
    path.write_bytes(SECRET)
    path.chmod(0o600)
    return path


@pytest.fixture
def bundle_dir(tmp_path: Path) -> Path:
    directory = tmp_path / "work" / "run1" / "bundle"
    directory.mkdir(parents=True)
    return directory


def _bundle(directory: Path, output_code: str = "output_code_0.py") -> dict[str, object]:
    document = {
        "eager": {"trace": "eager_trace.json.gz"},
        "compiled": {"trace": None, "graphs": [{"index": 0, "output_code": output_code}]},
    }
    (directory / "eager_trace.json.gz").write_bytes(gzip.compress(b'{"traceEvents": []}'))
    (directory / BUNDLE_FILE).write_text(json.dumps(document))
    return document


def _stored(bundle_dir: Path, bundle: dict[str, object]) -> list[bytes]:
    try:
        return [data for _, _, data, _ in _artifacts(bundle_dir, bundle)]
    except OSError:
        return []  # refused: the run ends as an internal error, nothing is stored


def test_a_symlinked_output_code_is_not_followed(bundle_dir: Path, secret: Path) -> None:
    bundle = _bundle(bundle_dir)
    (bundle_dir / "output_code_0.py").symlink_to(secret)
    assert SECRET not in _stored(bundle_dir, bundle)


def test_a_name_outside_the_bundle_is_not_read(bundle_dir: Path, secret: Path) -> None:
    for name in (str(secret), "../../../kernelscope.db"):
        bundle = _bundle(bundle_dir, output_code=name)
        assert SECRET not in _stored(bundle_dir, bundle)


def test_a_symlinked_trace_or_bundle_document_is_not_followed(
    bundle_dir: Path, tmp_path: Path
) -> None:
    bundle = _bundle(bundle_dir)
    elsewhere = tmp_path / "someone-elses-trace.json.gz"
    elsewhere.write_bytes(gzip.compress(b'{"traceEvents": [{"name": "secret"}]}'))
    (bundle_dir / "eager_trace.json.gz").unlink()
    (bundle_dir / "eager_trace.json.gz").symlink_to(elsewhere)
    with pytest.raises(OSError):
        read_trace(bundle_dir, bundle, "eager")
    assert elsewhere.read_bytes() not in _stored(bundle_dir, bundle)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"status": "succeeded"}))
    (bundle_dir / BUNDLE_FILE).unlink()
    (bundle_dir / BUNDLE_FILE).symlink_to(other)
    assert read_bundle(bundle_dir) is None


def test_a_bundle_folder_replaced_by_a_symlink_is_not_followed(
    bundle_dir: Path, secret: Path
) -> None:
    (secret.parent / BUNDLE_FILE).write_text("{}")
    bundle = {"compiled": {"graphs": [{"index": 0, "output_code": secret.name}]}}
    bundle_dir.rmdir()
    bundle_dir.symlink_to(secret.parent)  # bundle -> the data directory
    assert read_bundle(bundle_dir) is None
    assert SECRET not in _stored(bundle_dir, bundle)


def test_a_fifo_in_place_of_a_file_does_not_block_the_worker(bundle_dir: Path) -> None:
    os.mkfifo(bundle_dir / BUNDLE_FILE)
    os.mkfifo(bundle_dir.parent / "crash.log")
    found: list[object] = []
    reader = threading.Thread(
        target=lambda: found.extend(
            [read_bundle(bundle_dir), _crash_frames(bundle_dir.parent / "crash.log", Path("x"))]
        ),
        daemon=True,
    )
    reader.start()
    reader.join(5)
    if reader.is_alive():  # unblock the stuck reader so the test process can end
        for fifo in (bundle_dir / BUNDLE_FILE, bundle_dir.parent / "crash.log"):
            with open(fifo, "wb"):
                pass
    assert found == [None, (None, [])]


def test_a_symlinked_crash_log_is_not_followed(bundle_dir: Path, tmp_path: Path) -> None:
    snippet = bundle_dir.parent / "snippet.py"
    elsewhere = tmp_path / "elsewhere.log"
    elsewhere.write_text(f'  File "{snippet}", line 7 in secret_function\n')
    (bundle_dir.parent / "crash.log").symlink_to(elsewhere)
    assert _crash_frames(bundle_dir.parent / "crash.log", snippet) == (None, [])
