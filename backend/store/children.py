"""A run's children (variants, kernels, transfers, round trips) in bulk, with SQLAlchemy Core:
every row written, and the kernels read back (the round trips are read by `round_trips`).

A 200,000-kernel run has 1.15 million rows under it. The ORM built and tracked an object per
row (145 s to store that run); Core's `execute(insert(table), dicts)` still builds and
processes a parameter dict per row (about 7 µs a row, 8 s for the transfers alone). Here each
table's INSERT and SELECT is compiled once by Core from the table itself, and rows cross to
the driver as plain tuples (`exec_driver_sql`, the driver's executemany): no per-row
objects but the tuple. JSON values (shapes, lines, op lists) are encoded and decoded once
per distinct value, because a run repeats the same few shapes and lines a million times.

Ids are assigned here, from the table's largest id, under the write lock `save_result`
holds (`BEGIN IMMEDIATE`), so a kernel's transfers can name it without a round trip.
Readers validate what they read into the document models, as the ORM path did: a bad
value in the database fails loudly on load instead of reaching a client.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from sqlalchemy import JSON, Boolean, Connection, Table, func, insert, select
from sqlalchemy.dialects import sqlite

from backend import result as doc
from backend.run_head import VariantTotals
from backend.store.models import metadata

_DIALECT = sqlite.dialect()
# SQLite's default limit on variables in one statement is 32,766; stay far below it.
_IDS_PER_QUERY = 500


@dataclass(frozen=True)
class _Columns:
    """One table's columns split into row bookkeeping (ids, positions) and document fields."""

    table: Table
    bookkeeping: tuple[str, ...]

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.table.columns if c.name not in self.bookkeeping)

    @property
    def json_fields(self) -> frozenset[str]:
        return frozenset(c.name for c in self.table.columns if isinstance(c.type, JSON))

    @property
    def bool_fields(self) -> frozenset[str]:
        return frozenset(c.name for c in self.table.columns if isinstance(c.type, Boolean))

    def insert_sql(self, keys: Sequence[str]) -> str:
        return str(insert(self.table).compile(dialect=_DIALECT, column_keys=list(keys)))


VARIANTS = _Columns(metadata.tables["variants"], ("id", "run_id", "name", "position"))
KERNELS = _Columns(metadata.tables["kernels"], ("id", "variant_id", "position"))
TRANSFERS = _Columns(metadata.tables["transfers"], ("id", "kernel_id", "position"))
ROUND_TRIPS = _Columns(metadata.tables["round_trips"], ("id", "run_id", "position"))


# ---- writing ----------------------------------------------------------------------------


@dataclass
class _Encoder:
    """JSON text per distinct list, remembered for one save. The repeated JSON columns hold
    flat lists of ints or of strings (validated by the document's models), so the list's
    items are its key: `[1]` and `[1.0]` never both occur. A round trip's `why` is a
    model, rare enough (one per round trip) to encode each time, and so are its `modes` (a
    mapping of models, by compile mode)."""

    seen: dict[tuple[Any, ...], str] = field(default_factory=dict)

    def __call__(self, value: list[Any] | dict[str, Any] | BaseModel | None) -> str | None:
        if value is None:
            return None
        if isinstance(value, BaseModel):
            return value.model_dump_json()
        if isinstance(value, dict):
            return json.dumps(
                {
                    k: v.model_dump(mode="json") if isinstance(v, BaseModel) else v
                    for k, v in value.items()
                }
            )
        key = tuple(value)
        text = self.seen.get(key)
        if text is None:
            text = self.seen[key] = json.dumps(value)
        return text


class _RowMaker:
    """Tuples for one table's executemany: bookkeeping values first, then the fields."""

    def __init__(self, columns: _Columns, encode: _Encoder, given: Sequence[str]) -> None:
        self.fields = columns.fields
        self.json_at = [i for i, name in enumerate(self.fields) if name in columns.json_fields]
        self.encode = encode
        self.sql = columns.insert_sql([*given, *self.fields])

    def row(self, item: Any, *given: Any) -> tuple[Any, ...]:
        values = [getattr(item, name) for name in self.fields]
        for i in self.json_at:
            values[i] = self.encode(values[i])
        return (*given, *values)


def insert_children(connection: Connection, result: doc.RunResult) -> None:
    """Insert the document's variants, kernels, transfers and round trips (none exist yet)."""
    encode = _Encoder()
    variant_id = _next_id(connection, VARIANTS.table)
    kernel_id = _next_id(connection, KERNELS.table)
    variants = _RowMaker(VARIANTS, encode, ("id", "run_id", "name", "position"))
    kernels = _RowMaker(KERNELS, encode, ("id", "variant_id", "position"))
    transfers = _RowMaker(TRANSFERS, encode, ("kernel_id", "position"))
    variant_rows, kernel_rows, transfer_rows = [], [], []
    for position, (name, variant) in enumerate(result.variants.items()):
        variant_rows.append(variants.row(variant, variant_id, result.id, name, position))
        for index, kernel in enumerate(variant.kernels):
            kernel_rows.append(kernels.row(kernel, kernel_id, variant_id, index))
            transfer_rows += [
                transfers.row(transfer, kernel_id, slot)
                for slot, transfer in enumerate(kernel.transfers)
            ]
            kernel_id += 1
        variant_id += 1
    trips = _RowMaker(ROUND_TRIPS, encode, ("run_id", "position"))
    trip_rows = [trips.row(trip, result.id, i) for i, trip in enumerate(result.round_trips)]
    for sql, rows in (
        (variants.sql, variant_rows),
        (kernels.sql, kernel_rows),
        (transfers.sql, transfer_rows),
        (trips.sql, trip_rows),
    ):
        if rows:
            connection.exec_driver_sql(sql, rows)


def _next_id(connection: Connection, table: Table) -> int:
    largest = connection.execute(select(func.max(table.c.id))).scalar()
    return int(largest or 0) + 1


# ---- reading ----------------------------------------------------------------------------


def execute_raw(connection: Connection, query: Any) -> Any:
    """Run a Core query through the driver as is: rows come back as plain tuples, with no
    per-row result processing (JSON and booleans are converted by the callers, once per
    distinct value)."""
    compiled = query.compile(dialect=_DIALECT, compile_kwargs={"render_postcompile": True})
    params = tuple(compiled.params[name] for name in compiled.positiontup or ())
    return connection.exec_driver_sql(str(compiled), params)


class _Decoder:
    """JSON values per distinct text, remembered for one load. The lists are shared between
    rows here; validation builds each model its own copy."""

    def __init__(self) -> None:
        self.seen: dict[str, Any] = {}

    def __call__(self, text: str | None) -> Any:
        if text is None:
            return None
        value = self.seen.get(text)
        if value is None:
            value = self.seen[text] = json.loads(text)
        return value


class RowReader:
    """SELECT of one table's document fields (after the columns the caller names first),
    and its rows as (those first values, the fields as a dict ready for validation)."""

    def __init__(self, columns: _Columns, *first: str) -> None:
        self.table = columns.table
        self.first = first
        self.fields = columns.fields
        self.json_at = [i for i, name in enumerate(self.fields) if name in columns.json_fields]
        self.bool_at = [i for i, name in enumerate(self.fields) if name in columns.bool_fields]
        self.decode = _Decoder()

    def select(self) -> Any:
        return select(*(self.table.c[name] for name in (*self.first, *self.fields)))

    def rows(
        self, connection: Connection, query: Any
    ) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
        skip = len(self.first)
        for raw in execute_raw(connection, query):
            values = list(raw[skip:])
            for i in self.json_at:
                values[i] = self.decode(values[i])
            for i in self.bool_at:
                values[i] = None if values[i] is None else bool(values[i])
            yield tuple(raw[:skip]), dict(zip(self.fields, values, strict=True))


def variant_totals(connection: Connection, run_id: str) -> dict[str, VariantTotals]:
    """The run's variants without their kernels, in saved order."""
    reader = RowReader(VARIANTS, "name")
    table = VARIANTS.table
    query = reader.select().where(table.c.run_id == run_id).order_by(table.c.position)
    return {
        first[0]: VariantTotals.model_validate(fields)
        for first, fields in reader.rows(connection, query)
    }


def variant_ids(connection: Connection, run_id: str) -> dict[str, int]:
    """The row id of each of the run's variants, by name, in saved order."""
    table = VARIANTS.table
    query = select(table.c.name, table.c.id).where(table.c.run_id == run_id)
    return {
        str(name): int(id_) for name, id_ in connection.execute(query.order_by(table.c.position))
    }


def kernels(
    connection: Connection,
    variant: int,
    where: Sequence[Any] = (),
    offset: int = 0,
    limit: int | None = None,
) -> list[tuple[int, doc.Kernel]]:
    """A variant's kernels (with their transfers) in launch order, filtered and sliced,
    each with its position in launch order."""
    reader = RowReader(KERNELS, "id", "position")
    table = KERNELS.table
    query = reader.select().where(table.c.variant_id == variant, *where)
    query = query.order_by(table.c.position).offset(offset).limit(limit)
    found = [(first, fields) for first, fields in reader.rows(connection, query)]
    transfers = _transfers_of(connection, [kernel_id for (kernel_id, _), _ in found])
    return [
        (position, doc.Kernel.model_validate({**fields, "transfers": transfers.get(kernel_id, [])}))
        for (kernel_id, position), fields in found
    ]


def _transfers_of(connection: Connection, kernel_ids: Sequence[int]) -> dict[int, list[Any]]:
    reader = RowReader(TRANSFERS, "kernel_id")
    table = TRANSFERS.table
    found: dict[int, list[Any]] = {}
    for start in range(0, len(kernel_ids), _IDS_PER_QUERY):
        chunk = kernel_ids[start : start + _IDS_PER_QUERY]
        query = reader.select().where(table.c.kernel_id.in_(chunk))
        query = query.order_by(table.c.kernel_id, table.c.position)
        for first, fields in reader.rows(connection, query):
            found.setdefault(first[0], []).append(fields)
    return found


def count_kernels(connection: Connection, variant: int, where: Sequence[Any] = ()) -> int:
    table = KERNELS.table
    query = select(func.count()).select_from(table).where(table.c.variant_id == variant, *where)
    return int(connection.execute(query).scalar_one())


def from_line(line: int) -> Any:
    """A filter for `kernels`: those whose snippet `lines` (a JSON list) hold `line`."""
    lines = func.json_each(KERNELS.table.c.lines).table_valued("value")
    return select(lines.c.value).where(lines.c.value == line).exists()


def at_positions(positions: Sequence[int]) -> Any:
    """A filter for `kernels`: those at these positions in launch order."""
    return KERNELS.table.c.position.in_(positions)


@dataclass(frozen=True)
class KernelTimes:
    """One variant's kernels as columns, in launch order: what the timeline's level of
    detail needs of every kernel (the rest is fetched for the few it draws), and the
    compiled graph of each, where the timeline marks graph breaks."""

    index: list[int]
    start_us: list[float]
    dur_us: list[float]
    graph: list[int | None] = field(default_factory=list)
    # Kernel.module of each: the timeline of one module keeps its subtree's kernels
    module: list[str | None] = field(default_factory=list)


def kernel_times(connection: Connection, variant: int) -> KernelTimes:
    table = KERNELS.table
    query = (
        select(table.c.index, table.c.start_us, table.c.dur_us, table.c.graph, table.c.module)
        .where(table.c.variant_id == variant)
        .order_by(table.c.position)
    )
    columns = tuple(zip(*execute_raw(connection, query), strict=True)) or ((), (), (), (), ())
    index, start_us, dur_us, graph, module = columns
    return KernelTimes(
        list(index),
        list(map(float, start_us)),
        list(map(float, dur_us)),
        list(graph),
        list(module),
    )


@dataclass(frozen=True)
class KernelRate:
    """What the roofline needs of one kernel."""

    index: int
    short_name: str
    flops: int | None
    bytes_moved: int
    dur_us: float
    cache_resident: bool


def longest_kernels(connection: Connection, variant: int, limit: int) -> list[KernelRate]:
    """The variant's `limit` longest kernels, longest first: where its time went."""
    table = KERNELS.table
    query = (
        select(
            table.c.index,
            table.c.short_name,
            table.c.flops,
            table.c.bytes_read + table.c.bytes_written,
            table.c.dur_us,
            table.c.cache_resident,
        )
        .where(table.c.variant_id == variant)
        .order_by(table.c.dur_us.desc(), table.c.position)
        .limit(limit)
    )
    return [
        KernelRate(int(i), str(name), flops, int(moved), float(dur), bool(cached))
        for i, name, flops, moved, dur, cached in execute_raw(connection, query)
    ]


def all_kernels(connection: Connection, run_id: str) -> dict[str, list[dict[str, Any]]]:
    """Every kernel of every variant as field dicts holding their transfers, for a whole
    document: one query per table, not one per kernel."""
    kernel_table, transfer_table = KERNELS.table, TRANSFERS.table
    names = {id_: name for name, id_ in variant_ids(connection, run_id).items()}
    of_run = kernel_table.c.variant_id.in_(list(names))

    transfer_reader = RowReader(TRANSFERS, "kernel_id")
    transfer_query = (
        transfer_reader.select()
        .join(kernel_table, kernel_table.c.id == transfer_table.c.kernel_id)
        .where(of_run)
        .order_by(transfer_table.c.kernel_id, transfer_table.c.position)
    )
    by_kernel: dict[int, list[dict[str, Any]]] = {}
    for first, fields in transfer_reader.rows(connection, transfer_query):
        by_kernel.setdefault(first[0], []).append(fields)

    kernel_reader = RowReader(KERNELS, "id", "variant_id")
    kernel_query = (
        kernel_reader.select()
        .where(of_run)
        .order_by(kernel_table.c.variant_id, kernel_table.c.position)
    )
    found: dict[str, list[dict[str, Any]]] = {name: [] for name in names.values()}
    for (kernel_id, owner), fields in kernel_reader.rows(connection, kernel_query):
        fields["transfers"] = by_kernel.pop(kernel_id, [])
        found[names[owner]].append(fields)
    return found
