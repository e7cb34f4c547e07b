"""What the server promises browsers on every response, and where it may send them.

- `SecurityHeaders`: a Content-Security-Policy that allows script only from files of this
  server (no inline script, no eval), no framing (`frame-ancestors 'none'` and
  X-Frame-Options), nosniff, and a Referrer-Policy that keeps run ids on this site. It
  wraps the whole app, outside Starlette's error middleware, so a 500 carries them too.
- `HeadAsGet`: HEAD is GET without the body (RFC 9110), for every route that has GET,
  before the auth gate sees the request, so the gate and the routes treat both alike.
- Redirects name paths of this server, never a host: `safe_next` checks `?next=` after
  sign-in, and the trailing-slash redirect is relative (Starlette's is built from the
  client's Host header).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

import anyio
from fastapi import FastAPI
from starlette.datastructures import MutableHeaders
from starlette.responses import RedirectResponse
from starlette.routing import Match, Router
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# style-src: Plotly and CodeMirror add <style> elements and style attributes at run time.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",  # the pages' empty favicon, Swagger UI's and Plotly's icons
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",  # for browsers that predate frame-ancestors
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # a private run's URL never reaches another site
    "Cross-Origin-Opener-Policy": "same-origin",
}
# Browsers drop tab, CR and LF anywhere in a URL, read "\" as "/" and "///host" as "//host"
# (WHATWG URL parsing, which Python's urllib does not follow): refuse what they would
# reinterpret rather than guess.
_AMBIGUOUS = re.compile(r"[\x00-\x1f\x7f\\]")
_ORIGIN = "http://kernelscope.invalid"  # any origin: only "did the target leave it" matters


def is_same_site_path(target: str) -> bool:
    """True when `target`, resolved against this server's URL, stays on this server."""
    if _AMBIGUOUS.search(target) or not target.startswith("/") or target.startswith("//"):
        return False
    resolved = urlsplit(urljoin(_ORIGIN + "/", target))
    return f"{resolved.scheme}://{resolved.netloc}" == _ORIGIN


def safe_next(target: str | None) -> str:
    """Where to send a browser after sign-in: `target` when it is a path on this site,
    else the home page."""
    return target if target and is_same_site_path(target) else "/"


class SecurityHeaders:
    """Add SECURITY_HEADERS to every HTTP response (a route's own value wins)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


_DISCONNECT: Message = {"type": "http.disconnect"}


class HeadAsGet:
    """Answer HEAD with the GET route's status and headers and no body. Once the headers
    are out, the app is told the client left, so an endless stream (a queued run's
    events) stops instead of running on unseen."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return
        answered = anyio.Event()

        async def send_headers_only(message: Message) -> None:
            if answered.is_set():
                return
            if message["type"] == "http.response.start":
                await send(message)
            elif message["type"] == "http.response.body":
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                answered.set()

        async def receive_until_answered() -> Message:
            return await _first_of(receive, answered)

        await self.app({**scope, "method": "GET"}, receive_until_answered, send_headers_only)


async def _first_of(receive: Receive, answered: anyio.Event) -> Message:
    """The client's next message, or a disconnect once the answer is complete."""
    message = _DISCONNECT
    async with anyio.create_task_group() as group:

        async def from_client() -> None:
            nonlocal message
            message = await receive()
            group.cancel_scope.cancel()

        group.start_soon(from_client)
        await answered.wait()
        group.cancel_scope.cancel()
    return message


def relative_slash_redirect(router: Router) -> ASGIApp:
    """The router's fallback: `/runs/` -> `/runs` (and the other way) when only the other
    spelling has a route, as a relative Location; otherwise the usual 404."""

    async def fallback(scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        other = path.rstrip("/") if path.endswith("/") else path + "/"
        if scope["type"] == "http" and path != "/" and _has_route(router, {**scope, "path": other}):
            location = quote(other)
            if scope.get("query_string"):
                location += "?" + scope["query_string"].decode("latin-1")
            if is_same_site_path(location):
                await RedirectResponse(location)(scope, receive, send)
                return
        await router.not_found(scope, receive, send)

    return fallback


def _has_route(router: Router, scope: Scope) -> bool:
    return any(route.matches(scope)[0] != Match.NONE for route in router.routes)


class KernelscopeApp(FastAPI):
    """FastAPI with SecurityHeaders and HeadAsGet outside everything, error pages included,
    and slash redirects that never name a host."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, redirect_slashes=False, **kwargs)
        self.router.default = relative_slash_redirect(self.router)

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(HeadAsGet(super().build_middleware_stack()))
