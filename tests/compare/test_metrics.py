"""MetricDelta: b - a and b / a, None where a side is missing or a is 0."""

from __future__ import annotations

import pytest

from backend.compare import Comparison, MetricDelta, metric


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (2.0, 3.0, MetricDelta(a=2.0, b=3.0, delta=1.0, ratio=1.5)),
        (4.0, 1.0, MetricDelta(a=4.0, b=1.0, delta=-3.0, ratio=0.25)),
        (0.0, 5.0, MetricDelta(a=0.0, b=5.0, delta=5.0, ratio=None)),
        (0.0, 0.0, MetricDelta(a=0.0, b=0.0, delta=0.0, ratio=None)),
        (None, 5.0, MetricDelta(a=None, b=5.0, delta=None, ratio=None)),
        (5.0, None, MetricDelta(a=5.0, b=None, delta=None, ratio=None)),
        (None, None, MetricDelta(a=None, b=None, delta=None, ratio=None)),
    ],
)
def test_metric(a: float | None, b: float | None, expected: MetricDelta) -> None:
    assert metric(a, b) == expected


def test_float_noise_is_rounded_away() -> None:
    assert 81.12 - 4.288 != 76.832
    assert metric(4.288, 81.12).delta == 76.832
    assert metric(3.0, 1.0).ratio == 0.333333


def test_every_model_field_that_is_not_obvious_is_described() -> None:
    """The compare endpoint's JSON schema documents its fields."""
    schema = Comparison.model_json_schema()
    metric_props = schema["$defs"]["MetricDelta"]["properties"]
    assert all("description" in metric_props[f] for f in ("a", "b", "delta", "ratio"))
    row = schema["$defs"]["KernelDiffRow"]["properties"]
    assert all("description" in row[f] for f in ("status", "a_index", "b_index", "name", "b_name"))
    assert "description" in schema["properties"]["differences"]
