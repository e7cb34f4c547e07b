"""docs/deploy.md stays true: its commands, variables and metric names exist."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from backend.api.app import create_app
from backend.settings import Settings
from backend.worker.remote_cli import TOKEN_ENV
from tests.helpers import cli_subcommands
from tests.paths import COMPOSE_FILE, ROOT

GUIDE = (ROOT / "docs" / "deploy.md").read_text()


def subcommands() -> set[str]:
    return set(cli_subcommands())


def test_the_readme_links_the_guide() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "## Deploying for a team" in readme and "docs/deploy.md" in readme


def test_every_kernelscope_command_in_the_guide_exists() -> None:
    used = set(re.findall(r"\bkernelscope (\w[\w-]*)", GUIDE)) - {"worker", "for"}
    assert {"backup", "prune", "user", "token", "serve"} <= used
    assert used <= subcommands(), used - subcommands()
    assert "worker" in subcommands()


def test_every_variable_in_the_guide_is_a_setting_or_read_by_compose() -> None:
    settings = {f"KERNELSCOPE_{name.upper()}" for name in Settings.model_fields}
    compose = set(re.findall(r"\$\{([A-Z_]+)", COMPOSE_FILE.read_text()))
    known = settings | compose | {TOKEN_ENV}
    mentioned = set(re.findall(r"KERNELSCOPE_[A-Z_]+", GUIDE))
    assert mentioned <= known, mentioned - known


def test_the_metrics_table_matches_what_metrics_serves(tmp_path: Path) -> None:
    documented = set(re.findall(r"^\| `(kernelscope_\w+)`", GUIDE, re.MULTILINE))
    with TestClient(create_app(Settings(data_dir=tmp_path / "data", local_workers=0))) as client:
        text = client.get("/metrics").text
    served = {
        f.name for f in text_string_to_metric_families(text) if f.name.startswith("kernelscope")
    }
    assert documented == served
