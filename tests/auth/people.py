"""The callers of the auth tests: each person is exactly a user and their API token."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx2
from fastapi.testclient import TestClient

from backend.store import accounts
from backend.store.repository import Store

PASSWORD = "correct horse battery"


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
