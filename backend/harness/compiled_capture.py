"""Compiled accounting: every kernel Inductor's wrapper launches, with the buffers it touched.

A dispatch mode cannot watch compiled code (Dynamo falls back to eager under one), so we
watch the generated wrapper modules instead: each module is recorded as it is loaded, and
its kernel globals (Triton autotuners, C++ kernels, `extern_kernels`) are wrapped so an
accounting call logs each launch's tensor arguments. Argument roles come from Inductor's
naming convention: `in_ptr*` read, `out_ptr*` written, `in_out_ptr*` both.
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import torch

from backend.harness.tensors import ValueTable

_CPP_KERNEL = re.compile(
    r"^(\w+) = async_compile\.cpp_pybinding\(\[.*?\], r?'''.*?void\s+kernel\((.*?)\)",
    re.S | re.M,
)


@dataclass
class Launch:
    index: int
    graph: int
    kernel: str
    backend: str  # triton | cpp | extern
    reads: list[tuple[str, int]] = field(default_factory=list)  # (argument name, value id)
    writes: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class WrapperModule:
    index: int
    path: str
    source: str
    module: types.ModuleType


class ModuleRecorder:
    """Records every wrapper module Inductor loads while it is installed."""

    def __init__(self) -> None:
        self.modules: list[WrapperModule] = []

    @contextmanager
    def installed(self) -> Iterator[None]:
        from torch._inductor.codecache import PyCodeCache

        original = PyCodeCache.load_by_key_path.__func__
        recorder = self

        def load_and_record(cls: Any, key: str, path: str, *args: Any, **kwargs: Any) -> Any:
            module = original(cls, key, path, *args, **kwargs)
            source = open(path).read() if hasattr(module, "call") else ""  # noqa: SIM115
            # graph wrappers compile their kernels; benchmark_kernel's per-kernel modules do not
            is_wrapper = "AsyncCompile()" in source
            if is_wrapper and all(m.module is not module for m in recorder.modules):
                recorder.modules.append(WrapperModule(len(recorder.modules), path, source, module))
            return module

        PyCodeCache.load_by_key_path = classmethod(load_and_record)
        try:
            yield
        finally:
            PyCodeCache.load_by_key_path = classmethod(original)


class LaunchRecorder:
    """Wraps kernel globals of the wrapper modules and logs launches while active."""

    def __init__(self, modules: list[WrapperModule], table: ValueTable) -> None:
        self.modules = modules
        self.table = table
        self.launches: list[Launch] = []
        self.active = False

    @contextmanager
    def recording(self) -> Iterator[None]:
        saved: list[tuple[types.ModuleType, str, Any]] = []
        for wrapper in self.modules:
            saved += self._wrap_module(wrapper)
        self.active = True
        try:
            yield
        finally:
            self.active = False
            for module, name, original in saved:
                setattr(module, name, original)

    def _wrap_module(self, wrapper: WrapperModule) -> list[tuple[types.ModuleType, str, Any]]:
        saved = []
        cpp_params = {
            m.group(1): _param_names(m.group(2)) for m in _CPP_KERNEL.finditer(wrapper.source)
        }
        for name, obj in list(vars(wrapper.module).items()):
            replacement = self._replacement(wrapper, name, obj, cpp_params)
            if replacement is not None:
                saved.append((wrapper.module, name, obj))
                setattr(wrapper.module, name, replacement)
        return saved

    def _replacement(
        self, wrapper: WrapperModule, name: str, obj: Any, cpp_params: dict[str, list[str]]
    ) -> Any:
        if name in cpp_params:
            return self._wrap_call(wrapper.index, name, "cpp", obj, cpp_params[name])
        if hasattr(obj, "run") and hasattr(obj, "triton_meta"):
            signature = obj.triton_meta.get("signature", {})
            params = [n for n, kind in signature.items() if str(kind).startswith("*")]
            return _RunProxy(obj, self._wrap_call(wrapper.index, name, "triton", obj.run, params))
        if name == "extern_kernels":
            return _ExternProxy(obj, self, wrapper.index)
        return None

    def _wrap_call(
        self, graph: int, kernel: str, backend: str, fn: Callable[..., Any], params: list[str]
    ) -> Callable[..., Any]:
        def launch(*args: Any, **kwargs: Any) -> Any:
            result = fn(*args, **kwargs)
            if self.active:
                tensors = [a for a in args if isinstance(a, torch.Tensor)]
                self.log(graph, kernel, backend, list(zip(params, tensors, strict=False)))
            return result

        return launch

    def log(
        self,
        graph: int,
        kernel: str,
        backend: str,
        args: list[tuple[str, torch.Tensor]],
        extra_writes: list[tuple[str, torch.Tensor]] | None = None,
    ) -> None:
        if args or extra_writes:
            _synchronize(args + (extra_writes or []))
        launch = Launch(len(self.launches), graph, kernel, backend)
        for param, t in args:
            fresh = param.startswith("in_out_ptr") and self.table.known(t) is None
            if param.startswith(("in_ptr", "in_out_ptr", "arg")) and not fresh:
                # a never-written buffer passed in-out holds nothing yet: it is only written
                launch.reads.append((param, self.table.read(t, f"{kernel}:{param}").id))
        for param, t in args + (extra_writes or []):
            if param.startswith(("out_ptr", "in_out_ptr", "out")):
                name = f"{kernel}:{param}"
                launch.writes.append((param, self.table.write(t, launch.index, name).id))
        self.launches.append(launch)


class _RunProxy:
    """Stands in for a Triton autotuner: `.run` is logged, everything else passes through."""

    def __init__(self, target: Any, run: Callable[..., Any]) -> None:
        self._target = target
        self.run = run

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target, name)


class _ExternProxy:
    """Stands in for `extern_kernels`: library calls (mm, addmm, convolution...) are logged."""

    def __init__(self, target: Any, recorder: LaunchRecorder, graph: int) -> None:
        self._target = target
        self._recorder = recorder
        self._graph = graph

    def __getattr__(self, name: str) -> Any:
        fn = getattr(self._target, name)
        recorder, graph = self._recorder, self._graph

        def call(*args: Any, **kwargs: Any) -> Any:
            result = fn(*args, **kwargs)
            if recorder.active:
                reads = [(f"arg{i}", a) for i, a in enumerate(args) if isinstance(a, torch.Tensor)]
                out = kwargs.get("out")
                written = out if isinstance(out, torch.Tensor) else result
                writes = [("out", written)] if isinstance(written, torch.Tensor) else []
                recorder.log(graph, f"extern_kernels.{name}", "extern", reads, writes)
            return result

        return call


def _param_names(c_params: str) -> list[str]:
    """`const float* in_ptr0, float* out_ptr0, const int64_t ks0` -> pointer names in order."""
    names = []
    for param in c_params.split(","):
        param = param.strip()
        if "*" in param:
            names.append(param.split("*")[-1].strip())
    return names


def _synchronize(args: list[tuple[str, torch.Tensor]]) -> None:
    if any(t.is_cuda for _, t in args):
        torch.cuda.synchronize()
