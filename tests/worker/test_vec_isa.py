"""Inductor's instruction-set builds are proven once per host, not in every sandboxed run:
the probe's line is checked before it is believed, the outcome is remembered per host,
compiler and torch, and runs are told to trust the CPU's flags only where the builds
proved every instruction set the flags list."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from backend.worker import process, vec_isa
from backend.worker.process import WorkerSetup, harness_env

AVX = ["avx512 avx512_vnni", "avx512", "avx2"]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The probe's file in the test's own host cache (tmp_path), nothing remembered yet."""
    monkeypatch.setattr(vec_isa, "_MEMO", {})

    def no_builds(run_env: dict[str, str], device: str, cache_dir: Path) -> dict[str, str]:
        return {}  # test_host_builds'

    monkeypatch.setattr(process, "host_builds_env", no_builds)
    return tmp_path / vec_isa.CACHE_NAME


def fake_probe(monkeypatch: pytest.MonkeyPatch, probed: list[str]) -> list[str]:
    """Stands in for the probe's two processes: `probed` without the variable, the CPU's
    flags (AVX) with it; records the compiler of each probe."""
    asked: list[str] = []

    def isa_list(run_env: dict[str, str], extra: dict[str, str]) -> list[str] | None:
        if not extra:
            asked.append(run_env.get("CXX", "g++"))
        return AVX if extra else probed

    monkeypatch.setattr(vec_isa, "_isa_list", isa_list)
    return asked


def test_equal_lists_let_runs_trust_the_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_probe(monkeypatch, AVX)
    assert vec_isa.probe({}) == {"same": True, "probed": AVX, "trusted": AVX}


def test_a_build_that_failed_keeps_the_builds(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a compiler too old for AVX-512: the flags list it, the build does not prove it
    fake_probe(monkeypatch, ["avx2"])
    assert vec_isa.vec_isa_env({"PATH": "/usr/bin"}, cache.parent) == {}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[1, 2]",
        json.dumps({"probed": AVX}),
        json.dumps({"isa": "avx2"}),
        json.dumps({"isa": [1]}),
        json.dumps({"isa": ["x" * 65]}),
        json.dumps({"isa": ["avx2"] * 17}),
    ],
)
def test_an_unbelievable_probe_line_is_not_believed(text: str) -> None:
    assert vec_isa.parse_probe(text) is None


def test_empty_lists_prove_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vec_isa, "_isa_list", lambda run_env, extra: [])
    assert vec_isa.probe({}) == {"same": False, "probed": [], "trusted": []}


def test_probed_once_then_remembered_across_processes(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = fake_probe(monkeypatch, AVX)
    env = {"PATH": "/usr/bin"}
    assert vec_isa.vec_isa_env(env, cache.parent) == {"TORCHINDUCTOR_VEC_ISA_OK": "1"}
    assert vec_isa.vec_isa_env(env, cache.parent) == {"TORCHINDUCTOR_VEC_ISA_OK": "1"}
    vec_isa._MEMO.clear()  # a new process on the same host reads the file instead
    assert vec_isa.vec_isa_env(env, cache.parent) == {"TORCHINDUCTOR_VEC_ISA_OK": "1"}
    assert asked == ["g++"]
    [entry] = json.loads(cache.read_text()).values()
    assert entry["probed"] == AVX


def test_another_compiler_is_probed_again(
    cache: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    asked = fake_probe(monkeypatch, AVX)
    other = tmp_path / "bin" / "my-g++"
    other.parent.mkdir()
    other.write_text("#!/bin/sh\n")
    other.chmod(0o755)
    vec_isa.vec_isa_env({"PATH": "/usr/bin"}, cache.parent)
    vec_isa.vec_isa_env({"PATH": str(other.parent), "CXX": "my-g++"}, cache.parent)
    assert asked == ["g++", "my-g++"]


def test_a_failed_probe_is_not_remembered(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vec_isa, "probe", lambda run_env: None)
    assert vec_isa.vec_isa_env({"PATH": "/usr/bin"}, cache.parent) == {}
    assert not cache.exists()  # the next process tries again


def test_a_run_is_told_only_what_the_probe_proved(
    cache: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    setup = WorkerSetup(tmp_path / "data", host_cache=cache.parent)
    fake_probe(monkeypatch, AVX)
    assert harness_env(setup, tmp_path, sandboxed=True)["TORCHINDUCTOR_VEC_ISA_OK"] == "1"
    monkeypatch.setattr(vec_isa, "_MEMO", {})
    cache.unlink()
    fake_probe(monkeypatch, ["avx2"])
    assert "TORCHINDUCTOR_VEC_ISA_OK" not in harness_env(setup, tmp_path, sandboxed=True)


def test_a_compiler_that_cannot_build_avx512_is_not_trusted(tmp_path: Path) -> None:
    # The real probe, twice, with a g++ that refuses AVX-512: without the variable Inductor
    # proves only AVX2; with it, it would trust the flags. The two must differ.
    flags = Path("/proc/cpuinfo").read_text()
    if " avx512f" not in flags:
        pytest.skip("this CPU lists no AVX-512: nothing for the compiler to refuse")
    real = shutil.which("g++")
    assert real is not None
    wrapper = tmp_path / "bin" / "g++"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\ncase "$*" in *-mavx512*) exit 1;; esac\nexec {real} "$@"\n')
    wrapper.chmod(0o755)
    entry = vec_isa.probe({"PATH": f"{wrapper.parent}:/usr/local/bin:/usr/bin:/bin"})
    assert entry is not None, "the probe printed no line the worker believes"
    assert entry["probed"] == ["avx2"]
    trusted = entry["trusted"]
    assert isinstance(trusted, list) and "avx512" in trusted and entry["same"] is False
