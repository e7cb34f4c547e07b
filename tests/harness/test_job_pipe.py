"""The job pipe between a worker and its harness process: at most one word to warm the
device, then one job (tests/worker/test_spares.py has the keeper that writes them). A
parked spare says it is ready exactly once, whichever comes first."""

from __future__ import annotations

import argparse
import json
import os
from unittest import mock

import pytest

from backend.harness import __main__ as harness_main
from backend.harness import prewarm as prewarm_module
from backend.harness.protocol import (
    MAX_JOB_BYTES,
    WARM_DEVICE,
    JobError,
    JobPipe,
    encode_job,
    encode_warm_device,
)


@pytest.fixture
def pipe() -> tuple[JobPipe, int]:
    """A JobPipe on one end of a pipe, and the other end, which each test writes and closes
    (the JobPipe closes its own end once it reads the close)."""
    read_end, write_end = os.pipe()
    return JobPipe(read_end), write_end


def test_a_warm_word_then_a_job_in_one_write_are_two_messages(pipe: tuple[JobPipe, int]) -> None:
    reader, writer = pipe
    os.write(writer, encode_warm_device() + encode_job(1024, "max-autotune"))
    os.close(writer)
    assert reader.next() == WARM_DEVICE
    assert reader.next() == (1024, "max-autotune")  # no newline: ended by the close
    assert reader.next() is None


def test_a_closed_pipe_with_nothing_is_no_job(pipe: tuple[JobPipe, int]) -> None:
    reader, writer = pipe
    os.close(writer)
    assert reader.next() is None


def test_blank_lines_are_skipped_not_taken_for_a_close(pipe: tuple[JobPipe, int]) -> None:
    reader, writer = pipe
    os.write(writer, b"\n\n" + encode_job(None, "default"))
    os.close(writer)
    assert reader.next() == (None, "default")


@pytest.mark.parametrize(
    "sent",
    [b"x" * (MAX_JOB_BYTES + 1), b'{"size": -3, "compile_mode": "default"}', b"[1, 2]"],
    ids=["too long", "bad size", "not an object"],
)
def test_what_is_not_a_job_is_refused(pipe: tuple[JobPipe, int], sent: bytes) -> None:
    reader, writer = pipe
    os.write(writer, sent)
    os.close(writer)
    with pytest.raises(JobError):
        reader.next()


def test_each_message_is_bounded_alone(pipe: tuple[JobPipe, int]) -> None:
    reader, writer = pipe
    long_mode = "m" * (MAX_JOB_BYTES - 60)  # a job near the bound, after the warm word
    os.write(writer, encode_warm_device() + encode_job(8, long_mode))
    os.close(writer)
    assert reader.next() == WARM_DEVICE
    assert reader.next() == (8, long_mode)


# ---- the harness's side: what a spare says and reads --------------------------------


def take_job(
    messages: bytes, *, prewarm: bool
) -> tuple[bool, list[dict[str, object]], list[tuple[str, ...]]]:
    """`_take_job` in this process, with `messages` on its job pipe and the pre-warm's
    stages recorded instead of run: (whether a job came, the ready lines, the stages)."""
    job_read, job_write = os.pipe()
    progress_read, progress_write = os.pipe()
    os.write(job_write, messages)
    os.close(job_write)
    stages: list[tuple[str, ...]] = []

    def fake_prewarm(device: str, chosen: tuple[str, ...]) -> tuple[float, None]:
        stages.append(chosen)
        return 0.5, None

    options = argparse.Namespace(
        parent_pid=None, job_fd=job_read, prewarm=prewarm, device="cpu",
        progress_fd=progress_write, size=None, compile_mode="default",
    )  # fmt: skip
    with mock.patch.object(prewarm_module, "prewarm", fake_prewarm):
        took = harness_main._take_job(options)
    os.close(progress_write)
    with os.fdopen(progress_read) as progress:
        lines = [json.loads(line) for line in progress]
    return took, lines, stages


def test_a_spare_told_to_warm_the_device_does_then_says_ready_once() -> None:
    took, lines, stages = take_job(encode_warm_device() + encode_job(64, "default"), prewarm=True)
    assert took and stages == [("host",), ("device",)]
    assert lines == [{"ready": True, "prewarm_s": 1.0, "on_device": True}]


def test_a_parked_spare_whose_job_comes_first_runs_it_without_the_device_stage() -> None:
    took, lines, stages = take_job(encode_job(64, "default"), prewarm=True)
    assert took and stages == [("host",)]  # the run starts the device itself
    assert lines == [{"ready": True, "prewarm_s": 0.5, "on_device": False}]


def test_a_spare_discarded_while_parked_ends_without_a_job() -> None:
    took, lines, _ = take_job(b"", prewarm=True)
    assert not took and len(lines) == 1 and lines[0]["on_device"] is False


def test_a_cold_process_warms_nothing_and_refuses_a_warm_word() -> None:
    took, lines, stages = take_job(encode_job(None, "default"), prewarm=False)
    assert took and stages == [] and lines[0]["on_device"] is False
    with pytest.raises(JobError, match="warm_device"):
        take_job(encode_warm_device() + encode_job(None, "default"), prewarm=False)
