"""Text from a run, made safe for Plotly's labels and hover text.

Plotly renders a subset of HTML in hover text, text labels and titles (`<a href>`, `<b>`,
`<br>`, `<span style>`...), and every name in a result document (tensors, kernels, ops,
fused ops) comes from the run, which the snippet can forge: a tensor named
`<a href="https://evil.example">x</a>` would be a working link. Plotly decodes `&amp;`,
`&lt;` and `&gt;` back into characters after it has read its tags, so escaping exactly
those three shows the name as written (quotes need no escaping outside a tag, and Plotly
would show `&quot;` literally). Shorten first, then escape: a cut must not split `&lt;`.
"""

from __future__ import annotations

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def plain(text: str) -> str:
    """`text` as Plotly should show it: characters, never markup."""
    return text.translate(_ESCAPES)
