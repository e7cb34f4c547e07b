"""Container health checks: `python -m backend.ops.probe [URL] [--gpu]`.

Exit 0 when URL (default: this container's API, http://127.0.0.1:8000/healthz) answers
200, and with --gpu when `nvidia-smi -L` also lists a GPU; else exit 1 with the reason.
Python's standard library only: the images need no curl.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import urllib.error
import urllib.request

DEFAULT_URL = "http://127.0.0.1:8000/healthz"
TIMEOUT_S = 5.0


def check_http(url: str) -> str | None:
    """None when `url` answers 200; else what went wrong."""
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as response:
            return None if response.status == 200 else f"{url} answered {response.status}"
    except urllib.error.HTTPError as exc:
        return f"{url} answered {exc.code}: {exc.read(500).decode(errors='replace')}"
    except (OSError, ValueError) as exc:
        return f"{url} is unreachable: {exc}"


def check_gpu() -> str | None:
    """None when the driver lists at least one GPU in this container."""
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return "nvidia-smi is missing: the container was started without a GPU"
    listed = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=TIMEOUT_S)
    if listed.returncode != 0 or "GPU" not in listed.stdout:
        return f"nvidia-smi -L lists no GPU: {(listed.stderr or listed.stdout).strip()}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m backend.ops.probe", description=__doc__)
    parser.add_argument("url", nargs="?", default=DEFAULT_URL)
    parser.add_argument("--gpu", action="store_true", help="also require a visible GPU")
    args = parser.parse_args(argv)
    problems = [check_http(args.url), check_gpu() if args.gpu else None]
    for problem in filter(None, problems):
        print(f"unhealthy: {problem}", file=sys.stderr)
    return 1 if any(problems) else 0


if __name__ == "__main__":
    sys.exit(main())
