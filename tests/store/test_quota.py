"""Storage quotas in the store: what each counts, and a save past one stores no file.

The API's side (403 at submission, /metrics, a real run over the limit) is in
tests/api/test_storage_quota.py; a remote worker's report in tests/queue.
"""

from __future__ import annotations

import pytest

from backend.store import accounts
from backend.store.db import read_session
from backend.store.models import Run
from backend.store.quota import (
    BlobQuota,
    QuotaExceeded,
    instance_bytes,
    row_bytes_of,
    user_bytes,
    user_usage,
)
from backend.store.repository import Store
from tests.factories import CODE, rich_result, save_with_files
from tests.helpers import present

KiB = 1024


def blob_files(store: Store) -> list[str]:
    return sorted(p.name for p in store.blobs.root.glob("*/*"))


def rows(store: Store, run_id: str) -> int:
    """The row bytes the run's stored result counts in the quotas (besides its files)."""
    with read_session(store.engine) as session:
        run = session.get(Run, run_id)
        assert run is not None
        return run.row_bytes


def test_a_user_counts_each_reference_and_the_instance_each_distinct_file(
    empty_store: Store,
) -> None:
    alice = accounts.create_user(empty_store, "alice")
    shared, own = b"s" * (3 * KiB), b"o" * KiB
    save_with_files(empty_store, [shared, own], owner_id=alice)
    save_with_files(empty_store, [shared], owner_id=alice)
    save_with_files(empty_store, [shared])  # no owner: the instance's only
    with read_session(empty_store.engine) as session:
        assert user_bytes(session, alice) == 7 * KiB
        assert instance_bytes(session) == 4 * KiB  # what the blob directory holds
    assert sum(p.stat().st_size for p in empty_store.blobs.root.glob("*/*")) == 4 * KiB


def test_a_save_past_the_users_quota_stores_nothing_and_says_which(empty_store: Store) -> None:
    alice, bob = (
        accounts.create_user(empty_store, "alice"),
        accounts.create_user(empty_store, "bob"),
    )
    first = save_with_files(empty_store, [b"a" * (6 * KiB)], owner_id=alice)
    result_rows = rows(empty_store, first)  # each run's result counts as much, about
    empty_store.quota = BlobQuota(per_user_bytes=10 * KiB + 2 * result_rows)
    files_before = blob_files(empty_store)
    run_id = empty_store.create_run(CODE, owner_id=alice)
    artifacts = [("eager_trace", "eager_trace.json.gz", b"b" * (5 * KiB), "application/gzip")]
    with pytest.raises(QuotaExceeded) as refused:
        empty_store.save_result(rich_result(run_id), CODE, artifacts)
    assert (refused.value.scope, refused.value.used, refused.value.adding) == (
        "user",
        6 * KiB + result_rows,
        5 * KiB + row_bytes_of(rich_result(run_id), CODE),
    )
    assert "KERNELSCOPE_MAX_STORED_MIB_PER_USER" in str(refused.value)
    assert "Delete runs you no longer need" in str(refused.value)
    assert blob_files(empty_store) == files_before  # the refused file was put, then released
    assert empty_store.list_artifacts(run_id) == []
    assert present(empty_store.load_result(run_id)).status == "queued"
    # Another user's files are not alice's; a run saved again counts its new files only.
    save_with_files(empty_store, [b"c" * (9 * KiB)], owner_id=bob)
    empty_store.save_result(rich_result(first), CODE, [("eager_trace", "t", b"d" * 10 * KiB, "x")])
    assert empty_store.quota.refusals() == {("user", "store"): 1}


def test_the_instance_quota_counts_files_already_kept_once(empty_store: Store) -> None:
    kept = b"k" * (8 * KiB)
    result_rows = rows(empty_store, save_with_files(empty_store, [kept]))
    empty_store.quota = BlobQuota(instance_bytes=10 * KiB + 3 * result_rows)
    save_with_files(empty_store, [kept])  # the same file: nothing more on disk
    with pytest.raises(QuotaExceeded) as refused:
        save_with_files(empty_store, [b"n" * (3 * KiB)])
    assert refused.value.scope == "instance"
    assert "KERNELSCOPE_MAX_STORED_MIB" in str(refused.value)
    assert "kernelscope prune" in str(refused.value)


def test_a_result_past_a_quota_is_stored_as_a_failed_run_without_files(empty_store: Store) -> None:
    empty_store.quota = BlobQuota(instance_bytes=4 * KiB)
    run_id = empty_store.create_run(CODE)
    result = rich_result(run_id)
    result.output.stdout = "printed by the snippet\n"
    artifacts = [("eager_trace", "eager_trace.json.gz", b"x" * (5 * KiB), "application/gzip")]
    stored = empty_store.save_within_quota(result, CODE, artifacts)
    loaded = empty_store.load_result(run_id)
    assert loaded is not None and loaded == stored.model_copy(update={"sweep": []})
    assert loaded.status == "failed" and loaded.error is not None
    assert loaded.error.kind == "storage_quota"
    assert loaded.error.message.startswith("The run finished; its traces and code were not")
    assert loaded.output.stdout == "printed by the snippet\n"
    assert loaded.variants == {} and loaded.speedup is None
    assert empty_store.list_artifacts(run_id) == [] and blob_files(empty_store) == []


def test_a_runs_database_rows_count_in_its_owners_quota(empty_store: Store) -> None:
    """A large run's rows took about 9.4 MB of the database and its owner's
    quota counted none of it; a result without files counted nothing at all."""
    alice = accounts.create_user(empty_store, "alice")
    run_id = empty_store.create_run(CODE, owner_id=alice)
    result = rich_result(run_id)
    result.output.stdout = "y" * (40 * KiB)  # a result of 40 KiB and more, no file
    empty_store.save_result(result, CODE, [])
    with read_session(empty_store.engine) as session:
        counted = user_usage(session, alice)
        assert user_bytes(session, alice) == 0  # no file
    assert counted == rows(empty_store, run_id) == row_bytes_of(result, CODE) > 40 * KiB

    empty_store.quota = BlobQuota(per_user_bytes=40 * KiB)
    with pytest.raises(QuotaExceeded) as full:
        empty_store.storage_room(alice)  # the API's 403 at submission
    assert (full.value.scope, full.value.used) == ("user", counted)
    assert "traces, generated code and results" in str(full.value)
    again = empty_store.create_run(CODE, owner_id=alice)
    stored = empty_store.save_within_quota(rich_result(again), CODE, [])
    assert stored.status == "failed" and stored.error is not None  # a run still ends
    assert stored.error.kind == "storage_quota"
