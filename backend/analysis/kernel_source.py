"""Find one compiled kernel's generated source in Inductor's output code.

Inductor defines each kernel as `NAME = async_compile.triton('NAME', '''...''')` (or
`.cpp_pybinding([...], r'''...''')` on CPU), preceded by comments naming the ATen ops it
fused. The profiler may decorate the name (`graph_0_cpp_fused_add_relu_0`), so a
definition matches when its name is the kernel name or a suffix of it.
"""

from __future__ import annotations

import re

_DEFINITION = re.compile(
    r"^(?P<name>\w+) = async_compile\.\w+\((?P<head>[^\n]*?)r?'''(?P<body>.*?)'''",
    re.MULTILINE | re.DOTALL,
)


def kernel_source(output_code: str, kernel_name: str) -> str | None:
    """The kernel's comment header and source, or None when it is not defined here."""
    for match in _DEFINITION.finditer(output_code):
        name = match["name"]
        if kernel_name == name or kernel_name.endswith("_" + name):
            header = _comment_block_above(output_code, match.start())
            return (header + match["body"].strip("\n") + "\n").lstrip("\n")
    return None


def _comment_block_above(text: str, position: int) -> str:
    """The run of `#` lines right above `position` (Inductor's source-node notes)."""
    lines = text[:position].splitlines()
    block: list[str] = []
    for line in reversed(lines):
        if not line.startswith("#") or line.startswith("# kernel path:"):
            break
        block.append(line)
    return "".join(line + "\n" for line in reversed(block))
