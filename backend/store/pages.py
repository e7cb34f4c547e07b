"""Paged reads of a run's children: kernels in launch order, round trips, the few a
figure needs. What a page shows of a large run comes from here, never the whole document.
"""

from collections.abc import Sequence

from pydantic import BaseModel, Field
from sqlalchemy import Engine

from backend import result as doc
from backend.store import children, round_trips
from backend.store.db import gc_paused, read_session
from backend.store.modules import in_module

PAGE_OF_POSITIONS = 500  # kernels fetched by position per query


class KernelPage(BaseModel):
    """A slice of one variant's kernels, in launch order."""

    variant: doc.VariantName
    offset: int = Field(description="the `offset` asked for (with `line`: among the matches)")
    total: int = Field(description="kernels in all (with `line`: those from that line)")
    positions: list[int] = Field(description="each kernel's position in launch order")
    kernels: list[doc.Kernel] = Field(description="each with its transfers")


class RoundTripPage(BaseModel):
    """A slice of the run's round trips (of one fate, if asked), in the document's order."""

    offset: int
    total: int = Field(description="how many there are (of the fate asked for)")
    round_trips: list[doc.RoundTrip]


def kernel_page(
    engine: Engine,
    run_id: str,
    variant: doc.VariantName,
    offset: int,
    limit: int,
    line: int | None = None,
    module: str | None = None,
) -> KernelPage | None:
    """A slice of one variant's kernels (with their transfers) in launch order, and how
    many there are in all; with `line`, only those that came from that snippet line; with
    `module`, only those of that module's subtree. None when the run has no such variant."""
    where = [] if line is None else [children.from_line(line)]
    if module:
        where.append(in_module(children.KERNELS.table.c.module, module))
    with gc_paused(), read_session(engine) as session:
        connection = session.connection()
        found = children.variant_ids(connection, run_id).get(variant)
        if found is None:
            return None
        total = children.count_kernels(connection, found, where)
        kernels = children.kernels(connection, found, where, offset, limit)
    return KernelPage(
        variant=variant,
        offset=offset,
        total=total,
        positions=[position for position, _ in kernels],
        kernels=[kernel for _, kernel in kernels],
    )


def kernels_at(
    engine: Engine, run_id: str, variant: str, positions: Sequence[int]
) -> dict[int, doc.Kernel]:
    """The kernels of one variant at these positions in launch order (a figure's few)."""
    found: dict[int, doc.Kernel] = {}
    wanted = sorted(set(positions))
    with read_session(engine) as session:
        connection = session.connection()
        variant_id = children.variant_ids(connection, run_id).get(variant)
        if variant_id is None:
            return found
        for start in range(0, len(wanted), PAGE_OF_POSITIONS):
            chunk = wanted[start : start + PAGE_OF_POSITIONS]
            found.update(children.kernels(connection, variant_id, [children.at_positions(chunk)]))
    return found


def kernel_times(engine: Engine, run_id: str) -> dict[str, children.KernelTimes]:
    """Each variant's kernel start times, durations and indexes, as columns."""
    with gc_paused(), read_session(engine) as session:
        connection = session.connection()
        return {
            name: children.kernel_times(connection, variant_id)
            for name, variant_id in children.variant_ids(connection, run_id).items()
        }


def longest_kernels(
    engine: Engine, run_id: str, limit: int
) -> dict[str, tuple[int, list[children.KernelRate]]]:
    """Per variant: how many kernels it has, and its `limit` longest (the roofline's)."""
    with read_session(engine) as session:
        connection = session.connection()
        return {
            name: (
                children.count_kernels(connection, variant_id, []),
                children.longest_kernels(connection, variant_id, limit),
            )
            for name, variant_id in children.variant_ids(connection, run_id).items()
        }


def round_trip_page(
    engine: Engine,
    run_id: str,
    offset: int,
    limit: int,
    fate: round_trips.Fate | None = None,
    module: str | None = None,
) -> RoundTripPage:
    with gc_paused(), read_session(engine) as session:
        connection = session.connection()
        total = round_trips.count_round_trips(connection, run_id, fate, module)
        rows = round_trips.round_trips(connection, run_id, offset, limit, fate, module)
    trips = [doc.RoundTrip.model_validate(row) for row in rows]
    return RoundTripPage(offset=offset, total=total, round_trips=trips)


def round_trip_fates(
    engine: Engine, run_id: str, named: int
) -> dict[bool | str | None, round_trips.RoundTripFate]:
    """The run's round trips by fate (eliminated, kept, written only, unknown): their
    totals, and their tensor names when there are at most `named`."""
    with read_session(engine) as session:
        return round_trips.round_trip_fates(session.connection(), run_id, named)


def picture_trips(
    engine: Engine, run_id: str, tensors: Sequence[str], kernels: Sequence[str], first: int
) -> round_trips.PictureTrips:
    """The round trips a traffic picture shows: every one of these tensors, the
    eliminated ones fused into these kernels, and the first `first` and totals of the
    other eliminated ones."""
    with read_session(engine) as session:
        return round_trips.picture_trips(session.connection(), run_id, tensors, kernels, first)
