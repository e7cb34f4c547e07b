"""Where the checkout keeps what the tests read: every path is inside the repository."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
EXAMPLES_DIR = ROOT / "examples"  # the gallery's snippets, as users get them
BAD_SNIPPETS = DATA / "bad"  # hostile and broken snippets of our own
H200_BUNDLES = DATA / "h200_bundles"  # recorded on one H200 (see its README)
CPU_BUNDLES = DATA / "cpu_bundles"  # recorded on the 2-core dev machine (see its README)
H100_MODEL_BUNDLES = DATA / "h100_model_bundles"  # whole models on one H100 (see its README)
COMPOSE_FILE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "Dockerfile.gpu"
