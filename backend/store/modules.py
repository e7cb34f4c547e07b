"""A run's kernels and round trips summed per module by SQLite (GROUP BY), for the ledger
by module (`backend.analysis.module_tree`): one row per (variant, module) and per (module,
fate), whatever the run's size, instead of loading every kernel."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, Connection, func, or_, select

from backend.analysis.module_tree import KernelSum, TripSum
from backend.store.children import ROUND_TRIPS, execute_raw
from backend.store.models import metadata

_KERNELS = metadata.tables["kernels"]
_VARIANTS = metadata.tables["variants"]


def kernel_sums(connection: Connection, run_id: str) -> list[KernelSum]:
    k, v = _KERNELS.c, _VARIANTS.c
    query = (
        select(
            v.name,
            k.module,
            func.count(),
            func.coalesce(func.sum(k.bytes_read + k.bytes_written), 0),
            func.coalesce(func.sum(k.dur_us), 0.0),
        )
        .select_from(_KERNELS.join(_VARIANTS, k.variant_id == v.id))
        .where(v.run_id == run_id)
        .group_by(v.name, k.module)
    )
    return [
        KernelSum(str(name), module, int(count), int(moved), float(time))
        for name, module, count, moved, time in execute_raw(connection, query)
    ]


def trip_sums(connection: Connection, run_id: str) -> list[TripSum]:
    t = ROUND_TRIPS.table.c
    query = (
        select(t.module, t.eliminated, func.count(), func.coalesce(func.sum(t.bytes), 0))
        .where(t.run_id == run_id)
        .group_by(t.module, t.eliminated)
    )
    return [
        TripSum(module, _fate(eliminated), int(count), int(moved))
        for module, eliminated, count, moved in execute_raw(connection, query)
    ]


def _fate(raw: Any) -> bool | None:
    """SQLite hands booleans back as 0/1 through the raw driver."""
    return None if raw is None else bool(raw)


def in_module(column: Column[Any], path: str) -> Any:
    """A filter: rows of the module at `path` and of every module inside it (`h.0`
    holds `h.0.attn`, not `h.00`). A prefix compare, not LIKE: `_` is common in names."""
    return or_(column == path, func.substr(column, 1, len(path) + 1) == f"{path}.")
