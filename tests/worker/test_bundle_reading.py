"""The bundle as untrusted input: sizes checked before and while reading, gzip inflated in
bounded steps, JSON parsed only when its values fit, bundle.json held to its schema. Each
refusal names the file and the limit. No sandbox: the files are planted as a snippet would
plant them, in a copy of a real recorded bundle."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import tracemalloc
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from backend.harness.protocol import BUNDLE_FILE
from backend.worker import bundle as reader
from backend.worker.bundle import (
    Budget,
    BundleLimits,
    BundleTooLarge,
    InvalidBundle,
    inflate,
    load_bundle,
)
from backend.worker.bundle_fields import TEXT_CHARS

MiB = 1 << 20
RECORDED = Path(__file__).resolve().parents[1] / "data" / "h200_bundles" / "add_relu" / "bundle"
Document = dict[str, Any]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "bundle"
    shutil.copytree(RECORDED, copy)
    return copy


def edit(folder: Path, change: Callable[[Document], object]) -> None:
    document = json.loads((folder / BUNDLE_FILE).read_text())
    change(document)
    (folder / BUNDLE_FILE).write_text(json.dumps(document))


def test_the_recorded_bundle_is_read_and_analysed_within_its_budget(folder: Path) -> None:
    loaded = load_bundle(folder)
    assert loaded is not None and loaded.status == "succeeded"
    analysis = loaded.analyse()
    assert analysis.variants["eager"].kernel_count == 2
    assert loaded.budget.bytes_read < MiB and 0 < loaded.budget.values < 10_000


def test_no_bundle_document_is_no_bundle(folder: Path) -> None:
    (folder / BUNDLE_FILE).unlink()
    assert load_bundle(folder) is None


# ---- sizes -----------------------------------------------------------------------------------


def test_a_gzip_bomb_stops_inflating_at_the_limit() -> None:
    bomb = gzip.compress(bytes(64 * MiB), compresslevel=9)  # 64 KiB on disk
    tracemalloc.start()
    with pytest.raises(BundleTooLarge, match=r"trace.json.gz inflates past the limit .* 4 MiB"):
        inflate(bomb, "trace.json.gz", 4 * MiB)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 12 * MiB  # never the 64 MiB it inflates to


def test_every_gzip_member_counts_and_broken_gzip_is_invalid() -> None:
    member = gzip.compress(b"x" * MiB)
    assert len(inflate(member * 3, "t.gz", 3 * MiB)) == 3 * MiB
    with pytest.raises(BundleTooLarge):
        inflate(member * 4, "t.gz", 3 * MiB)
    with pytest.raises(InvalidBundle, match="truncated"):
        inflate(member[:-20], "t.gz", 3 * MiB)
    with pytest.raises(InvalidBundle, match="not a gzip file"):
        inflate(b"PK\x03\x04 a zip, say", "t.gz", 3 * MiB)
    assert zlib.crc32(inflate(member, "t.gz", MiB)) == zlib.crc32(b"x" * MiB)


def test_a_sparse_file_over_its_limit_is_refused_unread(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with (folder / "output_code_0.py").open("r+b") as code:
        code.truncate(1 << 30)  # 1 GiB, no disk
    read = reader._read_at_most

    def read_unless_code(fd: int, name: str, limit: int, what: str) -> bytes:
        assert not name.startswith("output_code"), "the sparse file was read"
        return read(fd, name, limit, what)

    monkeypatch.setattr(reader, "_read_at_most", read_unless_code)
    with pytest.raises(BundleTooLarge) as refused:
        load_bundle(folder)
    message = str(refused.value)
    assert "output_code_0.py is 1,073,741,824 bytes (sparse:" in message
    assert f"{BundleLimits().code_mb} MiB" in message and refused.value.kind == "bundle_too_large"


def test_a_file_that_grows_while_read_stops_at_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "growing"
    path.write_bytes(b"a" * 100)
    fd = os.open(path, os.O_RDONLY)
    try:
        path.write_bytes(b"a" * (3 * MiB))  # bigger than it was when its size was checked
        with pytest.raises(BundleTooLarge, match="the limit for a trace is 2 MiB"):
            reader._read_at_most(fd, "growing", 2 * MiB, "a trace")
    finally:
        os.close(fd)


def test_the_run_budget_counts_every_file(folder: Path) -> None:
    (folder / "output_code_0.py").write_bytes(b"#" * (3 * MiB))
    with pytest.raises(BundleTooLarge, match=r"more than 2 MiB in all.*output_code_0\.py went"):
        load_bundle(folder, BundleLimits(run_mb=2))


def test_json_values_are_counted_before_any_is_made(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    many = b'{"traceEvents": [' + b",".join([b"{}"] * 200_000) + b"]}"
    (folder / "eager_trace.json.gz").write_bytes(gzip.compress(many))
    loaded = load_bundle(folder, BundleLimits(run_values=100_000))
    assert loaded is not None
    monkeypatch.setattr(json, "loads", lambda *a: pytest.fail("it was parsed"))
    with pytest.raises(BundleTooLarge, match=r"eager_trace.json.gz .* limit per run is 100,000"):
        loaded.trace("eager")


def test_trace_events_are_counted(folder: Path) -> None:
    events = b",".join([b'{"ph": "i"}'] * 1000)
    text = b'{"traceEvents": [%s]}' % events
    (folder / "compiled_trace.json.gz").write_bytes(gzip.compress(text))
    loaded = load_bundle(folder, BundleLimits(trace_events=500))
    assert loaded is not None
    with pytest.raises(BundleTooLarge, match="trace events to 1,000"):
        loaded.trace("compiled")


def test_bundle_json_has_its_own_limits(folder: Path) -> None:
    with pytest.raises(BundleTooLarge, match=r"bundle\.json is .* the limit for bundle\.json is 0"):
        load_bundle(folder, BundleLimits(document_mb=0))
    with pytest.raises(BundleTooLarge, match="limit for this file is 100"):
        load_bundle(folder, BundleLimits(document_values=100))


# ---- shapes ----------------------------------------------------------------------------------


def test_a_trace_must_be_an_object_of_events(folder: Path) -> None:
    for text, words in ((b"[1, 2]", "not a Chrome trace"), (b'{"traceEvents": "x"}', "not a list")):
        (folder / "eager_trace.json.gz").write_bytes(gzip.compress(text))
        loaded = load_bundle(folder)
        assert loaded is not None
        with pytest.raises(InvalidBundle, match=words):
            loaded.trace("eager")
    (folder / "eager_trace.json.gz").write_bytes(gzip.compress(b'{"traceEvents": [1, "x", {}]}'))
    loaded = load_bundle(folder)
    assert loaded is not None and loaded.trace("eager") == {"traceEvents": [{}]}


def test_a_checked_bundle_the_analysis_cannot_read_is_invalid_not_a_crash(folder: Path) -> None:
    mark = b'{"traceEvents": [{"ph": "X", "name": "kernelscope: measured call", '
    mark += b'"cat": "user_annotation"}]}'
    (folder / "eager_trace.json.gz").write_bytes(gzip.compress(mark))  # a mark with no time
    loaded = load_bundle(folder)
    assert loaded is not None
    with pytest.raises(InvalidBundle, match="passed its checks but could not be analysed"):
        loaded.analyse()


def test_numbers_that_fit_but_add_up_past_any_run_are_invalid_not_a_bug(folder: Path) -> None:
    """Each value within 2^48 bytes, one op reading them 64 times over: the eager kernel's
    bytes pass the result's 2^53 (what the store may sum), said as the bundle's fault."""

    def inflate(document: Document) -> None:
        for value in document["eager"]["values"]:
            value["bytes"], value["shape"] = 2**48, [2**46]
        for op in document["eager"]["ops"]:
            op["reads"] = op["reads"] * 64

    edit(folder, inflate)
    loaded = load_bundle(folder)
    assert loaded is not None
    with pytest.raises(InvalidBundle, match="claims more than any run measures") as bad:
        loaded.analyse()
    assert "Kernel.bytes_read: Input should be less than or equal to" in str(bad.value)
    assert "bug" not in str(bad.value)


def _set(path: str, value: object) -> Callable[[Document], object]:
    def change(document: Document) -> None:
        *parents, last = path.split(".")
        node: Any = document
        for name in parents:
            node = node[int(name)] if name.isdigit() else node[name]
        node[int(last) if last.isdigit() else last] = value

    return change


SCHEMA_BREAKS = {
    "a string for a number": (_set("eager.timing.median_us", "fast"), "eager.timing.median_us"),
    "a bool for a count": (_set("eager.values.0.bytes", True), "eager.values.0.bytes"),
    "a name too long": (_set("eager.values.1.name", "n" * 5000), "eager.values.1.name"),
    "an unknown field": (_set("eager.surprise", 1), "eager.surprise"),
    "an unknown role": (_set("eager.values.0.role", "<b>"), "eager.values.0.role"),
    "an infinite time": (_set("compiled.timing.median_us", float("inf")), "median_us"),
    "a path for code": (_set("compiled.graphs.0.output_code", "../../db"), "output_code"),
    "another trace name": (_set("eager.trace", "/etc/passwd"), "eager.trace"),
    "a value id past the table": (_set("eager.ops.0.reads", [99]), "points past"),
    "a writer past the ops": (_set("eager.values.1.writer", 7), "writer: id 7"),
    "ids that are not positions": (_set("eager.values.0.id", 5), "numbered 5"),
    "an output pair past the table": (_set("compiled.output_pairs", [[1, 42]]), "output_pairs"),
    "a fingerprint too short": (
        _set("eager.values.2.fingerprint", {"kind": "float", "v": [1.0]}),
        "fingerprint",
    ),
    "a succeeded run without a device": (_set("device", None), "lacks device"),
    "a failed run without an error": (_set("status", "failed"), "must say why"),
    "too many inputs": (_set("inputs", [{"name": "a"}] * 2000), "inputs"),
    "another schema": (_set("schema_version", 2), "schema_version"),
    # bytes of 2^62 passed, and their sums overflowed SQLite when stored
    "a tensor of 2^62 bytes": (_set("eager.values.0.bytes", 2**62), "eager.values.0.bytes"),
    "a shape past any memory": (_set("eager.values.0.shape", [2**30, 2**30]), "values.0.shape"),
    "a dimension past any memory": (_set("eager.values.0.shape", [2**49]), "values.0.shape.0"),
    "a repeat count past 2^31": (_set("eager.timing.repeats", 2**40), "eager.timing.repeats"),
    "a time past any limit": (_set("eager.timing.median_us", 1e300), "eager.timing.median_us"),
    "a string for a size": (_set("size", "1"), "size"),
    "not an object": (lambda d: d.clear() or d.update({"0": [1]}), "schema_version"),
}


@pytest.mark.parametrize("case", list(SCHEMA_BREAKS))
def test_a_document_that_is_not_the_harnesss_is_invalid(folder: Path, case: str) -> None:
    change, where = SCHEMA_BREAKS[case]
    edit(folder, change)
    with pytest.raises(InvalidBundle, match=r"bundle\.json is not what the harness writes") as bad:
        load_bundle(folder)
    assert where in str(bad.value) and bad.value.kind == "invalid_bundle"


def test_the_same_code_file_twice_is_invalid(folder: Path) -> None:
    again = {"index": 1, "output_code": "output_code_0.py"}
    edit(folder, lambda d: d["compiled"]["graphs"].append(again))
    with pytest.raises(InvalidBundle, match="twice"):
        load_bundle(folder)


def test_long_prose_is_cut_not_refused(folder: Path) -> None:
    error = {"kind": "exception", "message": "m" * 100_000}
    edit(folder, lambda d: d.update(status="failed", error=error))
    loaded = load_bundle(folder)
    assert loaded is not None
    assert len(loaded.document["error"]["message"]) == TEXT_CHARS


def test_a_budget_spends_across_calls() -> None:
    budget = Budget(BundleLimits(run_mb=1))
    budget.spend_bytes(MiB, "a")
    with pytest.raises(BundleTooLarge, match="b went past it"):
        budget.spend_bytes(1, "b")


def test_a_deep_recursions_traceback_is_cut_not_refused(folder: Path) -> None:
    frames = [f"frame {i}" for i in range(990)]
    error = {"kind": "exception", "message": "RecursionError", "line": 3, "traceback": frames}

    def failed(document: Document) -> None:
        document.update(status="failed", error=error)

    edit(folder, failed)
    loaded = load_bundle(folder)
    assert loaded is not None
    frames = loaded.document["error"]["traceback"]
    assert len(frames) == 200 and frames[-1] == "frame 989"  # the innermost kept


def chain_ops(document: Document, count: int) -> None:
    """`count` eager ops, each reading the previous one's output: schema-valid."""
    first = document["eager"]["values"][0]
    document["eager"]["ops"] = [
        {"index": i, "op": "aten.add.Tensor", "view": False, "reads": [i], "writes": [i + 1],
         "moves_data": True, "inner": [{"op": "aten.add.Tensor", "depth": 1, "transfers": [
             {"direction": "read", "bytes": 4, "value": i}] * 3}]}
        for i in range(count)
    ]  # fmt: skip
    document["eager"]["values"] = [first] + [
        {**first, "id": i + 1, "name": f"v{i}", "role": "intermediate", "writer": i}
        for i in range(count)
    ]


@pytest.mark.parametrize(
    ("limit", "where"),
    [
        ("eager_ops", "eager.ops"),
        ("tensor_values", "eager.values"),
        ("inner_transfers", "eager.ops[].inner[].transfers"),
    ],
)
def test_what_the_analysis_walks_is_counted_before_it_walks_it(
    folder: Path, limit: str, where: str
) -> None:
    """A chain of eager ops within every byte and JSON-value limit cost the reader 40 s
    and 2 GB at 78,000 ops: the counts have limits of their own."""
    edit(folder, lambda document: chain_ops(document, 300))
    limits = BundleLimits(**{limit: 299})
    with pytest.raises(BundleTooLarge, match=rf"has [0-9,]+ entries in {re.escape(where)}"):
        load_bundle(folder, limits)
    loaded = load_bundle(folder, BundleLimits(**{limit: 10_000}))
    assert loaded is not None and len(loaded.document["eager"]["ops"]) == 300
    assert loaded.analyse().variants["eager"] is not None


def test_launches_and_trace_kernels_are_counted(folder: Path) -> None:
    with pytest.raises(BundleTooLarge, match=r"entries in compiled\.launches; the limit is 0"):
        load_bundle(folder, BundleLimits(launches=0))
    loaded = load_bundle(folder, BundleLimits(trace_kernels=0))
    assert loaded is not None
    with pytest.raises(BundleTooLarge, match=r"kernel events of its traces to [1-9]"):
        loaded.trace("eager")
