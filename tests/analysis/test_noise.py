"""Why timings may be noisy, on a recorded H200 bundle with the load the run
recorded set by each test: wide spread, a loaded CPU, another process on the GPU."""

from __future__ import annotations

import copy
from typing import Any

from backend.analysis.assemble import analyse
from backend.result import GpuProcess
from tests.recorded import bundle_folder, load_bundle

QUIET = {
    "cpu_count": 16, "usable_cpus": 16, "run_threads": 1, "loadavg_before": [0.4, 0.3, 0.2],
    "loadavg_after": [0.9, 0.4, 0.2], "measured_s": 1.2, "run_cpu_cores": 0.98,
    "other_cpu_cores": 0.1,
}  # fmt: skip


def _analysed(load: dict[str, Any] | None, samples: list[float] | None = None) -> Any:
    bundle, eager, compiled = load_bundle(bundle_folder("add_relu"))
    bundle = copy.deepcopy(bundle)
    if load is not None:
        bundle["load"] = load
    if samples is not None:
        bundle["eager"]["timing"]["samples_us"] = samples
    return analyse(bundle, eager, compiled)


def test_a_quiet_machine_gives_no_warning() -> None:
    analysis = _analysed(QUIET)
    assert analysis.machine_load is not None and analysis.machine_load.cpu_count == 16
    assert [n for n in analysis.noise if n.kind != "wide_spread"] == []


def test_other_processes_on_the_cpu_are_a_warning() -> None:
    loaded = {**QUIET, "usable_cpus": 2, "cpu_count": 2, "run_threads": 2, "other_cpu_cores": 1.1}
    warnings = [n for n in _analysed(loaded).noise if n.kind == "loaded_cpu"]
    assert len(warnings) == 1 and "1.1 CPU cores" in warnings[0].message


def test_a_one_thread_run_that_got_two_thirds_of_a_core_is_loaded() -> None:
    # two spinners beside a one-thread run on two cores: each of the three gets 2/3
    shared = {**QUIET, "usable_cpus": 2, "cpu_count": 2, "run_threads": 1}

    def loaded(others: float) -> list[str]:
        analysis = _analysed({**shared, "other_cpu_cores": others})
        return [n.kind for n in analysis.noise if n.kind == "loaded_cpu"]

    assert loaded(1.33) == ["loaded_cpu"] and loaded(1.2) == []


def test_without_proc_stat_the_load_average_decides() -> None:
    loaded = {
        **QUIET,
        **{"cpu_count": 2, "usable_cpus": 2, "run_threads": 2, "other_cpu_cores": None},
        **{"loadavg_after": [3.5, 2.0, 1.0], "run_cpu_cores": 1.5},
    }
    warnings = [n for n in _analysed(loaded).noise if n.kind == "loaded_cpu"]
    assert len(warnings) == 1 and "load average" in warnings[0].message


def test_a_run_of_many_cores_on_a_big_host_is_not_loaded_by_one_more() -> None:
    assert not [
        n for n in _analysed({**QUIET, "other_cpu_cores": 3.0}).noise if n.kind == "loaded_cpu"
    ]


def test_a_wide_spread_of_timed_calls_is_a_warning() -> None:
    samples = [10.0, 10.0, 11.0, 30.0, 40.0, 10.0, 10.0, 35.0, 12.0, 38.0]
    spread = [n for n in _analysed(QUIET, samples).noise if n.kind == "wide_spread"]
    assert spread and "eager variant's timed calls" in spread[0].message


def test_another_process_on_the_gpu_is_a_warning() -> None:
    analysis = _analysed(QUIET)
    analysis.add_gpu_processes([GpuProcess(pid=4242, name="python", used_memory_bytes=1 << 30)])
    busy = [n for n in analysis.noise if n.kind == "busy_gpu"]
    assert len(busy) == 1 and "pid 4242" in busy[0].message
    assert analysis.machine_load is not None and analysis.machine_load.gpu_processes


def test_runs_made_before_record_no_load() -> None:
    analysis = _analysed(None)
    assert analysis.machine_load is None
    assert [n for n in analysis.noise if n.kind != "wide_spread"] == []


def _with_kernel_time(name: str, per_call_us: float) -> Any:
    """The add_relu bundle with `name`'s profiled kernel durations scaled so that they add
    up to `per_call_us` per call (a profiler-inflated CPU recording looks like this)."""
    from backend.analysis.assemble import analyse as fresh

    bundle, eager, compiled = load_bundle(bundle_folder("add_relu"))
    analysis = fresh(copy.deepcopy(bundle), eager, compiled)
    variant = analysis.variants[name]
    assert variant.kernel_time_us is not None and variant.wall_time_us is not None
    analysis.variants[name] = variant.model_copy(update={"kernel_time_us": per_call_us})
    return analysis


def test_kernel_time_beyond_the_wall_time_is_flagged_as_profiler_overhead() -> None:
    from backend.analysis.noise import noise_warnings

    analysis = _with_kernel_time("compiled", 15_360.0)
    wall = analysis.variants["compiled"].wall_time_us
    warnings = noise_warnings(analysis.variants, None)
    found = [n for n in warnings if n.kind == "profiler_overhead"]
    assert len(found) == 1
    assert "compiled variant" in found[0].message and f"{15_360 / wall:.1f}×" in found[0].message
    assert "Believe" not in found[0].message  # which numbers to believe is said once per run


def test_kernel_time_a_few_per_cent_past_the_wall_time_is_not_flagged() -> None:
    """605,811.8 µs of kernels against a 600,000 µs call is the two measurements' own
    noise (kernelbench_style once read "1.0x its timed wall time ... inflated")."""
    from backend.analysis.noise import noise_warnings

    analysis = _with_kernel_time("compiled", 1.0)
    wall = analysis.variants["compiled"].wall_time_us
    for ratio in (1.0097, 1.2):
        analysis.variants["compiled"].kernel_time_us = wall * ratio
        found = noise_warnings(analysis.variants, None)
        assert [n for n in found if n.kind == "profiler_overhead"] == []
    analysis.variants["compiled"].kernel_time_us = wall * 1.3
    assert [n.kind for n in noise_warnings(analysis.variants, None)].count("profiler_overhead") == 1


def test_kernel_time_within_the_wall_time_is_not_flagged() -> None:
    from backend.analysis.noise import noise_warnings

    analysis = _analysed(QUIET)
    assert all(
        v.kernel_time_us is not None and v.wall_time_us and v.kernel_time_us <= v.wall_time_us
        for v in analysis.variants.values()
    )
    found = noise_warnings(analysis.variants, None)
    assert [n for n in found if n.kind == "profiler_overhead"] == []
