"""The eager and compiled parts of bundle.json: values, ops, launches and Inductor's plans.

One part per variant the harness ran: the eager part (every ATen op's reads and writes, the
value table they point into, the timing) and the compiled part (every kernel launch, its
graphs and Inductor's own accounts of them). `bundle_schema` puts them into the document and
checks that every id in them points into its table.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    StringConstraints,
    model_validator,
)

from backend.result import TensorRole
from backend.worker.bundle_fields import (
    MAX_GRAPHS,
    MAX_IDS,
    MAX_ITEMS,
    MAX_NODES,
    PAYLOAD_CHARS,
    STRICT_PART,
    Bytes,
    CodeName,
    Count,
    Duration,
    Elements,
    Frame,
    Ids,
    Index,
    Line,
    ModulePath,
    Name,
    Names,
    Number,
    Shape,
    Text,
    TraceName,
    Word,
)


class _Part(BaseModel):
    model_config = STRICT_PART


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
    unrecorded: Count = 0  # past the rows a bundle holds: ran, counted, no row
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
