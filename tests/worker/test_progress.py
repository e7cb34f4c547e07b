"""Progress lines are the snippet's to write: only the harness's steps, in order, pass."""

from __future__ import annotations

import json
import os

import pytest

from backend.harness.protocol import STEPS, JobPipe, Progress, encode_job
from backend.worker.progress import MAX_LINE_BYTES, ProgressReader, parse_step


def line(step: object, elapsed: object = 1.0) -> bytes:
    return json.dumps({"step": step, "elapsed_s": elapsed}).encode() + b"\n"


@pytest.fixture
def seen() -> list[tuple[str, float]]:
    return []


@pytest.mark.parametrize(
    "text",
    [
        b"[1]",
        b'"eager profile"',
        b"null",
        b"{not json",
        b'{"step": ["compiling"], "elapsed_s": 1}',
        b'{"step": "compiling", "elapsed_s": "soon"}',
        b'{"step": "compiling", "elapsed_s": true}',
        b'{"step": "compiling", "elapsed_s": NaN}',
        b'{"step": "compiling", "elapsed_s": -1}',
        b'{"step": "mining bitcoin", "elapsed_s": 1}',
        b"[" * 100_000,
    ],
)
def test_anything_but_a_step_is_no_step(text: bytes) -> None:
    assert parse_step(text) is None


def test_the_harnesss_own_lines_pass_in_order(seen: list[tuple[str, float]]) -> None:
    reader = ProgressReader(lambda step, elapsed: seen.append((step, elapsed)))
    for position, step in enumerate(STEPS):
        reader.feed(line(step, position))
    assert seen == [(step, float(i)) for i, step in enumerate(STEPS)]
    assert reader.ignored == 0 and reader.note() is None


def test_bad_lines_are_counted_never_raised(seen: list[tuple[str, float]]) -> None:
    reader = ProgressReader(lambda step, elapsed: seen.append((step, elapsed)))
    reader.feed(b"[1]\n" + line("compiling") + b'"x"\n' + line("x" * (1 << 20)))
    assert seen == [("compiling", 1.0)] and reader.ignored == 3
    assert "ignored 3 progress message(s)" in (reader.note() or "")


def test_a_step_passes_once_and_only_forwards(seen: list[tuple[str, float]]) -> None:
    reader = ProgressReader(lambda step, elapsed: seen.append((step, elapsed)))
    flood = (line("compiling") + line("eager warm-up")) * 10_000 + line("timing")
    reader.feed(flood)
    assert [step for step, _ in seen] == ["compiling", "timing"]
    assert reader.ignored == 19_999


def test_a_line_split_across_reads_is_one_line(seen: list[tuple[str, float]]) -> None:
    reader = ProgressReader(lambda step, elapsed: seen.append((step, elapsed)))
    whole = line("eager profile", 2.5)
    reader.feed(whole[:7])
    reader.feed(whole[7:20])
    reader.feed(whole[20:])
    assert seen == [("eager profile", 2.5)]


def test_a_line_that_never_ends_is_not_kept(seen: list[tuple[str, float]]) -> None:
    reader = ProgressReader(lambda step, elapsed: seen.append((step, elapsed)))
    for _ in range(160):  # 10 MiB in 64 KiB reads, no newline
        reader.feed(b"y" * 65536)
        assert len(reader._pending) <= MAX_LINE_BYTES
    reader.feed(b"tail of the long line\n" + line("timing"))
    assert seen == [("timing", 1.0)] and reader.ignored == 1


def test_only_lines_with_the_runs_key_are_steps(seen: list[tuple[str, float]]) -> None:
    """The snippet can write to the progress pipe: a line just like the
    harness's, without the key that came with the job, does not move the step list."""
    reader = ProgressReader(lambda step, elapsed: seen.append((step, elapsed)), key="k3y")
    keyed = {"step": "loading snippet", "elapsed_s": 0.5}
    reader.feed(line("timing"))  # what a snippet copying the harness's lines writes
    reader.feed(json.dumps({**keyed, "key": "guess"}).encode() + b"\n")
    reader.feed(json.dumps({**keyed, "key": ["k3y"]}).encode() + b"\n")
    assert seen == [] and reader.ignored == 3
    reader.feed(json.dumps({**keyed, "key": "k3y"}).encode() + b"\n")
    assert seen == [("loading snippet", 0.5)]


def test_the_harness_writes_the_key_of_its_job() -> None:
    """End to end through the two pipes: the job carries the key, the harness's Progress
    writes it into each line, and the worker's reader takes those lines."""
    job_read, job_write = os.pipe()
    os.write(job_write, encode_job(None, "default", "k3y"))
    os.close(job_write)
    pipe = JobPipe(job_read)
    assert pipe.next() == (None, "default") and pipe.progress_key == "k3y"
    progress_read, progress_write = os.pipe()
    progress = Progress(progress_write, pipe.progress_key)
    progress.step("loading snippet")
    progress.close()
    seen: list[str] = []
    ProgressReader(lambda step, _: seen.append(step), key="k3y").feed(os.read(progress_read, 4096))
    os.close(progress_read)
    assert seen == ["loading snippet"]
