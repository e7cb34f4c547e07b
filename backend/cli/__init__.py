"""`kernelscope`: every command of the terminal, one module per family.

`commands.py` builds the parser and runs `serve`, `run` (one snippet or a sweep) and `show`;
`suite.py` runs a suite, here or on a server; `accounts.py` is `user` and `token`. `backup`,
`prune` (`backend/ops/cli.py`) and `worker` (`backend/worker/remote_cli.py`) register
themselves on the same parser. The entry point is `backend.cli:main`; `python -m
backend.cli` runs it too.
"""

from backend.cli.commands import build_parser, main

__all__ = ["build_parser", "main"]
