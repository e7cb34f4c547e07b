"""Broken snippets end as stored runs with a message a person can act on."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.store.repository import Store
from tests.engine.runner import Runner
from tests.paths import BAD_SNIPPETS

pytestmark = pytest.mark.slow

# snippet -> (status, error kind, lines at fault (None: no line), words the message must contain)
# name: (status, error kind, lines the error may name, words its message must hold)
EXPECTED: dict[str, tuple[str, str, set[int | None], str]] = {
    "syntax_error": ("failed", "syntax_error", {3}, "expected ':'"),
    "no_function": ("failed", "no_entry_point", {None}, "Define `fn(...)`"),
    "ambiguous": (
        "failed",
        "ambiguous_entry_point",
        {9},
        "`double` (line 5), `increment` (line 9)",
    ),
    "raises": ("failed", "exception", {6}, "RuntimeError on line 6"),
    "hard_exit": ("crashed", "crash", {None}, "exited with code 3"),
    "segfault": ("crashed", "crash", {4}, "segmentation fault on line 4"),
    # `while True: pass` is caught on either of its two lines
    "infinite_loop": ("timed_out", "timeout", {3, 4}, "It was running line"),
    "huge_output": ("failed", "output_limit", {8}, "print on line 8"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_snippet_is_a_clear_stored_failure(
    run: Runner, session_store: Store, name: str
) -> None:
    status, kind, lines, words = EXPECTED[name]
    result = run((BAD_SNIPPETS / f"{name}.py").read_text(), timeout_s=20.0)
    assert (result.status, result.error and result.error.kind) == (status, kind)
    assert result.error is not None and result.error.line in lines
    assert words in result.error.message
    assert session_store.load_result(result.id) == result  # stored, exactly as returned
    assert not (store_work_dir(session_store) / result.id).exists()  # nothing left behind


def test_the_time_limit_counts_from_the_snippet_not_from_starting_the_harness(
    run: Runner,
) -> None:
    """A cold harness spends seconds importing torch before the snippet loads (tens of
    seconds on a busy host): a 1 s limit still lets a snippet that fails at once fail for
    its own reason, instead of timing out in our imports."""
    code = "import torch\n\nraise ValueError('the inputs are the wrong shape')\n"
    result = run(code, timeout_s=1.0)
    assert result.error is not None, result.status
    assert (result.status, result.error.kind, result.error.line) == ("failed", "exception", 3)


def test_user_traceback_shows_only_user_frames(run: Runner) -> None:
    result = run((BAD_SNIPPETS / "raises.py").read_text())
    assert result.error is not None
    assert result.error.traceback == ["line 6, in fn: return a @ a"]


def test_huge_output_is_capped_with_a_mark(run: Runner) -> None:
    result = run((BAD_SNIPPETS / "huge_output.py").read_text(), timeout_s=60.0)
    assert result.output.truncated
    assert "[... output truncated:" in result.output.stdout
    assert len(result.output.stdout) < 300_000


def test_hard_coded_cuda_on_a_cpu_worker_says_how_to_fix_it(run: Runner) -> None:
    pytest.importorskip("torch")
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has a GPU")
    code = (
        "import torch\n\ndef fn(a):\n    return a + 1\n\n"
        "def inputs():\n    return (torch.ones(4, device='cuda'),)\n"
    )
    result = run(code)
    assert result.status == "failed" and result.error is not None
    assert result.error.kind == "cuda_unavailable" and result.error.line == 7
    assert "device=device" in result.error.message


def test_snippet_output_is_kept(run: Runner) -> None:
    code = (
        "import torch\n\ndef fn(a):\n    print('hello from fn')\n    return a * 2\n\n"
        "def inputs():\n    return (torch.ones(8, device=device),)\n"
    )
    result = run(code)
    assert result.status == "succeeded"
    assert "hello from fn" in result.output.stdout
    assert "USDT" not in result.output.stderr


def store_work_dir(store: Store) -> Path:

    return Path(str(store.engine.url.database)).parent / "work"
