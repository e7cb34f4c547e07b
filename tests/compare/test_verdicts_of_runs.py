"""Compare and compare-suites judge by the one rule: an unchanged
variant is not "better", a speedup agrees with its wall-time rows, an inflated kernel time
is never a verdict, and calls that varied 107x are too noisy to tell."""

from __future__ import annotations

from backend.compare import compare_runs
from backend.result import RunResult, VariantName
from backend.suites.table import SuiteProblem, compare
from tests.recorded import recorded_run


def scaled(run: RunResult, variant: VariantName, factor: float) -> None:
    """`variant`'s timed calls `factor` times as long (median and percentiles)."""
    v = run.variants[variant]
    assert v.wall_time_p10_us is not None and v.wall_time_p90_us is not None
    run.variants[variant] = v.model_copy(
        update={
            "wall_time_us": v.wall_time_us * factor,
            "wall_time_p10_us": v.wall_time_p10_us * factor,
            "wall_time_p90_us": v.wall_time_p90_us * factor,
        }
    )


def with_speedup(run: RunResult, factor: float) -> None:
    assert run.speedup is not None and run.speedup_interval is not None
    run.speedup = run.speedup * factor
    run.speedup_interval = [end * factor for end in run.speedup_interval]


def test_a_faster_compiled_variant_is_better_and_so_is_its_speedup() -> None:
    a = recorded_run("add_relu_2p24")  # H200: calls within 1.04x
    b = a.model_copy(deep=True)
    scaled(b, "eager", 0.995)  # within its calls' spread: not "better"
    scaled(b, "compiled", 0.5)
    with_speedup(b, 2.0)
    c = compare_runs(a, b)
    assert c.variants["eager"].wall_time_us.verdict == "within noise"
    assert c.variants["compiled"].wall_time_us.verdict == "better"
    assert c.speedup.verdict == "better"


def test_a_speedup_whose_rows_moved_nothing_is_within_noise() -> None:
    """A fork that only added `* 0.5`: its speedup read 12.70x better while its eager wall
    row said within noise (and compiled's did too)."""
    a = recorded_run("add_relu_2p24")
    b = a.model_copy(deep=True)
    with_speedup(b, 12.7)  # the speedup's own intervals are far apart...
    c = compare_runs(a, b)
    rows = [c.variants[v].wall_time_us.verdict for v in ("eager", "compiled")]
    assert rows == ["within noise", "within noise"]  # ...but nothing it is made of moved
    assert c.speedup.verdict == "within noise"


def test_an_inflated_kernel_time_is_too_noisy_to_tell() -> None:
    a = recorded_run("add_relu_2p24")
    b = a.model_copy(deep=True)
    compiled = b.variants["compiled"]
    b.variants["compiled"] = compiled.model_copy(
        update={"kernel_time_us": compiled.kernel_time_us * 32}  # 32x its timed call
    )
    verdict = compare_runs(a, b).variants["compiled"].kernel_time_us.verdict
    assert verdict == "too noisy to tell"


def problem(speedup: float, interval: tuple[float, float], spread: float | None) -> SuiteProblem:
    return SuiteProblem(
        name="add_relu",
        run_id="r",
        status="succeeded",
        speedup=speedup,
        speedup_low=interval[0],
        speedup_high=interval[1],
        timed_calls_spread=spread,
    )


def test_a_suite_problem_whose_calls_varied_107x_is_too_noisy_to_tell() -> None:
    a = problem(1.3, (1.25, 1.35), 1.1)
    (pair,) = compare([a], [problem(0.6, (0.55, 0.65), 107.0)])
    assert pair.verdict == "too noisy to tell"
    (pair,) = compare([a], [problem(0.6, (0.55, 0.65), 1.2)])
    assert pair.verdict == "slower"  # the same numbers from calls that held still
