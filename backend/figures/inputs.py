"""What the figures read of a round trip and a variant, as protocols.

A whole document's models fit them, and so do the store's lighter rows: a large run's page
reads only the columns a figure needs (`backend.store.children.RoundTripFacts`, a variant's
totals without its kernels) instead of loading the document whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class RoundTripLike(Protocol):
    @property
    def tensor(self) -> str: ...
    @property
    def bytes(self) -> int: ...
    @property
    def producer(self) -> str: ...
    @property
    def consumers(self) -> Sequence[str]: ...
    @property
    def eliminated(self) -> bool | None: ...
    @property
    def fused_into(self) -> str | None: ...
    @property
    def unknown_reason(self) -> str | None: ...


class VariantCounts(Protocol):
    @property
    def kernel_count(self) -> int: ...
    @property
    def transfer_count(self) -> int: ...
