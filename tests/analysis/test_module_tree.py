"""The ledger by module: sums over subtrees, repeated blocks folded and unfolded on request,
and the pure helpers that name modules (Dynamo's names, common paths)."""

from __future__ import annotations

from backend.analysis.module_places import common_module
from backend.analysis.module_tree import KernelSum, TripSum, module_ledger, top_modules_by_saving
from backend.harness.module_paths import dynamo_path, short_path

MODULES = [
    ("", "Model"),
    ("net", "Net"),
    ("net.h", "ModuleList"),
    *[(f"net.h.{i}", "Block") for i in range(3)],
    *[(f"net.h.{i}.fc", "Linear") for i in range(3)],
    ("net.head", "Linear"),
]


def _kernels() -> list[KernelSum]:
    rows = [KernelSum("eager", f"net.h.{i}.fc", 2, 100 * (i + 1), 1.0 + i) for i in range(3)]
    rows += [KernelSum("compiled", f"net.h.{i}", 1, 50, 0.5) for i in range(3)]
    rows += [KernelSum("eager", "net.head", 1, 7, 0.25), KernelSum("eager", None, 1, 3, 0.1)]
    return [*rows, KernelSum("compiled:max-autotune", "net.head", 9, 9, 9.0)]  # left out


def _trips() -> list[TripSum]:
    return [
        TripSum("net.h.0.fc", True, 2, 40),
        TripSum("net.h.1.fc", True, 2, 60),
        TripSum("net.h.2.fc", False, 1, 10),
        TripSum("net.head", None, 1, 5),
    ]


def test_every_node_sums_its_subtree_and_the_top_takes_unattributed_work() -> None:
    root = module_ledger(MODULES, _kernels(), _trips(), unfold={"net.h"})
    assert root.eager.kernels == 8 and root.eager.bytes == 600 + 7 + 3
    assert root.compiled.kernels == 3  # only the first compile mode's variant
    net = root.children[0]
    assert (net.path, net.type) == ("net", "Net")
    h = net.children[0]
    assert [c.path for c in h.children] == ["net.h.0", "net.h.1", "net.h.2"]
    assert h.round_trips.model_dump() == {
        "eliminated": 4,
        "kept": 1,
        "unknown": 0,
        "bytes_saved": 100,
    }
    assert net.round_trips.unknown == 1  # the head's


def test_repeated_blocks_fold_into_one_entry_with_per_block_numbers() -> None:
    root = module_ledger(MODULES, _kernels(), _trips())
    h = root.children[0].children[0]
    (folded,) = h.children
    assert folded.name == "3 × Block" and folded.count == 3
    assert folded.members == ["net.h.0", "net.h.1", "net.h.2"]
    assert folded.eager.bytes == 600
    spread = folded.per_block["eager_bytes"]
    assert (spread.mean, spread.min, spread.max) == (200.0, 100.0, 300.0)
    assert folded.per_block["bytes_saved"].max == 60.0
    assert folded.children == []  # unfold the parent to see them


def test_blocks_of_another_structure_stay_apart() -> None:
    kernels = [*_kernels(), KernelSum("eager", "net.h.2.fc", 1, 1, 0.1)]  # one more kernel
    h = module_ledger(MODULES, kernels, _trips()).children[0].children[0]
    assert [c.name for c in h.children] == ["2 × Block", "2"]


def test_a_snippet_without_modules_has_only_its_top() -> None:
    root = module_ledger([], [KernelSum("eager", None, 2, 10, 1.0)], [TripSum(None, True, 1, 4)])
    assert (root.path, root.type, root.children) == ("", None, [])
    assert root.eager.kernels == 2 and root.round_trips.bytes_saved == 4


def test_the_cli_ranks_modules_by_their_own_savings() -> None:
    root = module_ledger(MODULES, _kernels(), _trips(), unfold={"*"})
    ranked = [(node.path, own.bytes_saved) for node, own in top_modules_by_saving(root, 2)]
    assert ranked == [("net.h.1.fc", 60), ("net.h.0.fc", 40)]


def test_dynamo_names_become_named_modules_paths() -> None:
    assert (
        dynamo_path("L['self'].model.transformer.h[3].attn", True) == "model.transformer.h.3.attn"
    )
    assert dynamo_path("G['model']._modules['h'][1]", False) == "model.h.1"
    assert dynamo_path("L['self']", True) is None  # the Model itself: the snippet's top
    assert dynamo_path("L['m'].fc", False) == "m.fc"  # the function's argument `m`
    assert dynamo_path("L['x'].fc", True) is None  # a Model's forward argument: unnamed


def test_library_frames_are_named_from_the_package_root() -> None:
    path = "/venv/lib/python3.11/site-packages/transformers/models/gpt2/modeling_gpt2.py"
    assert short_path(path) == "transformers/models/gpt2/modeling_gpt2.py"


def test_a_kernel_spanning_two_blocks_belongs_to_their_parent() -> None:
    assert common_module(["m.h.0.mlp", "m.h.1.ln_1"]) == "m.h"
    assert common_module(["m.h.0.mlp", None]) == "m.h.0.mlp"  # a node of no module: left out
    assert common_module([None]) is None
