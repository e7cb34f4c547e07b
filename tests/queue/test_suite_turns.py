"""A suite's problems in the fair order: they never starve another user's single run, and
without accounts a suite takes turns with single runs as an owner of its own."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

from backend.store import accounts, jobs
from backend.store.fair import Waiting, fair_order, suite_lane
from backend.store.repository import Store
from backend.store.suites import create_suite
from tests.factories import CODE

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def suite_of(store: Store, count: int, owner_id: int | None = None) -> list[str]:
    suite_id = create_suite(store, title=None, compile_mode="default", device_kind="cpu")
    return [
        store.create_run(CODE, owner_id=owner_id, suite_id=suite_id, problem=f"p{n}")
        for n in range(count)
    ]


def claimed_order(store: Store) -> list[str]:
    order = []
    while (claimed := jobs.claim_next(store)) is not None:
        order.append(claimed.id)
    return order


def test_an_anonymous_suite_is_an_owner_of_its_own_in_the_pure_order() -> None:
    lane = suite_lane(None, "s1")
    problems = [Waiting(f"s1-{n}", lane, T0 + timedelta(seconds=n)) for n in range(30)]
    single = Waiting("single", suite_lane(None, None), T0 + timedelta(seconds=100))
    order = fair_order([*problems, single], Counter({lane: 2}))  # two problems running
    assert order[0] == "single"  # the suite has two in flight, the single run none
    assert suite_lane(7, "s1") == 7  # with accounts, a user's suite is that user's


def test_another_users_single_run_starts_right_after_the_suites_first_problem(
    empty_store: Store,
) -> None:
    alice, bob = (accounts.create_user(empty_store, name) for name in ("alice", "bob"))
    problems = suite_of(empty_store, 30, owner_id=alice)
    single = empty_store.create_run(CODE, owner_id=bob)  # submitted after all thirty
    order = claimed_order(empty_store)
    assert order[:2] == [problems[0], single]
    assert [run for run in order if run != single] == problems  # the suite in its order


def test_without_accounts_a_single_run_is_not_behind_a_whole_suite(empty_store: Store) -> None:
    problems = suite_of(empty_store, 30)
    single = empty_store.create_run(CODE)  # anonymous, submitted after the suite
    first = jobs.claim_next(empty_store)
    assert first is not None and first.id == problems[0]
    # A worker is busy with the first problem: the single run is next, not 29 problems on.
    second = jobs.claim_next(empty_store)
    assert second is not None and second.id == single


def test_two_anonymous_suites_take_turns(empty_store: Store) -> None:
    first, second = suite_of(empty_store, 3), suite_of(empty_store, 3)
    assert claimed_order(empty_store) == [
        first[0],
        second[0],
        first[1],
        second[1],
        first[2],
        second[2],
    ]


def test_single_anonymous_runs_keep_plain_oldest_first_order(empty_store: Store) -> None:
    runs = [empty_store.create_run(CODE) for _ in range(4)]
    assert claimed_order(empty_store) == runs
