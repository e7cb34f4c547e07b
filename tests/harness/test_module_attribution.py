"""Where in the model, for real on this CPU: a two-block GPT-2 (inference and
one training step) and a plain function run through the harness, analysed, stored and
served by GET /api/runs/{id}/modules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from backend.analysis.assemble import Analysis
from backend.result import RunResult
from backend.store.repository import Store
from backend.worker.bundle import analyse_bundle

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "tests" / "data" / "models"
GPT2_FRAME = "transformers/models/gpt2/modeling_gpt2.py:"


def _run(snippet: Path, where: Path) -> tuple[dict[str, Any], Analysis]:
    command = [sys.executable, "-m", "backend.harness", "--snippet", str(snippet)]
    command += ["--bundle", str(where), "--device", "cpu"]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=900)
    bundle = json.loads((where / "bundle.json").read_text())
    assert bundle["status"] == "succeeded", bundle.get("error")
    return bundle, analyse_bundle(where)


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Analysis]:
    pytest.importorskip("transformers")
    return _run(MODELS / "gpt2_tiny.py", tmp_path_factory.mktemp("gpt2"))


@pytest.fixture(scope="module")
def train(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Analysis]:
    pytest.importorskip("transformers")
    return _run(MODELS / "gpt2_train.py", tmp_path_factory.mktemp("train"))


@pytest.fixture(scope="module")
def add_relu(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Analysis]:
    return _run(ROOT / "examples" / "add_relu.py", tmp_path_factory.mktemp("add_relu"))


def _saved(store: Store, snippet: Path, analysis: Analysis) -> str:
    code = snippet.read_text()
    run_id = store.create_run(code)
    queued = store.load_result(run_id)
    assert queued is not None
    fields = {"id": run_id, "status": "succeeded", "created_at": queued.created_at}
    result = RunResult.model_validate(
        {**fields, "code_sha256": queued.code_sha256, **vars(analysis)}
    )
    store.save_result(result, code, [])
    return run_id


def test_every_gpt2_op_and_kernel_names_its_module(gpt2: tuple[dict[str, Any], Analysis]) -> None:
    bundle, analysis = gpt2
    moving = [op for op in bundle["eager"]["ops"] if op["moves_data"]]
    assert moving and all(op["module"].startswith("model.") for op in moving)
    for variant in ("eager", "compiled"):
        kernels = analysis.variants[variant].kernels
        assert kernels and all(k.module and k.module.startswith("model.") for k in kernels)
    eager = {k.module for k in analysis.variants["eager"].kernels}
    assert {"model.transformer.h.0.attn.c_attn", "model.transformer.h.1.mlp.c_fc"} <= eager
    assert "model.lm_head" in eager


def test_library_frames_name_the_model_code(gpt2: tuple[dict[str, Any], Analysis]) -> None:
    _, analysis = gpt2
    for variant in ("eager", "compiled"):
        frames = [k.frame or "" for k in analysis.variants[variant].kernels]
        assert any(f.startswith(GPT2_FRAME) for f in frames), frames
    assert all(k.lines for k in analysis.variants["eager"].kernels)  # the snippet's line too


def test_round_trips_carry_their_writers_module(gpt2: tuple[dict[str, Any], Analysis]) -> None:
    bundle, analysis = gpt2
    writers: dict[str, set[str]] = {}  # two values may share a name (both embeddings')
    for value in bundle["eager"]["values"]:
        if value.get("writer") is not None:
            op = bundle["eager"]["ops"][value["writer"]]
            writers.setdefault(value["name"], set()).add(op["module"])
    assert analysis.round_trips
    for trip in analysis.round_trips:
        assert trip.module is not None and trip.module in writers[trip.tensor]


def test_the_modules_route_folds_the_two_blocks(
    client: TestClient, app_store: Store, gpt2: tuple[dict[str, Any], Analysis]
) -> None:
    _, analysis = gpt2
    run_id = _saved(app_store, MODELS / "gpt2_tiny.py", analysis)
    root = client.get(f"/api/runs/{run_id}/modules").json()["root"]
    assert root["type"] == "Model" and root["name"] == "Model"
    assert root["eager"]["kernels"] == analysis.variants["eager"].kernel_count
    assert root["compiled"]["kernels"] == analysis.variants["compiled"].kernel_count
    h = _find(root, "model.transformer.h")
    (blocks,) = h["children"]
    assert (blocks["name"], blocks["count"]) == ("2 × GPT2Block", 2)
    assert blocks["members"] == ["model.transformer.h.0", "model.transformer.h.1"]
    assert blocks["per_block"]["eager_bytes"]["mean"] > 0
    unfolded = client.get(f"/api/runs/{run_id}/modules", params={"unfold": h["path"]}).json()
    names = [c["name"] for c in _find(unfolded["root"], h["path"])["children"]]
    assert names == ["0", "1"]


def _find(node: dict[str, Any], path: str) -> dict[str, Any]:
    if node["path"] == path:
        return node
    for child in node["children"]:
        if path == child["path"] or path.startswith(child["path"] + "."):
            return _find(child, path)
    raise AssertionError(f"no {path}")


def test_backward_ops_take_their_forward_ops_module(train: tuple[dict[str, Any], Analysis]) -> None:
    bundle, analysis = train
    backward = [op for op in bundle["eager"]["ops"] if op["backward"] and op["moves_data"]]
    assert len(backward) > 20
    outside = {op["op"] for op in backward if op["module"] is None}
    # only the loss, computed in the snippet's own code, belongs to no module
    assert outside <= {"aten.nll_loss_backward.default", "aten._log_softmax_backward_data.default"}
    norms = [op for op in backward if op["op"] == "aten.native_layer_norm_backward.default"]
    assert norms and all(
        op["module"].rsplit(".", 1)[-1] in ("ln_1", "ln_2", "ln_f") for op in norms
    )
    compiled = analysis.variants["compiled"].kernels
    assert all(k.module for k in compiled if k.graph is not None)  # both graphs, fwd and bwd
    assert any("backward" in k.name and k.module for k in compiled)


def test_a_plain_function_has_no_module(
    client: TestClient, app_store: Store, add_relu: tuple[dict[str, Any], Analysis]
) -> None:
    bundle, analysis = add_relu
    assert bundle["modules"] == []
    kernels = [k for v in analysis.variants.values() for k in v.kernels]
    assert kernels and all(k.module is None for k in kernels)
    assert analysis.totals is not None and analysis.totals.round_trips_eliminated == 1
    run_id = _saved(app_store, ROOT / "examples" / "add_relu.py", analysis)
    root = client.get(f"/api/runs/{run_id}/modules").json()["root"]
    assert (root["children"], root["type"]) == ([], None)
    assert root["eager"]["kernels"] == analysis.variants["eager"].kernel_count
    assert root["round_trips"]["eliminated"] == 1
