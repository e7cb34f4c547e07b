"""The result document's numbers are bounded where they are parsed, and so are the sums the
store makes of them: the largest document the bounds let through is stored and summed
without passing SQLite's signed 64-bit INTEGER; past them, the parse says what and where."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from backend import result as doc
from backend.result.bounds import MAX_BYTES
from backend.store.repository import Store
from tests.factories import CODE, rich_result


def _with_kernel_bytes(result: doc.RunResult, *per_kernel: int) -> dict[str, Any]:
    """The document as JSON, its eager kernels claiming these bytes_read (unvalidated, as
    a forged result.json would be)."""
    data: dict[str, Any] = json.loads(result.model_dump_json())
    kernels = data["variants"]["eager"]["kernels"]
    for kernel, claimed in zip(kernels, per_kernel, strict=False):
        kernel["bytes_read"] = claimed
    return data


def _first_problem(data: dict[str, Any]) -> str:
    with pytest.raises(ValidationError) as caught:
        doc.RunResult.model_validate_json(json.dumps(data))
    first = caught.value.errors()[0]
    return ".".join(map(str, first["loc"])) + ": " + first["msg"]


def test_the_largest_document_the_bounds_allow_is_stored_and_summed(empty_store: Store) -> None:
    base = rich_result("r1")
    count = len(base.variants["eager"].kernels)
    share = MAX_BYTES // count  # the eager kernels' bytes_read add up to the bound
    data = _with_kernel_bytes(base, *[share] * count)
    data["variants"]["eager"]["bytes_read"] = MAX_BYTES
    for trip in data["round_trips"]:  # both SQL sums of the round trips at their bound
        trip["bytes"] = trip["compiled_bytes"] = MAX_BYTES // len(data["round_trips"])
    result = doc.RunResult.model_validate_json(json.dumps(data))
    empty_store.save_result(result, CODE, [])
    loaded = empty_store.load_result("r1")
    assert loaded is not None and loaded.variants["eager"].bytes_read == MAX_BYTES
    fates = empty_store.round_trip_fates("r1", named=3)
    assert sum(f.bytes for f in fates.values()) == MAX_BYTES


def test_a_kernel_claiming_2_to_the_62_bytes_is_refused_where_it_is_parsed() -> None:
    """The issue's report: one value of 2^62 passed the old bounds, and the variant's sum
    then passed 2^63 in SQLite (a 500 on every report)."""
    problem = _first_problem(_with_kernel_bytes(rich_result("r1"), 2**62))
    assert problem.startswith("variants.eager.kernels.0.bytes_read: ")
    assert "less than or equal to 9007199254740992" in problem


def test_bytes_that_each_fit_but_add_up_past_the_bound_are_refused() -> None:
    base = rich_result("r1")
    count = len(base.variants["eager"].kernels)
    data = _with_kernel_bytes(base, *[MAX_BYTES // 2] * count)  # each fits; 2+ of them do not
    problem = _first_problem(data)
    assert problem.startswith("variants.eager: ")
    assert "its kernels' bytes_read add up to" in problem and "not measured" in problem


def test_transfers_adding_up_past_the_bound_are_refused() -> None:
    data: dict[str, Any] = json.loads(rich_result("r1").model_dump_json())
    for kernel in data["variants"]["compiled"]["kernels"]:
        for transfer in kernel["transfers"]:
            transfer["bytes"] = MAX_BYTES
    assert "its transfers' bytes add up to" in _first_problem(data)


def test_round_trips_adding_up_past_the_bound_are_refused() -> None:
    data: dict[str, Any] = json.loads(rich_result("r1").model_dump_json())
    for trip in data["round_trips"]:
        trip["bytes"] = MAX_BYTES
    assert "round_trips' bytes add up to" in _first_problem(data)


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("variants", "eager", "kernel_count"), 2**40),
        (("variants", "eager", "kernels", 0, "transfers", 0, "bytes"), -1),
        (("variants", "eager", "kernels", 0, "stream"), 2**63),
        (("variants", "eager", "kernels", 0, "lines"), [2**64]),
        (("size",), -(2**63)),
        (("harness_peak_memory_bytes",), 2**62),
        (("totals", "bytes_saved"), 2**60),
    ],
)
def test_every_integer_of_the_document_is_bounded(path: tuple[Any, ...], value: object) -> None:
    data: dict[str, Any] = json.loads(rich_result("r1").model_dump_json())
    node: Any = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    assert _first_problem(data).startswith(".".join(map(str, path)))
