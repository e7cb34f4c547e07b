"""Shared loaders for the trace-parsing tests (fixtures under tests/data/)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from backend.analysis.trace import ParsedTrace, parse_trace

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def load_trace_doc(folder: str, name: str) -> dict[str, object]:
    with gzip.open(DATA / folder / f"{name}_trace.json.gz", "rt") as handle:
        doc: dict[str, object] = json.load(handle)
    return doc


def load_parsed(folder: str, name: str) -> ParsedTrace:
    return parse_trace(load_trace_doc(folder, name))


def read_text(folder: str, name: str) -> str:
    return (DATA / folder / name).read_text()


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
