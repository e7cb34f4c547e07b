"""The queue with the real app (TestClient) and, for queue=redis, a real redis-server
(tests/queue/api_cluster.py says what a `Cluster` is).

This directory has no __init__.py on purpose: as a package it would be imported as `queue`,
which is the standard library's module of that name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.store.repository import Store
from tests.helpers import app_context
from tests.queue.api_cluster import Cluster, add_people, make_settings
from tests.queue.redis_server import RedisServer


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path / "redis").start()
    yield server
    server.stop()


@pytest.fixture
def cluster_factory(tmp_path: Path, redis_server: RedisServer) -> Iterator[Callable[..., Cluster]]:
    opened: list[TestClient] = []

    tokens: dict[str, str] = {}
    worker_tokens: dict[str, str] = {}  # shared by restarts: the same database

    def make(users: tuple[str, ...] = ("alice", "bob"), **overrides: Any) -> Cluster:
        """The API on the test's data directory; a second call is a restart (same people)."""
        settings = make_settings(tmp_path / "data", redis_server, **overrides)
        if not tokens:
            with Store.open(settings.data_dir) as store:
                tokens.update(add_people(store, list(users)))
        client = TestClient(create_app(settings))
        client.__enter__()
        opened.append(client)
        store = app_context(client).store
        return Cluster(client, store, redis_server, tokens, worker_tokens)

    yield make
    for client in opened:
        client.__exit__(None, None, None)


@pytest.fixture
def cluster(cluster_factory: Callable[..., Cluster]) -> Cluster:
    return cluster_factory()
