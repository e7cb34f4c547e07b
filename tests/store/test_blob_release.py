"""A deleted run frees the blobs no other run shares, at once (a run's 3 GB of
traces stayed on disk until `kernelscope prune`). Blobs are shared by content, so a save of
the same bytes may be between its `put` and its commit while another run is deleted: that
blob must survive."""

from __future__ import annotations

import threading
import time

import pytest

from backend.store import blobs, children
from backend.store.ownership import delete_unless_running
from backend.store.repository import Store
from tests.factories import CODE, failed_result, rich_result

TRACE = b"\x1f\x8b" + b"a trace" * 100_000
OTHER = b"generated code" * 1000


def blob_bytes(store: Store) -> int:
    return sum(p.stat().st_size for p in store.blobs.root.rglob("*") if p.is_file())


def save(store: Store, data: bytes, *more: bytes) -> str:
    run_id = store.create_run(CODE)
    artifacts = [("eager_trace", "eager_trace.json.gz", data, "application/gzip")]
    for i, code in enumerate(more):
        artifacts.append(("output_code", f"output_code_{i}.py", code, "text/x-python"))
    store.save_result(rich_result(run_id), CODE, artifacts)
    return run_id


def test_deleting_a_run_frees_its_blobs(empty_store: Store) -> None:
    run_id = save(empty_store, TRACE, OTHER)
    assert blob_bytes(empty_store) == len(TRACE) + len(OTHER)
    assert empty_store.delete_run(run_id)
    assert blob_bytes(empty_store) == 0


def test_deleting_through_the_api_path_frees_them_too(empty_store: Store) -> None:
    run_id = save(empty_store, TRACE)
    assert delete_unless_running(empty_store, run_id)
    assert blob_bytes(empty_store) == 0


def test_a_blob_another_run_shares_is_kept(empty_store: Store) -> None:
    first, second = save(empty_store, TRACE, OTHER), save(empty_store, TRACE)
    empty_store.delete_run(first)
    assert blob_bytes(empty_store) == len(TRACE)
    assert empty_store.artifact_bytes(second, "eager_trace", "eager_trace.json.gz") == TRACE


def test_a_failed_save_leaves_no_blob(empty_store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(children, "insert_children", broken)
    with pytest.raises(RuntimeError):
        save(empty_store, TRACE, OTHER)
    assert blob_bytes(empty_store) == 0


def test_a_run_saved_again_frees_what_it_no_longer_holds(empty_store: Store) -> None:
    run_id = save(empty_store, TRACE, OTHER)
    empty_store.save_result(failed_result(run_id), CODE, [])  # e.g. a retry that stored nothing
    assert blob_bytes(empty_store) == 0


def test_a_delete_waits_for_a_save_of_the_same_content(
    empty_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save has put its blob (already there: it only touched it) and not committed its
    row when the other run is deleted: the delete must not take the blob from under it."""
    first = save(empty_store, TRACE)
    second = empty_store.create_run(CODE)
    put_done, go_on = threading.Event(), threading.Event()
    put = empty_store.blobs.put

    def slow_put(data: bytes) -> str:
        sha = put(data)
        put_done.set()
        go_on.wait(10)
        return sha

    monkeypatch.setattr(empty_store.blobs, "put", slow_put)
    artifacts = [("eager_trace", "eager_trace.json.gz", TRACE, "application/gzip")]
    saver = threading.Thread(
        target=empty_store.save_result, args=(rich_result(second), CODE, artifacts)
    )
    saver.start()
    assert put_done.wait(10)
    deleter = threading.Thread(target=empty_store.delete_run, args=(first,))
    deleter.start()
    deleter.join(0.5)
    assert deleter.is_alive(), "the delete went ahead while the save was between put and commit"
    go_on.set()
    saver.join(10)
    deleter.join(10)
    assert empty_store.load_result(first) is None
    assert empty_store.artifact_bytes(second, "eager_trace", "eager_trace.json.gz") == TRACE


def test_a_delete_does_not_wait_for_a_long_backup(
    empty_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A backup holds the blobs while it copies: a delete then leaves them to the next
    prune rather than keep its request waiting."""
    monkeypatch.setattr(blobs, "RELEASE_WAIT_S", 0.2)
    run_id = save(empty_store, TRACE)
    with empty_store.blobs.keeping():  # as `kernelscope backup` does, from another process
        started = time.monotonic()
        assert empty_store.delete_run(run_id)
        assert time.monotonic() - started < 5
    assert blob_bytes(empty_store) == len(TRACE)  # unreferenced: `kernelscope prune` takes it
