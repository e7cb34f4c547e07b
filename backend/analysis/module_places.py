"""Where in the model a compiled kernel ran: from the graph nodes it computes.

A launch writes Inductor buffers; each buffer names the post-grad nodes computed into it
(its node and origins, inlined nodes included), and the harness wrote each node's
nn.Module path and library frame (backend/harness/module_paths.py). The kernel's module
is the innermost one holding all of them: a kernel fusing the end of block 0 with the
start of block 1 belongs to `h`, not to either block. Nodes without a module are left out
rather than pulling the kernel up to the snippet's top: most are nodes autograd or Inductor
made (a backward graph's sum of two gradients, a decomposition's `view_default`), and a
kernel that fuses the snippet's own code (a loss) with a module's is still that module's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Json = Mapping[str, Any]


def common_module(paths: Sequence[str | None]) -> str | None:
    """The innermost module path holding every known path given; None when none is known."""
    parts = [p.split(".") for p in paths if p]
    if not parts:
        return None
    shared: list[str] = []
    for segment in zip(*parts, strict=False):
        if any(s != segment[0] for s in segment):
            break
        shared.append(segment[0])
    return ".".join(shared) or None


class LaunchPlaces:
    """Launch -> (module, frame), from the launch's written buffers' nodes."""

    def __init__(self, compiled: Json) -> None:
        graphs = compiled.get("inductor") or []
        by_path = {str(g.get("wrapper_path")): i for i, g in enumerate(graphs)}
        self.graph_of_module = {
            int(m["index"]): by_path.get(str(m.get("path"))) for m in compiled.get("graphs", [])
        }
        self.nodes = [
            {str(n["name"]): (position, n) for position, n in enumerate(g.get("nodes", []))}
            for g in graphs
        ]
        self.buffers = [{str(b["name"]): b for b in g.get("buffers", [])} for g in graphs]

    def of(self, launch: Json) -> tuple[str | None, str | None]:
        graph = self.graph_of_module.get(int(launch["graph"]))
        if graph is None:
            return None, None
        nodes = self._written_nodes(graph, launch)
        if not nodes:
            return None, None
        module = common_module([n.get("module") for n in nodes])
        frames = [n["frame"] for n in nodes if n.get("frame")]
        return module, frames[0] if frames else None

    def _written_nodes(self, graph: int, launch: Json) -> list[Json]:
        """The nodes computed into the buffers this launch wrote, in graph order."""
        names: set[str] = set()
        buffers = launch.get("buffers") or {}
        for param, _ in launch.get("writes") or []:
            found = self.buffers[graph].get(str(buffers.get(param)))
            if found is None:
                continue
            if found.get("node"):
                names.add(str(found["node"]))
            own = self.nodes[graph].get(str(found.get("node")))
            if launch.get("backend") != "extern" or own is None or not own[1].get("module"):
                # a library call's buffer also lists the nodes its inputs came from (the
                # LayerNorm before lm_head's mm): only its own node is its work
                names.update(found.get("origins") or [])
        known = [self.nodes[graph][n] for n in names if n in self.nodes[graph]]
        return [node for _, node in sorted(known, key=lambda pair: pair[0])]


class ModuleRoots:
    """A compiled graph traced from a submodule's own frame names its modules from that
    submodule: after a graph break in the snippet's `forward` (a training step's
    `loss.backward()`), Dynamo compiles `self.model(...)` as a frame of its own, and its
    nodes say `transformer.h.0`, not `model.transformer.h.0`. Such a path is put under
    the one module of the snippet's table that it ends in; a path that fits none, or
    several, is left as it is."""

    def __init__(self, known: Sequence[str]) -> None:
        self.known = set(known)
        self.by_suffix: dict[str, set[str]] = {}
        for path in known:
            parts = path.split(".")
            for start in range(1, len(parts)):
                self.by_suffix.setdefault(".".join(parts[start:]), set()).add(path)

    def rooted(self, path: str | None) -> str | None:
        if path is None or path in self.known:
            return path
        fits = self.by_suffix.get(path, set())
        return next(iter(fits)) if len(fits) == 1 else path
