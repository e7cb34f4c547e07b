"""Compiled accounting: every kernel Inductor's wrapper launches, with the buffers it touched.

A dispatch mode cannot watch compiled code (Dynamo falls back to eager under one), so we
watch the generated wrapper modules instead: each module is recorded as it is loaded, and
its kernel globals (Triton autotuners, C++ kernels, `extern_kernels`) are wrapped so an
accounting call logs each launch's tensor arguments. Argument roles come from Inductor's
naming convention: `in_ptr*` read, `out_ptr*` written, `in_out_ptr*` both.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import torch

from backend.harness import wrapper_source
from backend.harness.tensors import ValueTable, footprint_bytes


@dataclass
class Launch:
    index: int
    graph: int
    kernel: str
    backend: str  # triton | cpp | extern
    reads: list[tuple[str, int]] = field(default_factory=list)  # (argument name, value id)
    writes: list[tuple[str, int]] = field(default_factory=list)
    # argument name -> Inductor's buffer name at the call site (`buf3`, `arg0_1`)
    buffers: dict[str, str] = field(default_factory=dict)
    # argument name -> bytes, for arguments the kernel reads only part of (indirect loads)
    read_bytes: dict[str, int] = field(default_factory=dict)


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


@dataclass
class _KernelFacts:
    """What the wrapper's source says about one kernel's launches."""

    params: list[str]  # argument names in call order (None-free positions are pointers)
    sites: list[list[str | None]]  # buffer name of each argument, per call site
    partial: dict[str, int]  # argument -> elements touched by indirect loads
    read_only: set[str] = field(default_factory=set)  # in_out arguments never stored to
    calls: int = 0

    def buffers(self, names: list[str]) -> dict[str, str]:
        """Argument name -> buffer name at the call site of this launch (a graph that runs
        several times per call goes round its call sites again)."""
        if not self.sites:
            return {}
        site = self.sites[self.calls % len(self.sites)]
        self.calls += 1
        return {n: b for n, b in zip(names, site, strict=False) if b is not None}


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
        sites = wrapper_source.call_sites(wrapper.source)
        partial = wrapper_source.indirect_reads(wrapper.source)
        unwritten = wrapper_source.unwritten_in_out(wrapper.source)
        cpp_params = wrapper_source.cpp_pointer_params(wrapper.source)
        for name, obj in list(vars(wrapper.module).items()):
            facts = _KernelFacts(
                [], sites.get(name, []), partial.get(name, {}), unwritten.get(name, set())
            )
            replacement = self._replacement(wrapper, name, obj, cpp_params, facts)
            if replacement is not None:
                saved.append((wrapper.module, name, obj))
                setattr(wrapper.module, name, replacement)
        return saved

    def _replacement(
        self,
        wrapper: WrapperModule,
        name: str,
        obj: Any,
        cpp_params: dict[str, list[str]],
        facts: _KernelFacts,
    ) -> Any:
        if name in cpp_params:
            facts.params = cpp_params[name]
            return self._wrap_call(wrapper.index, name, "cpp", obj, facts)
        if hasattr(obj, "run") and hasattr(obj, "triton_meta"):
            signature = obj.triton_meta.get("signature", {})
            facts.params = [n for n, kind in signature.items() if str(kind).startswith("*")]
            return _RunProxy(obj, self._wrap_call(wrapper.index, name, "triton", obj.run, facts))
        if name == "extern_kernels":
            return _LibraryProxy(obj, self, wrapper.index, "extern_kernels", wrapper.source)
        if name == "torch" and obj is torch:  # `torch.ops.aten.sort.stable(...)` fallbacks
            return _TorchProxy(_LibraryProxy(obj.ops, self, wrapper.index, "", wrapper.source))
        return None

    def _wrap_call(
        self, graph: int, kernel: str, backend: str, fn: Callable[..., Any], facts: _KernelFacts
    ) -> Callable[..., Any]:
        def launch(*args: Any, **kwargs: Any) -> Any:
            result = fn(*args, **kwargs)
            if self.active:
                tensors = [a for a in args if isinstance(a, torch.Tensor)]
                params = [_read_only(p) if p in facts.read_only else p for p in facts.params]
                named = list(zip(params, tensors, strict=False))
                self.log(graph, kernel, backend, named, buffers=facts.buffers(params))
                self._partial_reads(named, facts.partial)
            return result

        return launch

    def _partial_reads(self, args: list[tuple[str, torch.Tensor]], partial: dict[str, int]) -> None:
        launch = self.launches[-1]
        for param, t in args:
            if param in partial:
                touched = partial[param] * t.element_size()
                if touched < footprint_bytes(t):
                    launch.read_bytes[param] = touched

    def log(
        self,
        graph: int,
        kernel: str,
        backend: str,
        args: list[tuple[str, torch.Tensor]],
        extra_writes: list[tuple[str, torch.Tensor]] | None = None,
        buffers: dict[str, str] | None = None,
    ) -> None:
        if args or extra_writes:
            _synchronize(args + (extra_writes or []))
        launch = Launch(len(self.launches), graph, kernel, backend, buffers=buffers or {})
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


class _LibraryProxy:
    """Stands in for `extern_kernels` (mm, addmm, convolution...) or `aten` (fallbacks such
    as `aten.sort.default`) in a wrapper module: every call is logged as one launch."""

    def __init__(
        self, target: Any, recorder: LaunchRecorder, graph: int, prefix: str, source: str
    ) -> None:
        self._target = target
        self._recorder = recorder
        self._graph = graph
        self._prefix = prefix
        self._sites = wrapper_source.call_sites(source)
        self._facts: dict[str, _KernelFacts] = {}

    def __getattr__(self, name: str) -> Any:
        target = getattr(self._target, name)
        if not self._prefix:  # torch.ops.<namespace>.<op>.<overload>: two levels deeper
            return target if name == "inductor" else _OpNamespace(target, self, name)
        return self.wrap(f"{self._prefix}.{name}", target)

    def wrap(self, kernel: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        facts = self._facts.setdefault(kernel, _KernelFacts([], self._sites.get(kernel, []), {}))
        recorder, graph = self._recorder, self._graph

        def call(*args: Any, **kwargs: Any) -> Any:
            result = fn(*args, **kwargs)
            if recorder.active:
                names = [f"arg{i}" for i in range(len(args))]
                reads = [(n, a) for n, a in zip(names, args, strict=True) if _is_tensor(a)]
                out = kwargs.get("out")
                written = [out] if _is_tensor(out) else _tensor_list(result)
                writes = [("out" if i == 0 else f"out{i}", t) for i, t in enumerate(written)]
                buffers = facts.buffers([*names, "out"])
                recorder.log(graph, kernel, "extern", reads, writes, buffers)
            return result

        return call


class _TorchProxy:
    """Stands in for `torch` in a wrapper module: only `torch.ops` is watched."""

    def __init__(self, ops: _LibraryProxy) -> None:
        self._ops = ops

    def __getattr__(self, name: str) -> Any:
        return self._ops if name == "ops" else getattr(torch, name)


class _OpNamespace:
    """`torch.ops.aten`: its ops' overloads (`.sort.stable`) are the calls to log."""

    def __init__(self, namespace: Any, proxy: _LibraryProxy, name: str) -> None:
        self._namespace, self._proxy, self._name = namespace, proxy, name

    def __getattr__(self, op: str) -> Any:
        return _OpPacket(getattr(self._namespace, op), self._proxy, f"{self._name}.{op}")


class _OpPacket:
    def __init__(self, packet: Any, proxy: _LibraryProxy, name: str) -> None:
        self._packet, self._proxy, self._name = packet, proxy, name

    def __getattr__(self, overload: str) -> Any:
        return self._proxy.wrap(f"{self._name}.{overload}", getattr(self._packet, overload))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:  # `torch.ops.aten.sort(x)`
        return self._proxy.wrap(f"{self._name}.default", self._packet)(*args, **kwargs)


def _read_only(param: str) -> str:
    """`in_out_ptr0` that is never stored to: log it as the read it is."""
    return param.replace("in_out_ptr", "in_ptr_inout")


def _is_tensor(x: Any) -> bool:
    return isinstance(x, torch.Tensor)


def _tensor_list(result: Any) -> list[torch.Tensor]:
    if _is_tensor(result):
        return [result]
    if isinstance(result, tuple | list):
        return [t for t in result if _is_tensor(t)]
    return []


def _synchronize(args: list[tuple[str, torch.Tensor]]) -> None:
    if any(t.is_cuda for _, t in args):
        torch.cuda.synchronize()
