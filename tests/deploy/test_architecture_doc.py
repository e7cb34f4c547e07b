"""docs/architecture.md names every room of backend/ in its table of rooms, and every
import-linter contract of pyproject.toml in its table of contracts."""

from __future__ import annotations

import re
import tomllib

from tests.paths import ROOT

BACKEND = ROOT / "backend"
DOC = (ROOT / "docs" / "architecture.md").read_text()


def rooms() -> list[str]:
    """backend/'s packages (`name/`) and modules (`name.py`), but its __init__."""
    found = [f"{p.name}/" for p in BACKEND.iterdir() if (p / "__init__.py").is_file()]
    found += [p.name for p in BACKEND.glob("*.py") if p.name != "__init__.py"]
    return sorted(found)


def table(heading: str) -> str:
    return DOC.split(heading, 1)[1].split("\n## ", 1)[0]


def test_every_room_has_a_row() -> None:
    named = set(re.findall(r"`([a-z_]+(?:/|\.py))`", table("## The rooms")))
    assert [room for room in rooms() if room not in named] == []


def test_every_contract_has_a_row() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    rows = table("## What the contracts keep")
    # a row names the contract by the first words of its name
    missing = [c["name"] for c in contracts if " ".join(c["name"].split()[:3]) not in rows]
    assert missing == []
