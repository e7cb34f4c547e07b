"""Run examples through a real `kernelscope serve`, over HTTP, the way the pages do.

    python scripts/dashboard_check.py --data-dir /tmp/ks add_relu graph_break

Starts the server on a free port, POSTs each example to /api/runs, follows the run to
the end, reads its figures and downloads, prints one line per run, and stops the server.
Standard library only, so it runs on a GPU host with just the project's wheels.
Exit status 1 when a run did not succeed or a page's data did not load.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def call(base: str, path: str, body: object = None) -> object:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def wait_until_up(base: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if server.poll() is not None:
            raise SystemExit(f"server exited with {server.returncode}")
        try:
            call(base, "/healthz")
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.2)
    raise SystemExit("server did not start in 60 s")


def check(base: str, name: str) -> bool:
    code = (ROOT / "examples" / f"{name}.py").read_text()
    created = call(base, "/api/runs", {"code": code, "title": name})
    run_id = created["id"]  # type: ignore[index]
    while (run := call(base, f"/api/runs/{run_id}"))["progress"]:  # type: ignore[index]
        time.sleep(0.5)
    ok = run["status"] == "succeeded"  # type: ignore[index]
    if ok:
        for figure in ("timeline", "traffic"):
            call(base, f"/api/runs/{run_id}/figures/{figure}")
    print(line(name, run))  # type: ignore[arg-type]
    return ok


def line(name: str, run: dict[str, object]) -> str:
    variants: dict[str, dict[str, int]] = run.get("variants") or {}  # type: ignore[assignment]
    counts = " ".join(
        f"{v}={variants[v]['kernel_count']}k/{variants[v]['transfer_count']}t"
        for v in ("eager", "compiled")
        if v in variants
    )
    device = (run.get("device") or {}).get("name")  # type: ignore[attr-defined]
    totals = run.get("totals") or {}
    summary = f"eliminated={totals.get('round_trips_eliminated')} speedup={run.get('speedup')}"  # type: ignore[attr-defined]
    return f"{name:22} {run['status']:10} {run['id']} {device} {counts} {summary}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("examples", nargs="+")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "backend.cli", "serve", "--port", str(port)]
    server = subprocess.Popen([*command, "--data-dir", str(args.data_dir)], cwd=ROOT)
    try:
        wait_until_up(base, server)
        results = [check(base, name) for name in args.examples]
    finally:
        server.terminate()
        server.wait(30)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
