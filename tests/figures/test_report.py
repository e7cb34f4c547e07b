"""The terminal report says why a round trip stays, and what to try."""

from backend.report import render
from backend.result.document import NamedModule
from tests.recorded import recorded_run


def test_a_kept_round_trip_says_why_and_what_to_try() -> None:
    text = render(recorded_run("mlp_bias_gelu"))
    assert "still through memory: (x @ w)" in text
    assert "why (library_call): mm runs as a library call (cuBLAS)" in text
    assert "hint: Try mode='max-autotune-no-cudagraphs'" in text


def test_a_graph_break_names_its_line_and_the_run_hint_follows() -> None:
    text = render(recorded_run("graph_break"))
    assert "why (graph_break): Dynamo split the function at line 8" in text
    assert "hint: Remove the graph break at line 8" in text


def test_launch_bound_runs_suggest_cuda_graphs() -> None:
    assert "hint: The compiled call takes" in render(recorded_run("softmax_residual"))
    assert "reduce-overhead" not in render(recorded_run("add_relu_2p26"))


def test_escape_sequences_from_the_run_are_shown_not_obeyed() -> None:
    run = recorded_run("add_relu").model_copy(deep=True)
    run.round_trips[0].tensor = "a\x1b[2J\x1b]8;;https://evil.example\x07b"
    text = render(run)
    assert "\x1b" not in text and "\x07" not in text
    assert "a\\x1b[2J\\x1b]8;;https://evil.example\\x07b" in text


def test_grad_mode_noise_and_bandwidth_are_said() -> None:
    from backend.analysis.hardware import apply_device
    from backend.result import GradMode, Noise

    run = recorded_run("add_relu_2p26").model_copy(deep=True)
    run.grad_mode = GradMode(mode="inference", reason="the snippet computes no gradients")
    run.noise = [Noise(kind="loaded_cpu", message="other processes kept 1.5 cores busy")]
    assert run.device is not None
    run.device = run.device.model_copy(update={"peak_bandwidth_bytes_per_s": 4.5e12})
    # in place, on the variants themselves (the mapping is only how they are handed over)
    apply_device({str(name): v for name, v in run.variants.items()}, run.device)
    text = render(run)
    assert "inference (torch.no_grad()): the snippet computes no gradients" in text
    assert "NOISY TIMINGS (loaded_cpu): other processes kept 1.5 cores busy" in text
    pct = run.variants["compiled"].bandwidth_pct
    assert pct is not None and f"bandwidth: compiled reached {pct:.0f}% of" in text


def test_a_checked_hint_prints_what_the_run_showed_under_it() -> None:
    run = recorded_run("mlp_bias_gelu")
    (trip,) = [t for t in run.round_trips if t.why is not None and t.why.hint is not None]
    assert trip.why is not None and trip.why.hint is not None
    trip.why.hint.checked = "Checked in this run: with max-autotune-no-cudagraphs it stays."
    lines = render(run).splitlines()
    at = lines.index(
        "  hint: Try mode='max-autotune-no-cudagraphs': Inductor can then generate "
        "the GEMM as a Triton template and fuse the work around it into that kernel."
    )
    assert lines[at + 1] == "    Checked in this run: with max-autotune-no-cudagraphs it stays."


def test_a_model_folds_its_blocks_and_groups_what_it_keeps() -> None:
    """Every block keeps the same round trips: the report counts them once per group."""
    run = recorded_run("mlp_bias_gelu")
    kept = next(t for t in run.round_trips if t.eliminated is False)
    blocks = [kept.model_copy(update={"module": f"h.{i}"}) for i in range(3)]
    modules = [NamedModule(path="", type="Model"), NamedModule(path="h", type="ModuleList")]
    modules += [NamedModule(path=f"h.{i}", type="Block") for i in range(3)]
    text = render(run.model_copy(update={"modules": modules, "round_trips": blocks}))
    assert "blocks: 3 × Block (h.*), per block: 0 B saved" in text
    assert "still through memory: 3 round trip(s) in 1 group(s)" in text
    assert "  x @ w in h.* · 3 × " in text
    assert "library call (cuBLAS)" in text
    assert "    why: mm runs as a library call (cuBLAS)" in text
    assert "still through memory: (x @ w)" not in text  # not once per block
