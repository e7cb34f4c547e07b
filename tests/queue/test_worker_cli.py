"""`kernelscope worker`: its arguments, and the name it takes from its token."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from backend.cli import build_parser, main
from backend.settings import load_worker_settings
from backend.worker.api_client import ApiRefused, ApiUnreachable
from backend.worker.remote import WorkerConfig
from backend.worker.remote_cli import NameRefused, _config, apply_settings, worker_name
from backend.worker_protocol import WorkerIdentity


def parsed(*args: str) -> object:
    return build_parser().parse_args(["worker", "--api", "http://api:8000", *args])


def config_of(args: Any) -> WorkerConfig:
    """The worker's configuration, under the settings `kernelscope worker` reads for it."""
    settings = load_worker_settings(sandbox=args.sandbox)
    apply_settings(args, settings)
    return _config(args, settings)


def test_a_gpu_worker_is_pinned_and_named_after_host_kind_and_gpu() -> None:
    config = config_of(parsed("--device-kind", "h100", "--gpu", "3"))
    host = socket.gethostname()
    assert (config.name, config.gpu, config.device) == (f"{host}-h100-gpu3", "3", "cuda")
    assert config.work_dir == Path.home() / ".kernelscope-worker" / config.name
    assert config.limits.sandbox == "bwrap"  # a worker runs other people's code


def test_the_token_comes_from_the_environment_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KERNELSCOPE_WORKER_TOKEN", "ks_from_env")
    assert config_of(parsed()).token == "ks_from_env"


def test_the_settings_fill_in_what_the_flags_leave_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("KERNELSCOPE_DEFAULT_DEVICE_KIND", "h100")
    monkeypatch.setenv("KERNELSCOPE_REDIS_URL", "redis://redis:6379/1")
    monkeypatch.setenv("KERNELSCOPE_SANDBOX", "none")
    monkeypatch.setenv("KERNELSCOPE_CACHE_DIR", str(tmp_path))
    config = config_of(parsed())
    assert (config.device_kind, config.redis_url) == ("h100", "redis://redis:6379/1")
    assert config.limits.sandbox == "none" and config.host_cache == tmp_path
    assert config.setup.host_cache == tmp_path  # handed down to every run's setup
    flagged = config_of(parsed("--device-kind", "a100", "--redis", "redis://x:1/0"))
    assert (flagged.device_kind, flagged.redis_url) == ("a100", "redis://x:1/0")


def test_a_malformed_device_kind_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["worker", "--api", "http://api:8000", "--device-kind", "H100 GPU"])
    assert code == 2
    assert "--device-kind 'H100 GPU'" in capsys.readouterr().err


class FakeClient:
    """The API's answers to `GET /api/worker/me`, in order (an exception is raised)."""

    base_url = "http://api:8000"

    def __init__(self, *answers: WorkerIdentity | Exception) -> None:
        self.answers = list(answers)

    def me(self) -> WorkerIdentity:
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def named(worker: str | None) -> WorkerIdentity:
    return WorkerIdentity(worker=worker, user="ops" if worker else None, accounts=bool(worker))


def name_of(client: FakeClient, *args: str) -> str:
    return worker_name(parsed(*args), client)  # type: ignore[arg-type]


def test_the_token_names_the_worker() -> None:
    assert name_of(FakeClient(named("gpu-host-1-gpu0"))) == "gpu-host-1-gpu0"
    assert name_of(FakeClient(named("gpu-a")), "--name", "gpu-a") == "gpu-a"  # may repeat it
    with pytest.raises(NameRefused, match="the worker token names worker 'gpu-a'"):
        name_of(FakeClient(named("gpu-a")), "--name", "gpu-b")


def test_a_worker_serves_only_a_kind_its_token_is_bound_to() -> None:
    bound = named("gpu-a").model_copy(update={"device_kinds": ["a100", "h100"]})
    assert name_of(FakeClient(bound), "--device-kind", "h100") == "gpu-a"
    with pytest.raises(NameRefused, match=r"may serve only a100, h100.*--device-kind a100"):
        name_of(FakeClient(bound), "--device-kind", "h200")


def test_without_a_token_and_accounts_the_worker_names_itself() -> None:
    host = socket.gethostname()
    assert name_of(FakeClient(named(None)), "--device-kind", "h100") == f"{host}-h100"
    assert name_of(FakeClient(named(None)), "--name", "mine") == "mine"


def test_a_refused_token_stops_the_worker_with_the_fix() -> None:
    refused = ApiRefused(403, "worker_token_unnamed", "This worker token names no worker")
    with pytest.raises(NameRefused, match=r"names no worker.*--worker-name NAME"):
        name_of(FakeClient(refused))


def test_the_worker_waits_for_an_api_that_is_not_up_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("time.sleep", lambda _s: None)
    client = FakeClient(ApiUnreachable("refused"), ApiUnreachable("503"), named("gpu-a"))
    assert name_of(client) == "gpu-a"
