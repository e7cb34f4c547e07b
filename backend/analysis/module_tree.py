"""The ledger by module: kernels and round trips summed over the snippet's module tree.

Every number of a node is its subtree's: what ran in the module itself plus in every
module below it. Kernels and round trips without a module (the snippet's own code) count
at the top. Repeated siblings (`h.0` ... `h.11`: names that are indices) with the same
structure fold into one entry ("12 x GPT2Block") with each number per block (mean, min,
max): same class, same child names, structures and eager kernel counts, all the way down.
Compiled kernel counts may differ between blocks and still fold: a kernel that fuses the
end of one block with the start of the next belongs to their parent (module_places.py),
so the first and last blocks often hold one less; the spread shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from backend.result.modules import ModuleNode, SideNumbers, Spread, TripNumbers

UNFOLD_ALL = "*"


@dataclass(frozen=True)
class KernelSum:
    """One variant's kernels of one module (not its subtree): from the store's GROUP BY."""

    variant: str  # eager | compiled (further compile modes are left out)
    module: str | None
    kernels: int
    bytes: int
    kernel_time_us: float


@dataclass(frozen=True)
class TripSum:
    module: str | None
    eliminated: bool | None
    count: int
    bytes: int


def module_ledger(
    modules: Sequence[tuple[str, str]],
    kernels: Iterable[KernelSum],
    trips: Iterable[TripSum],
    unfold: Collection[str] = (),
) -> ModuleNode:
    """The folded tree. `modules`: (path, class) in named_modules() order, "" the top."""
    nodes = _skeleton(modules)
    for k in kernels:
        if k.variant in ("eager", "compiled"):
            side = getattr(_node(nodes, k.module or ""), k.variant)
            side.kernels += k.kernels
            side.bytes += k.bytes
            side.kernel_time_us += k.kernel_time_us
    for t in trips:
        _count_trips(_node(nodes, t.module or "").round_trips, t)
    root = nodes[""]
    _sum_subtree(root)
    return _fold(root, set(unfold))


def _skeleton(modules: Sequence[tuple[str, str]]) -> dict[str, ModuleNode]:
    nodes = {"": ModuleNode(path="", name="", type=None)}
    for path, kind in modules:
        _node(nodes, path).type = kind
    return nodes


def _node(nodes: dict[str, ModuleNode], path: str) -> ModuleNode:
    """The node at `path`, made (with its missing ancestors) if new."""
    found = nodes.get(path)
    if found is not None:
        return found
    parent_path, _, name = path.rpartition(".")
    parent = _node(nodes, parent_path)
    made = nodes[path] = ModuleNode(path=path, name=name, type=None)
    parent.children.append(made)
    return made


def _count_trips(numbers: TripNumbers, trip: TripSum) -> None:
    if trip.eliminated is True:
        numbers.eliminated += trip.count
        numbers.bytes_saved += trip.bytes
    elif trip.eliminated is False:
        numbers.kept += trip.count
    else:
        numbers.unknown += trip.count


def _sum_subtree(node: ModuleNode) -> None:
    for child in node.children:
        _sum_subtree(child)
        _add(node, child)
    node.eager.kernel_time_us = round(node.eager.kernel_time_us, 3)
    node.compiled.kernel_time_us = round(node.compiled.kernel_time_us, 3)


def _add(into: ModuleNode, other: ModuleNode) -> None:
    for side in ("eager", "compiled"):
        mine, theirs = getattr(into, side), getattr(other, side)
        mine.kernels += theirs.kernels
        mine.bytes += theirs.bytes
        mine.kernel_time_us += theirs.kernel_time_us
    for name in ("eliminated", "kept", "unknown", "bytes_saved"):
        setattr(
            into.round_trips,
            name,
            getattr(into.round_trips, name) + getattr(other.round_trips, name),
        )


def signature(node: ModuleNode) -> tuple[object, ...]:
    """What must match for two blocks to fold: class, eager kernels, children, recursively."""
    return (
        node.type,
        node.eager.kernels,
        tuple((child.name, signature(child)) for child in node.children),
    )


def _fold(node: ModuleNode, unfold: set[str]) -> ModuleNode:
    children = [_fold(child, unfold) for child in node.children]
    if UNFOLD_ALL not in unfold and node.path not in unfold:
        children = _fold_siblings(children)
    return node.model_copy(update={"children": children})


def _fold_siblings(children: list[ModuleNode]) -> list[ModuleNode]:
    groups: dict[tuple[object, ...], list[ModuleNode]] = {}
    for child in children:
        if child.name.isdigit():
            groups.setdefault(signature(child), []).append(child)
    folded = {id(g[0]): _folded(g) for g in groups.values() if len(g) > 1}
    dropped = {id(c) for g in groups.values() if len(g) > 1 for c in g[1:]}
    return [folded.get(id(c), c) for c in children if id(c) not in dropped]


PER_BLOCK: dict[str, Callable[[ModuleNode], float]] = {
    "eager_bytes": lambda n: n.eager.bytes,
    "eager_kernel_time_us": lambda n: n.eager.kernel_time_us,
    "compiled_bytes": lambda n: n.compiled.bytes,
    "compiled_kernel_time_us": lambda n: n.compiled.kernel_time_us,
    "bytes_saved": lambda n: n.round_trips.bytes_saved,
}


def _folded(blocks: list[ModuleNode]) -> ModuleNode:
    first = blocks[0]
    entry = ModuleNode(
        path=first.path,
        name=f"{len(blocks)} × {first.type or 'block'}",
        type=first.type,
        count=len(blocks),
        members=[b.path for b in blocks],
        eager=SideNumbers(),
        compiled=SideNumbers(),
        round_trips=TripNumbers(),
    )
    for block in blocks:
        _add(entry, block)
    entry.per_block = {
        name: _spread([float(get(b)) for b in blocks]) for name, get in PER_BLOCK.items()
    }
    return entry


def _spread(values: list[float]) -> Spread:
    return Spread(mean=round(sum(values) / len(values), 3), min=min(values), max=max(values))


def top_modules_by_saving(root: ModuleNode, limit: int) -> list[tuple[ModuleNode, TripNumbers]]:
    """For the CLI report: the modules whose own round trips (not their children's) saved
    the most bytes, with those round trips' numbers, most bytes first."""
    found: list[tuple[ModuleNode, TripNumbers]] = []

    def walk(node: ModuleNode) -> None:
        for child in node.children:
            walk(child)
        own = node.round_trips.model_copy()
        for name in TripNumbers.model_fields:
            taken = sum(getattr(c.round_trips, name) for c in node.children)
            setattr(own, name, getattr(own, name) - taken)
        if node.path and own.bytes_saved > 0:
            found.append((node, own))

    walk(root)
    return sorted(found, key=lambda pair: -pair[1].bytes_saved)[:limit]


def folded_entries(root: ModuleNode) -> list[ModuleNode]:
    """The folded entries ("12 x GPT2Block") in the model's order: its repeated blocks."""
    found = [root] if root.count > 1 else []
    for child in root.children:
        found += folded_entries(child)
    return found
