"""`kernelscope serve | run | show`: the dashboard, or the engine from a terminal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic import ValidationError

from backend.cli import accounts, suite
from backend.cli.terminal import interruptible, progress, record_interrupted
from backend.limits import SANDBOX_MODES
from backend.logs import setup_logging
from backend.ops import cli as ops_cli
from backend.report import render, render_sweep
from backend.result import COMPILE_MODES, MAX_COMPILE_MODES, MEASURE_KINDS, RunResult
from backend.settings import (
    BadSettings,
    ClientSettings,
    Settings,
    environment_data_dir,
    load_client_settings,
    load_worker_settings,
)
from backend.store.holders import cli_holder
from backend.store.ids import new_run_id
from backend.store.repository import Store
from backend.suites.files import is_suite
from backend.worker import remote_cli
from backend.worker.child import ChildStopped
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup
from backend.worker.sandbox import SandboxUnavailable
from backend.worker.sandbox_policy import require


def parse_modes(text: str) -> str:
    """--compile-mode: one mode, or several side by side (`default,reduce-overhead`): the
    first is the run's `compiled` variant, each further one `compiled:<mode>`."""
    modes = [part.strip() for part in text.split(",") if part.strip()]
    known = ", ".join(COMPILE_MODES)
    unknown = [mode for mode in modes if mode not in COMPILE_MODES]
    if not modes or unknown:
        what = f"unknown compile mode {unknown[0]!r}" if unknown else "no compile mode"
        raise argparse.ArgumentTypeError(f"{what}; the modes are {known}")
    if len(set(modes)) != len(modes):
        raise argparse.ArgumentTypeError(f"each compile mode once, got {text!r}")
    if len(modes) > MAX_COMPILE_MODES:
        raise argparse.ArgumentTypeError(f"at most {MAX_COMPILE_MODES} compile modes, got {text!r}")
    return ",".join(modes)


def default_data_dir() -> Path:
    return environment_data_dir()


def parse_sizes(text: str) -> list[int]:
    try:
        sizes = [int(float(part)) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"sizes must be numbers like 1e3,1e5,1e7, got {text!r}"
        ) from None
    if not sizes or any(size <= 0 for size in sizes):
        raise argparse.ArgumentTypeError("sizes must be positive, e.g. --sizes 1e3,1e5,1e7")
    return sizes


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kernelscope", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser(
        "run",
        help="run a snippet eager and compiled, store and print it; several files or a "
        "folder: a suite, one problem at a time through warm processes, then its table",
    )
    run.add_argument("snippet", type=Path, nargs="+", metavar="SNIPPET_OR_DIR")
    run.add_argument("--sizes", type=parse_sizes, help="sweep: call inputs(size) per size")
    run.add_argument(
        "--compile-mode",
        type=parse_modes,
        default="default",
        help=f"{', '.join(COMPILE_MODES)}; several side by side as a comma list",
    )
    run.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto")
    run.add_argument(
        "--timeout", type=float, help="seconds per run (default $KERNELSCOPE_RUN_TIMEOUT_S or 300)"
    )
    run.add_argument("--title")
    run.add_argument(
        "--measure",
        action="append",
        choices=MEASURE_KINDS,
        default=[],
        help="dram: also measure each kernel's DRAM bytes with Nsight Compute (a CUDA GPU "
        "with ncu, and --sandbox none for now); the run says why not where it cannot",
    )
    run.add_argument("--sandbox", choices=SANDBOX_MODES, help="bubblewrap (default: auto)")
    suite.add_arguments(run)
    _common(run)
    serve = commands.add_parser("serve", help="start the dashboard and a local worker")
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port to listen on (default 8000)")
    serve.add_argument(
        "--data-dir", type=Path, help="default: $KERNELSCOPE_DATA_DIR or ~/.kernelscope"
    )
    serve.add_argument("--workers", type=int, help="runs executed at once (default 1)")
    serve.add_argument("--device", choices=("auto", "cpu", "cuda"))
    serve.add_argument("--auth", choices=("none", "accounts"), help="accounts: sign-in required")
    serve.add_argument("--queue", choices=("local", "redis"), help="redis: remote workers run")
    serve.add_argument("--redis", metavar="URL", help="Redis for --queue redis")
    serve.add_argument("--sandbox", choices=SANDBOX_MODES, help="bubblewrap (default: auto)")
    show = commands.add_parser("show", help="print a stored run again")
    show.add_argument("run_id")
    _common(show)
    ops_cli.add_commands(commands)  # backup, prune
    accounts.add_commands(commands, default_data_dir())  # user, token
    remote_cli.add_command(commands)  # worker
    return parser


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", type=Path, default=default_data_dir())
    parser.add_argument("--json", action="store_true", help="print the result document")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "worker":
        return _worker(args)
    if hasattr(args, "handler"):  # commands registered by other modules
        return int(args.handler(args))
    if args.command == "serve":
        return _serve(args)
    if args.command == "show":
        return _show(args)
    return _run(args)


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from backend.api.app import create_app
    from backend.api.assets import FrontendMissing

    flags = {"host": args.host, "port": args.port, "data_dir": args.data_dir}
    flags |= {"local_workers": args.workers, "device": args.device}
    flags |= {"auth": args.auth}
    flags |= {"queue": args.queue, "redis_url": args.redis, "sandbox": args.sandbox}
    try:
        settings = Settings(**{name: value for name, value in flags.items() if value is not None})
    except ValidationError as exc:
        problems = "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())
        print(f"kernelscope: bad setting ({problems}); see README, Settings", file=sys.stderr)
        return 2
    setup_logging(settings.log_format)
    if settings.log_format == "text":  # json: every line of output is one log object
        print(f"Kernelscope on http://{settings.host}:{settings.port}  (data: {settings.data_dir})")
    try:
        app = create_app(settings)
    except (SandboxUnavailable, FrontendMissing) as exc:
        print(f"kernelscope: {exc}", file=sys.stderr)
        return 2
    # log_config=None: uvicorn keeps our handler (JSON or text), its access log included.
    # proxy_headers=False: uvicorn would believe X-Forwarded-For from loopback; the app
    # believes it only from `trusted_proxies` (backend/api/client_address.py).
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level="info",
        log_config=None,
        proxy_headers=False,
    )
    return 0


def _show(args: argparse.Namespace) -> int:
    with Store.open(args.data_dir) as store:
        result = store.load_result(args.run_id)
    if result is None:
        print(f"kernelscope: no run {args.run_id!r} in {args.data_dir}", file=sys.stderr)
        return 2
    print(result.model_dump_json(indent=2) if args.json else render(result))
    return 0 if result.status == "succeeded" else 1


def _run(args: argparse.Namespace) -> int:
    try:  # the command's settings, read once: the sandbox and time limit its flags name
        settings = load_client_settings(sandbox=args.sandbox, run_timeout_s=args.timeout)
    except BadSettings as exc:
        print(f"kernelscope: {exc}", file=sys.stderr)
        return 2
    if args.server:
        return suite.run_on_server(args, settings)
    try:  # bwrap: refused here if it cannot work
        setup = _worker_setup(args, settings)
    except SandboxUnavailable as exc:
        print(f"kernelscope: {exc}", file=sys.stderr)
        return 2
    if is_suite(args.snippet):
        return suite.run_here(args, setup, settings)
    return _run_one(args, setup)


def _worker_setup(args: argparse.Namespace, settings: ClientSettings) -> WorkerSetup:
    """`kernelscope run`'s worker: the settings' limits and host cache, on the flags'
    device and data directory; `bwrap` is refused here when bubblewrap cannot work."""
    require(settings.sandbox)
    return WorkerSetup(args.data_dir, args.device, settings.run_limits(), settings.cache_dir)


def _worker(args: argparse.Namespace) -> int:
    """`kernelscope worker`: its settings are read here (the environment, with the
    --sandbox flag's sandbox) and handed to the worker."""
    try:
        settings = load_worker_settings(sandbox=args.sandbox)
    except BadSettings as exc:
        print(f"kernelscope: {exc}", file=sys.stderr)
        return 2
    remote_cli.apply_settings(args, settings)
    refused = remote_cli.kind_refused(args.device_kind)
    if refused is not None:
        print(f"kernelscope: {refused}", file=sys.stderr)
        return 2
    return remote_cli.main(args, settings)


def _run_one(args: argparse.Namespace, setup: WorkerSetup) -> int:
    snippet = args.snippet[0]
    try:
        code = snippet.read_text()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"kernelscope: cannot read {snippet}: {exc}", file=sys.stderr)
        return 2
    # One shot: the run starts its own process (no spare would be used twice).
    sizes: list[int | None] = list(args.sizes) if args.sizes else [None]
    sweep_id = new_run_id() if args.sizes else None
    results = []
    with Store.open(args.data_dir) as store, interruptible() as interrupted:
        for size in sizes:
            if interrupted.is_set():
                break  # the rest of a sweep is never started
            run_id = store.create_run(
                code,
                title=args.title,
                size=size,
                sweep_id=sweep_id,
                compile_mode=args.compile_mode,
                measure=sorted(set(args.measure)),
                status="running",  # executed right here: a server must not claim it
                worker_id=cli_holder(),  # ... nor requeue it while this process lives
            )
            with progress(args.quiet, size) as on_progress:
                try:
                    run = execute_run(
                        store,
                        run_id,
                        setup,
                        size=size,
                        compile_mode=args.compile_mode,
                        measure=tuple(sorted(set(args.measure))),
                        stop=interrupted,
                        on_progress=on_progress,
                    )
                except ChildStopped:  # its process group is killed: record why it ended
                    record_interrupted(store, run_id, interrupted.signal_name)
                    break
                results.append(run)
    if results:
        _print_results(results, args.json, bool(args.sizes))
    if interrupted.is_set():
        print(f"kernelscope: interrupted ({interrupted.signal_name})", file=sys.stderr)
        return 128 + interrupted.signal_number
    return 0 if all(r.status == "succeeded" for r in results) else 1


def _print_results(results: list[RunResult], as_json: bool, sweep: bool) -> None:
    if as_json:
        documents = [r.model_dump_json(indent=2) for r in results]
        print(documents[0] if not sweep else "[\n" + ",\n".join(documents) + "\n]")
        return
    for result in results:
        print(render(result))
    if sweep:
        print("\nsweep:\n" + render_sweep(results))


if __name__ == "__main__":
    sys.exit(main())
