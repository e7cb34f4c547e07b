"""bundle.json as the harness writes it, checked field by field before anything reads it.

The harness runs in the snippet's own process, so bundle.json is whatever the snippet left
there. Every field the reading side uses (backend/analysis, describe_exit) is declared with
its type and a bound, here (the document) or in `bundle_variants` (the eager and compiled
parts) and `bundle_fields` (the field types): strings and lists have a maximum length,
numbers are numbers (never a bool or a string), unknown fields are refused, and every id
points into the table it names, so the analysis can index without checking. Free text
(messages, notes, tracebacks) is cut at its bound rather than refused: a long exception
message is not an attack. A new field in the harness needs a line here, or every run is
refused with a message naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    StringConstraints,
    model_validator,
)

from backend.result import CompileModeName
from backend.worker.bundle_fields import (
    LOG_CHARS,
    MAX_MODULES,
    STRICT_PART,
    Bytes,
    Count,
    Duration,
    Line,
    ModulePath,
    Name,
    Number,
    Shape,
    Text,
    Word,
    cut_at,
)
from backend.worker.bundle_variants import Compiled, Eager, Graph

MAX_FURTHER_MODES = 2  # three compile modes at most: the first and two more
# A top-level package a snippet imported (backend/harness/imports.py): its spares may import
# it ahead of need, so only a Python identifier is taken.
PackageName = Annotated[StrictStr, StringConstraints(pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")]
MAX_IMPORTED = 32


class _Part(BaseModel):
    model_config = STRICT_PART


class Error(_Part):
    kind: Annotated[StrictStr, StringConstraints(pattern=r"^[a-z_]{1,64}$")]
    message: Text
    line: Line | None = None
    # the innermost frames: a deep recursion's traceback is cut, not refused
    traceback: Annotated[list[Text], AfterValidator(lambda frames: frames[-200:])] = []


class Device(_Part):
    type: Literal["cuda", "cpu"]
    name: Name
    l2_cache_bytes: Bytes | None = None
    note: Text | None = None


class Versions(_Part):
    torch: Word | None = None
    triton: Word | None = None
    cuda: Word | None = None
    driver: Word | None = None
    python: Word | None = None


class Input(_Part):
    name: Name
    shape: Shape | None = None
    dtype: Word | None = None
    value: Text | None = None


class NamedModule(_Part):
    path: ModulePath
    type: Annotated[StrictStr, StringConstraints(max_length=128)]


class GraphBreak(_Part):
    reason: Text
    line: Line | None = None
    explanation: Text | None = None


class Compile(_Part):
    seconds: Duration | None = None
    mode: Word = "default"
    graph_count: Count | None = None
    graph_breaks: Annotated[list[GraphBreak], Field(max_length=10_000)] = []
    recompiles: Count | None = None
    log: Annotated[StrictStr, cut_at(LOG_CHARS)] | None = None


class Correctness(_Part):
    method: Word
    match: StrictBool | None
    max_abs_error: Number | None
    max_rel_error: Number | None
    rel_l2_error: Number | None = None
    limits: Annotated[dict[Word, Number], Field(max_length=8)] | None = None
    eager_rmse_vs_float64: Number | None = None
    compiled_rmse_vs_float64: Number | None = None
    note: Text | None = None


class GradMode(_Part):
    mode: Literal["inference", "training"]
    reason: Text


LoadAverages = Annotated[list[Annotated[Number, Field(ge=0)]], Field(max_length=3)]


class Load(_Part):
    cpu_count: Count
    usable_cpus: Count
    run_threads: Count
    loadavg_before: LoadAverages | None = None
    loadavg_after: LoadAverages | None = None
    measured_s: Duration
    run_cpu_cores: Duration | None = None
    other_cpu_cores: Duration | None = None


class Memory(_Part):
    harness_peak_bytes: Bytes | None = None


class FurtherMode(_Part):
    """A further compile mode: its compiled variant, compile and check."""

    mode: CompileModeName
    compiled: Compiled
    compile: Compile
    correctness: Correctness
    notes: Annotated[list[Text], Field(max_length=10)] = []


class Bundle(_Part):
    """The whole document. A succeeded bundle has every part the analysis reads."""

    schema_version: Literal[1]
    snippet_file: Annotated[StrictStr, StringConstraints(max_length=4096)] | None = None
    status: Literal["succeeded", "failed"]
    error: Error | None = None
    device: Device | None = None
    versions: Versions = Versions()
    size: Annotated[StrictInt, Field(ge=0, le=2**62)] | None = None  # inputs(size)
    compile_mode: Word | None = None
    entry_point: Name | None = None
    style: Word | None = None
    notes: Annotated[list[Text], Field(max_length=100)] = []
    snippet_imports: Annotated[list[PackageName], Field(max_length=MAX_IMPORTED)] = []
    inputs: Annotated[list[Input], Field(max_length=1000)] = []
    eager: Eager | None = None
    compiled: Compiled | None = None
    compile: Compile | None = None
    correctness: Correctness | None = None
    memory: Memory | None = None
    grad_mode: GradMode | None = None
    load: Load | None = None
    further_modes: Annotated[list[FurtherMode], Field(max_length=MAX_FURTHER_MODES)] = []
    modules: Annotated[list[NamedModule], Field(max_length=MAX_MODULES)] = []

    @model_validator(mode="after")
    def _complete(self) -> Bundle:
        if self.status == "failed":
            if self.error is None:
                raise ValueError("a failed bundle must say why (error)")
            if self.further_modes:  # the harness writes them only for a succeeded run
                raise ValueError("a failed bundle has no further compile modes")
            return self
        missing = [name for name in _SUCCEEDED_PARTS if _part(self, name) is None]
        if missing:
            raise ValueError(f"a succeeded bundle lacks {', '.join(missing)}")
        _check_references(self)
        for further in self.further_modes:
            for part in ("launches", "trace", "values", "timing"):
                if getattr(further.compiled, part) is None:
                    raise ValueError(f"further mode {further.mode} lacks compiled.{part}")
            _check_references(self, further.compiled)
        _check_further_modes(self)
        parts: list[Bundle | FurtherMode] = [self, *self.further_modes]
        names = [g.output_code for part in parts for g in _graphs(part)]
        if len(set(names)) != len(names):
            raise ValueError("two compiled graphs name the same output_code file")
        return self


def _check_further_modes(bundle: Bundle) -> None:
    """Each further mode is another mode than the run's and the others, with a trace of its
    own name: two parts naming one file would store it twice (a failed save)."""
    first = (bundle.compile_mode or "default").split(",")[0].strip()
    modes = [first, *(further.mode for further in bundle.further_modes)]
    if len(set(modes)) != len(modes):
        raise ValueError(f"compile modes repeat: {', '.join(modes)}")
    traces = [bundle.compiled.trace if bundle.compiled else None]
    traces += [further.compiled.trace for further in bundle.further_modes]
    if len(set(traces)) != len(traces):
        raise ValueError("two compiled variants name the same trace file")


_SUCCEEDED_PARTS = (
    "device", "eager.ops", "eager.trace", "eager.values", "eager.timing", "compiled.launches",
    "compiled.trace", "compiled.values", "compiled.timing", "compile", "correctness",
)  # fmt: skip


def _part(bundle: Bundle, dotted: str) -> Any:
    node: Any = bundle
    for name in dotted.split("."):
        node = getattr(node, name, None) if node is not None else None
    return node


def _graphs(part: Bundle | FurtherMode) -> list[Graph]:
    return part.compiled.graphs if part.compiled is not None else []


def _check_references(bundle: Bundle, further: Compiled | None = None) -> None:
    """Every id the analysis follows points into its table: ids are positions (the
    harness's ValueTable and op and launch lists number them so), writers are ops or
    launches, reads and writes are values, matches pair an eager value with a compiled one."""
    eager, compiled = bundle.eager, further or bundle.compiled
    assert eager is not None and compiled is not None  # _complete checked
    assert eager.ops is not None and eager.values is not None
    assert compiled.launches is not None and compiled.values is not None
    _positions("eager.ops", [op.index for op in eager.ops])
    _positions("eager.values", [v.id for v in eager.values])
    _positions("compiled.launches", [launch.index for launch in compiled.launches])
    _positions("compiled.values", [v.id for v in compiled.values])
    _within("eager.values[].writer", [v.writer for v in eager.values], len(eager.ops))
    _within("compiled.values[].writer", [v.writer for v in compiled.values], len(compiled.launches))
    ids = [i for op in eager.ops for i in (*op.reads, *op.writes)]
    _within("eager.ops[].reads/writes", ids, len(eager.values))
    ids = [i for launch in compiled.launches for _, i in (*launch.reads, *launch.writes)]
    _within("compiled.launches[].reads/writes", ids, len(compiled.values))
    names = [g.output_code for g in compiled.graphs]
    if len(set(names)) != len(names):
        raise ValueError("compiled.graphs names one output_code file twice")
    _within("eager.values[].previous", [v.previous for v in eager.values], len(eager.values))
    _within(
        "compiled.values[].previous", [v.previous for v in compiled.values], len(compiled.values)
    )
    inner = [t for op in eager.ops for i in op.inner for t in i.transfers]
    _within("eager.ops[].inner[].transfers[].value", [t.value for t in inner], len(eager.values))
    for op in eager.ops:
        locals_ = [t.local for i in op.inner for t in i.transfers]
        _within("eager.ops[].inner[].transfers[].local", locals_, len(op.locals))
    keys = [int(k) for op in eager.ops for k in op.read_bytes]
    _within("eager.ops[].read_bytes", keys, len(eager.values))
    _within("compiled.output_pairs", [e for e, _ in compiled.output_pairs], len(eager.values))
    _within("compiled.output_pairs", [c for _, c in compiled.output_pairs], len(compiled.values))


def _positions(where: str, numbers: list[int]) -> None:
    for position, number in enumerate(numbers):
        if number != position:
            raise ValueError(f"{where}[{position}] is numbered {number}, not {position}")


def _within(where: str, ids: Sequence[int | None], size: int) -> None:
    for i in ids:
        if i is not None and i >= size:
            raise ValueError(f"{where}: id {i} points past the {size} entries there")
