"""Why a run's timings may be noisy: pure rules over what the run recorded.

- **wide spread**: a variant's timed calls (wall clock) or profiled calls (summed kernel
  time) vary by more than WIDE_SPREAD between their 10th and 90th percentiles;
- **loaded CPU**: other processes kept more cores busy, while the run measured, than the
  machine had left beside the run's own (`usable_cpus - run_threads`), by more than
  LOAD_TOLERANCE_CORES; from /proc/stat where the run could read it, else from the
  1-minute load average less the run's own use;
- **busy GPU**: nvidia-smi saw another process on the run's GPU (recorded by the worker);
- **profiler overhead**: a variant's profiled kernels add up to more than its timed wall
  time per call, by a real margin (`backend.result.kernel_time_inflation`), which cannot be
  true of the same work: the profiled calls were slowed
  (on a busy CPU an OpenMP parallel region waits at its barrier for a thread the scheduler
  set aside, a whole time slice; profiled calls also page in fresh output memory that the
  timed calls reuse). The timed calls are then the numbers to believe.
"""

from __future__ import annotations

from collections.abc import Mapping

from backend.result import MachineLoad, Noise, Variant, kernel_time_inflation

WIDE_SPREAD = 1.5  # p90 / p10
LOAD_TOLERANCE_CORES = 0.25  # a run that wanted 1 core and got 2/3 of one is flagged


def noise_warnings(variants: Mapping[str, Variant], load: MachineLoad | None) -> list[Noise]:
    found = [w for name, v in variants.items() for w in _spread(name, v)]
    found += [w for name, v in variants.items() for w in _profiler_overhead(name, v)]
    if load is not None:
        found += _cpu(load) + _gpu(load)
    return found


def _spread(name: str, variant: Variant) -> list[Noise]:
    found = []
    pairs = (
        ("timed calls (wall clock)", variant.wall_time_p10_us, variant.wall_time_p90_us),
        ("profiled calls (kernel time)", variant.kernel_time_p10_us, variant.kernel_time_p90_us),
    )
    for what, p10, p90 in pairs:
        if p10 is not None and p90 is not None and p10 > 0 and p90 / p10 > WIDE_SPREAD:
            found.append(
                Noise(
                    kind="wide_spread",
                    message=f"The {name} variant's {what} varied {p90 / p10:.1f}× between "
                    f"their 10th and 90th percentiles ({p10:,.1f} to {p90:,.1f} µs).",
                )
            )
    return found


def _profiler_overhead(name: str, variant: Variant) -> list[Noise]:
    inflation = kernel_time_inflation(variant)
    if inflation is None:
        return []
    # which numbers to believe instead is said once for the run, where the warnings are shown
    return [
        Noise(
            kind="profiler_overhead",
            message=f"The {name} variant's profiled kernels add up to "
            f"{variant.kernel_time_us:,.1f} µs per call, {inflation:.1f}× its timed wall time "
            f"per call ({variant.wall_time_us:,.1f} µs): the profiler's calls were slowed (a "
            "busy CPU makes a parallel kernel wait for its threads), so its kernel times are "
            "inflated.",
        )
    ]


def other_cores(load: MachineLoad) -> tuple[float | None, str]:
    """Cores other processes kept busy while the run measured, and how that was known."""
    if load.other_cpu_cores is not None:
        return load.other_cpu_cores, "measured from /proc/stat"
    if load.loadavg_after and load.run_cpu_cores is not None:
        return max(0.0, load.loadavg_after[0] - load.run_cpu_cores), "from the load average"
    return None, ""


def _cpu(load: MachineLoad) -> list[Noise]:
    others, how = other_cores(load)
    free = max(0, load.usable_cpus - load.run_threads)
    if others is None or others <= free + LOAD_TOLERANCE_CORES:
        return []
    average = f"; 1-minute load average {load.loadavg_after[0]:.2f}" if load.loadavg_after else ""
    return [
        Noise(
            kind="loaded_cpu",
            message=f"Other processes kept {others:.1f} CPU cores busy while the run measured "
            f"({how}{average}); the run wants {load.run_threads} of the "
            f"{load.usable_cpus} it may use, so its calls waited for the CPU.",
        )
    ]


def _gpu(load: MachineLoad) -> list[Noise]:
    if not load.gpu_processes:
        return []
    names = ", ".join(f"{p.name} (pid {p.pid})" for p in load.gpu_processes[:5])
    more = len(load.gpu_processes) - 5
    return [
        Noise(
            kind="busy_gpu",
            message=f"Another process was on the GPU while the run ran: {names}"
            + (f" and {more} more" if more > 0 else "")
            + ".",
        )
    ]
