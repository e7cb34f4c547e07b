import hashlib
from pathlib import Path

import pytest

from backend.store.blobs import BlobStore


def test_put_is_content_addressed_and_idempotent(tmp_path: Path) -> None:
    blobs = BlobStore(tmp_path / "blobs")
    data = b'{"traceEvents": []}'
    sha = blobs.put(data)
    assert sha == hashlib.sha256(data).hexdigest()
    assert blobs.put(data) == sha
    assert blobs.path_for(sha) == tmp_path / "blobs" / sha[:2] / sha[2:]
    assert blobs.exists(sha)
    assert blobs.get(sha) == data
    stored = [path for path in (tmp_path / "blobs").rglob("*") if path.is_file()]
    assert stored == [blobs.path_for(sha)]  # one copy, no temp files left behind


def test_put_file_streams_to_the_same_address(tmp_path: Path) -> None:
    blobs = BlobStore(tmp_path / "blobs")
    source = tmp_path / "trace.json"
    data = bytes(range(256)) * 10_000  # bigger than one read chunk
    source.write_bytes(data)
    assert blobs.put_file(source) == blobs.put(data) == hashlib.sha256(data).hexdigest()
    assert blobs.get(hashlib.sha256(data).hexdigest()) == data


def test_missing_blob(tmp_path: Path) -> None:
    blobs = BlobStore(tmp_path / "blobs")
    absent = "a" * 64
    assert not blobs.exists(absent)
    with pytest.raises(FileNotFoundError):
        blobs.get(absent)


@pytest.mark.parametrize(
    "crafted",
    [
        "../../etc/passwd",
        "",
        "a" * 63,
        "a" * 65,
        "A" * 64,
        "../" + "a" * 61,
        "a" * 63 + "/",
        "a" * 63 + "\n",
    ],
)
def test_refuses_anything_but_a_sha256(tmp_path: Path, crafted: str) -> None:
    blobs = BlobStore(tmp_path / "blobs")
    for method in (blobs.path_for, blobs.exists, blobs.get):
        with pytest.raises(ValueError, match="not a sha256"):
            method(crafted)
