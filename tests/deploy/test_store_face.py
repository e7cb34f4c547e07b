"""The store has one face: every module of backend/store/ is either in `FACE`
(backend/store/__init__.py), which the rest of the app may import, or protected by the
import contract "The store's face" (or the one for its tables and sessions), never both."""

from __future__ import annotations

import tomllib

from backend.store import FACE
from tests.paths import ROOT

STORE = ROOT / "backend" / "store"


def modules() -> set[str]:
    found = {p.stem for p in STORE.glob("*.py") if p.stem != "__init__"}
    return found | {p.name for p in STORE.iterdir() if (p / "__init__.py").is_file()}


def protected() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    names = set()
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] == "protected" and contract["allowed_importers"] == ["backend.store"]:
            names |= {
                module.removeprefix("backend.store.") for module in contract["protected_modules"]
            }
    return names


def test_every_store_module_is_its_face_or_its_own() -> None:
    assert sorted(modules() - set(FACE) - protected()) == []


def test_the_face_names_existing_modules_none_of_them_protected() -> None:
    assert sorted(set(FACE) & protected()) == []
    assert sorted(set(FACE) - modules()) == []
