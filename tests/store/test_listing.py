import pytest

from backend.result import RunStatus
from backend.store.ids import new_run_id
from backend.store.repository import RunNotFound, RunSummary, Store
from tests.factories import CODE, failed_result, rich_result


def _all_pages(
    store: Store,
    limit: int,
    *,
    status: RunStatus | None = None,
    device: str | None = None,
    text: str | None = None,
) -> list[list[RunSummary]]:
    pages: list[list[RunSummary]] = []
    before: str | None = None
    while page := store.list_runs(
        limit=limit, before=before, status=status, device=device, text=text
    ):
        pages.append(page)
        before = page[-1].id
    return pages


def _save_at(store: Store, created_at: str, *, failed: bool = False) -> str:
    run_id = new_run_id()
    result = failed_result(run_id) if failed else rich_result(run_id)
    result.created_at = created_at
    store.save_result(result, CODE, [])
    return run_id


def test_paging_returns_every_run_once_newest_first(empty_store: Store) -> None:
    # Several runs share a timestamp: the id breaks the tie, so none is skipped or repeated.
    stamps = [f"2025-11-{day:02d}T10:00:00+00:00" for day in (1, 2, 2, 2, 3, 4, 4, 5)]
    ids = {_save_at(empty_store, stamp) for stamp in stamps * 3}
    pages = _all_pages(empty_store, limit=5)

    listed = [run.id for page in pages for run in page]
    assert sorted(listed) == sorted(ids)  # exactly once each
    assert [len(page) for page in pages] == [5, 5, 5, 5, 4]
    keys = [(run.created_at, run.id) for page in pages for run in page]
    assert keys == sorted(keys, reverse=True)


def test_summary_fields(empty_store: Store) -> None:
    run_id = _save_at(empty_store, "2025-11-30T02:20:00.123456+00:00")
    [summary] = empty_store.list_runs()
    result = rich_result(run_id)
    assert summary == RunSummary(
        id=run_id,
        title=result.title,
        status="succeeded",
        created_at="2025-11-30T02:20:00.123456+00:00",
        device_name="NVIDIA H200",
        torch_version="2.13.0+cu128",
        eager_kernel_count=3,
        compiled_kernel_count=2,
        speedup=result.speedup,
        kernel_speedup=result.kernel_speedup,
        size=1024,
    )


def test_filters(empty_store: Store) -> None:
    succeeded = {_save_at(empty_store, f"2025-11-0{day}T00:00:00+00:00") for day in range(1, 8)}
    failed = {
        _save_at(empty_store, f"2025-10-0{day}T00:00:00+00:00", failed=True) for day in (1, 2, 3)
    }
    queued = empty_store.create_run("y = torch.ones(3)  # 100% of_it", title="ones")

    def ids(pages: list[list[RunSummary]]) -> set[str]:
        return {run.id for page in pages for run in page}

    assert ids(_all_pages(empty_store, 2, status="failed")) == failed
    assert ids(_all_pages(empty_store, 2, status="succeeded")) == succeeded
    assert ids(_all_pages(empty_store, 2, device="AMD EPYC 9654")) == failed
    assert ids(_all_pages(empty_store, 3, text="ONES")) == {queued}  # title, any case
    assert ids(_all_pages(empty_store, 3, text="% of_")) == {queued}  # code; wildcards are literal
    assert ids(_all_pages(empty_store, 3, text="%")) == {queued}
    assert ids(_all_pages(empty_store, 3, text=queued)) == {queued}  # an id
    assert empty_store.list_runs(status="crashed") == []


def test_bad_arguments(empty_store: Store) -> None:
    with pytest.raises(RunNotFound):
        empty_store.list_runs(before="nosuchrun234")
    with pytest.raises(ValueError, match="limit"):
        empty_store.list_runs(limit=0)
