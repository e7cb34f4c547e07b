"""parse_ncu_csv on the H200 Nsight Compute CSV (torch-facts 5.1 table)."""

from __future__ import annotations

import pytest

from backend.analysis.ncu import NcuKernel, parse_ncu_csv
from tests.recorded import read_text


@pytest.fixture(scope="module")
def ncu() -> list[NcuKernel]:
    return parse_ncu_csv(read_text("h200", "add_relu_ncu.csv"))


def test_three_kernels_in_id_order(ncu: list[NcuKernel]) -> None:
    assert [k.id for k in ncu] == [0, 1, 2]
    assert "CUDAFunctor_add<float>" in ncu[0].kernel_name
    assert "launch_clamp_scalar" in ncu[1].kernel_name
    assert ncu[2].kernel_name == "triton_poi_fused_add_relu_0"


def test_nvtx_ranges_from_the_thread_domain_column(ncu: list[NcuKernel]) -> None:
    assert [k.nvtx_range for k in ncu] == ["EAGER", "EAGER", "COMPILED"]
    assert ncu[2].nvtx_ranges == ("COMPILED",)


@pytest.mark.parametrize(
    ("position", "read", "written", "l2", "duration_ns"),
    [
        (0, 536_923_136, 249_417_216, 1_235_420_512, 183_264),
        (1, 268_446_464, 241_981_440, 836_945_376, 127_232),
        (2, 536_875_520, 253_147_904, 1_225_933_856, 186_464),
    ],
)
def test_metric_values_exact(
    ncu: list[NcuKernel], position: int, read: int, written: int, l2: int, duration_ns: int
) -> None:
    kernel = ncu[position]
    assert (kernel.dram_bytes_read, kernel.dram_bytes_written) == (read, written)
    assert (kernel.l2_bytes, kernel.duration_ns) == (l2, duration_ns)


def test_eager_vs_compiled_dram_totals(ncu: list[NcuKernel]) -> None:
    def total(kernels: list[NcuKernel]) -> int:
        return sum((k.dram_bytes_read or 0) + (k.dram_bytes_written or 0) for k in kernels)

    assert total([k for k in ncu if k.nvtx_range == "EAGER"]) == 1_296_768_256
    assert total([k for k in ncu if k.nvtx_range == "COMPILED"]) == 790_023_424


def test_launch_config_columns(ncu: list[NcuKernel]) -> None:
    assert (ncu[2].block_size, ncu[2].grid_size) == ("(256, 1, 1)", "(131072, 1, 1)")


_HEADER = (
    '"ID","Process ID","thread Domain:Push/Pop_Range:PL_Type:PL_Value:CLR_Type:Color:Msg_Type:'
    'Msg","Kernel Name","Metric Name","Metric Unit","Metric Value"'
)


def test_scaled_units_missing_metrics_and_no_range() -> None:
    text = "\n".join(
        [
            "==PROF== Connected to process 1",
            "user stdout line",
            _HEADER,
            '"0","1","","k","dram__bytes_read.sum","Kbyte","1.5"',
            '"0","1","","k","gpu__time_duration.sum","usecond","2,500.25"',
            '"0","1","","k","sm__throughput.avg.pct_of_peak_sustained_elapsed","%","n/a"',
        ]
    )
    (kernel,) = parse_ncu_csv(text)
    assert (kernel.dram_bytes_read, kernel.duration_ns) == (1500, 2_500_250)
    assert (kernel.dram_bytes_written, kernel.l2_bytes) == (None, None)
    assert (kernel.nvtx_range, kernel.nvtx_ranges) == (None, ())
    assert kernel.metrics == {"dram__bytes_read.sum": 1500.0, "gpu__time_duration.sum": 2500250.0}


def test_nested_ranges_outermost_first() -> None:
    cell = '"1  ""<default domain>:OUTER:none"" ""<default domain>:INNER:none"" "'
    text = "\n".join([_HEADER, f'"3","1",{cell},"k","dram__bytes_write.sum","byte","64"'])
    (kernel,) = parse_ncu_csv(text)
    assert (kernel.id, kernel.nvtx_range, kernel.nvtx_ranges) == (3, "OUTER", ("OUTER", "INNER"))
    assert kernel.dram_bytes_written == 64


def test_no_table() -> None:
    assert parse_ncu_csv("==PROF== Disconnected from process 1\n") == []
    assert parse_ncu_csv("") == []
