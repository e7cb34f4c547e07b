"""The compiled side of each round trip, counted as the traffic picture draws it.

A round trip's `bytes` are eager's: its write plus every read back. Compile may keep a
value in memory yet move it differently: read back once instead of twice (one fused kernel
reads what two eager kernels did), or written and never read back by another kernel (a
reduction's result the same kernel's next loop reads). Each kept round trip therefore
gets its own compiled number (`compiled_bytes`, `compiled_reads`), so the summary, the
"why" card and the compiled panel say one number per side.

The compiled variant may also send through memory what eager never did (a layout copy
Inductor made for a library call). Those are counted in the totals (`compiled_only_*`), so
the drop in bytes moved can be explained in words. The mm part of an addmm whose bias
Inductor moved into a fused kernel is not one of them: it stands in for the addmm's value,
whose round trip is then kept as the mm's output (fusion_reasons.py, `_split_why`).

Values are followed by their transfer names in launch order, as the picture's blocks are:
a write of an intermediate opens a stay in memory, each later read by a kernel adds to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from backend.analysis.naming import kernel_kind, op_display
from backend.analysis.tensor_prose import in_prose
from backend.result import FusionWhy, Kernel, RoundTrip, Totals

NAMED = 3  # names the totals keep of the compiled-only round trips


@dataclass
class _Stay:
    """A value's time in memory in the compiled variant: one write, then its reads back."""

    tensor: str
    bytes: int
    reads: int = 0

    def __post_init__(self) -> None:
        self.written = self.bytes  # the write alone; `bytes` grows with each read


def _stays(kernels: Sequence[Kernel]) -> list[_Stay]:
    """Every intermediate the compiled kernels write, with what later kernels read of it.

    Values of one snippet line share a name (a whole model called on one line: every
    Linear's output is `addmm output, line 15`). A kernel's reads of one name are distinct
    values (the launch log lists a value once per kernel), so each goes to a different
    stay of that name, of its size where one is, the newest first: a residual add that
    also reads the previous block's output is not counted twice against the newest."""
    found: list[_Stay] = []
    open_stays: dict[str, list[_Stay]] = {}
    for kernel in kernels:
        used: set[int] = set()
        for transfer in kernel.transfers:
            if transfer.direction == "read":
                stay = _reader_of(open_stays.get(transfer.tensor, []), transfer.bytes, used)
                if stay is not None:
                    stay.bytes += transfer.bytes
                    stay.reads += 1
        for transfer in kernel.transfers:
            if transfer.direction == "write" and transfer.role == "intermediate":
                stay = _Stay(transfer.tensor, transfer.bytes)
                open_stays.setdefault(transfer.tensor, []).append(stay)
                found.append(stay)
    return found


def _reader_of(stays: Sequence[_Stay], size: int, used: set[int]) -> _Stay | None:
    """The newest stay this kernel has not read yet, of this size if one is."""
    fresh = [stay for stay in reversed(stays) if id(stay) not in used]
    chosen = next((s for s in fresh if s.written == size), fresh[0] if fresh else None)
    if chosen is not None:
        used.add(id(chosen))
    return chosen


def count_compiled_side(
    trips: Sequence[RoundTrip], kernels: Sequence[Kernel], totals: Totals
) -> None:
    """In place: each kept round trip's compiled bytes and reads, and the totals' round
    trips only the compiled variant has. A tensor name the compiled kernels write as often
    as eager kept it pairs up in order; otherwise its kept round trips stay uncounted
    (null), rather than be given another's number."""
    stays = _stays(kernels)
    by_tensor: dict[str, list[_Stay]] = {}
    for stay in stays:
        by_tensor.setdefault(stay.tensor, []).append(stay)
    kept: dict[str, list[RoundTrip]] = {}
    for trip in trips:
        if trip.eliminated is False:
            kept.setdefault(trip.tensor, []).append(trip)
    for tensor, same in kept.items():
        written = by_tensor.get(tensor, [])
        if len(written) != len(same):
            continue
        for trip, stay in zip(same, written, strict=True):
            trip.compiled_bytes, trip.compiled_reads = stay.bytes, stay.reads
    eager_names = {trip.tensor for trip in trips}
    only = [s for s in stays if s.reads and s.tensor not in eager_names]
    totals.compiled_only_round_trips = len(only)
    totals.compiled_only_bytes = sum(s.bytes for s in only)
    totals.compiled_only_names = list(dict.fromkeys(s.tensor for s in only))[:NAMED]


def decide_inside_kernel(trips: Sequence[RoundTrip], kernels: Sequence[Kernel]) -> None:
    """In place: a kept round trip with no reason logged, written by one compiled kernel
    and read back by no other, stays inside that kernel: it stores the value in one loop
    and reads it back in a later loop of its own (a CPU kernel's reduction feeding the
    next loop: softmax's max and sum). Said as such, not as "unknown"."""
    writers = {t.tensor: k for k in kernels for t in k.transfers if t.direction == "write"}
    for trip in trips:
        kernel = writers.get(trip.tensor)
        undecided = trip.why is not None and trip.why.kind == "unknown"
        if not undecided or trip.compiled_reads != 0 or kernel is None:
            continue
        trip.why = FusionWhy(kind="inside_kernel", message=_inside(trip, kernel), lines=trip.lines)


def _inside(trip: RoundTrip, kernel: Kernel) -> str:
    readers = ", ".join(dict.fromkeys(op_display(op) for op in trip.consumers))
    tensor = in_prose(trip.tensor)
    message = (
        f"{kernel.short_name} computes {tensor} and what reads it ({readers}) in one "
        f"kernel, yet writes {tensor} to memory ({trip.compiled_bytes:,} bytes) and reads "
        "it back in a later loop of its own; no other kernel reads it."
    )
    if kernel_kind(trip.producer, trip.producer, []) == "reduction":
        message += " A reduction's result is complete only after its loop ends."
    return message
