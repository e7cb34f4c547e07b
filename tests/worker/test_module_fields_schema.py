"""The module attribution fields of bundle.json are bounded like every other:
a path, a frame or a module list past its bound refuses the bundle, a bundle without
them (made before) still reads, with no module anywhere."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from backend.harness.protocol import BUNDLE_FILE
from backend.worker.bundle import InvalidBundle, load_bundle

RECORDED = Path(__file__).resolve().parents[1] / "data" / "h200_bundles" / "add_relu" / "bundle"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return Path(shutil.copytree(RECORDED, tmp_path / "bundle"))


def _edit(folder: Path, change: Callable[[dict[str, Any]], object]) -> None:
    document = json.loads((folder / BUNDLE_FILE).read_text())
    change(document)
    (folder / BUNDLE_FILE).write_text(json.dumps(document))


def test_a_bundle_of_before_has_no_modules(folder: Path) -> None:
    loaded = load_bundle(folder)
    assert loaded is not None
    analysis = loaded.analyse()
    assert analysis.modules == []
    assert all(k.module is None for v in analysis.variants.values() for k in v.kernels)


def test_module_fields_within_bounds_are_read(folder: Path) -> None:
    def named(document: dict[str, Any]) -> None:
        document["modules"] = [{"path": "", "type": "Model"}, {"path": "fc", "type": "Linear"}]
        for op in document["eager"]["ops"]:
            op.update(module="fc", frame="lib/layer.py:12")

    _edit(folder, named)
    loaded = load_bundle(folder)
    assert loaded is not None
    analysis = loaded.analyse()
    assert [k.module for k in analysis.variants["eager"].kernels] == ["fc", "fc"]
    assert {k.frame for k in analysis.variants["eager"].kernels} == {"lib/layer.py:12"}


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["eager"]["ops"][0].update(module="m." * 300),
        lambda d: d["eager"]["ops"][0].update(frame="x" * 513),
        lambda d: d["eager"]["ops"][0].update(module=7),
        lambda d: d.update(modules=[{"path": "m", "type": "T"}] * 20_001),
        lambda d: d.update(modules=[{"path": "m", "type": "T" * 129}]),
        lambda d: d["compiled"]["inductor"][0]["nodes"][0].update(module="m" * 513),
    ],
    ids=["long path", "long frame", "not a string", "too many", "long type", "node path"],
)
def test_module_fields_past_their_bounds_refuse_the_bundle(
    folder: Path, change: Callable[[dict[str, Any]], object]
) -> None:
    _edit(folder, change)
    with pytest.raises(InvalidBundle):
        load_bundle(folder)
