"""A real redis-server for one test: a free port, its own directory, persistence on.

Never the system's Redis: each test starts its own process and stops it. With `acl`, it
runs with the users of docker-compose.yml's Redis (`deployed_acl`), plus an admin user of
its own for the test's checks.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from redis import Redis
from redis.exceptions import RedisError

START_S = 20.0
API_PASSWORD, WORKER_PASSWORD = "api-secret", "worker-secret"  # put into the compose file
ADMIN = ["--user", "test-admin", "on", ">admin-secret", "~*", "&*", "+@all"]


def deployed_acl() -> list[str]:
    """The `--user` options of docker-compose.yml's redis service, with test passwords:
    the very lines a deployment starts Redis with (Compose does the interpolation)."""
    from tests.helpers import compose

    env = {
        "KERNELSCOPE_REDIS_PASSWORD": API_PASSWORD,
        "KERNELSCOPE_REDIS_WORKER_PASSWORD": WORKER_PASSWORD,
    }
    done = compose("config", "--format", "json", env=env)
    assert done.returncode == 0, done.stderr
    command: list[str] = json.loads(done.stdout)["services"]["redis"]["command"]
    assert "--user" in command, "docker-compose.yml's Redis declares no users"
    users = command[command.index("--user") :]
    options = [arg for arg in users if arg.startswith("--")]
    assert set(options) == {"--user"}, f"put the --user options last: {options}"
    return users


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RedisServer:
    """`redis-server --appendonly yes` on a free port; `restart` keeps its data directory."""

    def __init__(self, directory: Path, acl: list[str] | None = None) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("redis-server is not installed (.ci/run installs Debian's redis-server)")
        self.binary = binary
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self._client: Redis | None = None
        self.acl = [*acl, *ADMIN] if acl is not None else []

    @property
    def url(self) -> str:
        """Everything allowed: the test's own connection (`test-admin` with an ACL)."""
        return self.url_as("test-admin", "admin-secret") if self.acl else self._url("")

    @property
    def api_url(self) -> str:
        return self.url_as("api", API_PASSWORD) if self.acl else self.url

    @property
    def worker_url(self) -> str:
        return self.url_as("worker", WORKER_PASSWORD) if self.acl else self.url

    def url_as(self, user: str, password: str) -> str:
        return self._url(f"{user}:{password}@")

    def _url(self, credentials: str) -> str:
        return f"redis://{credentials}127.0.0.1:{self.port}/0"

    def client(self) -> Redis:
        """One client for the test (it reconnects by itself after a restart)."""
        if self._client is None:
            self._client = Redis.from_url(self.url, socket_timeout=5)
        return self._client

    def start(self) -> RedisServer:
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--dir", str(self.directory), "--appendonly", "yes", "--save", ""]
        command += self.acl
        log = (self.directory / "redis.log").open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            try:
                if self.client().ping():
                    return self
            except RedisError:
                time.sleep(0.05)
        raise AssertionError(f"redis-server on port {self.port} did not start")

    def stop(self) -> None:
        """SIGTERM: Redis flushes its append-only file and exits."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None
        if self._client is not None:
            self._client.close()
            self._client = None

    def restart(self) -> None:
        """Stop and start again on the same port and directory (its append-only file)."""
        self.stop()
        self.start()
