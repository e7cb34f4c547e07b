"""bundle.json as the harness writes it, checked field by field before anything reads it.

The harness runs in the snippet's own process, so bundle.json is whatever the snippet left
there. Every field the reading side uses (backend/analysis, describe_exit) is declared
here with its type and a bound: strings and lists have a maximum length, numbers are
numbers (never a bool or a string), unknown fields are refused, and every id points into
the table it names, so the analysis can index without checking. Free text (messages,
notes, tracebacks) is cut at its bound rather than refused: a long exception message is
not an attack. A new field in the harness needs a line here, or every run is refused with
a message naming it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    StringConstraints,
    model_validator,
)

from backend.result import CompileModeName, TensorRole

TEXT_CHARS = 16 * 1024  # a message, a note, a traceback line
NAME_CHARS = 1024  # a tensor, kernel, op or parameter name
WORD_CHARS = 128  # a dtype, a role, a mode, a version
MAX_ITEMS = 2_000_000  # ops, values or launches of one variant
MAX_IDS = 100_000  # tensors one op or launch reads or writes (a cat of many tensors)
MAX_DIMS = 64
MAX_GRAPHS = 4096
PAYLOAD_CHARS = 16 * 1024 * 1024  # one provenance artifact (JSON text Inductor logged)
LOG_CHARS = 70 * 1024  # the compiler's log (the harness keeps 64 KiB)
MAX_NODES = 20_000  # Inductor nodes, buffers or kernels of one graph (the harness's cap)


def _cut(limit: int) -> AfterValidator:
    def cut(text: str) -> str:
        return text if len(text) <= limit else text[: limit - 1] + "…"

    return AfterValidator(cut)


def _finite(number: float | int) -> float | int:
    if isinstance(number, float) and not math.isfinite(number):
        raise ValueError("must be a finite number")
    return number


Text = Annotated[StrictStr, _cut(TEXT_CHARS)]
Name = Annotated[StrictStr, StringConstraints(max_length=NAME_CHARS)]
Word = Annotated[StrictStr, StringConstraints(max_length=WORD_CHARS)]
# Numbers are bounded far past any real run, low enough that what the analysis and the
# store add up of them stays far inside SQLite's signed 64-bit INTEGER: one tensor holds at
# most TENSOR_BYTES (256 TiB: no device or host has that much memory), and so at most as
# many elements; counts of calls, repeats, CPUs and graphs are below 2^31. The result's own
# bounds (backend/result/bounds.py: 2^53 bytes a variant) catch the sums the analysis makes.
TENSOR_BYTES = 2**48
MAX_COUNT = 2**31
Bytes = Annotated[StrictInt, Field(ge=0, le=TENSOR_BYTES)]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
Elements = Annotated[StrictInt, Field(ge=0, le=TENSOR_BYTES)]
Index = Annotated[StrictInt, Field(ge=0, le=MAX_ITEMS)]
Line = Annotated[StrictInt, Field(ge=0, le=10_000_000)]
Number = StrictFloat | StrictInt  # inf is a real max_abs_error: allowed where it can be
MAX_DURATION = 1e12  # microseconds (11 days) or seconds: longer than any time limit
Duration = Annotated[StrictFloat | StrictInt, Field(ge=0, le=MAX_DURATION), AfterValidator(_finite)]


def _elements_fit(shape: list[int]) -> list[int]:
    """Dimensions multiply into the element count: their product is bounded too."""
    if math.prod(shape) > TENSOR_BYTES:
        raise ValueError(f"a shape of more than {TENSOR_BYTES:,} (2^48) elements")
    return shape


Shape = Annotated[list[Elements], Field(max_length=MAX_DIMS), AfterValidator(_elements_fit)]
Ids = Annotated[list[Index], Field(max_length=MAX_IDS)]
# The harness names them so; anything else could be a path or an odd download name.
# A further compile mode's files carry its name: compiled_<mode>_trace.json.gz.
TraceName = Annotated[
    StrictStr,
    StringConstraints(pattern=r"^(eager|compiled|compiled_[a-z][a-z-]{0,39})_trace\.json\.gz$"),
]
CodeName = Annotated[
    StrictStr, StringConstraints(pattern=r"^output_code_([a-z][a-z-]{0,39}_)?[0-9]{1,6}\.py$")
]
MAX_FURTHER_MODES = 2  # three compile modes at most: the first and two more


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid")


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


class FloatFingerprint(_Part):
    kind: Literal["float"]
    v: Annotated[list[Number], Field(min_length=14, max_length=14)]


class ExactFingerprint(_Part):
    kind: Literal["exact"]
    n: Elements
    hash: Annotated[StrictInt, Field(ge=-(2**63), lt=2**63)]  # an int64


class Value(_Part):
    id: Index
    name: Name
    role: TensorRole
    shape: Shape
    dtype: Word
    bytes: Bytes
    writer: Index | None = None
    previous: Index | None = None
    fingerprint: FloatFingerprint | ExactFingerprint | None = None


ValueKey = Annotated[StrictStr, StringConstraints(pattern=r"^[0-9]{1,9}$")]


class InnerTransfer(_Part):
    """What an op's inner op read or wrote: a value of the table, or one of the op's
    locals (a buffer that lived only inside it)."""

    direction: Literal["read", "write"]
    bytes: Bytes
    value: Index | None = None
    local: Index | None = None

    @model_validator(mode="after")
    def _one_reference(self) -> InnerTransfer:
        if (self.value is None) == (self.local is None):
            raise ValueError("an inner transfer names either a value or a local")
        return self


class InnerOp(_Part):
    op: Name
    depth: Annotated[StrictInt, Field(ge=1, le=64)]
    transfers: Annotated[list[InnerTransfer], Field(max_length=256)]


class Local(_Part):
    name: Name
    shape: Shape
    dtype: Word
    bytes: Bytes


# Where in the model (backend/harness/module_paths.py): a module path, a library line.
MAX_MODULES = 20_000  # the harness's cap
ModulePath = Annotated[StrictStr, StringConstraints(max_length=512)]
Frame = Annotated[StrictStr, StringConstraints(max_length=512)]


class NamedModule(_Part):
    path: ModulePath
    type: Annotated[StrictStr, StringConstraints(max_length=128)]


class EagerOp(_Part):
    index: Index
    op: Name
    view: StrictBool
    line: Line | None = None
    stack_lines: Annotated[list[Line], Field(max_length=1024)] = []
    backward: StrictBool = False
    reads: Ids = []
    writes: Ids = []
    read_bytes: Annotated[dict[ValueKey, Bytes], Field(max_length=MAX_IDS)] = {}
    moves_data: StrictBool
    accounted: StrictBool = True  # False: past the eager accounting's budget, traffic unknown
    inner: Annotated[list[InnerOp], Field(max_length=256)] = []
    locals: Annotated[list[Local], Field(max_length=256)] = []
    module: ModulePath | None = None
    frame: Frame | None = None


class Timing(_Part):
    median_us: Duration
    repeats: Count
    samples_us: Annotated[list[Duration], Field(max_length=1_000_000)] = []
    method: Word


class Accounting(_Part):
    """How far the eager accounting's per-op budget went (harness/op_budget.py)."""

    ops: Count
    full: Count
    traffic_only: Count
    name_only: Count
    full_ended_by: Literal["count", "time"] | None = None
    traffic_ended_by: Literal["count", "time"] | None = None


class Eager(_Part):
    accounting: Accounting | None = None
    ops: Annotated[list[EagerOp], Field(max_length=MAX_ITEMS)] | None = None
    trace: TraceName | None = None
    profiled_calls: Count | None = None
    values: Annotated[list[Value], Field(max_length=MAX_ITEMS)] | None = None
    timing: Timing | None = None
    peak_memory_bytes: Bytes | None = None


Access = tuple[Name, Index]  # (argument name, value id)


class Launch(_Part):
    index: Index
    graph: Index
    kernel: Name
    backend: Word
    reads: Annotated[list[Access], Field(max_length=MAX_IDS)] = []
    writes: Annotated[list[Access], Field(max_length=MAX_IDS)] = []
    buffers: Annotated[dict[Name, Name], Field(max_length=MAX_IDS)] = {}
    read_bytes: Annotated[dict[Name, Bytes], Field(max_length=MAX_IDS)] = {}


class Graph(_Part):
    index: Index
    output_code: CodeName
    path: Annotated[StrictStr, StringConstraints(max_length=4096)] = ""


Names = Annotated[list[Name], Field(max_length=MAX_NODES)]
# A top-level package a snippet imported (backend/harness/imports.py): its spares may import
# it ahead of need, so only a Python identifier is taken.
PackageName = Annotated[StrictStr, StringConstraints(pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")]
MAX_IMPORTED = 32


class InductorNode(_Part):
    name: Name
    op: Word
    target: Name
    aten: Name | None = None
    lines: Annotated[list[Line], Field(max_length=1024)] = []
    source: Name | None = None
    users: Names = []
    output: StrictBool = False
    module: ModulePath | None = None
    frame: Frame | None = None


class InductorBuffer(_Part):
    name: Name
    node: Name | None = None
    origins: Names = []
    kind: Word
    removed: StrictBool


class InductorKernel(_Part):
    name: Name
    kind: Word
    parts: Names = []
    nodes: Names = []
    reads: Names = []
    writes: Names = []


class InductorGraph(_Part):
    """What Inductor planned for one graph (backend/harness/inductor_facts.py)."""

    wrapper_path: Annotated[StrictStr, StringConstraints(max_length=4096)] = ""
    nodes: Annotated[list[InductorNode], Field(max_length=MAX_NODES)] = []
    buffers: Annotated[list[InductorBuffer], Field(max_length=MAX_NODES)] = []
    kernels: Annotated[list[InductorKernel], Field(max_length=MAX_NODES)] = []
    truncated: StrictBool = False


class FusionRejection(_Part):
    graph: Index | None = None  # the Inductor graph being fused when it was logged
    first: Name
    second: Name
    reason: Text


Payload = Annotated[StrictStr, StringConstraints(max_length=PAYLOAD_CHARS)]


class Compiled(_Part):
    launches: Annotated[list[Launch], Field(max_length=MAX_ITEMS)] | None = None
    trace: TraceName | None = None
    profiled_calls: Count | None = None
    graphs: Annotated[list[Graph], Field(max_length=MAX_GRAPHS)] = []
    provenance: Annotated[
        dict[Word, Annotated[list[Payload], Field(max_length=4096)]], Field(max_length=64)
    ] = {}
    values: Annotated[list[Value], Field(max_length=MAX_ITEMS)] | None = None
    timing: Timing | None = None
    inductor: Annotated[list[InductorGraph], Field(max_length=MAX_GRAPHS)] = []
    fusion_rejections: Annotated[list[FusionRejection], Field(max_length=2_000)] = []
    output_pairs: Annotated[list[tuple[Index, Index]], Field(max_length=MAX_IDS)] = []
    peak_memory_bytes: Bytes | None = None


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
    log: Annotated[StrictStr, _cut(LOG_CHARS)] | None = None


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
