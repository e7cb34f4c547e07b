"""`kernelscope run A.py B.py ...` or `kernelscope run DIR`: a suite, here or on a server.

Here, the problems run one at a time through warm processes (`backend.suites.run`), with a
line per problem as it ends and the table at the end. With `--server URL` the files go
to that server as one suite (`POST /api/suites`), where they spread over its workers; the
command follows the suite until every problem has finished and prints the same table.
Either way the exit status is 0 when every problem succeeded, 1 when any did not.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from backend.cli.terminal import interruptible, problem_progress, record_interrupted
from backend.store.repository import Store
from backend.suites.client import SuiteClient, SuiteClientError
from backend.suites.files import ProblemFile, SuiteFilesError, problem_files
from backend.suites.report import progress_line, render_table, rows_csv, rows_json
from backend.suites.run import SuiteOptions, run_suite
from backend.suites.table import SuiteProblem, totals
from backend.worker.process import WorkerSetup
from backend.worker.spares import spare_options

if TYPE_CHECKING:
    from backend.settings import ClientSettings, Settings  # the command's, handed in

TOKEN_ENV = "KERNELSCOPE_TOKEN"  # an API token for --server (or --token, visible in `ps`)
POLL_S = 1.0


def add_arguments(run: argparse.ArgumentParser) -> None:
    run.add_argument("--csv", action="store_true", help="a suite: print its table as CSV")
    run.add_argument(
        "--server",
        metavar="URL",
        help="send the files to a Kernelscope server as one suite and follow it there",
    )
    run.add_argument("--token", help=f"API token for --server (default ${TOKEN_ENV})")


def run_here(args: argparse.Namespace, setup: WorkerSetup, settings: Settings) -> int:
    files = _files(args)
    if files is None:
        return 2
    options = SuiteOptions(
        title=args.title,
        compile_mode=args.compile_mode,
        measure=tuple(sorted(set(args.measure))),
        spares=spare_options(settings, setup.device, suite=True),
    )
    with Store.open(args.data_dir) as store, interruptible() as interrupted:
        suite = run_suite(
            store,
            setup,
            files,
            options,
            stop=interrupted,
            live=lambda name: problem_progress(args.quiet, name),
            finished=lambda index, row: _progress(args, index, len(files), row),
        )
        if suite.stopped_run is not None:  # its process group is killed: record why
            record_interrupted(store, suite.stopped_run, interrupted.signal_name)
    _print(args, suite.rows)
    where = f"saved as suite {suite.suite_id}  (/s/{suite.suite_id} in the dashboard)"
    print(where, file=sys.stderr)
    if interrupted.is_set():
        print(f"kernelscope: interrupted ({interrupted.signal_name})", file=sys.stderr)
        return 128 + interrupted.signal_number
    return _status(suite.rows, len(files))


def run_on_server(args: argparse.Namespace, settings: ClientSettings) -> int:
    files = _files(args)
    if files is None:
        return 2
    unreadable = [problem for problem in files if problem.code is None]
    for problem in unreadable:
        print(f"kernelscope: {problem.name}: {problem.error}; not sent", file=sys.stderr)
    if args.timeout is not None or args.measure:
        print("kernelscope: --timeout and --measure are the server's own there", file=sys.stderr)
    client = SuiteClient(args.server, args.token or settings.token)
    sendable = [(problem.name, problem.code) for problem in files if problem.code is not None]
    url = client.base_url
    try:
        created = client.submit(sendable, title=args.title, compile_mode=args.compile_mode)
        url = f"{client.base_url}{created['url']}"
        print(f"suite {created['id']}: {url}", file=sys.stderr)
        rows = _follow(args, client, str(created["id"]), len(sendable))
    except SuiteClientError as exc:
        print(f"kernelscope: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # only the following stops: the suite runs on there
        print(f"kernelscope: stopped following; the suite goes on at {url}", file=sys.stderr)
        return 130
    _print(args, rows)
    return 1 if unreadable else _status(rows, len(sendable))


def _follow(
    args: argparse.Namespace, client: SuiteClient, suite_id: str, count: int
) -> list[SuiteProblem]:
    """Poll the suite until no problem is queued or running, a line per problem as it ends."""
    reported: set[str] = set()
    while True:
        rows = client.problems(suite_id)
        for row in rows:
            if row.status not in ("queued", "running") and row.run_id not in reported:
                reported.add(row.run_id)
                _progress(args, len(reported), count, row)
        if len(reported) == len(rows):
            return rows
        time.sleep(POLL_S)


def _files(args: argparse.Namespace) -> list[ProblemFile] | None:
    if args.sizes:
        print(
            "kernelscope: --sizes sweeps one snippet; in a suite each problem runs at its own "
            "sizes (run the sweep as a single file)",
            file=sys.stderr,
        )
        return None
    try:
        return problem_files(args.snippet)
    except SuiteFilesError as exc:
        print(f"kernelscope: {exc}", file=sys.stderr)
        return None


def _progress(args: argparse.Namespace, index: int, count: int, row: SuiteProblem) -> None:
    if not args.quiet:
        print(progress_line(index, count, row), file=sys.stderr, flush=True)


def _print(args: argparse.Namespace, rows: list[SuiteProblem]) -> None:
    if args.json:
        print(rows_json(rows))
    elif args.csv:
        print(rows_csv(rows), end="")
    else:
        print(render_table(rows, totals(rows)))


def _status(rows: list[SuiteProblem], expected: int) -> int:
    every = len(rows) == expected and all(row.status == "succeeded" for row in rows)
    return 0 if every else 1
