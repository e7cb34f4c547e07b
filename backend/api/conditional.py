"""Conditional GET (RFC 9110) for what no longer changes: a finished run's document and figures.

The ETag is a hash of the exact bytes the response carries, so a 304 is never wrong: there
is no version to keep in step with the data. Routes answer only after checking that the
caller may read the run, so a caller who may not gets the same 404 whatever ETag they send.

`Cache-Control: private, no-cache`: a browser keeps the body and asks again with
If-None-Match each time (a 304 has no body, and the page gets the kept one); a shared cache
never keeps it, because what a response holds depends on who asked (links, private runs).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from fastapi import Request, Response

# For the OpenAPI description of a route that answers conditional requests.
NOT_MODIFIED: dict[int | str, dict[str, Any]] = {
    304: {"description": "Not Modified: If-None-Match named this ETag; no body"}
}
REVALIDATE = "private, no-cache"
NO_STORE = "no-store"  # still changing: progress, elapsed time
_ENTITY_TAG = re.compile(r'(?:W/)?"[^"]*"')


@dataclass(frozen=True)
class Tagged:
    """A response body with its ETag, computed once and kept with it."""

    body: bytes
    etag: str

    @classmethod
    def of(cls, body: bytes) -> Tagged:
        return cls(body, '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"')


def matches(if_none_match: str | None, etag: str) -> bool:
    """Whether If-None-Match names `etag` (weak comparison: `W/` ignored; `*`: any)."""
    if not if_none_match:
        return False
    if if_none_match.strip() == "*":
        return True
    return any(tag.removeprefix("W/") == etag for tag in _ENTITY_TAG.findall(if_none_match))


def conditional(request: Request, tagged: Tagged, media_type: str = "application/json") -> Response:
    """200 with the body, or 304 without it when the client already holds these bytes."""
    headers = {"ETag": tagged.etag, "Cache-Control": REVALIDATE}
    if matches(request.headers.get("if-none-match"), tagged.etag):
        return Response(status_code=304, headers=headers)
    return Response(tagged.body, media_type=media_type, headers=headers)


def uncached(body: bytes, media_type: str = "application/json") -> Response:
    """A body that will be different next time: nobody keeps it."""
    return Response(body, media_type=media_type, headers={"Cache-Control": NO_STORE})
