"""The speed half of the headline, told truthfully: a speedup comes with its interval, and
a kernel time the profiler inflated past the timed calls says which number to believe."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from backend.result import Noise, RunResult
from backend.store.repository import Store
from tests.browser.live import Server
from tests.browser.test_run_flow import delta_cells
from tests.recorded import cpu_recorded_run, recorded_run

pytestmark = [pytest.mark.slow, pytest.mark.browser]
CODE = "def fn(a, b):\n    return (a + b).relu()\n"


def _stored(server: Server, result: RunResult) -> str:
    with Store.open(server.data_dir) as store:
        run_id = store.create_run(CODE, status="running")  # the live worker must not claim it
        store.save_result(result.model_copy(update={"id": run_id}), CODE, [])
    return run_id


def _inflated() -> RunResult:
    """add_relu as a busy 2-core CPU recorded it: 15.36 ms in the profiled kernel against
    110 µs per timed call."""
    run = recorded_run("add_relu").model_copy(deep=True)
    compiled = run.variants["compiled"]
    run.variants["compiled"] = compiled.model_copy(
        update={"kernel_time_us": 15_360.0, "wall_time_us": 110.0}
    )
    run.noise = [Noise(kind="profiler_overhead", message="The compiled variant's profiled ...")]
    return run


def test_the_speedup_card_shows_its_interval(page: Any, server: Server) -> None:
    run = recorded_run("add_relu")
    assert run.speedup_interval is not None
    low, high = run.speedup_interval
    page.goto(f"/r/{_stored(server, run)}")
    card = page.locator("#headline .stat", has_text="speedup")
    expect(card).to_contain_text(f"90% interval {low:.2f}–{high:.2f}×")


def test_an_inflated_kernel_time_says_to_believe_the_time_per_call(
    page: Any, server: Server
) -> None:
    page.goto(f"/r/{_stored(server, _inflated())}")
    compiled = page.locator("#headline .stat", has_text="compiled")
    expect(compiled).to_contain_text("inflated by the profiler: believe the time per call")
    eager = page.locator("#headline .stat").first
    expect(eager).not_to_contain_text("inflated")  # eager's kernels fit its calls
    speedup = page.locator("#headline .stat", has_text="speedup")
    expect(speedup).to_contain_text("believe the wall-clock speedup")
    page.locator("#timeline[data-ready=true]").wait_for()
    title = page.evaluate("() => document.getElementById('timeline').layout.title?.text ?? ''")
    assert "inflated by the profiler" in title


def test_compare_says_within_noise_when_the_spreads_overlap(page: Any, server: Server) -> None:
    """The speedups' own intervals are apart, but neither wall-time row moved past its
    calls' spread: the speedup agrees with its rows."""
    a = recorded_run("add_relu_2p24").model_copy(deep=True)
    assert a.speedup is not None and a.speedup_interval is not None
    b = a.model_copy(deep=True)
    low, high = a.speedup_interval
    b.speedup = a.speedup * 1.02  # its interval apart from A's, its rows within noise
    b.speedup_interval = [low * 1.02, high * 1.02]
    eager = a.variants["eager"]
    assert eager.wall_time_us is not None and eager.wall_time_p90_us is not None
    b.variants["eager"] = eager.model_copy(update={"wall_time_us": eager.wall_time_us * 1.01})
    old, new = _stored(server, a), _stored(server, b)
    page.goto(f"/compare/{old}/{new}")
    speedup = delta_cells(page, "speedup")
    expect(speedup.nth(2)).to_contain_text("within noise")
    expect(speedup.nth(0)).to_contain_text(f"(90% {low:.2f}–{high:.2f}×)")
    expect(delta_cells(page, "eager wall time").nth(2)).to_contain_text("within noise")
    # a count is exact: no noise to speak of
    expect(delta_cells(page, "eager kernels").nth(2)).to_have_text("no change")


def test_history_shows_each_speedup_with_its_interval(page: Any, server: Server) -> None:
    run = recorded_run("add_relu")
    assert run.speedup_interval is not None
    low, high = run.speedup_interval
    run_id = _stored(server, run)
    page.goto("/runs")
    row = page.locator("tr", has=page.locator(f"a[href$='{run_id}']"))
    expect(row).to_contain_text(f"(90% {low:.2f}–{high:.2f}×)")


def test_bytes_saved_is_reconciled_with_bytes_moved(page: Any, server: Server) -> None:
    run = recorded_run("kernelbench_style")
    eager, compiled = run.variants["eager"], run.variants["compiled"]
    assert run.totals is not None
    drop = (eager.bytes_read + eager.bytes_written) - (compiled.bytes_read + compiled.bytes_written)
    assert drop != run.totals.bytes_saved  # the gap the card must explain
    page.goto(f"/r/{_stored(server, run)}")
    card = page.locator("#headline .stat", has_text="round trips eliminated")
    expect(card).to_contain_text("bytes moved fell 116 MiB → 68 MiB (48 MiB)")
    # the gap in words: y is kept as the output of the mm Inductor split off the addmm
    expect(card).to_contain_text(
        "32 MiB from the round trip eliminated; 16 MiB from y, still through memory, but "
        "moved less when compiled"
    )


def test_a_kept_round_trip_has_one_number_per_side(page: Any, server: Server) -> None:
    """A CPU run keeps y (addmm is a library call): eager reads it twice, compiled once."""
    page.goto(f"/r/{_stored(server, cpu_recorded_run('kernelbench_style'))}")
    expect(page.locator("#lesson")).to_contain_text(
        "y still goes through memory when compiled (written and read back: "
        "32 MiB when compiled, 48 MiB in eager)"
    )
    page.locator("#why-card[data-ready=true]").wait_for()
    expect(page.locator("#why-list li").first).to_contain_text(
        "y · 32 MiB round trip when compiled (48 MiB in eager)"
    )
    card = page.locator("#headline .stat", has_text="round trips eliminated")
    expect(card).to_contain_text(
        "16 MiB from y, still through memory, but moved less when compiled"
    )


def test_values_written_but_never_read_back_are_not_called_round_trips(
    page: Any, server: Server
) -> None:
    page.goto(f"/r/{_stored(server, cpu_recorded_run('softmax_by_hand'))}")
    lesson = page.locator("#lesson")
    expect(lesson).to_contain_text(
        "m and sum(e) are still written to memory when compiled, but no other kernel reads "
        "them back"
    )
    expect(lesson).not_to_contain_text("still go through memory")
    page.locator("#why-card[data-ready=true]").wait_for()
    items = page.locator("#why-list li")
    expect(items).to_have_count(2)
    for i in range(2):
        expect(items.nth(i)).to_contain_text(
            "written only when compiled: 16 KiB (a 32 KiB round trip in eager)"
        )


def test_an_inflated_timeline_is_drawn_to_the_timed_calls(page: Any, server: Server) -> None:
    """add_relu on the busy 2-core machine: the fused kernel profiled at 2.95x its timed
    call. The page's timeline must not draw it losing when the timed calls say it wins."""
    run = cpu_recorded_run("add_relu_busy")
    eager, compiled = run.variants["eager"], run.variants["compiled"]
    assert eager.wall_time_us is not None and compiled.wall_time_us is not None
    assert compiled.kernel_time_us > compiled.wall_time_us and run.speedup and run.speedup > 1
    page.goto(f"/r/{_stored(server, run)}")
    page.locator("#timeline[data-ready=true]").wait_for()
    drawn = page.evaluate(
        """() => {
          const ends = {};
          for (const t of document.getElementById('timeline').data)
            t.y.forEach((lane, i) => {
              ends[lane] = Math.max(ends[lane] ?? 0, t.base[i] + t.x[i]);
            });
          return {ends, title: document.getElementById('timeline').layout.title?.text ?? ''};
        }"""
    )
    assert drawn["ends"]["compiled"] <= compiled.wall_time_us * 1.01
    assert drawn["ends"]["compiled"] < drawn["ends"]["eager"]
    assert "Drawn shrunk to the timed call: compiled" in drawn["title"]
    expect(page.locator("#headline .stat", has_text="compiled")).to_contain_text(
        "inflated by the profiler: believe the time per call"
    )


def test_an_inflated_variants_rates_are_over_its_timed_call(page: Any, server: Server) -> None:
    """The busy recording's compiled kernel: 12 MB over the 893 µs call the page believes
    (12.5 GiB/s), never over its inflated 2,636 µs (4.24 GiB/s); eager's kernels fit its
    calls and keep their profiled times."""
    run = cpu_recorded_run("add_relu_busy")
    compiled = run.variants["compiled"]
    (kernel,) = compiled.kernels
    moved = kernel.bytes_read + kernel.bytes_written
    believed = moved / (compiled.wall_time_us * 1e-6) / 1024**3
    inflated = moved / (kernel.dur_us * 1e-6) / 1024**3
    page.goto(f"/r/{_stored(server, run)}")
    row = page.locator("tr[data-kernel='compiled:0']")
    expect(row).to_contain_text(f"{believed:.3g} GiB/s")
    expect(row).not_to_contain_text(f"{inflated:.3g} GiB/s")
    expect(page.locator("#fitted-note")).to_contain_text(
        "Bandwidth is over each kernel's time fitted to its timed call"
    )
    eager = run.variants["eager"].kernels[1]
    eager_rate = (eager.bytes_read + eager.bytes_written) / (eager.dur_us * 1e-6) / 1024**2
    expect(page.locator("tr[data-kernel='eager:1']")).to_contain_text(f"{eager_rate:.3g} MiB/s")


def test_kernel_time_a_few_per_cent_past_the_call_is_not_called_inflated(
    page: Any, server: Server
) -> None:
    """1.0x is the two measurements' own noise: the card must not call it inflated, even
    in a run stored when the warning fired at 1.0x."""
    run = recorded_run("add_relu")
    compiled = run.variants["compiled"]
    run.variants["compiled"] = compiled.model_copy(
        update={"kernel_time_us": compiled.wall_time_us * 1.01}
    )
    run.noise = [Noise(kind="profiler_overhead", message="... 1.0x its timed wall time ...")]
    page.goto(f"/r/{_stored(server, run)}")
    card = page.locator("#headline .stat", has_text="compiled")
    expect(card).to_contain_text("in kernels")
    expect(card).not_to_contain_text("inflated")
