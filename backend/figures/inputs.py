"""What the figures read of round trips and variants, as protocols.

A whole document's models fit them, and so do what the store counts and selects for a large
run (`backend.store.children`: a variant's totals without its kernels, round trips by fate,
a picture's few round trips and the totals of the rest), so its figures never load it whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from backend.result import FusionWhy


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
    @property
    def why(self) -> FusionWhy | None: ...


class VariantCounts(Protocol):
    @property
    def kernel_count(self) -> int: ...
    @property
    def transfer_count(self) -> int: ...
    @property
    def bandwidth_pct(self) -> float | None: ...
    @property
    def traffic_coverage(self) -> float | None: ...


class FateLike(Protocol):
    """The round trips of one fate by their totals (`backend.figures.summary.Fate`)."""

    @property
    def count(self) -> int: ...
    @property
    def bytes(self) -> int: ...
    @property
    def distinct(self) -> int: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def reason(self) -> str | None: ...


class TripGroupLike(Protocol):
    """Round trips known by their first few and their totals
    (`backend.figures.placement.TripGroup`)."""

    @property
    def count(self) -> int: ...
    @property
    def bytes(self) -> int: ...
    @property
    def first(self) -> Sequence[RoundTripLike]: ...
    @property
    def one_tensor(self) -> bool: ...
