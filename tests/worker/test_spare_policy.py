"""The spare rules, one table per rule: the policy is pure, so each row is a state and the
decision it must give (tests/worker/test_spares.py drives the keeper with real processes).

Times are seconds on the keeper's clock; NOW is when the policy is asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.settings import Settings
from backend.worker.process import WorkerSetup
from backend.worker.spare_policy import (
    HEALTH_POLL_S,
    READY_POLL_S,
    RECYCLE_S,
    TAKE_WARMING_WITHIN_S,
    Seen,
    SparePolicy,
    SpareSeen,
    WarmUps,
    retry_pause,
)
from backend.worker.spares import SpareOptions, keeper_for, spare_options

NOW = 1000.0
GPU = SparePolicy.for_host(gpu=True)  # 2 kept, 1 extra and 2 parked while busy
CPU = SparePolicy.for_host(gpu=False)  # 3 kept, warmed one at a time


def ready(age: float = 10.0) -> SpareSeen:
    return SpareSeen(NOW - age, NOW - age, ready=True)


def warming(age: float, told_ago: float | None = None) -> SpareSeen:
    """Warming the device; `told_ago`: parked until told this long ago."""
    told = NOW - (age if told_ago is None else told_ago)
    return SpareSeen(NOW - age, told)


def parked(age: float = 3.0) -> SpareSeen:
    return SpareSeen(NOW - age, None)


def dead(age: float = 10.0) -> SpareSeen:
    return SpareSeen(NOW - age, NOW - age, alive=False)


WARM_UP_8_S = WarmUps(whole_s=8.0, device_s=2.0)
BACK_TO_BACK = (NOW - 10.0, NOW - 5.0)  # two takes 5 s apart, the last 5 s ago


# ---- which spare a run takes -------------------------------------------------------------


@pytest.mark.parametrize(
    ("spares", "warm_ups", "expected"),
    [
        pytest.param((), WARM_UP_8_S, (None, "none"), id="none held: a process of its own"),
        pytest.param((warming(5.0), ready()), WARM_UP_8_S, (1, "ready"), id="a ready one first"),
        pytest.param((dead(), ready()), WARM_UP_8_S, (1, "ready"), id="a dead one never"),
        pytest.param(
            (warming(3.0), warming(5.0)), WARM_UP_8_S, (0, "warming"), id="nearly warm: oldest"
        ),
        pytest.param(
            (warming(1.0),), WARM_UP_8_S, (None, "none"), id="just started (7 s to go): left"
        ),
        pytest.param(
            (warming(1.0),), WarmUps(), (None, "none"), id="before any warm-up: none judged"
        ),
        pytest.param(
            (warming(1.0), parked()), WARM_UP_8_S, (1, "parked"), id="far from warm: a parked one"
        ),
        pytest.param(
            (warming(9.0, told_ago=1.0),),
            WARM_UP_8_S,
            (0, "warming"),
            id="told after parking: the device half alone",
        ),
        pytest.param(
            (warming(1.0, told_ago=0.5),),
            WARM_UP_8_S,
            (None, "none"),
            id="told while still importing: the whole warm-up too",
        ),
    ],
)
def test_which_spare_a_run_takes(
    spares: tuple[SpareSeen, ...], warm_ups: WarmUps, expected: tuple[int | None, str]
) -> None:
    take = GPU.take(Seen(NOW, spares, warm_ups=warm_ups))
    assert (take.index, take.found) == expected


@pytest.mark.parametrize(
    ("spare", "expected"),
    [
        pytest.param(warming(3.0), 5.0, id="whole warm-up from its start"),
        pytest.param(warming(20.0, told_ago=1.0), 1.0, id="parked long: the device half"),
        pytest.param(warming(1.0, told_ago=0.5), 7.0, id="still importing: the whole one"),
        pytest.param(warming(12.0), -4.0, id="late: due already"),
    ],
)
def test_when_a_half_warm_spare_should_be_ready(spare: SpareSeen, expected: float) -> None:
    assert GPU.ready_in(spare, WARM_UP_8_S, NOW) == pytest.approx(expected)


def test_a_warming_spare_is_taken_up_to_the_bound_and_not_past_it() -> None:
    at_bound = warming(8.0 - TAKE_WARMING_WITHIN_S)
    past = warming(8.0 - TAKE_WARMING_WITHIN_S - 0.1)
    assert GPU.take(Seen(NOW, (at_bound,), warm_ups=WARM_UP_8_S)).found == "warming"
    assert GPU.take(Seen(NOW, (past,), warm_ups=WARM_UP_8_S)).found == "none"


# ---- how many to hold --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("policy", "takes", "expected"),
    [
        pytest.param(GPU, (), (2, 2, HEALTH_POLL_S), id="gpu, no run yet"),
        pytest.param(GPU, (NOW - 60.0, NOW - 5.0), (2, 2, HEALTH_POLL_S), id="gpu, runs apart"),
        pytest.param(GPU, BACK_TO_BACK, (3, 5, 25.0), id="gpu, back to back: +1, +2 parked"),
        pytest.param(GPU, (NOW - 40.0, NOW - 31.0), (2, 2, HEALTH_POLL_S), id="gpu, stopped"),
        pytest.param(CPU, BACK_TO_BACK, (3, 3, HEALTH_POLL_S), id="cpu: never more"),
    ],
)
def test_how_many_spares_to_hold(
    policy: SparePolicy, takes: tuple[float, ...], expected: tuple[int, int, float]
) -> None:
    wanted = policy.wanted(Seen(NOW, takes=takes))
    assert (wanted.on_device, wanted.total, wanted.until_s) == pytest.approx(expected)


# ---- tending: retire, tell, start ---------------------------------------------------------


@pytest.mark.parametrize(
    ("policy", "spares", "takes", "retire"),
    [
        pytest.param(GPU, (ready(), ready()), (), (), id="two ready: nothing"),
        pytest.param(GPU, (dead(), ready()), (), ((0, "died"),), id="a dead one"),
        pytest.param(
            GPU, (ready(RECYCLE_S + 1), ready()), (), ((0, "recycled"),), id="unused too long"
        ),
        pytest.param(
            GPU,
            (ready(), ready(), ready(), parked()),
            (),
            ((3, "surplus"),),
            id="runs stopped: the youngest (parked) goes first",
        ),
        pytest.param(
            GPU, (ready(), ready(), ready(), parked()), BACK_TO_BACK, (), id="still busy: kept"
        ),
    ],
)
def test_which_spares_are_retired(
    policy: SparePolicy,
    spares: tuple[SpareSeen, ...],
    takes: tuple[float, ...],
    retire: tuple[tuple[int, str], ...],
) -> None:
    assert policy.tend(Seen(NOW, spares, takes=takes)).retire == retire


@pytest.mark.parametrize(
    ("policy", "spares", "takes", "expected"),
    [
        pytest.param(GPU, (ready(),), (), (True, False, ()), id="one short: start, on device"),
        pytest.param(
            GPU, (ready(), ready()), BACK_TO_BACK, (True, False, ()), id="busy: the extra one"
        ),
        pytest.param(
            GPU,
            (ready(), ready(), ready()),
            BACK_TO_BACK,
            (True, True, ()),
            id="busy, enough on the device: start parked",
        ),
        pytest.param(
            GPU,
            (ready(), ready(), parked(), parked()),
            BACK_TO_BACK,
            (True, True, (2,)),
            id="a run took one: the oldest parked is told, a new one parks",
        ),
        pytest.param(CPU, (ready(),), (), (True, False, ()), id="cpu, one ready: start"),
        pytest.param(
            CPU, (warming(2.0),), (), (False, False, ()), id="cpu, one warming: wait for it"
        ),
        pytest.param(GPU, (warming(2.0),), (), (True, False, ()), id="gpu: warm-ups side by side"),
    ],
)
def test_what_starts_and_what_is_told(
    policy: SparePolicy,
    spares: tuple[SpareSeen, ...],
    takes: tuple[float, ...],
    expected: tuple[bool, bool, tuple[int, ...]],
) -> None:
    tend = policy.tend(Seen(NOW, spares, takes=takes))
    assert (tend.start, tend.start_parked, tend.tell) == expected


def test_spares_that_die_pause_the_next_start_longer_each_time() -> None:
    first = GPU.tend(Seen(NOW, (dead(),)))
    assert (first.start, first.failures, first.retry_at) == (False, 1, NOW + 1.0)
    waiting = GPU.tend(Seen(NOW + 0.5, (), retry_at=first.retry_at, failures=1))
    assert not waiting.start and waiting.look_again_s == pytest.approx(0.5)
    again = GPU.tend(Seen(NOW + 1.0, (), retry_at=first.retry_at, failures=1))
    assert again.start
    assert [retry_pause(n) for n in (1, 2, 3, 7, 8)] == [1.0, 2.0, 4.0, 60.0, 60.0]


@pytest.mark.parametrize(
    ("spares", "takes", "expected"),
    [
        pytest.param((warming(2.0), ready()), (), READY_POLL_S, id="one warming: soon"),
        pytest.param((ready(), ready()), (), HEALTH_POLL_S, id="all ready: health checks"),
        pytest.param((ready(), ready()), BACK_TO_BACK, 0.0, id="busy and short: start now"),
        pytest.param((ready(RECYCLE_S - 1), ready()), (), 1.0, id="recycle due in 1 s"),
        pytest.param((dead(), ready()), (), 0.0, id="a spare retired: look again now"),
    ],
)
def test_when_the_keeper_looks_again(
    spares: tuple[SpareSeen, ...], takes: tuple[float, ...], expected: float
) -> None:
    assert GPU.tend(Seen(NOW, spares, takes=takes)).look_again_s == pytest.approx(expected)


# ---- what the keeper learns, and the host's policy --------------------------------------------


def test_a_warm_up_is_learned_whole_or_by_its_device_half() -> None:
    learned = WarmUps().learned(warming(0.0), NOW + 7.0)
    assert learned == WarmUps(whole_s=7.0)
    assert learned.learned(warming(10.0, told_ago=1.0), NOW + 2.0) == WarmUps(7.0, 3.0)


@pytest.mark.parametrize(
    ("device", "per_slot", "suite", "expected"),
    [
        ("cuda", None, False, SparePolicy(count=2, busy_extra=1, busy_parked=2)),
        ("cpu", None, False, SparePolicy(count=3, warm_at_once=1)),
        ("cuda", 1, False, SparePolicy(count=1, busy_extra=1, busy_parked=2)),
        ("cpu", 3, False, SparePolicy(count=3, warm_at_once=1)),
        ("cpu", None, True, SparePolicy(count=2)),  # a suite waits: warm-ups side by side
        ("cuda", None, True, SparePolicy(count=2, busy_extra=1, busy_parked=2)),
    ],
)
def test_each_host_gets_its_policy_with_the_operators_number(
    device: str, per_slot: int | None, suite: bool, expected: SparePolicy
) -> None:
    options = spare_options(Settings(spares_per_slot=per_slot), device, suite=suite)
    assert options.policy == expected and options.enabled


def test_no_keeper_is_made_with_spares_off(tmp_path: Path) -> None:
    setup = WorkerSetup(tmp_path / "data", "cpu")
    assert keeper_for(setup, SpareOptions(enabled=False), "slot") is None
    assert not (tmp_path / "data").exists()  # nothing started, nothing made
