"""Load a snippet from its file and find what to run, per the snippet contract.

Accepted, in order of preference (docs/architecture.md, "The snippet contract"):
1. `fn` plus `inputs()` / `get_inputs()` (which may take `size`);
2. a `torch.nn.Module` subclass `Model` with `get_inputs()` and optional `get_init_inputs()`;
3. notebook style: exactly one top-level function whose parameters name module-level tensors.
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch

from backend.harness.errors import NO_ENTRY_POINT, SnippetError, user_error_from_exception


@dataclass
class EntryPoint:
    name: str  # what the user sees: "fn", "Model", "add_relu"
    style: str  # fn_inputs | model | notebook
    call: Callable[..., Any]
    make_args: Callable[[], tuple[Any, ...]]
    param_names: list[str]
    notes: list[str] = field(default_factory=list)
    module: torch.nn.Module | None = None


def load_module(path: Path, device: torch.device) -> types.ModuleType:
    """Execute the snippet from its real file so tracebacks and line numbers map back."""
    source = path.read_text()
    try:
        code = compile(source, str(path), "exec")
    except SyntaxError as exc:
        raise SnippetError(
            "syntax_error",
            f"Syntax error on line {exc.lineno}: {exc.msg}. Fix the line and run again.",
            line=exc.lineno,
            traceback=[(exc.text or "").rstrip()],
        ) from None
    module = types.ModuleType("snippet")
    module.__file__ = str(path)
    module.__dict__["device"] = device
    sys.modules["snippet"] = module
    notes: list[str] = []
    module.__dict__[LOAD_NOTES] = notes
    try:
        _on_device(lambda: exec(code, module.__dict__), device, notes)
    except SnippetError:
        raise
    except BaseException as exc:  # the user's module code may raise anything, SystemExit too
        raise user_error_from_exception(exc, path, "while loading the snippet") from None
    return module


LOAD_NOTES = "__kernelscope_notes__"  # the module's own: what loading it said


def _built_on(device: torch.device) -> Any:
    """Tensors the snippet makes without naming a device are made on the run's device:
    inputs of several GiB are built where they run, never on the CPU and copied over."""
    return torch.device(device) if device.type != "cpu" else contextlib.nullcontext()


def _on_device(make: Callable[[], Any], device: torch.device, notes: list[str]) -> Any:
    """`make()` with the run's device as the default. A snippet that draws from a CPU
    generator of its own (`torch.Generator()`) cannot build on the GPU: it is built on the
    CPU as written, so its values are the ones it seeded, and moved."""
    if device.type == "cpu":
        return make()
    try:
        with _built_on(device):
            return make()
    except RuntimeError as exc:
        if "generator" not in str(exc).lower():
            raise
    _note(
        notes,
        f"built on the CPU (the snippet draws from a CPU generator of its own), not on {device}",
    )
    return make()


def find_entry_point(module: types.ModuleType, path: Path, size: int | None) -> EntryPoint:
    entry = _find_entry_point(module, path, size)
    entry.notes[:0] = module.__dict__.get(LOAD_NOTES, [])  # what loading the module said
    return entry


def _find_entry_point(module: types.ModuleType, path: Path, size: int | None) -> EntryPoint:
    namespace = module.__dict__
    if callable(namespace.get("fn")):
        return _fn_style(namespace, size)
    model = namespace.get("Model")
    if isinstance(model, type) and issubclass(model, torch.nn.Module):
        return _model_style(namespace, model, size)
    return _notebook_style(namespace, path, size)


def _inputs_function(namespace: dict[str, Any]) -> Callable[..., Any] | None:
    for name in ("inputs", "get_inputs"):
        if callable(namespace.get(name)):
            return namespace[name]  # type: ignore[no-any-return]
    return None


def _sized_call(make: Callable[..., Any], size: int | None, notes: list[str]) -> Any:
    takes_size = "size" in inspect.signature(make).parameters
    if size is not None and not takes_size:
        raise SnippetError(
            "size_not_supported",
            f"A size ({size}) was requested but {make.__name__}() takes no `size` argument. "
            f"Define `def {make.__name__}(size=...)` to run a size sweep.",
        )
    if size is not None:
        _note(notes, f"called {make.__name__}(size={size})")
        return make(size=size)
    return make()


def _note(notes: list[str], text: str) -> None:
    """Inputs may be built several times (a snippet that modifies them): say it once."""
    if text not in notes:
        notes.append(text)


def _as_tuple(value: Any, producer: str) -> tuple[Any, ...]:
    if isinstance(value, tuple | list):
        return tuple(value)
    if isinstance(value, torch.Tensor):
        return (value,)
    raise SnippetError(
        "bad_inputs",
        f"{producer}() must return a tuple or list of arguments, got {type(value).__name__}.",
    )


def _fn_style(namespace: dict[str, Any], size: int | None) -> EntryPoint:
    fn = namespace["fn"]
    make = _inputs_function(namespace)
    if make is None:
        raise SnippetError(
            "no_inputs",
            "Found `fn` but no `inputs()` (or `get_inputs()`) to build its arguments. "
            "Add `def inputs(): return (torch.randn(1024, device=device),)`.",
            line=_line_of(fn),
        )
    notes: list[str] = []
    device = namespace["device"]

    def make_args() -> tuple[Any, ...]:
        built = _on_device(lambda: _sized_call(make, size, notes), device, notes)
        args = _as_tuple(built, make.__name__)
        _note_cpu_tensors(args, device, make.__name__, notes, moved=False)
        return args

    return EntryPoint("fn", "fn_inputs", fn, make_args, _param_names(fn), notes)


def _note_cpu_tensors(
    args: tuple[Any, ...], device: torch.device, producer: str, notes: list[str], moved: bool
) -> None:
    if device.type == "cpu":
        return
    if any(isinstance(a, torch.Tensor) and a.device.type == "cpu" for a in args):
        then = f"moved them to {device}" if moved else "they stay there, as the snippet asks"
        _note(notes, f"{producer}() put tensors on the CPU itself (device='cpu'): {then}")


def _model_style(namespace: dict[str, Any], model_cls: type, size: int | None) -> EntryPoint:
    make = _inputs_function(namespace)
    if make is None:
        raise SnippetError(
            "no_inputs",
            "Found `Model` but no `get_inputs()` returning its forward arguments. Add one.",
            line=_line_of(model_cls),
        )
    init = namespace.get("get_init_inputs")
    device = namespace["device"]
    notes: list[str] = []
    built = _on_device(init, device, notes) if callable(init) else ()
    init_args = _as_tuple(built, "get_init_inputs")
    with _built_on(device):
        model = model_cls(*init_args).to(device).eval()
    where = "on" if device.type != "cpu" else "and moved it to"
    notes.insert(0, f"built Model({', '.join(map(repr, init_args))}) {where} {device}")

    def make_args() -> tuple[Any, ...]:
        built = _on_device(lambda: _sized_call(make, size, notes), device, notes)
        args = _as_tuple(built, make.__name__)
        _note_cpu_tensors(args, device, make.__name__, notes, moved=True)
        return tuple(a.to(device) if isinstance(a, torch.Tensor) else a for a in args)

    forward = model.forward
    return EntryPoint("Model", "model", model, make_args, _param_names(forward), notes, model)


def _notebook_style(namespace: dict[str, Any], path: Path, size: int | None) -> EntryPoint:
    functions = _top_level_functions(namespace, path)
    if not functions:
        raise SnippetError("no_entry_point", NO_ENTRY_POINT)
    if len(functions) > 1:
        names = ", ".join(f"`{f.__name__}` (line {_line_of(f)})" for f in functions)
        raise SnippetError(
            "ambiguous_entry_point",
            f"Found {len(functions)} functions: {names}. Name the one to run `fn` "
            "and add `inputs()`, or keep a single top-level function.",
            line=_line_of(functions[1]),
        )
    fn = functions[0]
    params = _param_names(fn)
    missing = [p for p in params if p not in namespace]
    if missing:
        raise SnippetError(
            "missing_arguments",
            f"`{fn.__name__}` takes {', '.join(params)} but no module-level value is named "
            f"{', '.join(missing)}. Define them (e.g. `{missing[0]} = torch.randn(1024, "
            "device=device)`) or add `inputs()`.",
            line=_line_of(fn),
        )
    if size is not None:
        raise SnippetError(
            "size_not_supported",
            "Size sweeps need `inputs(size)`; this snippet builds its tensors at module level.",
        )
    values = tuple(namespace[p] for p in params)
    notes = [f"called {fn.__name__}({', '.join(params)}) with the module-level values"]
    return EntryPoint(fn.__name__, "notebook", fn, lambda: values, params, notes)


def _top_level_functions(namespace: dict[str, Any], path: Path) -> list[Callable[..., Any]]:
    """Functions defined in the snippet itself (not imported), in source order."""
    found = [
        value
        for value in namespace.values()
        if inspect.isfunction(value) and value.__code__.co_filename == str(path)
    ]
    return sorted(found, key=lambda f: f.__code__.co_firstlineno)


def _param_names(fn: Callable[..., Any]) -> list[str]:
    try:
        return [p for p in inspect.signature(fn).parameters if p != "self"]
    except (TypeError, ValueError):
        return []


def _line_of(obj: Any) -> int | None:
    try:
        return inspect.getsourcelines(obj)[1]
    except (OSError, TypeError):
        return None


AUTOGRAD_FLAG = "kernelscope_autograd"  # `kernelscope_autograd = True`: keep autograd on


def autograd_reason(source: str) -> str | None:
    """Why the snippet needs autograd (it computes gradients itself), or None: then it runs
    under torch.no_grad(), as an inference benchmark would, so the compiled graph is the
    inference graph and not a training forward that saves tensors for a backward."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    grad_names = {  # `from torch.autograd import grad [as g]`
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "torch.autograd"
        for alias in node.names
        if alias.name in ("grad", "backward")
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in grad_names
        ):
            return f"it calls torch.autograd.{node.func.id}() on line {node.lineno}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = ast.unparse(node.func.value)
            if node.func.attr == "backward":
                return f"it calls {owner}.backward() on line {node.lineno}"
            if node.func.attr == "grad" and owner.endswith("autograd"):
                return f"it calls {owner}.grad() on line {node.lineno}"
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == AUTOGRAD_FLAG for t in node.targets)
            and isinstance(node.value, ast.Constant)
            and node.value.value is True
        ):
            return f"it sets {AUTOGRAD_FLAG} = True on line {node.lineno}"
    return None


def assignment_targets(source: str) -> dict[int, str]:
    """Line -> variable assigned by the statement covering that line (for tensor names)."""
    targets: dict[int, str] = {}
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return targets
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            if isinstance(target, ast.Name):
                for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                    targets[line] = target.id
    return targets
