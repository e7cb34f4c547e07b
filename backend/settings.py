"""Every server setting in one place. Each is an environment variable `KERNELSCOPE_<NAME>`
(e.g. KERNELSCOPE_DATA_DIR); `kernelscope serve` flags override them. README lists them all.

No other module reads a KERNELSCOPE_ variable (tests/test_settings_in_one_place.py): each
command builds one Settings and hands down what its parts need. The variables the worker
hands the harness process (backend/harness/protocol.py) are not settings."""

from __future__ import annotations

import os
from ipaddress import IPv4Network, IPv6Network, ip_network
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from backend.limits import DEFAULT_TIMEOUT_S, RunLimits, SandboxMode, default_cache_dir

DATA_DIR_ENV = "KERNELSCOPE_DATA_DIR"


def default_data_dir() -> Path:
    return Path.home() / ".kernelscope"


def environment_data_dir() -> Path:
    """The `data_dir` setting alone (KERNELSCOPE_DATA_DIR, else the default): the default of
    a command's --data-dir, read without validating settings that command never uses."""
    return Path(os.environ.get(DATA_DIR_ENV) or default_data_dir())


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KERNELSCOPE_", extra="ignore")

    data_dir: Path = Field(
        default_factory=default_data_dir, description="SQLite database, traces and caches"
    )
    cache_dir: Path = Field(
        default_factory=default_cache_dir,
        description="what a worker learns once per host (device peaks, instruction sets, "
        "host-only builds); default $XDG_CACHE_HOME/kernelscope or ~/.cache/kernelscope",
    )
    host: str = Field(default="127.0.0.1", description="address `kernelscope serve` listens on")
    port: int = Field(default=8000, description="port `kernelscope serve` listens on")
    max_snippet_bytes: int = Field(
        default=256 * 1024, gt=0, description="larger snippets are refused with 413"
    )
    max_sweep_sizes: int = Field(default=8, gt=0, description="sizes one submission may sweep")
    run_timeout_s: float = Field(
        default=DEFAULT_TIMEOUT_S, gt=0, description="wall-clock limit for one run"
    )
    device: Literal["auto", "cpu", "cuda"] = Field(
        default="auto", description="where local workers run snippets (auto: CUDA if present)"
    )
    local_workers: int = Field(
        default=1, ge=0, description="runs executed at once by the server itself (0: none)"
    )
    # Team hosting.
    auth: Literal["none", "accounts"] = Field(
        default="none", description="accounts: every route but login and health needs a user"
    )
    trusted_user_header: str | None = Field(
        default=None,
        description="trust this header (e.g. X-Forwarded-User) as the signed-in user name; "
        "only behind a reverse proxy that authenticates and strips it from clients",
    )
    trusted_proxies: str = Field(
        default="",
        description="addresses or networks of reverse proxies, comma-separated (e.g. "
        "127.0.0.1,10.0.0.0/8), whose X-Forwarded-For names the client; unset: nobody's is "
        "believed and the connection's address is the client's",
    )
    session_hours: float = Field(default=12, gt=0, description="how long a sign-in lasts")
    secure_cookies: bool = Field(default=False, description="mark cookies Secure (behind HTTPS)")
    queue: Literal["local", "redis"] = Field(
        default="local", description="local: the server runs snippets; redis: RQ workers do"
    )
    redis_url: str = Field(default="redis://127.0.0.1:6379/0", description="for queue=redis")
    default_device_kind: str = Field(
        default="cpu", description="queue a run goes to when the submitter names none"
    )
    max_queued_per_user: int = Field(
        default=20, gt=0, description="runs one user may have waiting at once"
    )
    max_suite_problems: int = Field(
        default=256, gt=0, description="problems of suites one user may have waiting at once"
    )
    max_streams_per_user: int = Field(
        default=20, gt=0, description="event streams one signed-in user may hold open at once"
    )
    max_streams_per_address: int = Field(
        default=50,
        gt=0,
        description="event streams one client address may hold open at once, for callers who "
        "are not signed in (a signed-in user's count under max_streams_per_user instead)",
    )
    # A run may bring up to BundleLimits.run_mb (256 MiB) of traces and generated code; a
    # typical one a few MiB. backend/store/quota.py says how each is counted.
    max_stored_mib_per_user: int = Field(
        default=4096,
        gt=0,
        description="MiB of run files (traces, generated code) one user's runs may keep",
    )
    max_stored_mib: int = Field(
        default=40960, gt=0, description="MiB of run files the whole server may keep"
    )
    lease_s: float = Field(
        default=30, gt=0, description="a running run whose worker is silent this long is lost"
    )
    sandbox: SandboxMode = Field(
        default="auto", description="bubblewrap around every snippet (auto: where it works)"
    )
    run_memory_mb: int | None = Field(
        default=None, gt=0, description="memory cap per run (cgroup); unset: the host's limit"
    )
    warm_spares: bool = Field(
        default=True,
        description="each worker slot keeps harness processes started ahead of need "
        "(torch imported, device ready, compiler warmed); each runs one snippet and exits",
    )
    spares_per_slot: int | None = Field(
        default=None,
        ge=1,
        le=8,
        description="spares each slot keeps, ready or warming up (unset: 2, or 3 for a slot on "
        "the CPU); each holds about 1 GiB of host memory and, on a GPU, 0.4 GiB of GPU memory",
    )
    retention_days: float | None = Field(
        default=None, gt=0, description="delete runs and traces older than this; unset: keep"
    )
    log_format: Literal["text", "json"] = Field(
        default="text", description="json: one structured object per line, with run ids"
    )

    @field_validator("trusted_proxies")
    @classmethod
    def _proxy_networks(cls, value: str) -> str:
        for part in _parts(value):
            try:
                ip_network(part, strict=False)
            except ValueError:
                raise ValueError(
                    f"{part!r} is not an IP address or network (e.g. 10.0.0.1 or 10.0.0.0/8)"
                ) from None
        return value

    def proxy_networks(self) -> list[IPv4Network | IPv6Network]:
        """`trusted_proxies` parsed (validated when the settings were made)."""
        return [ip_network(part, strict=False) for part in _parts(self.trusted_proxies)]

    def run_limits(self) -> RunLimits:
        """The limits every run of this server's own workers executes under."""
        return RunLimits(
            timeout_s=self.run_timeout_s, memory_mb=self.run_memory_mb, sandbox=self.sandbox
        )


def _parts(listed: str) -> list[str]:
    return [part.strip() for part in listed.split(",") if part.strip()]


class BadSettings(ValueError):
    """A setting (from the environment or a flag) that does not validate; says which."""


def load_settings(**overrides: Any) -> Settings:
    """The settings from the environment, with `overrides` (a command's flags; None: not
    given); BadSettings naming every setting that does not validate."""
    return _load(Settings, overrides)


S = TypeVar("S", bound=Settings)


class WorkerSettings(Settings):
    """`kernelscope worker`'s settings: the server's, its token, and bubblewrap by default (a
    remote worker runs strangers' code on a shared GPU host and nobody watches its log:
    unlike the server's `auto`, it refuses to run unsandboxed unless told so explicitly)."""

    sandbox: SandboxMode = Field(
        default="bwrap", description="bubblewrap around every snippet (none: explicitly not)"
    )
    worker_token: str | None = Field(
        default=None,
        description="the worker's token (kernelscope token create USER --worker-name NAME); "
        "from the environment it stays out of `ps` output, unlike --token",
    )


def load_worker_settings(**overrides: Any) -> WorkerSettings:
    """`kernelscope worker`'s settings, as load_settings makes the server's."""
    return _load(WorkerSettings, overrides)


class ClientSettings(Settings):
    """`kernelscope run`'s settings: the server's, and the token it sends with --server."""

    token: str | None = Field(
        default=None, description="an API token for `kernelscope run --server` (or --token)"
    )


def load_client_settings(**overrides: Any) -> ClientSettings:
    """`kernelscope run`'s settings, as load_settings makes the server's."""
    return _load(ClientSettings, overrides)


def _load(kind: type[S], overrides: dict[str, Any]) -> S:
    given = {name: value for name, value in overrides.items() if value is not None}
    try:
        return kind(**given)
    except ValidationError as exc:
        problems = "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())
        raise BadSettings(f"bad setting ({problems}); see README, Settings") from None
