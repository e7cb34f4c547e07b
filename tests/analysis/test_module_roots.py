"""Module paths of a graph Dynamo traced from a submodule's own frame, put under the
snippet's own paths; library frames of a GPU image whose environment lives in /opt/torch."""

from __future__ import annotations

from backend.analysis.module_places import ModuleRoots
from backend.harness.module_paths import library_frame_in_trace

KNOWN = ["", "model", "model.transformer", "model.transformer.h.0", "model.transformer.h.0.attn"]


def test_a_path_from_a_submodules_frame_is_put_under_the_snippets_own() -> None:
    roots = ModuleRoots(KNOWN)
    assert roots.rooted("transformer.h.0.attn") == "model.transformer.h.0.attn"
    assert roots.rooted("model.transformer") == "model.transformer"  # known: as it is
    assert roots.rooted(None) is None
    assert roots.rooted("decoder.layers.0") == "decoder.layers.0"  # fits none: as it is


def test_a_path_that_fits_two_modules_is_left_as_it_is() -> None:
    roots = ModuleRoots(["", "a", "a.h.0", "b", "b.h.0"])
    assert roots.rooted("h.0") == "h.0"


def test_a_library_frame_under_an_environment_named_torch_is_the_librarys() -> None:
    trace = (
        'File "/opt/torch/.venv/lib/python3.12/site-packages/transformers/models/gpt2/'
        'modeling_gpt2.py", line 273, in forward\n'
        'File "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/modules/module.py", '
        "line 1775, in _call_impl\n"
    )
    found = library_frame_in_trace(trace, "/tmp/snippet.py")
    assert found == "transformers/models/gpt2/modeling_gpt2.py:273"
    torch_only = (
        'File "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/functional.py", '
        "line 9, in f\n"
    )
    assert library_frame_in_trace(torch_only, "/tmp/snippet.py") is None
