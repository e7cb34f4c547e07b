"""Storage quotas against a real `kernelscope serve`: a submission while the user's or the
server's stored files are at their limit is a 403 that says which limit, how much is used
and how to free space; a real run (in bubblewrap) whose traces would pass the user's
limit ends failed with the same message and stores no file; /metrics shows the stored
bytes and the refusals.

One run may bring 256 MiB of traces and generated code, and nothing limited how many a
user, or all users together, kept.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from backend.store import accounts
from backend.store.db import read_session
from backend.store.models import Run
from backend.store.repository import Store
from tests.browser.live import Server, serve
from tests.factories import CODE, save_with_files

ROOT = Path(__file__).resolve().parents[2]
MiB = 1024**2


def call(server: Server, method: str, path: str, token: str | None, body: object = None) -> Any:
    """(status, body): JSON when the reply is JSON, else its text."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(server.url + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, raw, kind = response.status, response.read(), response.headers
    except urllib.error.HTTPError as err:
        with err:
            status, raw, kind = err.code, err.read(), err.headers
    if kind.get_content_type() == "application/json":
        return status, json.loads(raw)
    return status, raw.decode()


def metrics(server: Server, token: str | None = None) -> dict[tuple[str, str], float]:
    status, text = call(server, "GET", "/metrics", token)
    assert status == 200, text
    return {
        (sample.name, ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def people(store: Store) -> tuple[dict[str, int], dict[str, str]]:
    ids, tokens = {}, {}
    for name in ("alice", "bob"):
        ids[name] = accounts.create_user(store, name)
        tokens[name] = accounts.create_token(store, name, "tests").token
    return ids, tokens


def test_a_user_at_the_limit_is_refused_until_a_run_is_deleted(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with Store.open(data_dir) as store:
        ids, tokens = people(store)
        full = save_with_files(store, [b"a" * MiB], owner_id=ids["alice"])
    env = {"KERNELSCOPE_AUTH": "accounts", "KERNELSCOPE_MAX_STORED_MIB_PER_USER": "1"}
    with serve(data_dir, workers=0, env=env) as server:
        status, body = call(server, "POST", "/api/runs", tokens["alice"], {"code": CODE})
        assert status == 403, body
        error = body["error"]
        assert error["kind"] == "storage_quota"
        assert "Your runs keep 1.0 MiB" in error["message"]
        assert "each user may keep 1.0 MiB" in error["message"]
        assert "KERNELSCOPE_MAX_STORED_MIB_PER_USER" in error["message"]
        assert "DELETE /api/runs/{id}" in error["message"]
        assert call(server, "POST", "/api/runs", tokens["bob"], {"code": CODE})[0] == 202

        seen = metrics(server, tokens["bob"])
        assert seen[("kernelscope_stored_bytes", "")] == MiB
        assert seen[("kernelscope_stored_limit_bytes", "quota=user")] == MiB
        assert seen[("kernelscope_storage_quota_refusals_total", "at=submit,quota=user")] == 1
        assert seen[("kernelscope_storage_quota_refusals_total", "at=store,quota=user")] == 0

        assert call(server, "DELETE", f"/api/runs/{full}", tokens["alice"])[0] == 204
        assert call(server, "POST", "/api/runs", tokens["alice"], {"code": CODE})[0] == 202
        assert metrics(server, tokens["bob"])[("kernelscope_stored_bytes", "")] == 0


def test_a_server_at_its_limit_refuses_everyone_and_counts_shared_files_once(
    tmp_path: Path,
) -> None:
    data_dir = tmp_path / "data"
    shared = b"s" * (600 * 1024)
    with Store.open(data_dir) as store:
        save_with_files(store, [shared])
        save_with_files(store, [shared])  # 600 KiB on disk, not 1.2 MiB
    with serve(data_dir, workers=0, env={"KERNELSCOPE_MAX_STORED_MIB": "1"}) as server:
        assert call(server, "POST", "/api/runs", None, {"code": CODE})[0] == 202
        with Store.open(data_dir) as store:
            save_with_files(store, [b"n" * (500 * 1024)])  # e.g. a `kernelscope run`
        status, body = call(server, "POST", "/api/runs", None, {"code": CODE})
        assert status == 403, body
        assert body["error"]["kind"] == "storage_quota"
        message = body["error"]["message"]
        assert "This server keeps 1.1 MiB" in message and "its limit is 1.0 MiB" in message
        assert "KERNELSCOPE_MAX_STORED_MIB" in message and "kernelscope prune" in message
        seen = metrics(server)
        assert seen[("kernelscope_stored_bytes", "")] == 1100 * 1024
        assert seen[("kernelscope_stored_limit_bytes", "quota=instance")] == MiB
        assert seen[("kernelscope_storage_quota_refusals_total", "at=submit,quota=instance")] == 1


@pytest.mark.slow
def test_a_sandboxed_run_whose_traces_pass_the_users_limit_fails_and_stores_no_file(
    tmp_path: Path,
) -> None:
    data_dir = tmp_path / "data"
    seed = MiB - 2048 - seeded_rows(tmp_path / "probe")  # the run's rows count too
    with Store.open(data_dir) as store:
        ids, tokens = people(store)
        save_with_files(store, [b"a" * seed], owner_id=ids["alice"])
    blobs_before = sorted((data_dir / "blobs").glob("*/*"))
    env = {
        "KERNELSCOPE_AUTH": "accounts",
        "KERNELSCOPE_SANDBOX": "bwrap",
        "KERNELSCOPE_MAX_STORED_MIB_PER_USER": "1",
    }
    code = (ROOT / "examples" / "add_relu.py").read_text()
    with serve(data_dir, workers=1, env=env) as server:
        status, created = call(server, "POST", "/api/runs", tokens["alice"], {"code": code})
        assert status == 202, created
        run_id = created["id"]
        run = wait_finished(server, run_id, tokens["alice"])
        assert run["status"] == "failed", run
        assert run["error"]["kind"] == "storage_quota"
        message = run["error"]["message"]
        assert message.startswith("The run finished; its traces and code were not stored.")
        assert "and this run's" in message and "KERNELSCOPE_MAX_STORED_MIB_PER_USER" in message
        assert not any("without a sandbox" in note for note in run["notes"])
        status, _ = call(
            server, "GET", f"/api/runs/{run_id}/downloads/eager_trace.json.gz", tokens["alice"]
        )
        assert status == 404
        seen = metrics(server, tokens["alice"])
        assert seen[("kernelscope_storage_quota_refusals_total", "at=store,quota=user")] == 1
        assert seen[("kernelscope_stored_bytes", "")] == seed
    assert sorted((data_dir / "blobs").glob("*/*")) == blobs_before


def seeded_rows(data_dir: Path) -> int:
    """The row bytes a run stored by `save_with_files` counts in its owner's quota."""
    with Store.open(data_dir) as store:
        run_id = save_with_files(store, [b"a"])
        with read_session(store.engine) as session:
            run = session.get(Run, run_id)
            assert run is not None
            return run.row_bytes


def wait_finished(server: Server, run_id: str, token: str) -> dict[str, Any]:
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        status, run = call(server, "GET", f"/api/runs/{run_id}", token)
        assert status == 200, run
        if run["status"] not in ("queued", "running"):
            return dict(run)
        time.sleep(0.5)
    raise TimeoutError(f"run {run_id} still {run['status']}:\n{server.log_tail()}")
