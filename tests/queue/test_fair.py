"""The fair order, as a pure function: who starts next."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

from backend.store.fair import Owner, Waiting, fair_order

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def runs(owner: Owner, count: int, start_s: int = 0, prefix: str = "") -> list[Waiting]:
    name = prefix or f"u{owner}"
    return [
        Waiting(f"{name}-{i:03d}", owner, T0 + timedelta(seconds=start_s + i)) for i in range(count)
    ]


def test_one_owner_is_plain_oldest_first() -> None:
    waiting = runs(None, 5)
    assert fair_order(reversed(waiting), Counter()) == [w.run_id for w in waiting]


def test_fifty_runs_of_one_user_do_not_starve_another_users_one() -> None:
    flood = runs(1, 50)
    late = runs(2, 1, start_s=100)  # submitted after all fifty
    order = fair_order(flood + late, Counter())
    assert order.index(late[0].run_id) == 1  # right after the flood's oldest run
    assert [r for r in order if r.startswith("u1")] == [w.run_id for w in flood]


def test_owners_take_turns_oldest_first_within_each() -> None:
    order = fair_order(runs(1, 3) + runs(2, 3, start_s=10) + runs(3, 1, start_s=20), Counter())
    assert order == ["u1-000", "u2-000", "u3-000", "u1-001", "u2-001", "u1-002", "u2-002"]


def test_runs_in_flight_count_against_their_owner() -> None:
    # user 1 already has two running: user 2's runs go first until both have two.
    order = fair_order(runs(1, 3) + runs(2, 3, start_s=10), Counter({1: 2}))
    assert order[:2] == ["u2-000", "u2-001"]
    assert order[2:4] == ["u1-000", "u2-002"]


def test_anonymous_and_named_owners_mix() -> None:
    order = fair_order(runs(None, 2, prefix="anon") + runs(7, 2, start_s=5), Counter())
    assert order == ["anon-000", "u7-000", "anon-001", "u7-001"]


def test_nothing_waiting_is_an_empty_order() -> None:
    assert fair_order([], Counter({1: 3})) == []


def test_with_nothing_in_flight_owners_take_turns_least_recently_served_first() -> None:
    # Instant runs: nobody has anything in flight when the next run is picked. User 1 was
    # served a moment ago, user 2 long ago, user 3 never: 3, 2, 1, although 1's are oldest.
    picked: dict[int | str | None, datetime] = {1: T0 + timedelta(hours=1), 2: T0}
    waiting = runs(1, 2) + runs(2, 2, start_s=10) + runs(3, 2, start_s=20)
    order = fair_order(waiting, Counter(), picked)
    assert order == ["u3-000", "u2-000", "u1-000", "u3-001", "u2-001", "u1-001"]
