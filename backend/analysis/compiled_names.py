"""Names for the compiled variant's buffers that a person can find in their own code.

The launch log knows a compiled buffer only as a kernel argument (`out_ptr0`). In order:
1. the eager value whose node Inductor's buffer holds, when that value also has the same
   numbers (or nothing contradicts it);
2. else an eager value with the same numbers (`a + b`);
3. else the node the buffer holds: its op, the user's call and line (`amax in softmax,
   line 9`); a placeholder passed in by autograd is the incoming gradient;
4. else a same-sized copy of something the kernel read (`x (copy)`: a layout change);
5. else the kernel that wrote (or read) it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from backend.analysis.inductor_join import BufferMap
from backend.analysis.naming import op_display

Json = Mapping[str, Any]


def name_compiled_values(bundle: Json, evidence: Any) -> list[dict[str, Any]]:
    """Copies of the compiled values, each with a readable `name`. `evidence` is a
    `backend.analysis.round_trips.Evidence`."""
    eager = bundle["eager"]["values"]
    named = [dict(v) for v in bundle["compiled"]["values"]]
    same_numbers: dict[int, list[int]] = {}
    for eager_id, found in evidence.candidates.items():
        for compiled_id in found:
            same_numbers.setdefault(compiled_id, []).append(eager_id)
    buffers: BufferMap = evidence.buffers
    for value in named:
        if value.get("writer") is None:
            continue
        vid = int(value["id"])
        owners = buffers.owners(vid) or []
        alike = same_numbers.get(vid, [])
        preferred = [e for e in owners if e in alike] or owners or alike
        if preferred:
            value["name"] = eager[preferred[0]]["name"]
    for launch in bundle["compiled"]["launches"]:
        for param, vid in [*launch["writes"], *launch["reads"]]:
            if ":" in str(named[vid]["name"]):  # still `kernel:param`
                named[vid]["name"] = _fallback(buffers, launch, param, named, vid)
    return named


def _fallback(
    buffers: BufferMap, launch: Json, param: str, named: list[dict[str, Any]], vid: int
) -> str:
    graph = buffers.graph_of_module.get(int(launch["graph"]))
    buffer = (launch.get("buffers") or {}).get(param)
    if graph is not None and buffer is not None:
        if buffer.startswith("tangents"):
            return "incoming gradient"
        nodes = {n["name"]: n for n in buffers.graphs[graph].get("nodes", [])}
        for node in buffers.holders(graph, buffer):
            if node in nodes and (described := _describe(nodes[node])):
                return described
    written = any(v == vid for _, v in launch["writes"])
    copied = _copied_from(launch, named, vid) if written else None
    kernel = str(launch["kernel"]).removeprefix("extern_kernels.")
    if copied:
        return f"{copied} (copy)"
    return f"{kernel} result" if written else f"constant read by {kernel}"


def _copied_from(launch: Json, named: list[dict[str, Any]], vid: int) -> str | None:
    """A kernel that wrote a value as large as one it read, of the same type, most likely
    copied it into another layout (the input of a channels-last convolution)."""
    mine = named[vid]
    for _, read in launch["reads"]:
        other = named[read]
        same = (other["bytes"], other["dtype"]) == (mine["bytes"], mine["dtype"])
        if same and ":" not in str(other["name"]):
            return str(other["name"])
    return None


def _describe(node: Json) -> str | None:
    """The op, the user's call it came from, where: `amax in softmax, line 9`, or for a
    piece of a decomposed op, `y (mm part of addmm), line 13`."""
    op = node.get("aten") or node.get("target")
    if not op or "." not in str(op):
        return None
    what = op_display(str(op))
    target = str(node.get("target") or op)
    # a tuple's element (`getitem`) or the op itself: no "part of" to speak of
    target = what if "getitem" in target or "." not in target else op_display(target)
    source = re.sub(r"_\d+$", "", str(node.get("source") or ""))  # `att_2`: the 2nd `att`
    lines = node.get("lines") or []
    where = f", line {lines[-1]}" if lines else ""
    if target != what and source:
        return f"{source} ({target} part of {what}){where}"
    inside = f" in {source}" if source and source != what else ""
    return f"{what}{inside}{where}"
