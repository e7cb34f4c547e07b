"""Dockerfile.gpu: hadolint-clean, and every file it copies exists and reaches the builder.

No Docker engine runs here, so the image is never built in CI; these checks catch what a
build would fail on first (a missing path, an ignored file) and what hadolint flags."""

from __future__ import annotations

import fnmatch
import re
import subprocess
from pathlib import Path

from tests.helpers import tool
from tests.paths import DOCKERFILE, ROOT

HADOLINT_CONFIG = ROOT / ".hadolint.yaml"


def hadolint(dockerfile: Path) -> subprocess.CompletedProcess[str]:
    command = [tool("hadolint"), "--no-color", "--config", str(HADOLINT_CONFIG), str(dockerfile)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def instructions(name: str) -> list[str]:
    """The arguments of every `NAME` instruction, continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", DOCKERFILE.read_text())
    return [line.split(None, 1)[1] for line in text.splitlines() if line.startswith(name + " ")]


def test_hadolint_passes() -> None:
    done = hadolint(DOCKERFILE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_hadolint_catches_a_careless_dockerfile(tmp_path: Path) -> None:
    """The check can fail: an unpinned base image and `cd` in RUN are flagged."""
    careless = tmp_path / "Dockerfile"
    careless.write_text("FROM ubuntu:latest\nRUN cd /tmp && pip install requests\n")
    done = hadolint(careless)
    assert done.returncode != 0
    assert "DL3007" in done.stdout and "DL3013" in done.stdout


def test_a_pinned_cuda_pytorch_devel_base_and_a_node_build_stage() -> None:
    images = [line.split()[0] for line in instructions("FROM")]
    assert re.fullmatch(r"node:\d+\.\d+\.\d+-bookworm-slim", images[0])
    assert re.fullmatch(r"pytorch/pytorch:\d+\.\d+\.\d+-cuda\d+\.\d+-cudnn\d+-devel", images[-1])
    assert any("node build.mjs" in run for run in instructions("RUN"))
    assert "--from=frontend /src/frontend/dist" in " ".join(instructions("COPY"))


def test_bubblewrap_a_non_root_user_a_health_check_and_the_entry_point() -> None:
    assert any("bubblewrap" in run for run in instructions("RUN"))
    (user,) = instructions("USER")
    assert user.split(":")[0].isdigit() and not user.startswith("0")
    (healthcheck,) = instructions("HEALTHCHECK")
    assert "backend.ops.probe" in healthcheck
    assert instructions("ENTRYPOINT") == ['["kernelscope"]']


def test_every_copied_path_exists_and_is_not_docker_ignored() -> None:
    ignored = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for copy in instructions("COPY"):
        if copy.startswith("--from"):
            continue
        *sources, _target = copy.split()
        for source in sources:
            assert (ROOT / source).exists(), f"COPY {source}: no such path"
            hit = [p for p in ignored if fnmatch.fnmatch(source, p) or source.startswith(p + "/")]
            assert not hit, f"COPY {source} is excluded by .dockerignore {hit}"
    # The frontend sources the build stage needs are sent too.
    assert not any(fnmatch.fnmatch("frontend/src/editor.js", p) for p in ignored)
