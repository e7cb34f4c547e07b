"""Where in the model, on whole-model runs recorded on an H100 (tests/data/h100_model_bundles:
GPT-2 cut to two blocks, inference and a training step): every kernel and round trip names
its module, backward kernels included, and the stored run's ledger by module folds the two
blocks, from the API as a page reads it."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from backend.store.repository import Store
from tests.recorded import h100_model_run

MODELS = ("gpt2_two_blocks", "gpt2_train_two_blocks")


LOSS = ("nll_loss", "SoftMax", "log_softmax", "constant_pad_nd")  # the snippet's own code


def test_every_kernel_and_round_trip_of_inference_names_its_module() -> None:
    run = h100_model_run("gpt2_two_blocks")
    for variant in ("eager", "compiled"):
        kernels = run.variants[variant].kernels
        assert all(k.module and k.module.startswith("model.") for k in kernels), variant
    assert all(t.module and t.module.startswith("model.") for t in run.round_trips)
    blocks = {t.module.split(".")[3] for t in run.round_trips if t.module and ".h." in t.module}
    assert blocks == {"0", "1"}


def test_a_training_steps_kernels_are_placed_under_the_snippets_own_module_paths() -> None:
    """Its forward graph was traced from GPT2LMHeadModel's own frame (the snippet's forward
    breaks at backward()), whose nodes say `transformer.h.0`: they are put under `model.`.
    What has no module is the loss, the snippet's own code, and a few kernels autograd or
    Inductor made (the compiled backward's zero fills, a final layer norm's gradient sums)."""
    run = h100_model_run("gpt2_train_two_blocks")
    for variant in ("eager", "compiled"):
        kernels = run.variants[variant].kernels
        outside = [k.module for k in kernels if k.module and k.module.split(".")[0] != "model"]
        assert not outside, (variant, outside)
        unplaced = [k for k in kernels if k.module is None and not any(w in k.name for w in LOSS)]
        made = [
            k
            for k in unplaced
            if not k.lines  # on a snippet line: its own code (backward()'s seed)
            and "aten::zeros" not in (k.traffic_note or "")  # the wrapper's zero fills
            and "layer_norm_backward" not in k.name  # gradient sums autograd added
        ]
        assert not made, (variant, [k.name[:40] for k in made])
        assert len(unplaced) <= 0.07 * len(kernels), (variant, len(unplaced))
    backward = [k for k in run.variants["eager"].kernels if "layer_norm_grad" in k.name]
    assert backward and all(k.module and ".ln_" in k.module for k in backward)


@pytest.mark.parametrize("name", MODELS)
def test_the_ledger_folds_the_two_blocks_and_sums_them(
    name: str, client: TestClient, app_store: Store
) -> None:
    run = h100_model_run(name)
    queued_id = app_store.create_run((b"x").decode())
    queued = app_store.load_result(queued_id)
    assert queued is not None
    app_store.save_result(
        run.model_copy(update={"id": queued_id, "created_at": queued.created_at}), "x", []
    )
    root = client.get(f"/api/runs/{queued_id}/modules").json()["root"]
    assert root["eager"]["kernels"] == len(run.variants["eager"].kernels)
    assert root["compiled"]["kernels"] == len(run.variants["compiled"].kernels)
    totals = run.totals
    assert totals is not None
    assert root["round_trips"]["eliminated"] == totals.round_trips_eliminated
    assert root["round_trips"]["unknown"] == 0

    def names(node: dict[str, Any]) -> list[str]:
        return [node["name"], *(n for child in node.get("children", []) for n in names(child))]

    assert "2 × GPT2Block" in names(root)
