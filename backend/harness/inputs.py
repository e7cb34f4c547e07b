"""The snippet's arguments, for every call the harness makes, without copying them.

Copies of the inputs for each call would double the device memory a large snippet needs.
Most snippets never modify their inputs, so the same tensors serve every call. A snippet
that does (an in-place op on an argument, seen by its version counter after the first
call) gets inputs rebuilt before each call: `inputs()` again under the same seed, or, for
module-level tensors (notebook style), a copy taken before the first call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from backend.harness.snippet import EntryPoint

UserCode = Callable[[str, Callable[[], Any]], Any]
SEED = 0


class Inputs:
    def __init__(self, entry: EntryPoint, user_code: UserCode) -> None:
        self.entry = entry
        self.user_code = user_code
        self.args: tuple[Any, ...] = ()
        self.mutates = False
        self._pristine: tuple[Any, ...] | None = None

    def first(self) -> tuple[Any, ...]:
        self.args = self._build()
        if self.entry.style == "notebook":  # module-level tensors cannot be built again
            self._pristine = _clone(self.args)
        return self.args

    def for_call(self) -> tuple[Any, ...]:
        """The arguments for the next call: the same ones, or fresh ones when the snippet
        modifies its inputs."""
        if not self.mutates:
            return self.args
        self.args = ()  # let the old ones go before the new ones exist
        if self._pristine is not None:
            self.args = _clone(self._pristine)
        else:
            self.args = self._build()
        return self.args

    def _build(self) -> tuple[Any, ...]:
        torch.manual_seed(SEED)
        built: tuple[Any, ...] = self.user_code("while building the inputs", self.entry.make_args)
        return built

    @staticmethod
    def versions(args: tuple[Any, ...]) -> list[int]:
        return [a._version if isinstance(a, torch.Tensor) else 0 for a in args]

    def check_mutation(self, args: tuple[Any, ...], before: list[int]) -> None:
        if self.versions(args) == before:
            self._pristine = None  # not needed: the inputs never change
            return
        self.mutates = True
        note = "the snippet modifies its inputs in place: they are rebuilt for every call"
        self.entry.notes.append(note)


def _clone(args: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(a.clone() if isinstance(a, torch.Tensor) else a for a in args)
