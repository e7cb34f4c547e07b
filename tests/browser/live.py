"""A real `kernelscope serve` and Debian's Chromium, for the browser tests and for
scripts/take_screenshots.py. No pytest here: the screenshot script imports it too.

`serve()` starts the server in its own process group on a free port with a fresh data
directory, waits for /healthz, and on exit stops it and checks that nothing it started
(the worker's harness child, Inductor's compile workers) is left running.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.helpers import Patience

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")  # Debian's package; a browser is never downloaded
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
FINISHED = {"succeeded", "failed", "timed_out", "crashed"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _serve_command() -> list[str]:
    script = Path(sys.executable).with_name("kernelscope")  # .venv/bin/kernelscope
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "backend.cli"]


@dataclass
class Server:
    url: str
    data_dir: Path
    log_path: Path

    def request(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data else {}
        req = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=10) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as err:
            with err:
                return err.code, json.load(err)

    def get(self, path: str) -> Any:
        status, data = self.request("GET", path)
        assert status == 200, (path, status, data)
        return data

    def submit(self, code: str, **fields: object) -> str:
        """POST a snippet; returns the run id (the first one of a sweep)."""
        status, data = self.request("POST", "/api/runs", {"code": code, **fields})
        assert status == 202, data
        run_id: str = data["id"]
        return run_id

    def wait_finished(self, run_id: str, timeout_s: float = 180) -> dict[str, Any]:
        patience = Patience(timeout_s)
        while True:
            run: dict[str, Any] = self.get(f"/api/runs/{run_id}")
            if run["status"] in FINISHED:
                return run
            if patience.over():
                raise TimeoutError(f"run {run_id} still {run['status']} after {timeout_s} s")
            time.sleep(0.3)

    def log_tail(self, chars: int = 4000) -> str:
        return self.log_path.read_text(errors="replace")[-chars:]


@contextmanager
def serve(
    data_dir: Path,
    *,
    workers: int = 1,
    env: dict[str, str] | None = None,
    program: list[str] | None = None,
    cwd: Path = ROOT,
    environ: dict[str, str] | None = None,
) -> Iterator[Server]:
    """`program` (default: this venv's kernelscope) runs in `cwd` with `environ` (default:
    this process's environment) updated by `env`."""
    data_dir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    log_path = data_dir.parent / f"{data_dir.name}-server.log"
    command = [*(program or _serve_command()), "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--data-dir", str(data_dir), "--device", "cpu", "--workers", str(workers)]
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env={**(os.environ if environ is None else environ), **(env or {})},
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # one process group to stop at the end
        )
    server = Server(f"http://127.0.0.1:{port}", data_dir, log_path)
    try:
        _wait_healthy(server, process)
        yield server
    finally:
        _stop(process)
        _check_nothing_left(data_dir)


def _wait_healthy(server: Server, process: subprocess.Popen[bytes], timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            code = process.returncode
            raise RuntimeError(f"kernelscope serve exited ({code}):\n{server.log_tail()}")
        try:
            with urllib.request.urlopen(server.url + "/healthz", timeout=1) as response:
                if json.load(response).get("status") == "ok":
                    return
        except (OSError, ValueError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"no /healthz from {server.url} in {timeout_s} s:\n{server.log_tail()}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM: uvicorn shuts down and the queue kills a run in progress. Then make sure."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)  # anything left in the server's group


def _check_nothing_left(data_dir: Path) -> None:
    """Harness children run in their own sessions with their work directory under the data
    directory: find any still alive (Linux /proc), kill them, and say so."""
    if not Path("/proc/self/cmdline").exists():
        return
    marker = str(data_dir)
    deadline = time.monotonic() + 5
    while True:
        # not this process or its parents: a script given the data directory to serve
        left = [pid for pid in _pids() if pid not in _lineage() and _mentions(pid, marker)]
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)  # a killed child may still be exiting
    for pid in left:
        with suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    if left:
        raise AssertionError(f"processes left running after the server stopped: {left}")


def _lineage() -> set[int]:
    """This process and its ancestors (Linux /proc)."""
    found, pid = set(), os.getpid()
    while pid > 1 and pid not in found:
        found.add(pid)
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            break
        pid = int(stat.rsplit(")", 1)[1].split()[1])
    return found


def _pids() -> list[int]:
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]


def _mentions(pid: int, marker: str) -> bool:
    if pid == os.getpid():
        return False
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        cwd = os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return False
    return state != "Z" and (marker in cmdline or cwd.startswith(marker))


def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium through Playwright (never a downloaded browser)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


# ---- page helpers ---------------------------------------------------------------------

EDITOR_TEXT_JS = """(selector) => [...document.querySelectorAll(selector + ' .cm-line')]
    .map((line) => line.textContent).join('\\n')"""

PASTE_JS = """([selector, text]) => {
    const content = document.querySelector(selector + ' .cm-content');
    const data = new DataTransfer();
    data.setData('text/plain', text);
    const paste = { clipboardData: data, bubbles: true, cancelable: true };
    content.dispatchEvent(new ClipboardEvent('paste', paste));
}"""

# Per lane label, how many plotted points are real kernels (customdata [lane, index, ...]).
TIMELINE_LANES_JS = """(selector) => {
    const counts = {};
    for (const trace of document.querySelector(selector).data) {
        if (trace.type !== 'bar' || !trace.customdata) continue;
        Array.from(trace.y).forEach((lane, i) => {
            if (Array.isArray(trace.customdata[i])) counts[lane] = (counts[lane] ?? 0) + 1;
        });
    }
    return counts;
}"""


def editor_text(page: Any, selector: str = "#editor") -> str:
    """The code in a CodeMirror box (every line is rendered for snippets this short)."""
    text: str = page.evaluate(EDITOR_TEXT_JS, selector)
    return text


def paste_code(page: Any, code: str) -> None:
    """Replace the New run editor's code the way a user does: select all, paste."""
    page.locator("#editor .cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.evaluate(PASTE_JS, ["#editor", code])


def open_new_run(page: Any) -> None:
    """Open `/` and wait until the gallery loaded and the default example is in the editor
    (set asynchronously: pasting earlier would be overwritten)."""
    page.goto("/")
    page.locator("[data-example=add_relu]").wait_for()
    page.wait_for_function(
        "document.querySelector('#editor .cm-content').textContent.includes('def fn(a, b)')"
    )


def submit_through_ui(page: Any, code: str, title: str | None = None) -> str:
    """Paste `code` on the New run page, click Run, land on the permalink: its run id."""
    open_new_run(page)
    paste_code(page, code)
    if title is not None:
        page.locator("#title").fill(title)
    page.locator("#run").click()
    page.wait_for_url("**/r/*")
    return str(page.url.rsplit("/", 1)[1])
