"""Kept round trips grouped by reason and module pattern: one entry per kind of round trip.

A model with repeated blocks keeps the same round trip once per block ("addmm output" in
`h.0.mlp.c_fc`, `h.1.mlp.c_fc`, ...): listed one by one, they bury the few distinct
reasons under their repeats. Grouped, with the block indices of the module path replaced
by `*`, each kind of round trip is one entry: "addmm output in h.*.mlp.c_fc · 12 x 48 MiB
· library call".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from backend.analysis.module_tree import folded_entries
from backend.figures.units import human_bytes
from backend.result import RoundTrip
from backend.result.modules import KeptGroup, ModuleNode

# the tensor's name without the snippet line it carries ("addmm output, line 17"):
# every block of a model runs from the same line, so it does not tell blocks apart
# (a second output keeps its index: "cat output, line 17[1]" -> "cat output[1]")
_LINE_SUFFIX = re.compile(r",\s*lines?\s[\d, ]*\d(?=(\[\d+\])?$)")
# "runs as a library call (a BLAS)": the library, when the reason names one
_LIBRARY = re.compile(r"library call \(([^)]*)\)")


def module_pattern(path: str | None) -> str | None:
    """The module path with its index segments (`h.3`) replaced by `*` (`h.*`)."""
    if not path:
        return None
    return ".".join("*" if part.isdigit() else part for part in path.split("."))


def tensor_stem(tensor: str) -> str:
    return _LINE_SUFFIX.sub("", tensor).strip()


def kept_groups(trips: Iterable[RoundTrip]) -> list[KeptGroup]:
    """The kept round trips (eliminated False) grouped by reason kind, tensor name and
    module pattern, most bytes first; each with its count, bytes in all and per trip."""
    groups: dict[tuple[str, str, str | None], KeptGroup] = {}
    for trip in trips:
        if trip.eliminated is not False:
            continue
        kind = trip.why.kind if trip.why is not None else "unknown"
        key = (kind, tensor_stem(trip.tensor), module_pattern(trip.module))
        group = groups.get(key)
        if group is None:
            group = groups[key] = _group_of(trip, key)
        group.count += 1
        group.bytes += trip.bytes
        group.min_bytes = min(group.min_bytes, trip.bytes)
        group.max_bytes = max(group.max_bytes, trip.bytes)
        if trip.module is not None and len(group.modules) < MAX_MODULES_LISTED:
            group.modules.append(trip.module)
    for group in groups.values():
        group.label = group_label(group)
    return sorted(groups.values(), key=lambda g: (-g.bytes, g.tensor, g.pattern or ""))


MAX_MODULES_LISTED = 64  # a group's module paths kept for a link; its count has them all


def _group_of(trip: RoundTrip, key: tuple[str, str, str | None]) -> KeptGroup:
    kind, stem, pattern = key
    message = trip.why.message if trip.why is not None else ""
    library = _LIBRARY.search(message) if kind == "library_call" else None
    return KeptGroup(
        kind=kind,
        reason=kind.replace("_", " ") + (f" ({library.group(1)})" if library else ""),
        message=message,
        hint=trip.why.hint.message if trip.why is not None and trip.why.hint else None,
        tensor=stem,
        pattern=pattern,
        count=0,
        bytes=0,
        min_bytes=trip.bytes,
        max_bytes=trip.bytes,
    )


def group_label(group: KeptGroup) -> str:
    """One line for a person: "addmm output in h.*.mlp.c_fc · 12 x 128 KiB · library call"."""
    where = f" in {group.pattern}" if group.pattern else ""
    size = human_bytes(group.max_bytes)
    each = size if group.min_bytes == group.max_bytes else f"up to {size}"
    return f"{group.tensor}{where} · {group.count} × {each} · {group.reason}"


def model_rollup(root: ModuleNode, groups: Sequence[KeptGroup], kept_total: int) -> str:
    """A model in one line, for the suite table: its repeated blocks and what compile kept
    ("2 x GPT2Block · 1009 KiB saved · 22 kept in 11 groups"); "" without modules."""
    if not root.children:
        return ""
    blocks = [entry.name for entry in folded_entries(root)]
    parts = [", ".join(blocks) or "no repeated blocks"]
    parts.append(f"{human_bytes(root.round_trips.bytes_saved)} saved")
    if kept_total:
        parts.append(f"{kept_total} kept in {len(groups)} group{'s' if len(groups) != 1 else ''}")
    return " · ".join(parts)
