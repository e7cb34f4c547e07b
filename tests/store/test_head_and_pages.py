"""What a page reads of a stored run without loading it whole: the head (the document
without kernel lists and round trips), pages of kernels and round trips, the timeline's
time columns and the round-trip facts; and the bulk save they read from."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic.fields import FieldInfo

from backend import result as doc
from backend.run_head import LEFT_OUT_OF_RUN, LEFT_OUT_OF_VARIANT, RunHead, VariantTotals, head_of
from backend.store.repository import Store
from tests.factories import CODE, chain_result, failed_result, rich_result

N = 40  # eager kernels of the chain run: 10 compiled, 39 round trips


def _described(field: FieldInfo) -> tuple[Any, ...]:
    return (field.annotation, field.default, field.default_factory, field.description)


@pytest.mark.parametrize(
    ("head", "whole", "left_out"),
    [(RunHead, doc.RunResult, LEFT_OUT_OF_RUN), (VariantTotals, doc.Variant, LEFT_OUT_OF_VARIANT)],
)
def test_the_head_has_every_field_of_the_document_but_the_long_lists(
    head: type[Any], whole: type[Any], left_out: frozenset[str]
) -> None:
    """One definition (RunFields) makes both: they differ by the long lists alone."""
    expected = [name for name in whole.model_fields if name not in left_out]
    assert list(head.model_fields) == expected
    for name in expected:
        if name == "variants":  # the one field whose type differs: totals, not kernels
            assert head.model_fields[name].annotation == dict[doc.VariantName, VariantTotals]
            continue
        assert _described(head.model_fields[name]) == _described(whole.model_fields[name]), name


# result.json's top-level fields in the order every stored and downloaded document has them:
# a field is added at the end of its group, never moved (the round trips follow the variants).
DOCUMENT_ORDER = [
    *("id", "status", "error", "title", "created_at", "finished_at", "code_sha256", "size"),
    *("sweep_id", "sweep", "entry_point", "notes", "device", "versions", "variants"),
    *("round_trips", "totals", "speedup", "speedup_interval", "kernel_speedup", "correctness"),
    *("compile", "hints", "compiled_modes", "harness_peak_memory_bytes", "output", "duration_s"),
    *("step_seconds", "prewarm_s", "grad_mode", "machine_load", "noise", "modules"),
    "measurements",
]


def test_the_documents_keep_their_field_order() -> None:
    whole = rich_result("r1")
    assert list(json.loads(whole.model_dump_json())) == DOCUMENT_ORDER
    head = json.loads(head_of(whole).model_dump_json())
    assert list(head) == [name for name in DOCUMENT_ORDER if name != "round_trips"]
    assert list(head["variants"]["eager"]) == list(VariantTotals.model_fields)
    assert list(json.loads(whole.model_dump_json())["variants"]["eager"])[-1] == "kernels"


def test_head_and_document_are_one_definition() -> None:
    assert issubclass(RunHead, doc.RunFields) and issubclass(doc.RunResult, doc.RunFields)
    assert issubclass(doc.Variant, VariantTotals)


def _saved(store: Store, result: doc.RunResult) -> doc.RunResult:
    store.save_result(result, CODE, [])
    return result


@pytest.fixture
def chain(empty_store: Store) -> doc.RunResult:
    return _saved(empty_store, chain_result(empty_store.create_run(CODE), N))


def test_load_head_is_the_document_without_its_lists(
    empty_store: Store, chain: doc.RunResult
) -> None:
    head = empty_store.load_head(chain.id)
    assert head == head_of(chain)
    assert head is not None and head.variants["eager"].kernel_count == N
    assert "kernels" not in head.model_dump()["variants"]["eager"]
    assert "round_trips" not in head.model_dump()


def test_a_failed_run_has_a_head_without_variants(empty_store: Store) -> None:
    failed = _saved(empty_store, failed_result(empty_store.create_run(CODE)))
    assert empty_store.load_head(failed.id) == head_of(failed)
    assert empty_store.load_head("no-such-run") is None


def test_a_kernel_page_is_exactly_the_slice_asked_for(
    empty_store: Store, chain: doc.RunResult
) -> None:
    kernels = chain.variants["eager"].kernels
    page = empty_store.kernel_page(chain.id, "eager", 7, 5)
    assert page is not None
    assert (page.variant, page.offset, page.total) == ("eager", 7, N)
    assert page.kernels == kernels[7:12]  # transfers included, in order
    assert page.positions == [7, 8, 9, 10, 11]
    last = empty_store.kernel_page(chain.id, "eager", N - 2, 5)
    assert last is not None and last.kernels == kernels[N - 2 :] and last.total == N
    beyond = empty_store.kernel_page(chain.id, "eager", N + 3, 5)
    assert beyond is not None and beyond.kernels == [] and beyond.total == N


def test_a_kernel_page_of_one_line(empty_store: Store, chain: doc.RunResult) -> None:
    """Line 8 made the odd eager kernels: the page counts and slices only those."""
    odd = [k for k in chain.variants["eager"].kernels if 8 in k.lines]
    page = empty_store.kernel_page(chain.id, "eager", 2, 3, line=8)
    assert page is not None
    assert page.total == len(odd) == N // 2
    assert page.kernels == odd[2:5] and page.positions == [5, 7, 9]
    none = empty_store.kernel_page(chain.id, "eager", 0, 10, line=99)
    assert none is not None and (none.total, none.kernels) == (0, [])


def test_a_variant_the_run_lacks_has_no_page(empty_store: Store) -> None:
    failed = _saved(empty_store, failed_result(empty_store.create_run(CODE)))
    assert empty_store.kernel_page(failed.id, "eager", 0, 10) is None


def test_kernels_at_positions_and_time_columns(empty_store: Store, chain: doc.RunResult) -> None:
    compiled = chain.variants["compiled"].kernels
    assert empty_store.kernels_at(chain.id, "compiled", [9, 0, 3, 0, 50]) == {
        0: compiled[0],
        3: compiled[3],
        9: compiled[9],
    }
    times = empty_store.kernel_times(chain.id)
    assert list(times) == ["eager", "compiled"]
    for name, variant in chain.variants.items():
        assert times[name].index == [k.index for k in variant.kernels]
        assert times[name].start_us == [k.start_us for k in variant.kernels]
        assert times[name].dur_us == [k.dur_us for k in variant.kernels]


def test_round_trip_pages(empty_store: Store, chain: doc.RunResult) -> None:
    page = empty_store.round_trip_page(chain.id, 30, 20)
    assert (page.offset, page.total) == (30, N - 1)
    assert page.round_trips == chain.round_trips[30:]


def test_runs_saved_one_after_another_keep_their_own_children(empty_store: Store) -> None:
    """Ids are assigned by the bulk save: a second run's children must not collide with,
    or be read as, the first run's; saving one again replaces only its own."""
    first = _saved(empty_store, chain_result(empty_store.create_run(CODE), 8))
    second = _saved(empty_store, rich_result(empty_store.create_run(CODE)))
    first_again = _saved(empty_store, chain_result(first.id, 12))
    assert empty_store.load_result(second.id) == second
    assert empty_store.load_result(first.id) == first_again
    third = _saved(empty_store, chain_result(empty_store.create_run(CODE), 4))
    assert empty_store.load_result(third.id) == third
    assert empty_store.load_result(second.id) == second
