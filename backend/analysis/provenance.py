"""Inductor's provenance artifacts -> per kernel: the snippet lines and the ATen ops it fused."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

_FRAME = re.compile(r'File "([^"]+)", line (\d+)')
_NUMBER_SUFFIX = re.compile(r"_\d+$")


def kernel_provenance(artifacts: Mapping[str, Any], snippet_file: str | None) -> dict[str, Any]:
    """{"lines": {kernel: [line, ...]}, "source_ops": {kernel: [op, ...]}}."""
    lines: dict[str, list[int]] = {}
    for payload in _payloads(artifacts, "inductor_provenance_tracking_kernel_stack_traces"):
        for key, stacks in payload.items():
            found = {
                int(n)
                for text in stacks
                for f, n in _FRAME.findall(text)
                if _is_snippet(f, snippet_file)
            }
            lines.setdefault(_kernel(key), [])
            lines[_kernel(key)] = sorted(set(lines[_kernel(key)]) | found)
    source_ops: dict[str, list[str]] = {}
    for payload in _payloads(artifacts, "inductor_provenance_tracking_node_mappings"):
        for key, nodes in payload.get("cppCodeToPost", {}).items():
            source_ops[_kernel(key)] = sorted({_NUMBER_SUFFIX.sub("", n) for n in nodes})
    return {"lines": lines, "source_ops": source_ops}


def _payloads(artifacts: Mapping[str, Any], name: str) -> list[dict[str, Any]]:
    result = []
    for payload in artifacts.get(name, []) or []:
        try:
            decoded = json.loads(payload) if isinstance(payload, str) else payload
        except ValueError:
            continue
        if isinstance(decoded, dict):
            result.append(decoded)
    return result


def _kernel(key: str) -> str:
    """`cpp_fused_add_relu_0:1` -> `cpp_fused_add_relu_0`."""
    return key.rsplit(":", 1)[0]


def _is_snippet(filename: str, snippet_file: str | None) -> bool:
    return filename == snippet_file if snippet_file else filename.endswith("snippet.py")
