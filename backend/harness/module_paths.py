"""Where in the model an op ran: its nn.Module path and the library line that called it.

Paths are spelled as `named_modules()` spells them from the snippet's top object: the
benchmark-style `Model` (its own ops have no path: they are the snippet's), or, for a
function snippet, each module the snippet holds at top level, under its variable's name
(`model.transformer.h.0.attn`). Eager ops learn it from a stack kept by global forward
hooks while the accounting call runs; compiled kernels from Dynamo's `nn_module_stack` on
the graph nodes they hold (inductor_facts.py). Backward ops have no module on the stack
(autograd runs them after every forward has returned): each takes the module of the
forward op that created its autograd node, joined by the node's sequence number, the
same link the profiler writes as "Sequence number".
"""

from __future__ import annotations

import re
import sysconfig
import types
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import torch

MAX_MODULES = 20_000  # module paths written to the bundle (a huge model is cut, not refused)
MAX_PATH_CHARS = 512
_HARNESS_DIR = __file__.rsplit("/", 1)[0]
_TORCH_DIR = torch.__file__.rsplit("/", 1)[0]
_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')
_PACKAGE_ROOTS = ("site-packages/", "dist-packages/")
_STDLIB = sysconfig.get_paths()["stdlib"] + "/"


@dataclass(frozen=True)
class Where:
    """An op's module path (None: the snippet's own code) and library frame."""

    module: str | None
    frame: str | None


def top_modules(
    module: torch.nn.Module | None, namespace: Mapping[str, Any], arguments: Mapping[str, Any]
) -> dict[str, torch.nn.Module]:
    """Prefix -> top object: the benchmark Model under "" (paths as its named_modules()),
    else every module the snippet holds at top level or passes to its function, under its
    name (a module reached both ways keeps its global name)."""
    if module is not None:
        return {"": module}
    found = {**arguments, **namespace}
    return {
        name: value
        for name, value in found.items()
        if isinstance(value, torch.nn.Module) and not name.startswith("_")
    }


def module_table(tops: Mapping[str, torch.nn.Module]) -> dict[int, tuple[str, str]]:
    """id(module) -> (path, class name); the first name a shared module is reached by."""
    table: dict[int, tuple[str, str]] = {}
    for prefix, top in tops.items():
        for name, module in top.named_modules():
            path = ".".join(p for p in (prefix, name) if p)
            table.setdefault(id(module), (path, type(module).__name__))
    return table


def describe_modules(table: Mapping[int, tuple[str, str]]) -> list[dict[str, str]]:
    """The bundle's `modules`: each named module's path and class, the root's path "", in
    named_modules() order (h.2 before h.10)."""
    rows = list(dict.fromkeys(table.values()))
    return [{"path": p[:MAX_PATH_CHARS], "type": t[:128]} for p, t in rows[:MAX_MODULES]]


@dataclass
class ModuleStack:
    """The path of the module whose forward is running, kept by global hooks."""

    table: Mapping[int, tuple[str, str]]
    stack: list[str | None] = field(default_factory=list)

    @property
    def current(self) -> str | None:
        return self.stack[-1] if self.stack else None

    @contextmanager
    def installed(self) -> Iterator[None]:
        from torch.nn.modules import module as nn_module

        def enter(module: torch.nn.Module, args: Any) -> None:
            known = self.table.get(id(module))
            # a module outside the named tree (made on the fly) runs inside its caller's
            self.stack.append(known[0] or None if known else self.current)

        def leave(module: torch.nn.Module, args: Any, output: Any) -> None:
            if self.stack:
                self.stack.pop()

        handles = [
            nn_module.register_module_forward_pre_hook(enter),
            nn_module.register_module_forward_hook(leave, always_call=True),
        ]
        try:
            yield
        finally:
            for handle in handles:
                handle.remove()
            self.stack.clear()


class BackwardLink:
    """Forward op -> the autograd nodes it created; backward op -> its forward op's Where."""

    def __init__(self, parameters: Mapping[int, str]) -> None:
        self.parameters = parameters  # id(parameter) -> its module's path
        self.by_sequence: dict[int, Where] = {}
        self.seen = _sequence_nr()

    def forward(self, where: Where) -> None:
        """Nodes numbered since the last forward op were created by this one (autograd
        numbers a node before the op's kernel runs)."""
        now = _sequence_nr()
        for number in range(self.seen, now):
            self.by_sequence[number] = where
        self.seen = max(self.seen, now)

    def backward(self, node: Any) -> Where | None:
        variable = getattr(node, "variable", None)  # AccumulateGrad: the parameter's module
        if variable is not None and id(variable) in self.parameters:
            return Where(self.parameters[id(variable)] or None, None)
        try:
            number = int(node._sequence_nr())
        except (AttributeError, RuntimeError, TypeError):
            return None
        return self.by_sequence.get(number)


def parameter_owners(tops: Mapping[str, torch.nn.Module]) -> dict[int, str]:
    """id(parameter) -> path of the module that holds it."""
    owners: dict[int, str] = {}
    for prefix, top in tops.items():
        for name, module in top.named_modules():
            path = ".".join(p for p in (prefix, name) if p)
            for parameter in module.parameters(recurse=False):
                owners.setdefault(id(parameter), path)
    return owners


def _sequence_nr() -> int:
    return int(torch._C._autograd._get_sequence_nr())


def library_frame(frame: types.FrameType | None, snippet_file: str) -> str | None:
    """The innermost frame outside torch, the harness and the snippet:
    `transformers/models/gpt2/modeling_gpt2.py:212`."""
    while frame is not None:
        text = _outside(frame.f_code.co_filename, frame.f_lineno, snippet_file)
        if text is not None:
            return text
        frame = frame.f_back
    return None


def library_frame_in_trace(stack_trace: str, snippet_file: str) -> str | None:
    """The same from an FX node's `stack_trace` text (outermost frame first)."""
    for match in reversed(list(_FRAME.finditer(stack_trace))):
        text = _outside(match["file"], int(match["line"]), snippet_file)
        if text is not None:
            return text
    return None


def _outside(filename: str, line: int, snippet_file: str) -> str | None:
    if filename == snippet_file or filename.startswith(("<", _TORCH_DIR, _HARNESS_DIR)):
        return None
    if filename.startswith(_STDLIB) or _is_torch(filename):
        return None  # the standard library (contextlib...), or torch from another install
    return f"{short_path(filename)}:{line}"[:MAX_PATH_CHARS]


def _is_torch(filename: str) -> bool:
    """torch's own code. Under an install's packages only the package itself counts: a
    GPU image keeps its environment at /opt/torch/.venv, and every library there (not only
    torch) has "/torch/" in its path."""
    if any(root in filename for root in _PACKAGE_ROOTS):
        return short_path(filename).startswith("torch/")
    return "/torch/" in filename


def short_path(filename: str) -> str:
    """Relative to the installed packages (`transformers/models/...`), else the last
    three parts of the path."""
    for root in _PACKAGE_ROOTS:
        if root in filename:
            return filename.rsplit(root, 1)[1]
    return "/".join(filename.split("/")[-3:])


_INDEX = re.compile(r"\[(\d+)\]")
_KEY = re.compile(r"\[['\"]([^'\"]+)['\"]\]")
_HEAD = re.compile(r"^(?P<scope>[LG])\[['\"](?P<name>[^'\"]+)['\"]\](?P<rest>.*)$")


def dynamo_path(qualified: str, top_is_module: bool) -> str | None:
    """Dynamo's name of a module (`L['self'].model.transformer.h[0]`, or
    `G['model'].h[0]` for a global, `L['model']` for an argument) -> its named_modules()
    path (`model.transformer.h.0`); None for the top Model itself, or a module the snippet
    does not name."""
    head = _HEAD.match(qualified.replace("._modules", ""))
    if head is None:
        return None
    rest = _KEY.sub(r".\1", _INDEX.sub(r".\1", head["rest"])).strip(".")
    if top_is_module:  # the Model's `self`; nothing else has a name of the snippet's
        path = rest if head["scope"] == "L" and head["name"] == "self" else None
    else:  # a global, or the function's argument: named as the snippet names them
        path = ".".join(p for p in (head["name"], rest) if p)
    return path[:MAX_PATH_CHARS] if path else None


def node_module(meta: Mapping[str, Any], top_is_module: bool) -> str | None:
    """The innermost module of an FX node's `nn_module_stack` (innermost last)."""
    stack = meta.get("nn_module_stack") or meta.get("fwd_nn_module_stack") or {}
    if not isinstance(stack, Mapping) or not stack:
        return None
    value = list(stack.values())[-1]
    qualified = value[0] if isinstance(value, tuple | list) and value else value
    return dynamo_path(str(qualified), top_is_module) if qualified else None
