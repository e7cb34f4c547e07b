"""Reading a harness bundle: untrusted input, read by code that assumes the worst.

The harness runs in the snippet's own process, so every file in the bundle directory is
the snippet's to write: a gzip bomb as a trace, a sparse 1 GiB "generated code" file, a
bundle.json of any shape, a symlink to the database, a FIFO. Everything is read once, and
against a `Budget`: a file's size is checked before it is read (`st_size`, which a sparse
file reports in full although it holds no disk) and again while reading; gzip is inflated
in bounded steps; JSON is parsed only when its count of values fits (parsing costs up to
~110 bytes of memory per value); bundle.json must match `bundle_schema.Bundle`. What does
not fit raises `BundleRefused` (`bundle_too_large` or `invalid_bundle`), naming the file
and the limit: the run is then stored as failed with that error and nothing of its bundle.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from backend.analysis.assemble import Analysis, analyse
from backend.harness.protocol import BUNDLE_FILE, json_values
from backend.worker.bundle_schema import Bundle as BundleDocument

log = logging.getLogger(__name__)

MiB = 1024 * 1024
_READ_CHUNK = MiB
_GZIP = 31  # zlib wbits: one gzip member, header and trailer checked
FIX = (
    "The snippet (or code it ran) must not write into the bundle directory that the harness "
    "is given; an honest run this large needs smaller inputs or fewer operations."
)


@dataclass(frozen=True)
class BundleLimits:
    """What one run's bundle may hold. With these, reading a bundle takes well under 1 GiB
    whatever it holds (bench/bench_bundle_attacks.py measures it)."""

    document_mb: int = 64  # bundle.json
    trace_mb: int = 128  # each Chrome trace, inflated (its .gz file at most as much)
    code_mb: int = 16  # each generated-code file
    run_mb: int = 256  # everything read from the bundle directory, traces inflated
    document_values: int = 1_500_000  # JSON values in bundle.json (~20,000 eager ops)
    run_values: int = 4_000_000  # JSON values in all (~15,000 eager ops' traces)
    trace_events: int = 500_000  # trace events of both traces (the analysis keeps each)
    # What the analysis walks, counted after the schema check: its time and memory grow
    # with these, not with bytes (bench/bench_bundle_attacks.py, docs/sandbox.md).
    eager_ops: int = 20_000  # eager ops of the run
    tensor_values: int = 50_000  # values of each variant's table (eager, each compiled)
    inner_transfers: int = 200_000  # what the eager ops' inner ops read and wrote, in all
    launches: int = 20_000  # kernel launches of each compiled variant
    planned_kernels: int = 20_000  # Inductor's planned nodes, buffers, kernels, in all
    trace_kernels: int = 100_000  # kernel events of all traces (each becomes a kernel)

    @property
    def run_bytes(self) -> int:
        return self.run_mb * MiB


class BundleRefused(Exception):
    """The bundle is refused; `kind` and the message are what the run's error says."""

    kind = "invalid_bundle"

    def as_error(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": str(self), "line": None, "traceback": []}


class BundleTooLarge(BundleRefused):
    kind = "bundle_too_large"


class InvalidBundle(BundleRefused):
    kind = "invalid_bundle"


@dataclass
class Budget:
    """What is left of one run's limits while its bundle is read."""

    limits: BundleLimits = field(default_factory=BundleLimits)
    bytes_read: int = 0
    values: int = 0
    events: int = 0
    kernels: int = 0

    def spend_bytes(self, count: int, name: str) -> None:
        self.bytes_read += count
        if self.bytes_read > self.limits.run_bytes:
            raise BundleTooLarge(
                f"The run's bundle holds more than {self.limits.run_mb} MiB in all, the limit "
                f"per run (traces counted inflated); {name} went past it. Nothing of the "
                f"bundle was stored. {FIX}"
            )

    def spend_values(self, count: int, name: str, limit: int | None = None) -> None:
        if limit is not None and count > limit:
            raise _too_many_values(name, count, limit, "for this file")
        self.values += count
        if self.values > self.limits.run_values:
            raise _too_many_values(name, self.values, self.limits.run_values, "per run")

    def spend_events(self, count: int, name: str) -> None:
        self.events += count
        if self.events > self.limits.trace_events:
            raise BundleTooLarge(
                f"The run's bundle file {name} brings the trace events to {self.events:,}; "
                f"the limit per run is {self.limits.trace_events:,}. Nothing of the bundle "
                f"was stored. {FIX}"
            )

    def spend_kernels(self, count: int, name: str) -> None:
        self.kernels += count
        if self.kernels > self.limits.trace_kernels:
            raise BundleTooLarge(
                f"The run's bundle file {name} brings the kernel events of its traces to "
                f"{self.kernels:,}; the limit per run is {self.limits.trace_kernels:,} "
                f"(BundleLimits.trace_kernels). Nothing of the bundle was stored. {FIX}"
            )


def _too_many_values(name: str, count: int, limit: int, scope: str) -> BundleTooLarge:
    return BundleTooLarge(
        f"The run's bundle file {name} brings the JSON values to read to {count:,}; the "
        f"limit {scope} is {limit:,} (about {limit * 110 // MiB:,} MiB to parse). Nothing "
        f"of the bundle was stored. {FIX}"
    )


# ---- files ----------------------------------------------------------------------------------


def read_inside(directory: Path, name: str, limit: int, what: str = "a bundle file") -> bytes:
    """A regular file the child wrote into `directory` (its own), at most `limit` bytes.

    Never follows a link: the snippet could leave a symlink to the database or to
    /proc/self/environ there, which the worker (root, outside the sandbox) would read and
    store, or a FIFO that would block it. The size is checked before reading (a sparse
    1 GiB file holds no disk but reads as 1 GiB of zeros) and the read stops at the limit
    in case the file grows meanwhile. OSError for anything but a regular file with a plain
    name directly in `directory`; BundleTooLarge over the limit.
    """
    if name in ("", ".", "..") or "/" in name or "\0" in name:
        raise OSError(errno.EINVAL, f"not a plain file name: {name!r}")
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC
    directory_fd = os.open(directory, flags | os.O_DIRECTORY)
    try:
        fd = os.open(name, flags | os.O_NONBLOCK, dir_fd=directory_fd)
    finally:
        os.close(directory_fd)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, f"{name} is not a regular file")
        if info.st_size > limit:
            raise _file_too_large(name, info, limit, what)
        return _read_at_most(fd, name, limit, what)
    finally:
        os.close(fd)


def _read_at_most(fd: int, name: str, limit: int, what: str) -> bytes:
    data = bytearray()
    while chunk := os.read(fd, min(_READ_CHUNK, limit + 1 - len(data))):
        data += chunk
        if len(data) > limit:
            raise _file_too_large(name, os.fstat(fd), limit, what)
    return bytes(data)


def _file_too_large(name: str, info: os.stat_result, limit: int, what: str) -> BundleTooLarge:
    on_disk = info.st_blocks * 512
    sparse = f" (sparse: {on_disk:,} bytes on disk)" if on_disk < info.st_size else ""
    return BundleTooLarge(
        f"The run's bundle file {name} is {info.st_size:,} bytes{sparse}; the limit for "
        f"{what} is {limit // MiB:,} MiB. Kernelscope did not read it and stored nothing of "
        f"the bundle. {FIX}"
    )


def inflate(data: bytes, name: str, limit: int) -> bytearray:
    """Gunzip `data` (one or more members) in steps, never holding more than `limit` bytes
    of output: a 2 MB file can inflate to 2 GiB."""
    out = bytearray()
    rest = data
    try:
        while rest:
            unpacker = zlib.decompressobj(_GZIP)
            out += unpacker.decompress(rest, limit + 1 - len(out))
            while unpacker.unconsumed_tail and len(out) <= limit:
                out += unpacker.decompress(unpacker.unconsumed_tail, limit + 1 - len(out))
            if len(out) > limit:
                raise BundleTooLarge(
                    f"The run's bundle file {name} inflates past the limit for a trace, "
                    f"{limit // MiB:,} MiB inflated: Kernelscope stopped inflating it there and "
                    f"stored nothing of the bundle. {FIX}"
                )
            if not unpacker.eof:
                raise InvalidBundle(f"The run's bundle file {name} is a truncated gzip file.")
            rest = unpacker.unused_data
    except zlib.error as exc:
        raise InvalidBundle(f"The run's bundle file {name} is not a gzip file ({exc}).") from None
    return out


def parse_json(data: bytes | bytearray, name: str, budget: Budget) -> Any:
    budget.spend_values(json_values(data), name)
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise InvalidBundle(f"The run's bundle file {name} is not valid JSON ({exc}).") from None


# ---- the bundle -----------------------------------------------------------------------------


@dataclass
class Bundle:
    """What the child left, read once and within its budget: the checked document and the
    bytes of each file it names (traces still gzipped, exactly as they will be stored)."""

    document: dict[str, Any]
    files: dict[str, bytes]
    budget: Budget

    @property
    def status(self) -> str:
        return str(self.document["status"])

    def trace(self, variant: str) -> dict[str, Any] | None:
        """A variant's Chrome trace, inflated and parsed within the budget."""
        return self.trace_named((self.document.get(variant) or {}).get("trace"))

    def trace_named(self, name: str | None) -> dict[str, Any] | None:
        """The Chrome trace of this name, inflated and parsed within the budget."""
        if not name:
            return None
        limit = self.budget.limits.trace_mb * MiB
        text = inflate(self.files[name], name, limit)
        self.budget.spend_bytes(len(text), name)
        parsed = parse_json(text, name, self.budget)
        del text  # the parsed trace is all that is kept
        document = _trace_document(parsed, name)
        self.budget.spend_events(len(document["traceEvents"]), name)
        kernels = sum(1 for event in document["traceEvents"] if event.get("cat") == "kernel")
        self.budget.spend_kernels(kernels, name)
        return document

    def analyse(self) -> Analysis:
        """The analysis of a checked bundle. A failure here means the bundle passed its
        checks but is still not the harness's, or a bug of ours: said as such."""
        eager, compiled = self.trace("eager"), self.trace("compiled")
        further = [
            self.trace_named(mode["compiled"].get("trace"))
            for mode in self.document.get("further_modes", [])
        ]
        try:
            return analyse(self.document, eager, compiled, further)
        except ValidationError as exc:  # each number fit its bound; what they add up to not
            raise InvalidBundle(_sums_message(exc)) from None
        except Exception as exc:
            log.exception("analysing a bundle failed")
            raise InvalidBundle(
                f"The run's bundle passed its checks but could not be analysed "
                f"({type(exc).__name__}: {str(exc)[:300]}). Its files are not what the harness "
                "writes; if the snippet did not touch its bundle directory, this is a bug in "
                "Kernelscope (the server log has details)."
            ) from None


def load_bundle(bundle_dir: Path, limits: BundleLimits | None = None) -> Bundle | None:
    """The bundle the child left, or None when it left no bundle.json (crashed, killed)."""
    budget = Budget(limits or BundleLimits())
    try:
        raw = read_inside(bundle_dir, BUNDLE_FILE, budget.limits.document_mb * MiB, BUNDLE_FILE)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _unreadable(BUNDLE_FILE, exc) from None
    document = _checked_document(raw, budget)
    del raw
    return Bundle(document, _named_files(bundle_dir, document, budget), budget)


def _checked_document(raw: bytes, budget: Budget) -> dict[str, Any]:
    budget.spend_bytes(len(raw), BUNDLE_FILE)
    budget.spend_values(json_values(raw), BUNDLE_FILE, budget.limits.document_values)
    try:
        checked = BundleDocument.model_validate_json(raw)
    except ValidationError as exc:
        raise InvalidBundle(_schema_message(exc)) from None
    _check_counts(checked, budget.limits)
    for payloads in (checked.compiled.provenance if checked.compiled else {}).values():
        for payload in payloads:  # the analysis parses each: count their values too
            budget.spend_values(json_values(payload), f"{BUNDLE_FILE} (provenance)")
    return checked.model_dump(exclude_unset=True)


def _counts(checked: BundleDocument) -> dict[str, list[tuple[str, int]]]:
    """What the analysis will walk, per limit: (where, how many)."""
    eager = checked.eager
    ops = eager.ops or [] if eager is not None else []
    parts = [("compiled", checked.compiled)]
    parts += [(f"further_modes.{f.mode}.compiled", f.compiled) for f in checked.further_modes]
    planned = sum(
        len(g.nodes) + len(g.buffers) + len(g.kernels)
        for _, part in parts
        if part is not None
        for g in part.inductor
    )
    return {
        "eager_ops": [("eager.ops", len(ops))],
        "tensor_values": [("eager.values", len(eager.values or []) if eager else 0)]
        + [(f"{name}.values", len(part.values or [])) for name, part in parts if part],
        "inner_transfers": [
            ("eager.ops[].inner[].transfers", sum(len(i.transfers) for op in ops for i in op.inner))
        ],
        "launches": [
            (f"{name}.launches", len(part.launches or [])) for name, part in parts if part
        ],
        "planned_kernels": [("compiled inductor nodes, buffers and kernels", planned)],
    }


def _check_counts(checked: BundleDocument, limits: BundleLimits) -> None:
    for limit_name, counted in _counts(checked).items():
        limit = getattr(limits, limit_name)
        for where, count in counted:
            if count > limit:
                raise BundleTooLarge(
                    f"The run's {BUNDLE_FILE} has {count:,} entries in {where}; the limit is "
                    f"{limit:,} (BundleLimits.{limit_name}: the analysis's time and memory "
                    f"grow with it). Nothing of the bundle was stored. {FIX}"
                )


def _sums_message(exc: ValidationError) -> str:
    """The analysis built a result past the result's bounds (backend/result/bounds.py):
    numbers each within the schema's bounds that add up past what any run moves."""
    first = exc.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in first["loc"])
    field = f"{exc.title}.{where}" if where else exc.title
    return (
        f"The run's {BUNDLE_FILE} claims more than any run measures: what the analysis made "
        f"of it is out of bounds ({field}: {first['msg']}). Nothing of the bundle was "
        f"stored. {FIX}"
    )


def _schema_message(exc: ValidationError) -> str:
    first = exc.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "the document"
    more = exc.error_count() - 1
    also = f" (and {more:,} more problem{'s' if more > 1 else ''})" if more else ""
    return (
        f"The run's {BUNDLE_FILE} is not what the harness writes: {where}: {first['msg']}"
        f"{also}. Nothing of the bundle was stored. The snippet (or code it ran) must not "
        "write into the bundle directory; if it did not, this is a bug in Kernelscope."
    )


def _named_files(bundle_dir: Path, document: dict[str, Any], budget: Budget) -> dict[str, bytes]:
    """The traces and generated-code files bundle.json names, each within its limit."""
    limits = budget.limits
    compiled_parts = [document.get("compiled") or {}]
    compiled_parts += [mode["compiled"] for mode in document.get("further_modes", [])]
    wanted = [
        (part.get("trace"), limits.trace_mb, "a trace (gzipped)")
        for part in (document.get("eager") or {}, *compiled_parts)
    ]
    graphs = [graph for part in compiled_parts for graph in part.get("graphs", [])]
    wanted += [(g["output_code"], limits.code_mb, "a generated-code file") for g in graphs]
    files: dict[str, bytes] = {}
    for name, limit_mb, what in wanted:
        if not name:
            continue
        try:
            files[name] = read_inside(bundle_dir, name, limit_mb * MiB, what)
        except OSError as exc:
            raise _unreadable(name, exc) from None
        budget.spend_bytes(len(files[name]), name)
    return files


def _unreadable(name: str, exc: OSError) -> InvalidBundle:
    why = "it is missing" if isinstance(exc, FileNotFoundError) else exc.strerror or str(exc)
    return InvalidBundle(
        f"The run's bundle names {name}, which cannot be read as a plain file of the bundle "
        f"directory ({why}: a link, a FIFO or a folder is never followed). Nothing of the "
        "bundle was stored."
    )


def _trace_document(document: Any, name: str) -> dict[str, Any]:
    """A Chrome trace as the analysis reads it: an object whose traceEvents are objects."""
    if not isinstance(document, dict):
        raise InvalidBundle(f"The run's bundle file {name} is not a Chrome trace (an object).")
    events = document.get("traceEvents", [])
    if not isinstance(events, list):
        raise InvalidBundle(f"The run's bundle file {name} has traceEvents that are not a list.")
    document["traceEvents"] = [event for event in events if isinstance(event, dict)]
    return document


# ---- the shapes older callers and tests use -------------------------------------------------


def read_bundle(bundle_dir: Path) -> dict[str, Any] | None:
    """The checked bundle document, or None when there is none. BundleRefused otherwise."""
    bundle = load_bundle(bundle_dir)
    return bundle.document if bundle is not None else None


def read_trace(bundle_dir: Path, bundle: dict[str, Any], variant: str) -> dict[str, Any] | None:
    """A variant's Chrome trace, read from `bundle_dir` within the default limits."""
    name = (bundle.get(variant) or {}).get("trace")
    if not name:
        return None
    budget = Budget()
    limit = budget.limits.trace_mb * MiB
    loaded = Bundle(bundle, {name: read_inside(bundle_dir, name, limit, "a trace")}, budget)
    return loaded.trace(variant)


def analyse_bundle(bundle_dir: Path) -> Analysis:
    """The analysis of the bundle in `bundle_dir` (scripts, tests: recorded bundles)."""
    loaded = load_bundle(bundle_dir)
    if loaded is None:
        raise InvalidBundle(f"no {BUNDLE_FILE} in {bundle_dir}")
    return loaded.analyse()
