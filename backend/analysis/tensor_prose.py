"""Tensor names as they read inside a sentence.

A value with no variable or short expression to name it is called after its op and line,
"native_layer_norm output, line 12" (backend/harness/eager_capture.py): a label that reads
well in a list or a table cell, but not as a noun in a sentence ("Inductor computes
native_layer_norm output, line 12 and ..."). `in_prose` gives such a name its article and
preposition, "the native_layer_norm output of line 12"; a person's own names (`y`, `a + b`)
are left as they are.
"""

from __future__ import annotations

import re

# "<op> output", then ", line 12" (or "lines 3, 4" once grouped), then another output's
# index ("[1]") or schema field (".indices")
_FALLBACK = re.compile(
    r"^(?P<op>[\w.]+) output(?:, (?P<where>lines? [\d, ]*\d))?(?P<more>\[\d+\]|\.\w+)?$"
)


def in_prose(name: str) -> str:
    """ "native_layer_norm output, line 12" -> "the native_layer_norm output of line 12";
    "max output, line 3.indices" -> "the indices of the max output of line 3"."""
    found = _FALLBACK.match(name)
    if found is None:
        return name
    of = f" of {found['where']}" if found["where"] else ""
    more = found["more"] or ""
    if more.startswith("."):
        return f"the {more[1:]} of the {found['op']} output{of}"
    return f"the {found['op']} output{f' {more}' if more else ''}{of}"


def opening(phrase: str) -> str:
    """The phrase at the start of a sentence: "the ..." from in_prose gets its capital; a
    person's own name (`y`) never does, it is code."""
    return "The" + phrase[3:] if phrase.startswith("the ") else phrase
