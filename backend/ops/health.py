"""Readiness checks behind /healthz: can this API process do its job right now?

Each check returns a short word for the response ("ok", "local") or raises `NotReady`
naming what is wrong, so /healthz can answer 503 with the one error shape.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from backend.settings import Settings
from backend.store.operations import read_one_run
from backend.store.repository import Store

REDIS_TIMEOUT_S = 2.0  # a health probe must answer well within the orchestrator's timeout


class NotReady(Exception):
    """A dependency this process needs is unreachable; the message says which and why."""


def check_database(store: Store) -> str:
    """Read the runs table: proves the file opens, is migrated, and is not locked solid."""
    try:
        read_one_run(store)
    except Exception as exc:
        raise NotReady(f"the database is unreachable ({type(exc).__name__}: {exc})") from exc
    return "ok"


def check_queue(settings: Settings) -> str:
    """With queue=redis, PING Redis; the local queue lives in the database checked above."""
    if settings.queue != "redis":
        return "local"
    import redis  # only needed, and only installed for, queue=redis deployments

    client = redis.Redis.from_url(
        settings.redis_url,
        socket_connect_timeout=REDIS_TIMEOUT_S,
        socket_timeout=REDIS_TIMEOUT_S,
    )
    try:
        client.ping()
    except redis.RedisError as exc:
        where = _without_password(settings.redis_url)
        raise NotReady(f"Redis at {where} is unreachable ({type(exc).__name__}: {exc})") from exc
    finally:
        client.close()
    return "ok"


def _without_password(url: str) -> str:
    """redis://:secret@host:6379/0 -> redis://host:6379/0: messages end up in logs."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.rpartition('@')[2]}" if rest else url


def readiness(store: Store, settings: Settings) -> dict[str, str]:
    """Every check's word; NotReady with every failure's message when any fails."""
    checks: dict[str, Callable[[], str]] = {
        "database": partial(check_database, store),
        "queue": partial(check_queue, settings),
    }
    results: dict[str, str] = {}
    problems: list[str] = []
    for name, check in checks.items():
        try:
            results[name] = check()
        except NotReady as exc:
            problems.append(str(exc))
    if problems:
        raise NotReady("; ".join(problems))
    return results
