"""docker-compose.yml: valid for Compose v2, and it deploys what docs/deploy.md says."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from backend.cli import build_parser
from backend.settings import Settings
from backend.worker.remote_cli import TOKEN_ENV
from tests.helpers import cli_subcommands, compose
from tests.paths import COMPOSE_FILE

SECRETS = {
    "KERNELSCOPE_REDIS_PASSWORD": "redis-secret",
    "KERNELSCOPE_REDIS_WORKER_PASSWORD": "worker-secret",
    "KERNELSCOPE_WORKER_TOKEN_GPU0": "ks_gpu0",
    "KERNELSCOPE_WORKER_TOKEN_GPU1": "ks_gpu1",
}
WORKERS = ("worker-gpu0", "worker-gpu1")


def config(env: dict[str, str] | None = None) -> dict[str, Any]:
    done = compose("config", "--format", "json", env={**SECRETS, **(env or {})})
    assert done.returncode == 0, done.stderr
    parsed: dict[str, Any] = json.loads(done.stdout)
    return parsed


def test_compose_config_validates() -> None:
    done = compose("config", "-q", env=SECRETS)
    assert done.returncode == 0, done.stderr


def test_the_redis_password_is_required() -> None:
    done = compose("config", "-q", env={})
    assert done.returncode != 0 and "set KERNELSCOPE_REDIS_PASSWORD" in done.stderr


def test_the_workers_redis_password_is_required() -> None:
    done = compose("config", "-q", env={"KERNELSCOPE_REDIS_PASSWORD": "redis-secret"})
    assert done.returncode != 0 and "set KERNELSCOPE_REDIS_WORKER_PASSWORD" in done.stderr


def test_an_invalid_compose_file_is_caught(tmp_path: Path) -> None:
    """The check can fail: a misspelt key and a bad port are refused."""
    broken = tmp_path / "docker-compose.yml"
    broken.write_text("services:\n  api:\n    image: x\n    helthcheck: {}\n    ports: [nope]\n")
    assert compose("config", "-q", file=broken).returncode != 0


def test_services_and_health_checks() -> None:
    services = config()["services"]
    assert set(services) == {"api", "redis", *WORKERS}
    for name, service in services.items():
        assert service.get("healthcheck", {}).get("test"), f"{name} has no health check"
    assert "backend.ops.probe" in services["api"]["healthcheck"]["test"]
    assert "redis-cli --user api ping" in " ".join(services["redis"]["healthcheck"]["test"])


def test_the_api_service() -> None:
    api = config()["services"]["api"]
    assert api["command"] == [
        "serve",
        "--host",
        "0.0.0.0",
        "--queue",
        "redis",
        "--auth",
        "accounts",
    ]
    assert api["build"]["dockerfile"] == "Dockerfile.gpu"
    assert {"source": "kernelscope-data", "target": "/var/lib/kernelscope"}.items() <= (
        api["volumes"][0].items()
    )
    assert api["environment"]["KERNELSCOPE_DATA_DIR"] == "/var/lib/kernelscope"
    assert api["environment"]["KERNELSCOPE_REDIS_URL"] == "redis://api:redis-secret@redis:6379/0"
    assert api["depends_on"]["redis"]["condition"] == "service_healthy"


def test_the_serve_command_accepts_the_compose_flags() -> None:
    command = config()["services"]["api"]["command"]
    args = build_parser().parse_args(command)  # exits on a flag `serve` does not have
    assert (args.host, args.auth) == ("0.0.0.0", "accounts")


def test_redis_persists_every_queued_job() -> None:
    redis = config()["services"]["redis"]
    assert redis["image"].startswith("redis:") and redis["image"].split(":")[1][0].isdigit()
    command = redis["command"]
    assert command[command.index("--appendonly") + 1] == "yes"
    assert (
        redis["volumes"][0]["source"] == "redis-data" and redis["volumes"][0]["target"] == "/data"
    )
    assert redis["ports"][0]["host_ip"] == "127.0.0.1"  # not reachable from outside by default


def redis_users() -> dict[str, list[str]]:
    """The rules of each `--user` of the redis service, by user name."""
    command = config()["services"]["redis"]["command"]
    users: dict[str, list[str]] = {}
    for at in [i for i, arg in enumerate(command) if arg == "--user"]:
        end = next((i for i in range(at + 1, len(command)) if command[i].startswith("--")), None)
        name, *rules = command[at + 1 : end]
        users[name] = rules
    return users


def test_redis_has_an_api_user_a_worker_user_and_no_way_in_without_a_password() -> None:
    """What each user may do is proven against a real redis-server in
    tests/queue/test_redis_acl.py; here, the shape of the declaration."""
    users = redis_users()
    assert set(users) == {"default", "api", "worker"}
    assert users["default"][0] == "off"  # nobody signs in as default (no password works)
    assert "--requirepass" not in config()["services"]["redis"]["command"]
    for name, password in (("api", "redis-secret"), ("worker", "worker-secret")):
        rules = users[name]
        assert rules[:2] == ["on", f">{password}"] and "~rq:*" in rules and "-@all" in rules
        assert not any(rule.startswith("+@") or rule == "allcommands" for rule in rules), name
        assert "resetchannels" in rules
    assert "+rpush" in users["api"] and "+rpush" not in users["worker"]  # workers enqueue nothing
    assert "&rq:pubsub:*" in users["worker"]
    for rules in (users["api"], users["worker"]):
        assert not {"+eval", "+publish", "+keys", "+flushall", "+config"} & set(rules)


@pytest.mark.parametrize(("name", "gpu"), [("worker-gpu0", "0"), ("worker-gpu1", "1")])
def test_one_worker_per_gpu(name: str, gpu: str) -> None:
    worker = config()["services"][name]
    (device,) = worker["deploy"]["resources"]["reservations"]["devices"]
    assert device["device_ids"] == [gpu] and device["capabilities"] == ["gpu"]
    assert device["driver"] == "nvidia"
    assert worker["environment"]["CUDA_VISIBLE_DEVICES"] == "0"  # its one GPU, inside
    assert worker["entrypoint"] == [
        "kernelscope", "worker", "--api", "http://api:8000", "--device-kind", "h100",
        "--device", "cuda", "--work-dir", "/var/lib/kernelscope-worker",
    ]  # fmt: skip
    assert worker["environment"][TOKEN_ENV] == f"ks_gpu{gpu}"  # its own: the token names it
    assert worker["hostname"] == f"gpu-host-1-gpu{gpu}"
    assert (
        worker["environment"]["KERNELSCOPE_REDIS_URL"]
        == "redis://worker:worker-secret@redis:6379/0"
    )
    assert worker["volumes"][0]["target"] == "/var/lib/kernelscope-worker"
    assert worker["build"]["dockerfile"] == "Dockerfile.gpu"
    assert worker["user"] == "0:0" and worker["cap_add"] == ["SYS_ADMIN"]
    assert "apparmor=unconfined" in worker["security_opt"]
    assert worker["environment"]["KERNELSCOPE_SANDBOX"] == "bwrap"


def test_a_second_host_points_its_workers_at_the_first() -> None:
    """The documented one command: the worker services alone, with the first host's URLs."""
    joined = config(
        {
            "KERNELSCOPE_API_URL": "http://gpu-host-1:8000",
            "KERNELSCOPE_REDIS_HOST": "gpu-host-1",
            "KERNELSCOPE_DEVICE_KIND": "a100",
            "KERNELSCOPE_HOST_NAME": "gpu-host-2",
        }
    )["services"]["worker-gpu1"]
    assert joined["hostname"] == "gpu-host-2-gpu1"
    entrypoint = joined["entrypoint"]
    assert entrypoint[entrypoint.index("--api") + 1] == "http://gpu-host-1:8000"
    assert entrypoint[entrypoint.index("--device-kind") + 1] == "a100"
    redis_url = joined["environment"]["KERNELSCOPE_REDIS_URL"]
    assert redis_url == "redis://worker:worker-secret@gpu-host-1:6379/0"
    assert "http://gpu-host-1:8000/healthz" in joined["healthcheck"]["test"]


def test_the_worker_command_accepts_the_compose_flags() -> None:
    entrypoint = config()["services"]["worker-gpu0"]["entrypoint"]
    commands = cli_subcommands()
    assert commands, "the CLI has no sub-commands"
    assert "worker" in commands, (
        "`kernelscope worker` is not registered in backend/cli/: the compose file's worker"
        " services run it, so every install needs it"
    )
    build_parser().parse_args(entrypoint[1:])  # exits on a flag `worker` does not have


def test_every_kernelscope_variable_is_a_setting() -> None:
    settings = {f"KERNELSCOPE_{name.upper()}" for name in Settings.model_fields}
    settings.add(TOKEN_ENV)  # read by `kernelscope worker` only: a secret, not a setting
    for name, service in config()["services"].items():
        for variable in service.get("environment", {}):
            if variable.startswith("KERNELSCOPE_"):
                assert variable in settings, f"{name}: {variable} is not a setting"


def test_interpolated_variables_are_documented() -> None:
    """Every ${VARIABLE} the compose file reads is explained in docs/deploy.md."""
    guide = (COMPOSE_FILE.parent / "docs" / "deploy.md").read_text()
    variables = set(re.findall(r"\$\{([A-Z0-9_]+)", COMPOSE_FILE.read_text()))
    assert variables
    missing = sorted(v for v in variables if f"`{v}`" not in guide)
    assert not missing, f"docs/deploy.md does not explain {missing}"
