"""`kernelscope worker`: its arguments, its name, and the RQ loop that survives Redis going
away.

The worker's name is not its own choice: its token names it, and the worker asks the API
(`GET /api/worker/me`) before it starts. Only without accounts and without a token does it
name itself (`--name`, or HOST-KIND[-gpuN]).
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import signal
import socket
import sys
import time
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from backend.limits import SANDBOX_MODES, SandboxMode
from backend.worker import api_client, remote
from backend.worker.spares import spare_options
from backend.worker_protocol import KIND_PATTERN, WorkerIdentity

if TYPE_CHECKING:
    from rq import SimpleWorker

    from backend.settings import WorkerSettings

log = logging.getLogger("kernelscope.worker")
# The worker's settings (backend/settings.py's WorkerSettings) fill in what its flags leave
# out: the token (which keeps it out of `ps` output), the queue, Redis and the sandbox
# (bwrap unless told otherwise: a remote worker runs strangers' code).
TOKEN_ENV = "KERNELSCOPE_WORKER_TOKEN"
WORKER_SANDBOX: SandboxMode = "bwrap"


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    worker = commands.add_parser(
        "worker",
        help="execute runs for a Kernelscope API (queue=redis), one at a time, on one GPU",
        description="Join a Kernelscope API as a worker: needs outbound HTTP to the API and "
        "access to its Redis. One worker per GPU; each runs one snippet at a time.",
    )
    worker.add_argument("--api", required=True, metavar="URL", help="e.g. http://api:8000")
    worker.add_argument(
        "--token",
        help="a worker token; it names the worker (`kernelscope token create USER "
        f"--worker-name NAME`); default ${TOKEN_ENV}",
    )
    worker.add_argument(
        "--device-kind",
        help="the queue to serve, e.g. h100 (default $KERNELSCOPE_DEFAULT_DEVICE_KIND or cpu)",
    )
    worker.add_argument("--gpu", metavar="N", help="the GPU to use (CUDA_VISIBLE_DEVICES=N)")
    worker.add_argument(
        "--redis",
        metavar="URL",
        help="the API's Redis (default $KERNELSCOPE_REDIS_URL or redis://127.0.0.1:6379/0)",
    )
    worker.add_argument(
        "--device", choices=("auto", "cpu", "cuda"), help="default: cuda with --gpu"
    )
    worker.add_argument(
        "--sandbox",
        choices=SANDBOX_MODES,
        help=f"bubblewrap around every snippet (default $KERNELSCOPE_SANDBOX or {WORKER_SANDBOX}:"
        " a worker runs other people's code)",
    )
    worker.add_argument(
        "--name",
        help="only without accounts: unique per worker (default HOST-KIND-gpuN or HOST-KIND); "
        "with a token, the token names the worker and --name may only repeat that name",
    )
    worker.add_argument(
        "--work-dir",
        type=Path,
        help="runs, caches, undelivered reports (~/.kernelscope-worker/NAME)",
    )


def apply_settings(args: argparse.Namespace, settings: WorkerSettings) -> None:
    """Fill in what the flags left out from the worker's settings (the environment), once,
    before anything reads `args`."""
    if args.token is None and settings.worker_token:
        args.token = settings.worker_token
    args.device_kind = args.device_kind or settings.default_device_kind
    args.redis = args.redis or settings.redis_url
    args.sandbox = args.sandbox or settings.sandbox


def kind_refused(device_kind: str) -> str | None:
    """Why `--device-kind` is not a device kind's name, or None when it is."""
    if re.match(KIND_PATTERN, device_kind):
        return None
    return f"--device-kind {device_kind!r}: use a-z, 0-9, '_', '-' and '.'"


def main(args: argparse.Namespace, settings: WorkerSettings) -> int:
    """Serve the API as `args` say (completed by `apply_settings`), under `settings` (the
    CLI reads them once: the environment, with the --sandbox flag's sandbox)."""
    from backend.logs import setup_logging
    from backend.worker.sandbox import SandboxUnavailable
    from backend.worker.sandbox_policy import require

    setup_logging(settings.log_format)
    try:
        require(args.sandbox)
        name = worker_name(args, api_client.ApiClient(args.api, args.token))
    except (SandboxUnavailable, NameRefused) as exc:
        print(f"kernelscope: {exc}", file=sys.stderr)
        return 2
    config = _config(args, settings, name)
    where = (config.device_kind, config.api_url, _redacted(config.redis_url), config.work_dir)
    log.info("worker %s: serving queue %s of %s (Redis %s), work dir %s", config.name, *where)
    return work(config)


class NameRefused(Exception):
    """The API does not take this worker for the worker it would be: it cannot start."""


def worker_name(args: argparse.Namespace, client: api_client.ApiClient) -> str:
    """The name the API knows this worker by: its token's (the API is asked, patiently:
    it may be starting too); without a token and without accounts, its own."""
    identity = _identity(client)
    if identity.worker is None:
        return str(args.name or _default_name(args))
    kinds = identity.device_kinds
    if kinds is not None and args.device_kind not in kinds:  # the API would refuse each beat
        raise NameRefused(
            f"--device-kind {args.device_kind!r}, but the worker token may serve only "
            f"{', '.join(kinds)}: an admin binds its kinds (`kernelscope token kinds "
            f"{identity.user} ID ...` on the API host). Start it with --device-kind {kinds[0]}."
        )
    if args.name is not None and args.name != identity.worker:
        raise NameRefused(
            f"--name {args.name!r}, but the worker token names worker {identity.worker!r}: the "
            f"token decides. Drop --name, or use the token made for {args.name!r}."
        )
    return identity.worker


def _identity(client: api_client.ApiClient) -> WorkerIdentity:
    for delay in remote.backoff():
        try:
            return client.me()
        except api_client.ApiRefused as exc:
            raise NameRefused(
                f"the API at {client.base_url} refused this worker ({exc}). A worker needs a "
                "worker token of its own: `kernelscope token create USER --worker-name NAME` "
                f"on the API host, given here as ${TOKEN_ENV} or --token."
            ) from None
        except api_client.ApiUnreachable as exc:
            log.warning("asking the API who this worker is: %s; retrying in %.1f s", exc, delay)
            time.sleep(delay)
    raise AssertionError("not reached: the backoff never ends")


def _default_name(args: argparse.Namespace) -> str:
    host = socket.gethostname()
    return f"{host}-{args.device_kind}" + (f"-gpu{args.gpu}" if args.gpu else "")


def _config(
    args: argparse.Namespace, settings: WorkerSettings, name: str | None = None
) -> remote.WorkerConfig:
    name = name or args.name or _default_name(args)
    work_dir = args.work_dir or Path.home() / ".kernelscope-worker" / name
    device = args.device or ("cuda" if args.gpu is not None else "auto")
    return remote.WorkerConfig(
        api_url=args.api,
        token=args.token,
        device_kind=args.device_kind,
        redis_url=args.redis,
        work_dir=work_dir,
        name=name,
        device=device,
        gpu=args.gpu,
        limits=settings.run_limits(),  # its time limit is replaced by each run's, the API's
        spares=spare_options(settings, device),
        host_cache=settings.cache_dir,
    )


def work(config: remote.WorkerConfig) -> int:
    """Run jobs until SIGTERM/SIGINT (the run in progress finishes first; a second signal
    stops it at once). Redis going away only pauses taking jobs."""
    if config.gpu is not None:
        os.environ["CUDA_VISIBLE_DEVICES"] = config.gpu  # inherited by every run's child
    agent = remote.Agent(config)
    remote.install(agent)
    agent.start()
    try:
        return _rq_loop(config)
    finally:
        agent.stop()


class _Stop:
    requested = False  # set by SIGTERM/SIGINT, whether rq or we catch it


def _rq_worker(config: remote.WorkerConfig) -> SimpleWorker:
    """rq's worker that runs each job in this process (no fork: the snippet has a child
    process of its own), on this worker's own queue (`payload.worker_queue`: its device kind
    and name, the one the API hands its runs to). Jobs are loaded as JSON
    and run as `RunJob`: only `perform(run_id)`, whatever else Redis holds."""
    from redis import Redis
    from rq import Queue, SimpleWorker

    from backend.queue.payload import SERIALIZER, worker_queue
    from backend.worker.rq_job import RunJob

    class KernelscopeWorker(SimpleWorker):
        def request_stop(self, signum: int, frame: FrameType | None) -> None:
            _Stop.requested = True
            super().request_stop(signum, frame)  # type: ignore[no-untyped-call]

    connection = Redis.from_url(config.redis_url, socket_connect_timeout=5)
    queue = Queue(
        worker_queue(config.device_kind, config.name),
        connection=connection,
        job_class=RunJob,
        serializer=SERIALIZER,
    )
    return KernelscopeWorker(
        [queue],
        connection=connection,
        job_class=RunJob,
        serializer=SERIALIZER,
        log_job_description=False,
    )


def _rq_loop(config: remote.WorkerConfig) -> int:
    from redis.exceptions import RedisError

    delays = remote.backoff()
    while not _Stop.requested:
        try:
            _rq_worker(config).work(logging_level="WARNING", with_scheduler=False)
            delays = remote.backoff()
        except RedisError as exc:
            delay = next(delays)
            where = _redacted(config.redis_url)
            log.warning("Redis at %s: %s; retrying in %.1f s", where, exc, delay)
            _sleep_unless_stopped(delay)
            continue
        if not _Stop.requested:  # rq gave up on an error of its own: start over
            log.warning("the RQ loop ended (see above); starting it again")
            _sleep_unless_stopped(next(delays))
    log.info("worker %s: stopped", config.name)
    return 0


def _sleep_unless_stopped(seconds: float) -> None:
    def stop(_signum: int, _frame: FrameType | None) -> None:
        _Stop.requested = True

    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, stop)
    deadline = time.monotonic() + seconds
    while not _Stop.requested and time.monotonic() < deadline:
        time.sleep(0.1)


def _redacted(url: str) -> str:
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.rpartition('@')[2]}" if rest else url
