"""Reading a harness bundle from disk: the document, its two traces, and their analysis."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from backend.analysis.assemble import Analysis, analyse
from backend.harness.protocol import BUNDLE_FILE


def read_bundle(bundle_dir: Path) -> dict[str, Any] | None:
    """The bundle document, or None when the child left none (crashed, killed)."""
    try:
        document = json.loads((bundle_dir / BUNDLE_FILE).read_text())
    except (OSError, ValueError):
        return None
    return document if isinstance(document, dict) else None


def read_trace(bundle_dir: Path, bundle: dict[str, Any], variant: str) -> dict[str, Any] | None:
    """A variant's Chrome trace as torch.profiler exported it (stored gzipped)."""
    name = (bundle.get(variant) or {}).get("trace")
    if not name:
        return None
    document = json.loads(gzip.decompress((bundle_dir / name).read_bytes()))
    return document if isinstance(document, dict) else None


def analyse_bundle(bundle_dir: Path, bundle: dict[str, Any]) -> Analysis:
    traces = [read_trace(bundle_dir, bundle, variant) for variant in ("eager", "compiled")]
    return analyse(bundle, traces[0], traces[1])
