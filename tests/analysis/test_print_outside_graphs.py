"""A `print()` graph break once counted "6 -> 27 kernels". print formats its
tensor with ATen ops run with every dispatch mode off: the eager accounting never saw them,
the compiled side counted them as graph-break kernels, and a compiled `aten::isfinite` of
6 formatted elements took the snippet's `mul` (line 6) nested inside it. One rule now:
kernels outside the graphs that no eager op accounts for are counted in neither variant,
and the run's notes say how many."""

from __future__ import annotations

from tests.paths import CPU_BUNDLES
from tests.recorded import analyse_bundle

PRINT = CPU_BUNDLES / "print_tensor" / "bundle"


def test_both_variants_count_the_snippets_own_work_only() -> None:
    analysis = analyse_bundle(PRINT)
    eager, compiled = analysis.variants["eager"], analysis.variants["compiled"]
    assert [k.op for k in eager.kernels] == ["aten::mul", "aten::add", "aten::relu"]
    assert [k.name for k in compiled.kernels] == ["cpp_fused_mul_0", "cpp_fused_add_relu_0"]
    assert [k.index for k in compiled.kernels] == [0, 1]
    assert compiled.kernel_count == 2
    (note,) = [n for n in analysis.notes if "outside the compiled graphs" in n]
    assert note.startswith("39 kernels ran outside the compiled graphs")
    assert "in both variants, they are not counted" in note


def test_no_formatting_op_takes_the_snippets_mul() -> None:
    compiled = analyse_bundle(PRINT).variants["compiled"]
    with_line_6 = [k.name for k in compiled.kernels if 6 in k.lines]
    assert with_line_6 == ["cpp_fused_mul_0"]  # not aten::isfinite as "mul, line 6"
