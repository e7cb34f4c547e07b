"""Every server setting in one place. Each is an environment variable `KERNELSCOPE_<NAME>`
(e.g. KERNELSCOPE_DATA_DIR); `kernelscope serve` flags override them. README lists them all."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from backend.worker.execute import DEFAULT_TIMEOUT_S


def default_data_dir() -> Path:
    return Path.home() / ".kernelscope"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KERNELSCOPE_", extra="ignore")

    data_dir: Path = Field(
        default_factory=default_data_dir, description="SQLite database, traces and caches"
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
