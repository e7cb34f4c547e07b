"""`kernelscope worker`: its arguments and the names it picks."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from backend.cli import build_parser, main
from backend.worker.remote_cli import _config


def parsed(*args: str) -> object:
    return build_parser().parse_args(["worker", "--api", "http://api:8000", *args])


def test_a_gpu_worker_is_pinned_and_named_after_host_kind_and_gpu() -> None:
    config = _config(parsed("--device-kind", "h100", "--gpu", "3"))  # type: ignore[arg-type]
    host = socket.gethostname()
    assert (config.name, config.gpu, config.device) == (f"{host}-h100-gpu3", "3", "cuda")
    assert config.work_dir == Path.home() / ".kernelscope-worker" / config.name
    assert config.sandbox == "bwrap"  # a worker runs other people's code


def test_the_token_comes_from_the_environment_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KERNELSCOPE_WORKER_TOKEN", "ks_from_env")
    assert _config(parsed()).token == "ks_from_env"  # type: ignore[arg-type]


def test_a_malformed_device_kind_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["worker", "--api", "http://api:8000", "--device-kind", "H100 GPU"])
    assert code == 2
    assert "--device-kind 'H100 GPU'" in capsys.readouterr().err
