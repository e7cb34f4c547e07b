"""The field types of bundle.json: every string, list and number it may hold, with its bound.

These are the vocabulary `bundle_schema` (the document) and `bundle_variants` (the eager and
compiled parts) are written in: names and words have a maximum length, free text is cut at
its bound rather than refused, numbers are strict (never a bool or a string) and bounded far
past any real run, and every part (`STRICT_PART`) refuses a field it does not declare.
"""

from __future__ import annotations

import math
from typing import Annotated

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    StrictStr,
    StringConstraints,
)

TEXT_CHARS = 16 * 1024  # a message, a note, a traceback line
NAME_CHARS = 1024  # a tensor, kernel, op or parameter name
WORD_CHARS = 128  # a dtype, a role, a mode, a version
MAX_ITEMS = 2_000_000  # ops, values or launches of one variant
MAX_IDS = 100_000  # tensors one op or launch reads or writes (a cat of many tensors)
MAX_DIMS = 64
MAX_GRAPHS = 4096
PAYLOAD_CHARS = 16 * 1024 * 1024  # one provenance artifact (JSON text Inductor logged)
LOG_CHARS = 70 * 1024  # the compiler's log (the harness keeps 64 KiB)
MAX_NODES = 20_000  # Inductor nodes, buffers or kernels of one graph (the harness's cap)


def cut_at(limit: int) -> AfterValidator:
    def cut(text: str) -> str:
        return text if len(text) <= limit else text[: limit - 1] + "…"

    return AfterValidator(cut)


def _finite(number: float | int) -> float | int:
    if isinstance(number, float) and not math.isfinite(number):
        raise ValueError("must be a finite number")
    return number


Text = Annotated[StrictStr, cut_at(TEXT_CHARS)]
Name = Annotated[StrictStr, StringConstraints(max_length=NAME_CHARS)]
Word = Annotated[StrictStr, StringConstraints(max_length=WORD_CHARS)]
# Numbers are bounded far past any real run, low enough that what the analysis and the
# store add up of them stays far inside SQLite's signed 64-bit INTEGER: one tensor holds at
# most TENSOR_BYTES (256 TiB: no device or host has that much memory), and so at most as
# many elements; counts of calls, repeats, CPUs and graphs are below 2^31. The result's own
# bounds (backend/result/bounds.py: 2^53 bytes a variant) catch the sums the analysis makes.
TENSOR_BYTES = 2**48
MAX_COUNT = 2**31
Bytes = Annotated[StrictInt, Field(ge=0, le=TENSOR_BYTES)]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
Elements = Annotated[StrictInt, Field(ge=0, le=TENSOR_BYTES)]
Index = Annotated[StrictInt, Field(ge=0, le=MAX_ITEMS)]
Line = Annotated[StrictInt, Field(ge=0, le=10_000_000)]
Number = StrictFloat | StrictInt  # inf is a real max_abs_error: allowed where it can be
MAX_DURATION = 1e12  # microseconds (11 days) or seconds: longer than any time limit
Duration = Annotated[StrictFloat | StrictInt, Field(ge=0, le=MAX_DURATION), AfterValidator(_finite)]


def _elements_fit(shape: list[int]) -> list[int]:
    """Dimensions multiply into the element count: their product is bounded too."""
    if math.prod(shape) > TENSOR_BYTES:
        raise ValueError(f"a shape of more than {TENSOR_BYTES:,} (2^48) elements")
    return shape


Shape = Annotated[list[Elements], Field(max_length=MAX_DIMS), AfterValidator(_elements_fit)]
Ids = Annotated[list[Index], Field(max_length=MAX_IDS)]
# The harness names them so; anything else could be a path or an odd download name.
# A further compile mode's files carry its name: compiled_<mode>_trace.json.gz.
TraceName = Annotated[
    StrictStr,
    StringConstraints(pattern=r"^(eager|compiled|compiled_[a-z][a-z-]{0,39})_trace\.json\.gz$"),
]
CodeName = Annotated[
    StrictStr, StringConstraints(pattern=r"^output_code_([a-z][a-z-]{0,39}_)?[0-9]{1,6}\.py$")
]
# Where in the model (backend/harness/module_paths.py): a module path, a library line.
MAX_MODULES = 20_000  # the harness's cap
ModulePath = Annotated[StrictStr, StringConstraints(max_length=512)]
Frame = Annotated[StrictStr, StringConstraints(max_length=512)]
Names = Annotated[list[Name], Field(max_length=MAX_NODES)]

# every part refuses a field it does not declare
STRICT_PART = ConfigDict(extra="forbid")
