"""The worker reads what the sandboxed child left in its work directory (the bundle, the
traces, the generated code, the crash log) as root, outside the sandbox. The snippet runs
in the harness's process and owns that directory, so it can leave a symlink to a file the
sandbox hides (the database, /proc/self/environ of the worker) or a FIFO there: none may be
followed. No bubblewrap needed: the files are planted as the snippet would plant them, in a
copy of a real recorded bundle (so a refusal is the link's doing, not the document's).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from backend.harness.protocol import BUNDLE_FILE
from backend.worker.bundle import BundleRefused, InvalidBundle, load_bundle, read_trace
from backend.worker.crash import _crash_frames
from backend.worker.execute import _artifacts

SECRET = b"the database: every user's private code"
RECORDED = Path(__file__).resolve().parents[1] / "data" / "h200_bundles" / "add_relu" / "bundle"


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "kernelscope.db"
    path.write_bytes(SECRET)
    path.chmod(0o600)
    return path


@pytest.fixture
def bundle_dir(tmp_path: Path) -> Path:
    directory = tmp_path / "work" / "run1" / "bundle"
    shutil.copytree(RECORDED, directory)
    return directory


def _document(directory: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((directory / BUNDLE_FILE).read_text())
    return document


def _stored(bundle_dir: Path) -> list[bytes]:
    try:
        bundle = load_bundle(bundle_dir)
    except BundleRefused:
        return []  # refused: the run ends as invalid_bundle, nothing is stored
    assert bundle is not None
    return [data for _, _, data, _ in _artifacts(bundle)]


def test_the_recorded_bundle_itself_is_read_whole(bundle_dir: Path) -> None:
    stored = _stored(bundle_dir)
    assert (bundle_dir / "output_code_0.py").read_bytes() in stored and len(stored) == 3


def test_a_symlinked_output_code_is_not_followed(bundle_dir: Path, secret: Path) -> None:
    (bundle_dir / "output_code_0.py").unlink()
    (bundle_dir / "output_code_0.py").symlink_to(secret)
    with pytest.raises(InvalidBundle, match=r"output_code_0\.py"):
        load_bundle(bundle_dir)
    assert SECRET not in _stored(bundle_dir)


def test_a_name_outside_the_bundle_is_not_read(bundle_dir: Path, secret: Path) -> None:
    for name in (str(secret), "../../../kernelscope.db"):
        document = _document(bundle_dir)
        document["compiled"]["graphs"][0]["output_code"] = name
        (bundle_dir / BUNDLE_FILE).write_text(json.dumps(document))
        with pytest.raises(InvalidBundle, match="output_code"):
            load_bundle(bundle_dir)
        assert SECRET not in _stored(bundle_dir)


def test_a_symlinked_trace_or_bundle_document_is_not_followed(
    bundle_dir: Path, tmp_path: Path
) -> None:
    document = _document(bundle_dir)
    elsewhere = tmp_path / "someone-elses-trace.json.gz"
    elsewhere.write_bytes(gzip.compress(b'{"traceEvents": [{"name": "secret"}]}'))
    (bundle_dir / "eager_trace.json.gz").unlink()
    (bundle_dir / "eager_trace.json.gz").symlink_to(elsewhere)
    with pytest.raises(OSError):
        read_trace(bundle_dir, document, "eager")
    with pytest.raises(InvalidBundle, match=r"eager_trace\.json\.gz"):
        load_bundle(bundle_dir)
    assert elsewhere.read_bytes() not in _stored(bundle_dir)
    other = tmp_path / "other.json"
    other.write_text(json.dumps(document))
    (bundle_dir / BUNDLE_FILE).unlink()
    (bundle_dir / BUNDLE_FILE).symlink_to(other)
    with pytest.raises(InvalidBundle, match=BUNDLE_FILE):
        load_bundle(bundle_dir)


def test_a_bundle_folder_replaced_by_a_symlink_is_not_followed(
    bundle_dir: Path, secret: Path
) -> None:
    document = _document(bundle_dir)
    document["compiled"]["graphs"][0]["output_code"] = "output_code_0.py"
    for name in ("eager_trace.json.gz", "compiled_trace.json.gz"):
        shutil.copy(bundle_dir / name, secret.parent / name)
    shutil.copy(secret, secret.parent / "output_code_0.py")
    (secret.parent / BUNDLE_FILE).write_text(json.dumps(document))
    shutil.rmtree(bundle_dir)
    bundle_dir.symlink_to(secret.parent)  # bundle -> the data directory
    with pytest.raises(InvalidBundle):
        load_bundle(bundle_dir)
    assert SECRET not in _stored(bundle_dir)


def test_a_fifo_in_place_of_a_file_does_not_block_the_worker(bundle_dir: Path) -> None:
    (bundle_dir / BUNDLE_FILE).unlink()
    os.mkfifo(bundle_dir / BUNDLE_FILE)
    os.mkfifo(bundle_dir.parent / "crash.log")
    found: list[object] = []

    def read() -> None:
        try:
            load_bundle(bundle_dir)
        except InvalidBundle as exc:
            found.append(exc.kind)
        found.append(_crash_frames(bundle_dir.parent / "crash.log", Path("x")))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():  # unblock the stuck reader so the test process can end
        for fifo in (bundle_dir / BUNDLE_FILE, bundle_dir.parent / "crash.log"):
            with open(fifo, "wb"):
                pass
    assert found == ["invalid_bundle", (None, [])]


def test_a_symlinked_crash_log_is_not_followed(bundle_dir: Path, tmp_path: Path) -> None:
    snippet = bundle_dir.parent / "snippet.py"
    elsewhere = tmp_path / "elsewhere.log"
    elsewhere.write_text(f'  File "{snippet}", line 7 in secret_function\n')
    (bundle_dir.parent / "crash.log").symlink_to(elsewhere)
    assert _crash_frames(bundle_dir.parent / "crash.log", snippet) == (None, [])
