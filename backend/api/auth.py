"""Who is asking, and whether they may: identity for every request when accounts are on.

`AuthGate` (ASGI middleware, installed only with `auth=accounts`) resolves the caller of
every HTTP request once, before any route runs, and refuses what is not allowed, so a
route that forgets a check still cannot be reached anonymously. Identity comes from, in
this order:

1. `Authorization: Bearer TOKEN`: an API token (scope `user` or `worker`); a bad one is
   refused, never silently treated as anonymous. Exempt from CSRF checks: browsers never
   attach it on their own.
2. The trusted identity header (`trusted_user_header`, off by default), set by an
   authenticating reverse proxy; an unknown name is refused (accounts stay an admin's
   decision). Ambient like a cookie, so unsafe requests need the CSRF header.
3. The session cookie from `/api/login`. Unsafe requests need `X-CSRF-Token` equal to the
   session's CSRF token (`GET /api/me`, also in the readable `ks_csrf` cookie).

Open without authentication: the sign-in page and API, health, the static files the
sign-in page needs, and GET requests for a run whose visibility is `public` (its page
`/r/{run_id}` and every GET route under `/api/runs/{run_id}`), plus the static files that
page needs (HEAD reaches the gate as GET: `web_security.HeadAsGet`). Everything else
answers 401 (API, kind `not_authenticated`) or redirects a browser to `/login?next=...`.
Worker-scope tokens may use only `/api/worker/*`, and only they may.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Annotated, Literal
from urllib.parse import quote

from anyio import to_thread
from fastapi import Depends, FastAPI, Request
from fastapi.routing import iter_route_contexts
from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.responses import RedirectResponse, Response
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send

from backend.api.context import AppContext, get_context
from backend.api.errors import ApiError, ErrorBody, error_response
from backend.api.web_security import safe_next
from backend.store import accounts
from backend.store.accounts import Principal
from backend.store.ownership import run_access
from backend.store.visibility import EVERYONE, Viewer

SESSION_COOKIE = "ks_session"
CSRF_COOKIE = "ks_csrf"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
WORKER_PREFIX = "/api/worker"
LOGIN_PAGE, LOGIN_API = "/login", "/api/login"
# Reachable by anyone. The static files are the sign-in page's and the public run page's
# code, the same as in the repository: no data.
OPEN_PATHS = frozenset({LOGIN_PAGE, LOGIN_API, "/healthz"})
# boot.js is first in every page's <head> (it says so when the page's scripts fail to load).
LOGIN_ASSETS = frozenset(
    {"/static/app.css", "/static/boot.js", "/static/api.js", "/static/ui.js", "/static/login.js"}
)
RUN_PAGE_ASSETS = frozenset(
    {
        "/static/run.js",
        "/static/account.js",
        "/static/ownership.js",
        "/static/dist/editor.js",
        "/static/vendor/plotly.min.js",
    }
)
# The run page's panels (frontend/static/run/*.js): a plain file name, so no `..` or `/`
# can reach past the folder to a file that is not open.
RUN_PAGE_PANELS = re.compile(r"/static/run/[a-z0-9_]+\.js")
# Route templates a public run may be read through anonymously (GET and HEAD only).
PUBLIC_RUN_PAGE = "/r/{run_id}"
PUBLIC_RUN_API = "/api/runs/{run_id}"

Via = Literal["session", "token", "header"]


@dataclass(frozen=True)
class Identity:
    """The caller of one request: nobody (principal None), or who, and how they proved it."""

    principal: Principal | None = None
    via: Via | None = None
    csrf_token: str | None = None  # what X-CSRF-Token must equal (session or header callers)
    problem: str | None = None  # why the credentials sent were refused

    @property
    def worker(self) -> bool:
        return self.principal is not None and self.principal.scope == "worker"


def is_open_path(path: str) -> bool:
    return (
        path in OPEN_PATHS
        or path in LOGIN_ASSETS
        or path in RUN_PAGE_ASSETS
        or RUN_PAGE_PANELS.fullmatch(path) is not None
    )


def is_worker_path(path: str) -> bool:
    return path == WORKER_PREFIX or path.startswith(WORKER_PREFIX + "/")


def is_public_run_template(template: str) -> bool:
    return template in (PUBLIC_RUN_PAGE, PUBLIC_RUN_API) or template.startswith(
        PUBLIC_RUN_API + "/"
    )


# ---- resolving the caller -------------------------------------------------------------


def resolve_identity(context: AppContext, headers: Headers, cookies: dict[str, str]) -> Identity:
    """Blocking (SQLite): the gate runs it in a worker thread."""
    authorization = headers.get("authorization")
    if authorization:
        return _bearer(context, authorization)
    header = context.settings.trusted_user_header
    if header and headers.get(header):
        return _trusted_header(context, header, headers[header].strip(), cookies)
    raw = cookies.get(SESSION_COOKIE)
    found = accounts.get_session(context.store, raw) if raw else None
    if found is None:
        return Identity()  # no cookie, or an expired or signed-out one
    principal, csrf_token = found
    return Identity(principal, "session", csrf_token)


def _bearer(context: AppContext, authorization: str) -> Identity:
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return Identity(problem="The Authorization header must be `Bearer TOKEN`.")
    principal = accounts.verify_token(context.store, token.strip())
    if principal is None:
        return Identity(problem="The API token is unknown or revoked.")
    return Identity(principal, "token")


def _trusted_header(
    context: AppContext, header: str, name: str, cookies: dict[str, str]
) -> Identity:
    principal = accounts.principal_by_name(context.store, name)
    if principal is None and accounts.is_disabled(context.store, name):
        return Identity(
            problem=f"{header} names {name!r}, who is disabled: an admin lets them back in "
            f"with `kernelscope user enable {name}`."
        )
    if principal is None:
        return Identity(
            problem=f"{header} names {name!r}, who has no account here: an admin creates "
            f"it with `kernelscope user add {name} --no-password`."
        )
    # No server-side session to keep a CSRF token in: double submit, the ks_csrf cookie
    # (set by GET /api/me) must come back as the header.
    return Identity(principal, "header", cookies.get(CSRF_COOKIE))


# ---- the gate -----------------------------------------------------------------------


class AuthGate:
    """Resolve the caller of every HTTP request; refuse what it may not do. The identity is
    left in `request.state.identity` for the routes."""

    def __init__(self, app: ASGIApp, context: AppContext) -> None:
        self.app, self.context = app, context

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # none today; a future one is not left open
            await self._websocket(scope, receive, send)
            return
        if scope["type"] != "http":  # lifespan
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        identity, refusal = await to_thread.run_sync(self._decide, request)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        scope.setdefault("state", {})["identity"] = identity
        await self.app(scope, receive, send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        connection = HTTPConnection(scope)
        identity = await to_thread.run_sync(
            resolve_identity, self.context, connection.headers, connection.cookies
        )
        if identity.principal is None:
            await send({"type": "websocket.close", "code": 1008})  # policy violation
            return
        scope.setdefault("state", {})["identity"] = identity
        await self.app(scope, receive, send)

    def _decide(self, request: Request) -> tuple[Identity, Response | None]:
        identity = resolve_identity(self.context, request.headers, request.cookies)
        path = request.url.path
        if is_open_path(path):
            return identity, None
        if identity.problem is not None:
            return identity, _unauthenticated(request, identity.problem)
        if identity.principal is None:
            if self._public_run_read(request):
                return identity, None
            return identity, _unauthenticated(request)
        return identity, _scope_refusal(identity, path) or _csrf_refusal(request, identity)

    def _public_run_read(self, request: Request) -> bool:
        if request.method not in ("GET", "HEAD"):
            return False
        template, params = _route_of(request.app, request.scope)
        if template is None or not is_public_run_template(template):
            return False
        access = run_access(self.context.store, params.get("run_id", ""))
        return access is not None and access.visibility == "public"


def _route_of(app: FastAPI, scope: Scope) -> tuple[str | None, dict[str, str]]:
    """The template of the route that will answer, by the app's own matching, in order
    (FastAPI keeps included routers nested: iter_route_contexts flattens them)."""
    for route in iter_route_contexts(app.routes):
        match, child = route.matches(scope)
        if match == Match.FULL:
            return route.path, dict(child.get("path_params", {}))
    return None, {}


def _unauthenticated(request: Request, problem: str | None = None) -> Response:
    if problem is None and _is_navigation(request):
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        # "//host/..." reaches this server, but as `next` it would name another one.
        next_path = quote(safe_next(target), safe="")
        return RedirectResponse(f"{LOGIN_PAGE}?next={next_path}", status_code=303)
    message = problem or (
        "Sign in first: open /login in a browser, or send an API token as "
        "`Authorization: Bearer TOKEN` (an admin makes one with `kernelscope token create`)."
    )
    response = error_response(ErrorBody(status=401, kind="not_authenticated", message=message))
    response.headers["WWW-Authenticate"] = 'Bearer realm="kernelscope"'
    return response


def _is_navigation(request: Request) -> bool:
    """A browser opening a page (not a script calling the API): send it to sign in."""
    return (
        request.method in ("GET", "HEAD")
        and "text/html" in request.headers.get("accept", "")
        and not request.url.path.startswith("/api/")
    )


def _scope_refusal(identity: Identity, path: str) -> Response | None:
    if identity.worker and not is_worker_path(path):
        message = "A worker token may only call /api/worker/* routes; use a user token here."
        return _forbidden("wrong_token_scope", message)
    if not identity.worker and is_worker_path(path):
        message = "Only a worker token (`kernelscope token create NAME --worker`) may call this."
        return _forbidden("wrong_token_scope", message)
    return None


def _csrf_refusal(request: Request, identity: Identity) -> Response | None:
    if request.method in SAFE_METHODS or identity.via == "token":
        return None
    sent = request.headers.get(CSRF_HEADER, "")
    if identity.csrf_token and sent and secrets.compare_digest(sent, identity.csrf_token):
        return None
    message = (
        f"Missing or wrong {CSRF_HEADER} header: send the csrf_token from GET /api/me "
        "(the pages do; reload the page), or use an API token."
    )
    return _forbidden("csrf_failed", message)


def _forbidden(kind: str, message: str) -> Response:
    return error_response(ErrorBody(status=403, kind=kind, message=message))


def install(app: FastAPI, context: AppContext) -> None:
    """Switch the gate on when accounts are; without them every route stays open."""
    if context.settings.auth == "accounts":
        app.add_middleware(AuthGate, context=context)


# ---- what routes use -------------------------------------------------------------------


def current_identity(request: Request) -> Identity:
    identity: Identity = getattr(request.state, "identity", Identity())
    return identity


def accounts_on(request: Request) -> bool:
    return get_context(request).settings.auth == "accounts"


def current_principal(request: Request) -> Principal | None:
    """The caller, or None (no accounts, or an anonymous reader of a public run)."""
    return current_identity(request).principal


def current_viewer(request: Request) -> Viewer:
    if not accounts_on(request):
        return EVERYONE  # one user, who sees everything
    return _viewer_of(current_principal(request))


def fresh_viewer(request: Request) -> Viewer:
    """Blocking (SQLite). The caller as visibility sees them now, their credentials looked
    up again: for a response that stays open (an event stream), which must stop when they
    sign out, are disabled or lose their token."""
    context = get_context(request)
    if context.settings.auth != "accounts":
        return EVERYONE
    identity = resolve_identity(context, request.headers, request.cookies)
    return _viewer_of(identity.principal)


def _viewer_of(principal: Principal | None) -> Viewer:
    if principal is None:
        return Viewer()
    return Viewer(user_id=principal.user_id, sees_everything=principal.is_admin)


def require_user(request: Request) -> Principal | None:
    """A signed-in user or a user token (None when accounts are off). The gate already
    enforces this; declaring it documents the route and guards against gate changes."""
    return _require(request, "user")


def require_worker(request: Request) -> Principal | None:
    """A worker-scope token (None when accounts are off), for /api/worker/* routes."""
    return _require(request, "worker")


def _require(request: Request, scope: Literal["user", "worker"]) -> Principal | None:
    if not accounts_on(request):
        return None
    principal = current_principal(request)
    if principal is None:
        raise ApiError(401, "not_authenticated", "Sign in first, or send an API token.")
    if principal.scope != scope:
        raise ApiError(403, "wrong_token_scope", f"This route needs a {scope} token.")
    return principal


Caller = Annotated[Principal | None, Depends(current_principal)]
Reader = Annotated[Viewer, Depends(current_viewer)]
UserCaller = Annotated[Principal | None, Depends(require_user)]
WorkerCaller = Annotated[Principal | None, Depends(require_worker)]
