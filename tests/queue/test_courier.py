"""The worker's side of reporting: reports wait on disk until the API answers them."""

from __future__ import annotations

import json
import tarfile
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from backend.result import RunResult
from backend.worker.remote import Agent, WorkerConfig
from backend.worker.spool import Spool
from backend.worker_protocol import REPORT_FILE, RESULT_FILE, Report, RunBeat
from tests.helpers import present
from tests.queue.redis_server import free_port


class FakeApi(ThreadingHTTPServer):
    """Answers each report with the next scripted status; records what it received."""

    def __init__(self, answers: list[int]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.answers = answers
        self.received: list[tuple[str, bytes]] = []


class _Handler(BaseHTTPRequestHandler):
    server: FakeApi

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.server.received.append((self.path, body))
        status = self.server.answers.pop(0)
        reply: dict[str, object] = {"error": {"kind": "report_refused", "message": "not yours"}}
        if status == 200:
            reply = {"stored": True, "status": "failed", "message": "ok"}
        data = json.dumps(reply).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture
def api() -> Iterator[FakeApi]:
    server = FakeApi([])
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def agent_for(url: str, tmp_path: Path, server_errors: int = 30) -> Agent:
    config = WorkerConfig(
        api_url=url,
        token="ks_x",
        device_kind="cpu",
        redis_url="redis://unused",
        work_dir=tmp_path / "worker",
        name="w1",
        report_server_errors=server_errors,
    )
    return Agent(config)


def document(run_id: str = "run1") -> RunResult:
    return RunResult(
        id=run_id, status="failed", created_at="2026-01-01T00:00:00+00:00", code_sha256="0" * 64
    )


def test_a_report_is_a_tar_with_the_result_and_its_artifacts(tmp_path: Path) -> None:
    spool = Spool(tmp_path)
    report = Report(kind="result", worker_id="w1", attempt=2)
    artifacts = [("output_code", "output_code_0.py", b"print(1)", "text/x-python")]
    path = spool.put(report, "run1", document(), artifacts)
    assert path.name == "run1.2.tar" and spool.beats() == [RunBeat(run_id="run1", attempt=2)]
    with tarfile.open(path) as tar:
        kept = Report.model_validate_json(present(tar.extractfile(REPORT_FILE)).read())
        result = RunResult.model_validate_json(present(tar.extractfile(RESULT_FILE)).read())
        member = kept.artifacts[0].member
        assert present(tar.extractfile(member)).read() == b"print(1)"
    assert (kept.artifacts[0].name, result.id) == ("output_code_0.py", "run1")


def test_a_report_stays_on_disk_until_the_api_answers(api: FakeApi, tmp_path: Path) -> None:
    agent = agent_for(f"http://127.0.0.1:{api.server_port}", tmp_path)
    path = agent.spool.put(Report(kind="result", worker_id="w1", attempt=1), "run1", document())
    api.answers = [503]  # restarting
    assert agent.deliver_pending() is False and path.exists()
    api.answers = [200]
    assert agent.deliver_pending() is True and not path.exists()
    assert [p for p, _ in api.received] == [
        "/api/worker/runs/run1/report?worker_id=w1&attempt=1"
    ] * 2
    assert api.received[-1][1] == api.received[0][1]  # the same bytes, sent again


def test_an_unreachable_api_keeps_every_report(tmp_path: Path) -> None:
    agent = agent_for(f"http://127.0.0.1:{free_port()}", tmp_path)  # nothing listens there
    for run_id in ("a", "b"):
        agent.spool.put(Report(kind="result", worker_id="w1", attempt=1), run_id, document(run_id))
    assert agent.deliver_pending() is False
    assert len(agent.spool.pending()) == 2


def test_a_refused_report_is_dropped_not_retried(api: FakeApi, tmp_path: Path) -> None:
    agent = agent_for(f"http://127.0.0.1:{api.server_port}", tmp_path)
    agent.spool.put(Report(kind="cancelled", worker_id="w1", attempt=1), "run1")
    api.answers = [409]  # the run was given up meanwhile: nothing would ever accept it
    assert agent.deliver_pending() is True and agent.spool.pending() == []


def test_a_report_refused_for_good_is_dropped_and_the_next_one_still_sent(
    api: FakeApi, tmp_path: Path
) -> None:
    agent = agent_for(f"http://127.0.0.1:{api.server_port}", tmp_path)
    for run_id in ("bad", "good"):
        agent.spool.put(Report(kind="result", worker_id="w1", attempt=1), run_id, document(run_id))
    api.answers = [422, 200]  # invalid_report: the API ended that run failed
    assert agent.deliver_pending() is True and agent.spool.pending() == []
    assert agent.spool.beats() == []  # the worker holds no run: the API hands it the next
    assert len(api.received) == 2


def test_a_report_the_api_keeps_failing_is_dropped_after_its_tries(
    api: FakeApi, tmp_path: Path
) -> None:
    """A 500 from a bug answers the same report the same way: the worker gives it a bounded
    number of tries, then drops it, while the other reports go through meanwhile."""
    agent = agent_for(f"http://127.0.0.1:{api.server_port}", tmp_path, server_errors=3)
    bad = agent.spool.put(Report(kind="result", worker_id="w1", attempt=1), "bad", document("bad"))
    api.answers = [500]
    assert agent.deliver_pending() is False and bad.exists()
    good = agent.spool.put(
        Report(kind="result", worker_id="w1", attempt=1), "good", document("good")
    )
    api.answers = [500, 200]  # the bad one fails again; the good one is not held up by it
    assert agent.deliver_pending() is False and bad.exists() and not good.exists()
    api.answers = [500]  # its third server error: dropped
    assert agent.deliver_pending() is True and agent.spool.pending() == []
    assert [p.split("?")[0] for p, _ in api.received] == [
        "/api/worker/runs/bad/report",
        "/api/worker/runs/bad/report",
        "/api/worker/runs/good/report",
        "/api/worker/runs/bad/report",
    ]


def test_an_unreachable_api_never_uses_up_a_reports_tries(tmp_path: Path) -> None:
    agent = agent_for(f"http://127.0.0.1:{free_port()}", tmp_path, server_errors=1)
    agent.spool.put(Report(kind="result", worker_id="w1", attempt=1), "a", document("a"))
    for _ in range(3):
        assert agent.deliver_pending() is False
    assert len(agent.spool.pending()) == 1
