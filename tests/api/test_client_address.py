"""Which address a stream counts against: X-Forwarded-For is believed only
from the proxies named in `trusted_proxies`, and signed-in users count per user."""

from __future__ import annotations

from contextlib import ExitStack

import pytest
from starlette.requests import HTTPConnection

from backend.api.client_address import client_address
from backend.api.errors import ApiError
from backend.api.streams import StreamSlots
from backend.settings import BadSettings, Settings, load_settings


def connection(peer: str, forwarded: list[str]) -> HTTPConnection:
    headers = [(b"x-forwarded-for", value.encode()) for value in forwarded]
    return HTTPConnection({"type": "http", "client": (peer, 50000), "headers": headers})


def networks(listed: str) -> Settings:
    return Settings(trusted_proxies=listed)


@pytest.mark.parametrize("peer", ["127.0.0.1", "::1", "10.0.0.5"])
def test_without_trusted_proxies_the_header_is_ignored(peer: str) -> None:
    assert client_address(connection(peer, ["203.0.113.9"]), []) == peer


def test_a_trusted_proxy_names_the_client() -> None:
    trusted = networks("127.0.0.1, 10.0.0.0/8").proxy_networks()
    # A client's own made-up entry comes first; the proxies append what they saw.
    seen = connection("10.0.0.2", ["6.6.6.6, 198.51.100.7", "10.0.0.1"])
    assert client_address(seen, trusted) == "198.51.100.7"
    assert client_address(connection("127.0.0.1", []), trusted) == "127.0.0.1"
    assert client_address(connection("192.0.2.1", ["6.6.6.6"]), trusted) == "192.0.2.1"


def test_a_bad_proxy_address_is_refused_naming_it() -> None:
    with pytest.raises(BadSettings, match=r"'10\.0\.0\.0/33' is not an IP address or network"):
        load_settings(trusted_proxies="127.0.0.1,10.0.0.0/33")


def test_signed_in_users_count_per_user_not_per_address() -> None:
    slots = StreamSlots(per_user=2, per_address=1)
    same_address = "10.0.0.1"
    with ExitStack() as stack:
        for user in ("alice", "alice", "bob", None):
            stack.enter_context(slots.held(user, same_address))
        with pytest.raises(ApiError, match=r"Address 10\.0\.0\.1"), slots.held(None, same_address):
            pass
        with pytest.raises(ApiError, match="User 'alice'"), slots.held("alice", "10.0.0.2"):
            pass
        assert slots.open == 4
    assert slots.open == 0
