"""The address a request came from, for the per-address stream cap.

The connection's own address, unless it is a proxy named in `trusted_proxies`: then the
nearest address in `X-Forwarded-For` that is not one of those proxies. A header from
anyone else is ignored, since every client can write one: uvicorn's default believed it
from loopback, so on a host with a local proxy 300 streams with made-up addresses were
each counted as a different client.
"""

from __future__ import annotations

from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address

from starlette.requests import HTTPConnection

Network = IPv4Network | IPv6Network
MAX_ADDRESS_CHARS = 64  # an IPv6 address with a zone fits; longer is not an address


def client_address(connection: HTTPConnection, trusted: list[Network]) -> str:
    peer = connection.client.host if connection.client is not None else "unknown"
    if not _is_trusted(peer, trusted):
        return peer
    hops = ",".join(connection.headers.getlist("x-forwarded-for")).split(",")
    # Each proxy appends the address it was reached from: read from the nearest hop back,
    # and stop at the first that no trusted proxy vouches for.
    listed = [hop.strip() for hop in hops if hop.strip()]
    for hop in reversed(listed):
        if not _is_trusted(hop, trusted):
            return hop[:MAX_ADDRESS_CHARS]
    return listed[0] if listed else peer  # a client that is itself one of the proxies


def _is_trusted(address: str, trusted: list[Network]) -> bool:
    parsed = _parsed(address)
    return parsed is not None and any(parsed in network for network in trusted)


def _parsed(address: str) -> IPv4Address | IPv6Address | None:
    try:
        return ip_address(address)
    except ValueError:  # "testclient", a name, garbage
        return None
