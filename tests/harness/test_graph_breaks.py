"""Graph breaks come from the real compile, and say what `torch._dynamo.explain` says
(which would trace the snippet a second time). The backend here is `eager`: the
breaks are Dynamo's, whatever compiles the graphs."""

from collections.abc import Callable
from typing import Any

import pytest
import torch

from backend.harness.inductor import GraphBreaks


def branch(x: torch.Tensor) -> torch.Tensor:
    y = x.sin() + 1
    if y.sum() > 0:  # data-dependent: two graphs
        return (y * 2).cos()
    return (y - 2).cos()


def break_before_anything(x: torch.Tensor) -> torch.Tensor:
    torch._dynamo.graph_break()  # ends an empty graph: splits nothing
    return x.sin()


def two_breaks_in_a_row(x: torch.Tensor) -> torch.Tensor:
    y = x + 1
    torch._dynamo.graph_break()
    torch._dynamo.graph_break()  # the second ends an empty graph
    return y * 2


def item_and_tolist(x: torch.Tensor) -> torch.Tensor:
    a = x.cos()
    n = int(a.sum().item() > 0)
    b = a * n
    return b + b.tolist()[0]


def explained(fn: Callable[..., Any], x: torch.Tensor) -> dict[str, Any]:
    explanation = torch._dynamo.explain(fn)(x)
    breaks = []
    for reason in explanation.break_reasons:
        frames = [f for f in reason.user_stack if f.filename == __file__]
        first, *rest = str(reason.reason).strip().splitlines()
        said = [line.strip()[len("Explanation:") :].strip() for line in rest]
        found = {"reason": first, "line": frames[-1].lineno if frames else None}
        breaks.append(found | ({"explanation": said[0]} if said and said[0] else {}))
    return {"graph_count": explanation.graph_count, "graph_breaks": breaks}


@pytest.mark.parametrize(
    "fn", [branch, break_before_anything, two_breaks_in_a_row, item_and_tolist]
)
def test_the_real_compile_reports_what_explain_does(fn: Callable[..., Any]) -> None:
    x = torch.randn(64)
    expected = explained(fn, x)
    torch._dynamo.reset()
    capture = GraphBreaks(__file__)
    compiled = torch.compile(fn, backend="eager", dynamic=False)
    with capture.installed():
        compiled(x)
    compiled(x)  # later calls hit the compiled code: nothing more to see
    torch._dynamo.reset()
    assert capture.as_dict() == expected
    assert all(b["line"] is not None for b in expected["graph_breaks"])


def test_nothing_is_seen_outside_the_context() -> None:
    capture = GraphBreaks(__file__)
    with capture.installed():
        pass
    torch.compile(branch, backend="eager", dynamic=False)(torch.randn(8))
    torch._dynamo.reset()
    assert capture.as_dict() == {"graph_count": 0, "graph_breaks": []}
