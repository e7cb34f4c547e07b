"""Accounts on (`auth=accounts`): the root conftest's `client` and `app_store` on an app with
accounts, and its callers, with users and tokens made through the storage API (the CLI has
its own tests).

Most requests use API tokens (a SHA-256 lookup); only the sign-in tests pay for Argon2id.
No local worker runs: queued runs stay queued, finished ones are stored directly.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.settings import Settings
from backend.store import accounts
from backend.store.repository import Store
from tests.auth.people import Person, make_person


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The root `settings` with accounts on. sandbox=none: these tests run no snippet, and the
    sandbox refuses to be "auto" with accounts on where bubblewrap cannot run."""
    return Settings(data_dir=tmp_path / "data", local_workers=0, auth="accounts", sandbox="none")


@pytest.fixture
def client_without_accounts(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings.model_copy(update={"auth": "none"}))) as test_client:
        yield test_client


@pytest.fixture
def alice(client: TestClient, app_store: Store) -> Person:
    return make_person(client, app_store, "alice")


@pytest.fixture
def bob(client: TestClient, app_store: Store) -> Person:
    return make_person(client, app_store, "bob")


@pytest.fixture
def admin(client: TestClient, app_store: Store) -> Person:
    return make_person(client, app_store, "root", admin=True)


@pytest.fixture
def anonymous(client: TestClient) -> Person:
    return Person("anonymous", None, None, client)


@pytest.fixture
def worker_token(app_store: Store, admin: Person) -> str:
    return accounts.create_token(
        app_store, admin.name, "gpu-1", "worker", worker_name="gpu-1", device_kinds=["cpu"]
    ).token
