"""On a GPU host: the distributed path end to end, with a worker pinned to one GPU.

Starts redis-server (append-only, temporary directory), `kernelscope serve --queue redis
--auth accounts --workers 0` and one `kernelscope worker --gpu N --device-kind KIND`, then
submits snippets through the HTTP API as a user and prints what ran where: the worker, the
device the harness saw, CUDA_VISIBLE_DEVICES inside the run, kernels, speedup, durations.

    python scripts/worker_gpu_check.py [--kind h200] [--gpu 0] [--sandbox auto] [SNIPPET ...]

Numbers go to docs/queue.md by hand; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PINNING = """import os
import torch

print("CUDA_VISIBLE_DEVICES", os.environ.get("CUDA_VISIBLE_DEVICES"),
      "device_count", torch.cuda.device_count())

def fn(a, b):
    return (a + b).relu()

def inputs():
    return [torch.randn(1 << 20, device=device) for _ in range(2)]
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def call(url: str, token: str, body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, method="POST" if data else "GET")
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def start(command: list[str], log: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def wait(what: str, check: Any, timeout_s: float = 120) -> Any:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            value = check()
        except OSError:
            value = None
        if value:
            return value
        time.sleep(0.3)
    raise SystemExit(f"gave up waiting for {what}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="h200")
    parser.add_argument("--gpu", default="0", help="'none': a CPU worker (a dry run here)")
    parser.add_argument("--sandbox", default="auto", choices=("auto", "bwrap", "none"))
    parser.add_argument("snippets", nargs="*", type=Path, default=[ROOT / "examples/add_relu.py"])
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="kernelscope-gpu-queue-"))
    data_dir, redis_port, port = root / "data", free_port(), free_port()
    from backend.store import accounts
    from backend.store.repository import Store

    with Store.open(data_dir) as store:
        accounts.create_user(store, "alice")
        user = accounts.create_token(store, "alice", "check").token
        accounts.create_user(store, "gpu-workers", is_admin=False)
        worker_token = accounts.create_token(
            store,
            "gpu-workers",
            "gpu-check",
            "worker",
            worker_name="gpu-check",
            device_kinds=[args.kind],
        ).token
    env = {**os.environ, "KERNELSCOPE_WORKER_TOKEN": worker_token, "KERNELSCOPE_SANDBOX": "none"}
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    kernelscope = [sys.executable, "-m", "backend.cli"]
    redis = [shutil.which("redis-server") or "redis-server", "--port", str(redis_port)]
    redis += ["--dir", str(root), "--appendonly", "yes", "--save", ""]
    api = [*kernelscope, "serve", "--queue", "redis", "--redis", redis_url, "--workers", "0"]
    api += ["--auth", "accounts", "--port", str(port), "--data-dir", str(data_dir)]
    worker = [*kernelscope, "worker", "--api", f"http://127.0.0.1:{port}", "--redis", redis_url]
    worker += ["--device-kind", args.kind, "--sandbox", args.sandbox]
    worker += ["--gpu", args.gpu] if args.gpu != "none" else []
    worker += ["--work-dir", str(root / "worker")]
    processes = [start(redis, root / "redis.log", env)]
    try:
        processes.append(start(api, root / "api.log", env))
        base = f"http://127.0.0.1:{port}"
        wait("the API", lambda: call(base + "/healthz", user)["status"] == "ok")
        processes.append(start(worker, root / "worker.log", env))
        wait("the worker", lambda: any(q["workers"] for q in call(base + "/api/queue", user)))
        check(
            base,
            user,
            args.kind,
            [("pinning", PINNING)] + [(p.name, p.read_text()) for p in args.snippets],
        )
    finally:
        for process in reversed(processes):
            process.send_signal(signal.SIGTERM)
            process.wait(60)
        print((root / "worker.log").read_text()[-3000:])


def check(base: str, user: str, kind: str, snippets: list[tuple[str, str]]) -> None:
    for name, code in snippets:
        submitted = time.monotonic()
        run_id = call(base + "/api/runs", user, {"code": code, "device_kind": kind, "title": name})[
            "id"
        ]
        run = wait(
            name,
            lambda url=f"{base}/api/runs/{run_id}": (
                (r := call(url, user))["progress"] is None and r
            ),
            900,
        )
        device = (run.get("device") or {}).get("name")
        variants = run.get("variants") or {}
        kernels = {v: variants[v]["kernel_count"] for v in variants}
        print(
            f"{name}: {run['status']} on {device} in {run['duration_s']} s of the worker, "
            f"{time.monotonic() - submitted:.1f} s from submit; kernels {kernels}; "
            f"speedup {run.get('speedup')}; error {run.get('error')}"
        )
        stdout = run["output"]["stdout"].strip()
        if stdout:
            print(f"  stdout: {stdout[:300]}")


if __name__ == "__main__":
    main()
