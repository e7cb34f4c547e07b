"""What a remote worker and the API say to each other over HTTP (`/api/worker/*`).

A worker needs only outbound HTTP to the API (with a worker-scope token) and Redis:

1. RQ hands it a job naming a run; `POST /api/worker/runs/{id}/start` claims the run
   (refused unless the run still waits for exactly that job) and returns the snippet.
2. `POST /api/worker/heartbeat` every second names the worker and the runs it holds (the
   one executing, and any finished one whose report is not acknowledged yet); the reply
   says which to cancel and which are no longer theirs.
3. `POST /api/worker/runs/{id}/report` delivers the outcome as a tar: `report.json`, and for
   a result `result.json` plus the artifacts listed in it. The worker keeps it on disk
   until the API answers, so a finished run survives the API being away.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from backend.result import RunResult, RunStatus

KIND_PATTERN = r"^[a-z0-9][a-z0-9_.-]{0,31}$"
# A worker's name, as a worker token fixes it: also a directory name on the worker.
WORKER_NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$"
REPORT_CONTENT_TYPE = "application/x-tar"
REPORT_FILE = "report.json"
RESULT_FILE = "result.json"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WorkerInfo(_Strict):
    id: str = Field(min_length=1, max_length=200, description="unique per worker process")
    device_kind: str = Field(pattern=KIND_PATTERN, description="the queue it serves, e.g. h100")
    host: str = Field(max_length=200)
    device_name: str | None = Field(default=None, max_length=200)


class RunBeat(_Strict):
    run_id: str = Field(max_length=64)
    attempt: int = Field(ge=1, le=2**31)  # bounded: compared with the run row's
    step: str | None = Field(default=None, max_length=100, description="None: unchanged")


class Heartbeat(_Strict):
    worker: WorkerInfo
    runs: list[RunBeat] = Field(default_factory=list, max_length=1000)


class WorkerIdentity(BaseModel):
    """Who the API takes the caller of `/api/worker/*` to be (`GET /api/worker/me`)."""

    worker: str | None = Field(
        description="the worker the token names; None without accounts and without a token "
        "(the worker then names itself in each request)"
    )
    user: str | None = Field(description="the account the token belongs to")
    accounts: bool = Field(description="whether the API requires a worker token")
    device_kinds: list[str] | None = Field(
        default=None,
        description="the device kinds the token may serve, as an admin bound them; None "
        "without a token, or for a token bound to none (refused until bound)",
    )


class BeatReply(BaseModel):
    cancel: list[str] = Field(description="runs whose author asked to stop them: kill and report")
    gone: list[str] = Field(description="runs no longer this worker's (given up): kill, drop")


class StartRequest(_Strict):
    worker_id: str = Field(min_length=1, max_length=200)
    job_id: str = Field(min_length=1, max_length=200)


class StartedRun(BaseModel):
    """The run a worker has just claimed, with all it needs to execute it."""

    id: str
    attempt: int
    code: str
    size: int | None
    compile_mode: str
    title: str | None
    measure: list[str] = Field(
        default_factory=list, description="hardware measurements asked for, e.g. ['dram']"
    )
    timeout_s: float = Field(description="the wall-clock limit for the run (server setting)")
    document: RunResult = Field(description="the queued document the result builds on")


class ArtifactEntry(_Strict):
    kind: str = Field(max_length=64)
    name: str = Field(max_length=200)
    content_type: str = Field(max_length=100)
    member: str = Field(max_length=300, description="its file in the report tar")


class Report(_Strict):
    kind: Literal["result", "cancelled"]
    worker_id: str = Field(min_length=1, max_length=200)
    attempt: int = Field(ge=1, le=2**31)  # bounded: compared with the run row's
    step: str | None = Field(default=None, max_length=100, description="where a cancel hit")
    artifacts: list[ArtifactEntry] = Field(default_factory=list, max_length=10_000)


class ReportReply(BaseModel):
    stored: bool = Field(description="False: the run was no longer this worker's; drop it")
    status: RunStatus
    message: str
