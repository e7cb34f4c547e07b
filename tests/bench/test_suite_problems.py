"""bench/suite: every problem is listed, fits the H200 at full size, and the checker fails
problems it must fail (a compiled output that differs, size tables that went stale)."""

from __future__ import annotations

import importlib.util
import re
import sys
import types
from pathlib import Path

import pytest

from tests.helpers import present

SUITE = Path(__file__).resolve().parents[2] / "bench" / "suite"


def _load_checker() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("suite_check_small", SUITE / "check_small.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


check = _load_checker()
PROBLEMS = check.problem_files([])


def test_the_suite_has_its_mix_listed_with_memory() -> None:
    assert len(PROBLEMS) >= 32
    readme = (SUITE / "README.md").read_text()
    model_style = 0
    for path in PROBLEMS:
        source = path.read_text()
        assert re.search(r"(about|~)\s*[0-9.]+ GiB\.$", source.split("\nimport")[0]), path.name
        assert f"`{path.name}`" in readme, f"{path.name} has no row in bench/suite/README.md"
        assert path.stem in check.SMALL, path.name
        builds_inputs = source.split("def get_inputs")[1]
        assert "device" not in builds_inputs, f"{path.name}: inputs are built with no device"
        model_style += "class Model(nn.Module)" in source
    assert model_style > len(PROBLEMS) * 3 // 4
    assert set(check.SMALL) == {p.stem for p in PROBLEMS}, "SMALL lists a problem that is gone"


@pytest.mark.parametrize("path", PROBLEMS, ids=lambda p: p.stem)
def test_full_size_fits_the_h200_limits(path: Path, tmp_path: Path) -> None:
    # full_size raises ProblemError over 20 GiB or 50 ms; the line reports the peak it found
    line = check.full_size(path, tmp_path)
    peak = float(present(re.search(r"peak +([0-9.]+) GiB", line)).group(1))
    assert 0 < peak <= 20


def test_small_copies_change_only_the_sizes_and_keep_line_numbers(tmp_path: Path) -> None:
    path = SUITE / "25_conv_batchnorm_relu_eval.py"
    (copy,) = check.write_small([path], tmp_path)
    before, after = path.read_text().splitlines(), copy.read_text().splitlines()
    assert len(before) == len(after)
    changed = {a for b, a in zip(before, after, strict=True) if a != b}
    assert changed == {"BATCH = 2", "CHANNELS = 16", "SIZE = 16"}


NOISY = """# Noise in forward: eager and compiled draw different numbers; about 0 GiB.
import torch
import torch.nn as nn

N = 2**20


class Model(nn.Module):
    def forward(self, x):
        return x + torch.rand_like(x)


def get_inputs():
    return [torch.randn(N)]
"""


@pytest.fixture
def noisy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "problem" / "99_noisy.py"
    path.parent.mkdir()
    path.write_text(NOISY)
    monkeypatch.setitem(check.SMALL, "99_noisy", {"N": 1024})
    return path


@pytest.mark.slow
def test_a_compiled_output_that_differs_fails(noisy: Path, tmp_path: Path) -> None:
    with pytest.raises(check.ProblemError, match="compiled differs from eager"):
        check.check_small(noisy, tmp_path)


@pytest.mark.slow
def test_real_problems_pass_at_small_size(tmp_path: Path) -> None:
    for name in ("07_polynomial_2gib.py", "30_causal_softmax_bf16.py"):
        assert "1 graph(s)" in check.check_small(SUITE / name, tmp_path)


def test_stale_size_tables_fail_with_what_to_fix(
    noisy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(check.SMALL, "99_noisy", {"M": 1024})
    with pytest.raises(check.ProblemError, match="does not assign at module level"):
        check.check_small(noisy, tmp_path)
    monkeypatch.setitem(check.SMALL, "99_noisy", {})
    monkeypatch.setattr(check, "SMALL_INPUT_LIMIT", 1024)
    with pytest.raises(check.ProblemError, match="a size constant is missing"):
        check.check_small(noisy, tmp_path)
    monkeypatch.delitem(check.SMALL, "99_noisy")
    with pytest.raises(check.ProblemError, match="add an entry for '99_noisy' to SMALL"):
        check.check_small(noisy, tmp_path)
