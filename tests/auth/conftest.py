"""Accounts on (`auth=accounts`): the real app through FastAPI's TestClient, with users and
tokens made through the storage API (the CLI has its own tests).

Most requests use API tokens (a SHA-256 lookup); only the sign-in tests pay for Argon2id.
No local worker runs: queued runs stay queued, finished ones are stored directly.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.settings import Settings
from backend.store import accounts
from backend.store.repository import Store
from backend.store.visibility import Visibility
from tests.store.factories import CODE, rich_result

PASSWORD = "correct horse battery"


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    # sandbox=none: these tests run no snippet, and the sandbox refuses to be "auto" with
    # accounts on where bubblewrap cannot run.
    return Settings(data_dir=tmp_path / "data", local_workers=0, auth="accounts", sandbox="none")


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def client_without_accounts(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings.model_copy(update={"auth": "none"}))) as test_client:
        yield test_client


@pytest.fixture
def store(client: TestClient) -> Store:
    opened: Store = client.app.state.context.store  # type: ignore[attr-defined]
    return opened


@dataclass
class Person:
    """One caller: a user with a user-scope API token, or nobody (token None)."""

    name: str
    user_id: int | None
    token: str | None
    client: TestClient

    def headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        auth = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        return {"Accept": "application/json", **auth, **(extra or {})}

    def request(self, method: str, url: str, **kwargs: Any) -> httpx2.Response:
        headers = self.headers(kwargs.pop("headers", None))
        # No cookies: each person is exactly their token (or nobody).
        self.client.cookies.clear()
        return self.client.request(method, url, headers=headers, **kwargs)

    def get(self, url: str, **kwargs: Any) -> httpx2.Response:
        return self.request("GET", url, **kwargs)


def make_person(client: TestClient, store: Store, name: str, *, admin: bool = False) -> Person:
    user_id = accounts.create_user(store, name, None, is_admin=admin)
    token = accounts.create_token(store, name, "tests").token
    return Person(name, user_id, token, client)


@pytest.fixture
def alice(client: TestClient, store: Store) -> Person:
    return make_person(client, store, "alice")


@pytest.fixture
def bob(client: TestClient, store: Store) -> Person:
    return make_person(client, store, "bob")


@pytest.fixture
def admin(client: TestClient, store: Store) -> Person:
    return make_person(client, store, "root", admin=True)


@pytest.fixture
def anonymous(client: TestClient) -> Person:
    return Person("anonymous", None, None, client)


@pytest.fixture
def worker_token(store: Store, admin: Person) -> str:
    return accounts.create_token(store, admin.name, "gpu-1", "worker", worker_name="gpu-1").token


def save_run(store: Store, owner: Person | None, visibility: Visibility, size: int = 1024) -> str:
    """A finished run (both variants, a trace download) by `owner`, seen by `visibility`."""
    run_id = store.create_run(
        CODE,
        size=size,
        owner_id=owner.user_id if owner else None,
        visibility=visibility,
    )
    queued = store.load_result(run_id)
    assert queued is not None
    result = rich_result(run_id, size=size).model_copy(update={"created_at": queued.created_at})
    trace = ("eager_trace", "eager_trace.json.gz", b'{"traceEvents": []}', "application/gzip")
    store.save_result(result, CODE, [trace])
    return run_id
