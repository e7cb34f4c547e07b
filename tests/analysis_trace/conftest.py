"""The parsed traces these tests share (recordings under tests/data/h200 and tests/data/cpu),
parsed once per session."""

from __future__ import annotations

import pytest

from backend.analysis.trace import ParsedTrace
from tests.recorded import load_parsed


@pytest.fixture(scope="session")
def h200() -> dict[str, ParsedTrace]:
    names = [
        "add_relu_eager",
        "add_relu_compiled",
        "gelu_chain_eager",
        "gelu_chain_compiled",
        "f2_compiled",
    ]
    return {name: load_parsed("h200", name) for name in names}


@pytest.fixture(scope="session")
def cpu() -> dict[str, ParsedTrace]:
    names = ["add_relu_eager", "add_relu_compiled", "matmul_compiled", "graph_break_compiled"]
    return {name: load_parsed("cpu", name) for name in names}
