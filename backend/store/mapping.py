"""Conversions between the result document (`backend.result`) and table rows.

Pure functions, no session: `repository.py` decides what to query and when to write, and
`children.py` turns a run's children into rows and back. Rows are validated back into the
document models, so a bad value in the database fails loudly on load instead of reaching a
client.
"""

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel

from backend import result as doc
from backend.run_head import RunHead, VariantTotals
from backend.store.models import Run, Variant


def utc_now() -> datetime:
    return datetime.now(UTC)


def parse_utc(value: str) -> datetime:
    """An ISO 8601 timestamp as an aware UTC datetime; a missing offset means UTC."""
    parsed = datetime.fromisoformat(value)
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


def format_utc(value: datetime) -> str:
    """The store's one timestamp format, `datetime.isoformat()` of a UTC datetime
    (`2025-11-30T02:20:00.123456+00:00`): documents written with it load back equal."""
    return value.astimezone(UTC).isoformat()


def _dump(part: BaseModel | None) -> dict[str, Any] | None:
    # Python mode, not JSON mode: JSON mode would turn inf (a real max_abs_error) into null.
    return None if part is None else part.model_dump()


def run_columns(result: doc.RunResult) -> dict[str, Any]:
    """The `runs` columns that come from the document (not code, compile_mode, started_at)."""
    error, device, variants = result.error, result.device, result.variants
    return {
        "status": result.status,
        "title": result.title,
        "created_at": parse_utc(result.created_at),
        "finished_at": None if result.finished_at is None else parse_utc(result.finished_at),
        "duration_s": result.duration_s,
        "code_sha256": result.code_sha256,
        "size": result.size,
        "sweep_id": result.sweep_id,
        "entry_point": result.entry_point,
        "device_type": None if device is None else device.type,
        "device_name": None if device is None else device.name,
        "torch_version": result.versions.torch,
        "eager_kernel_count": _kernel_count(variants.get("eager")),
        "compiled_kernel_count": _kernel_count(variants.get("compiled")),
        "speedup": result.speedup,
        "kernel_speedup": result.kernel_speedup,
        "error_kind": None if error is None else error.kind,
        "error_message": None if error is None else error.message,
        "error_line": None if error is None else error.line,
        "error_traceback": None if error is None else list(error.traceback),
        "notes": list(result.notes),
        "versions": result.versions.model_dump(),
        "output": result.output.model_dump(),
        "device": _dump(device),
        "correctness": _dump(result.correctness),
        "compile": _dump(result.compile),
        "totals": _dump(result.totals),
        "harness_peak_memory_bytes": result.harness_peak_memory_bytes,
        "hints": [hint.model_dump() for hint in result.hints],
        "compiled_modes": [_dump(mode) for mode in result.compiled_modes],
        "speedup_interval": result.speedup_interval,
        "step_seconds": result.step_seconds,
        "prewarm_s": result.prewarm_s,
        "grad_mode": _dump(result.grad_mode),
        "machine_load": _dump(result.machine_load),
        "noise": [warning.model_dump() for warning in result.noise],
        "measurements": [measurement.model_dump() for measurement in result.measurements],
        "modules": [module.model_dump() for module in result.modules],
    }


def _kernel_count(variant: doc.Variant | None) -> int | None:
    return None if variant is None else variant.kernel_count


def sweep_point(run: Run, variants: Mapping[str, Variant]) -> doc.SweepPoint:
    """One point of a size sweep, from a sibling run's row and its variant rows."""
    eager, compiled = variants.get("eager"), variants.get("compiled")
    return doc.SweepPoint.model_validate(
        {
            "size": run.size,
            "run_id": run.id,
            "status": run.status,
            "speedup": run.speedup,
            "kernel_speedup": run.kernel_speedup,
            "eager_bytes": _bytes_moved(eager),
            "compiled_bytes": _bytes_moved(compiled),
            "eager_kernels": None if eager is None else eager.kernel_count,
            "compiled_kernels": None if compiled is None else compiled.kernel_count,
            "speedup_interval": run.speedup_interval,
        }
    )


def _bytes_moved(variant: Variant | None) -> int | None:
    return None if variant is None else variant.bytes_read + variant.bytes_written


def head_from_rows(
    run: Run, variants: Mapping[str, VariantTotals], sweep: Sequence[doc.SweepPoint]
) -> RunHead:
    """The document's head from the run row and its variants' totals."""
    return RunHead.model_validate({**_run_fields(run, sweep), "variants": dict(variants)})


def result_from_rows(
    run: Run,
    variants: Mapping[str, Any],
    round_trips: Sequence[Any],
    sweep: Sequence[doc.SweepPoint],
) -> doc.RunResult:
    """The whole document from the run row and its children (models or field dicts),
    validated in one pass."""
    fields = {**_run_fields(run, sweep), "variants": dict(variants), "round_trips": round_trips}
    return doc.RunResult.model_validate(fields)


def _run_fields(run: Run, sweep: Sequence[doc.SweepPoint]) -> dict[str, Any]:
    """Every field of the document that the run row holds, in the document's order."""
    return {
        "id": run.id,
        "status": run.status,
        "error": _error(run),
        "title": run.title,
        "created_at": format_utc(run.created_at),
        "finished_at": None if run.finished_at is None else format_utc(run.finished_at),
        "code_sha256": run.code_sha256,
        "size": run.size,
        "sweep_id": run.sweep_id,
        "sweep": list(sweep),
        "entry_point": run.entry_point,
        "notes": run.notes,
        "device": run.device,
        "versions": run.versions,
        "totals": run.totals,
        "speedup": run.speedup,
        "kernel_speedup": run.kernel_speedup,
        "correctness": run.correctness,
        "compile": run.compile,
        "hints": run.hints,
        "compiled_modes": run.compiled_modes,
        "speedup_interval": run.speedup_interval,
        "harness_peak_memory_bytes": run.harness_peak_memory_bytes,
        "output": run.output,
        "duration_s": run.duration_s,
        "step_seconds": run.step_seconds,
        "prewarm_s": run.prewarm_s,
        "grad_mode": run.grad_mode,
        "machine_load": run.machine_load,
        "noise": run.noise,
        "measurements": run.measurements,
        "modules": run.modules,
    }


def _error(run: Run) -> dict[str, Any] | None:
    if run.error_kind is None:
        return None
    return {
        "kind": run.error_kind,
        "message": run.error_message,
        "line": run.error_line,
        "traceback": run.error_traceback or [],
    }
