"""SQLModel tables. `mapping.py` converts between these rows and `backend.result.RunResult`.

Parts of the document that are only ever read whole (versions, device, correctness, ...)
are JSON columns on `runs`; kernels, transfers, round trips and artifacts are rows, so
they can be queried and compared across runs. Children carry a `position` so lists come
back in the order they were saved. Every foreign key cascades on delete: deleting a run
removes everything under it (blob files are shared by content and are not deleted).
"""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Dialect, Index, MetaData, Text, UniqueConstraint
from sqlalchemy.types import DateTime, TypeDecorator
from sqlmodel import Field, SQLModel

metadata: MetaData = SQLModel.metadata


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in, aware UTC datetimes out.

    SQLite has no time zones: values are stored naive (in UTC) in SQLAlchemy's fixed
    `YYYY-MM-DD HH:MM:SS.ffffff` text, which also sorts correctly for keyset paging.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: the store only accepts aware (UTC) datetimes")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


def _json(nullable: bool) -> Any:
    # none_as_null: a missing part is SQL NULL, not the JSON text 'null'.
    return JSON(none_as_null=True) if nullable else JSON()


def _parent(target: str) -> Any:
    return Field(foreign_key=target, ondelete="CASCADE")


class Run(SQLModel, table=True):
    __tablename__ = "runs"
    __table_args__ = (
        # The history page: newest first, optionally filtered by status or device.
        Index("ix_runs_created_at_id", "created_at", "id"),
        Index("ix_runs_status_created_at_id", "status", "created_at", "id"),
        Index("ix_runs_device_name_created_at_id", "device_name", "created_at", "id"),
        # The queue: the oldest queued runs of one device kind.
        Index("ix_runs_device_kind_status_created_at", "device_kind", "status", "created_at"),
        Index("ix_runs_owner_id_created_at_id", "owner_id", "created_at", "id"),
        # Fair order: when each owner's latest run was picked from the queue.
        Index("ix_runs_owner_id_dispatched_at", "owner_id", "dispatched_at"),
        # A suite's problems, and when its latest was picked (an anonymous suite's turn).
        Index("ix_runs_suite_id_dispatched_at", "suite_id", "dispatched_at"),
    )

    id: str = Field(primary_key=True)
    status: str
    progress_step: str | None = None
    title: str | None = None
    code: str = Field(sa_type=Text)
    code_sha256: str = Field(index=True)
    created_at: datetime = Field(sa_type=UTCDateTime)
    started_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    duration_s: float | None = None
    size: int | None = None
    sweep_id: str | None = Field(default=None, index=True)
    compile_mode: str
    entry_point: str | None = None
    # Denormalised from the `device` and `versions` documents for history filters.
    device_type: str | None = None
    device_name: str | None = None
    torch_version: str | None = None
    # Denormalised from the variants so the history list needs no join.
    eager_kernel_count: int | None = None
    compiled_kernel_count: int | None = None
    speedup: float | None = None
    kernel_speedup: float | None = None
    error_kind: str | None = None
    error_message: str | None = Field(default=None, sa_type=Text)
    error_line: int | None = None
    error_traceback: list[str] | None = Field(default=None, sa_type=_json(nullable=True))
    notes: list[str] = Field(default_factory=list, sa_type=_json(nullable=False))
    versions: dict[str, Any] = Field(default_factory=dict, sa_type=_json(nullable=False))
    output: dict[str, Any] = Field(default_factory=dict, sa_type=_json(nullable=False))
    device: dict[str, Any] | None = Field(default=None, sa_type=_json(nullable=True))
    correctness: dict[str, Any] | None = Field(default=None, sa_type=_json(nullable=True))
    compile: dict[str, Any] | None = Field(default=None, sa_type=_json(nullable=True))
    totals: dict[str, Any] | None = Field(default=None, sa_type=_json(nullable=True))
    harness_peak_memory_bytes: int | None = None  # migration 0004
    hints: list[dict[str, Any]] = Field(default_factory=list, sa_type=_json(nullable=False))
    speedup_interval: list[float] | None = Field(default=None, sa_type=_json(nullable=True))
    step_seconds: dict[str, float] | None = Field(default=None, sa_type=_json(nullable=True))
    prewarm_s: float | None = None
    grad_mode: dict[str, Any] | None = Field(default=None, sa_type=_json(nullable=True))  # 0006
    machine_load: dict[str, Any] | None = Field(default=None, sa_type=_json(nullable=True))
    noise: list[dict[str, Any]] = Field(default_factory=list, sa_type=_json(nullable=False))
    # One summary per compile mode when the run asked for several (migration 0009).
    compiled_modes: list[dict[str, Any]] = Field(
        default_factory=list, sa_type=_json(nullable=False)
    )
    # Team hosting (migration 0002): who owns the run, who may see it, where it runs.
    owner_id: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL")
    visibility: str = Field(default="team", sa_column_kwargs={"server_default": "team"})
    device_kind: str = Field(default="cpu", sa_column_kwargs={"server_default": "cpu"})
    cancel_requested: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    worker_id: str | None = None
    heartbeat_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    attempts: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # When the run was picked from the waiting list (handed to RQ, or claimed by a local
    # worker), and the RQ job it was last handed to (queue=redis).
    job_id: str | None = None
    dispatched_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # The run this one was edited from (migration 0007); not a foreign key: a fork keeps
    # naming its parent after the parent is deleted, and the page then links nowhere.
    forked_from: str | None = None
    # Hardware measurements asked for (`measure`, e.g. ["dram"]) and what came of them
    # (migration 0008).
    measure: list[str] = Field(default_factory=list, sa_type=_json(nullable=False))
    measurements: list[dict[str, Any]] = Field(default_factory=list, sa_type=_json(nullable=False))
    # A problem of a suite (migration 0012): the suite it belongs to, and its name there
    # (the file's stem), which compares one suite's problem with another's.
    suite_id: str | None = None
    problem: str | None = None
    # What the stored result's rows take in the database, estimated when it is stored
    # (migration 0014): counted in the owner's storage quota beside the run's files.
    row_bytes: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # The snippet's modules, [{path, type}] (migration 0015): the tree of GET .../modules.
    modules: list[dict[str, Any]] = Field(
        default_factory=list,
        sa_type=_json(nullable=False),
        sa_column_kwargs={"server_default": "[]"},
    )


class Suite(SQLModel, table=True):
    """Several snippets submitted as one (a benchmark's problems): each is a run with
    `suite_id` set; the suite keeps what they share."""

    __tablename__ = "suites"

    id: str = Field(primary_key=True)
    title: str | None = None
    created_at: datetime = Field(sa_type=UTCDateTime)
    compile_mode: str
    device_kind: str
    owner_id: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL")
    visibility: str = Field(default="team")


class Variant(SQLModel, table=True):
    __tablename__ = "variants"
    __table_args__ = (UniqueConstraint("run_id", "name", name="uq_variants_run_id_name"),)

    id: int | None = Field(default=None, primary_key=True)
    run_id: str = _parent("runs.id")
    name: str  # 'eager' | 'compiled'
    position: int
    kernel_count: int
    transfer_count: int
    bytes_read: int
    bytes_written: int
    kernel_time_us: float
    wall_time_us: float
    timing_repeats: int
    timing_method: str
    peak_memory_bytes: int | None = None  # migration 0004
    wall_time_p10_us: float | None = None
    wall_time_p90_us: float | None = None
    bandwidth_pct: float | None = None  # migration 0005
    profiled_calls: int | None = None  # migration 0006
    kernel_time_p10_us: float | None = None
    kernel_time_p90_us: float | None = None
    traffic_coverage: float | None = None  # migration 0011


class Kernel(SQLModel, table=True):
    __tablename__ = "kernels"
    __table_args__ = (
        UniqueConstraint("variant_id", "position", name="uq_kernels_variant_id_position"),
    )

    id: int | None = Field(default=None, primary_key=True)
    variant_id: int = _parent("variants.id")
    position: int
    index: int
    name: str = Field(sa_type=Text)
    short_name: str
    op: str | None = None
    kind: str
    start_us: float
    dur_us: float
    stream: int | None = None
    grid: list[int] | None = Field(default=None, sa_type=_json(nullable=True))
    block: list[int] | None = Field(default=None, sa_type=_json(nullable=True))
    registers_per_thread: int | None = None
    shared_memory_bytes: int | None = None
    occupancy_pct: float | None = None
    lines: list[int] = Field(default_factory=list, sa_type=_json(nullable=False))
    source_ops: list[str] = Field(default_factory=list, sa_type=_json(nullable=False))
    graph: int | None = None
    bytes_read: int
    bytes_written: int
    estimated_bytes: int | None = None
    flops: int | None = None  # migration 0005
    achieved_bandwidth_pct: float | None = None
    cache_resident: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    duration_p10_us: float | None = None  # migration 0006
    duration_p90_us: float | None = None
    dram_bytes_read: int | None = None  # migration 0008: measured by Nsight Compute
    dram_bytes_written: int | None = None
    traffic_note: str | None = Field(default=None, sa_type=Text)  # migration 0011
    launches: int | None = None
    helper: str | None = None
    module: str | None = None  # migration 0015: where in the model (Kernel.module)
    frame: str | None = None


class Transfer(SQLModel, table=True):
    __tablename__ = "transfers"
    __table_args__ = (
        UniqueConstraint("kernel_id", "position", name="uq_transfers_kernel_id_position"),
    )

    id: int | None = Field(default=None, primary_key=True)
    kernel_id: int = _parent("kernels.id")
    position: int
    tensor: str
    direction: str
    bytes: int
    shape: list[int] = Field(sa_type=_json(nullable=False))
    dtype: str
    role: str
    partial: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})


class RoundTrip(SQLModel, table=True):
    __tablename__ = "round_trips"
    __table_args__ = (
        UniqueConstraint("run_id", "position", name="uq_round_trips_run_id_position"),
    )

    id: int | None = Field(default=None, primary_key=True)
    run_id: str = _parent("runs.id")
    position: int
    tensor: str
    bytes: int
    shape: list[int] = Field(sa_type=_json(nullable=False))
    dtype: str
    producer: str
    consumers: list[str] = Field(sa_type=_json(nullable=False))
    lines: list[int] = Field(default_factory=list, sa_type=_json(nullable=False))
    eliminated: bool | None = None  # None: undecided (unknown_reason says why)
    fused_into: str | None = None
    decided_by: str | None = None
    unknown_reason: str | None = Field(default=None, sa_type=Text)
    why: dict[str, Any] | None = Field(default=None, sa_type=_json(nullable=True))
    # what each further compile mode did to it: {mode: {eliminated, fused_into, why}}
    modes: dict[str, Any] = Field(
        default_factory=dict,
        sa_type=_json(nullable=False),
        sa_column_kwargs={"server_default": "{}"},
    )
    compiled_bytes: int | None = None  # a kept one's bytes in the compiled variant
    compiled_reads: int | None = None  # compiled kernels reading it back (0: written only)
    module: str | None = None  # migration 0015: its writer's module (RoundTrip.module)
    frame: str | None = None


class Artifact(SQLModel, table=True):
    """A file saved with a run (trace, generated code); its bytes live in the BlobStore."""

    __tablename__ = "artifacts"
    __table_args__ = (
        UniqueConstraint("run_id", "kind", "name", name="uq_artifacts_run_id_kind_name"),
    )

    id: int | None = Field(default=None, primary_key=True)
    run_id: str = _parent("runs.id")
    kind: str  # eager_trace, compiled_trace, output_code, kernel_source, ...
    name: str
    sha256: str = Field(index=True)  # lets a future blob GC find unreferenced files
    size_bytes: int
    content_type: str


class User(SQLModel, table=True):
    """A person (or a service) that signs in. Passwords are stored hashed, never plain."""

    __tablename__ = "users"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    password_hash: str | None = None  # None: no password sign-in (API tokens only)
    is_admin: bool = False
    created_at: datetime = Field(sa_type=UTCDateTime)
    disabled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class ApiToken(SQLModel, table=True):
    """A bearer token, stored as its SHA-256 (the token itself is shown once)."""

    __tablename__ = "api_tokens"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = _parent("users.id")
    name: str
    token_hash: str = Field(unique=True)
    scope: str = "user"  # 'user' | 'worker'
    # The one worker a worker-scope token acts as; the API never takes it from a request.
    # None on user tokens, and on worker tokens made before 0003 (refused: they name nobody).
    worker_name: str | None = None
    # The device kinds a worker token may serve, bound by an admin (migration 0014); None
    # on user tokens, and on worker tokens left unbound (refused until bound).
    device_kinds: list[str] | None = Field(default=None, sa_type=_json(nullable=True))
    created_at: datetime = Field(sa_type=UTCDateTime)
    last_used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class LoginSession(SQLModel, table=True):
    """A browser sign-in: the cookie carries a random token, the row keys on its SHA-256."""

    __tablename__ = "login_sessions"

    id: str = Field(primary_key=True)  # SHA-256 of the cookie value
    user_id: int = _parent("users.id")
    csrf_token: str
    created_at: datetime = Field(sa_type=UTCDateTime)
    expires_at: datetime = Field(sa_type=UTCDateTime)


class Worker(SQLModel, table=True):
    """A worker process that has reported in: one GPU (or the CPU) of one host."""

    __tablename__ = "workers"

    id: str = Field(primary_key=True)
    device_kind: str
    host: str
    device_name: str | None = None
    started_at: datetime = Field(sa_type=UTCDateTime)
    last_seen_at: datetime = Field(sa_type=UTCDateTime)
    current_run_id: str | None = None
    # When the API last handed it a run, by the API's clock (migration 0014): idle workers
    # take turns by it, so a worker cannot get ahead by what it sends or when.
    last_handed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
