"""Signing in and out, who am I, and my API tokens; the sign-in and account pages.

`POST /api/login` sets two cookies: `ks_session` (HttpOnly, SameSite=Lax, Secure with
`secure_cookies`) carries the session, `ks_csrf` (readable by the pages' scripts) the
session's CSRF token that unsafe requests send back as `X-CSRF-Token`.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from backend.api.auth import (
    CSRF_COOKIE,
    SESSION_COOKIE,
    Identity,
    accounts_on,
    current_identity,
    require_user,
)
from backend.api.context import AppContext, Context
from backend.api.errors import ApiError, ErrorResponse
from backend.api.pages import page
from backend.api.web_security import safe_next
from backend.settings import Settings
from backend.store import accounts
from backend.store.accounts import AccountError, Principal, TokenInfo

_ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorResponse} for code in (400, 401, 403, 404, 422)
}
router = APIRouter(prefix="/api", tags=["accounts"], responses=_ERRORS)
pages_router = APIRouter(include_in_schema=False)
SignedIn = Annotated[Principal | None, Depends(require_user)]


class LoginRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=200)
    password: str = Field(min_length=1, max_length=1000)


class Account(BaseModel):
    name: str
    is_admin: bool


class Me(BaseModel):
    auth: Literal["none", "accounts"] = Field(description="none: no accounts, all open")
    user: Account | None = Field(description="null when accounts are off")
    via: Literal["session", "token", "header"] | None = Field(
        description="how the caller proved who they are"
    )
    csrf_token: str | None = Field(
        description="send as X-CSRF-Token on POST, PATCH and DELETE (session and header callers)"
    )


class TokenRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str = Field(default="api", min_length=1, max_length=100)
    worker: bool = Field(default=False, description="a worker-scope token (admins only)")
    worker_name: str | None = Field(
        default=None,
        max_length=100,
        description="the one worker a worker token acts as (default: the label)",
    )
    device_kinds: list[str] | None = Field(
        default=None,
        max_length=32,
        description="worker tokens, required: the device kinds it may serve, e.g. ['h100']",
    )


class CreatedToken(BaseModel):
    id: int
    label: str
    scope: accounts.TokenScope
    token: str = Field(description="shown this once: only its hash is stored")


@router.post("/login", response_model=Me, responses={401: {"model": ErrorResponse}})
def login(body: LoginRequest, request: Request, response: Response, context: Context) -> Me:
    """Sign in with a name and password: sets the session cookie. The same answer for an
    unknown name and a wrong password."""
    _accounts_required(context.settings)
    # A form on another site cannot send JSON without a CORS preflight, which we never
    # grant: refusing other content types stops sign-in forgery (login CSRF).
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise ApiError(415, "unsupported_media_type", "Send the sign-in as application/json.")
    with context.password_checks.held():  # each Argon2id hash takes 64 MiB
        principal = accounts.check_password(context.store, body.name, body.password)
    if principal is None:
        raise ApiError(401, "login_failed", "Wrong user name or password.")
    lifetime = timedelta(hours=context.settings.session_hours)
    raw, csrf_token = accounts.create_session(context.store, principal.user_id, lifetime)
    _set_cookie(response, context.settings, SESSION_COOKIE, raw, http_only=True)
    _set_cookie(response, context.settings, CSRF_COOKIE, csrf_token, http_only=False)
    return Me(auth="accounts", user=_account(principal), via="session", csrf_token=csrf_token)


@router.post("/logout", status_code=204, response_class=Response)
def logout(request: Request, context: Context) -> Response:
    """Sign out: the session ends on the server, and both cookies are cleared."""
    raw = request.cookies.get(SESSION_COOKIE)
    if raw:
        accounts.delete_session(context.store, raw)
    response = Response(status_code=204)
    for name in (SESSION_COOKIE, CSRF_COOKIE):
        response.delete_cookie(name, path="/", secure=context.settings.secure_cookies)
    return response


@router.get("/me", response_model=Me)
def me(request: Request, response: Response, context: Context) -> Me:
    """Who is signed in, and the CSRF token the pages send with unsafe requests."""
    if not accounts_on(request):
        return Me(auth="none", user=None, via=None, csrf_token=None)
    identity = current_identity(request)
    principal = identity.principal
    if principal is None:  # the gate lets no one through here anonymously
        raise ApiError(401, "not_authenticated", "Sign in first.")
    return Me(
        auth="accounts",
        user=_account(principal),
        via=identity.via,
        csrf_token=_csrf_token_for(identity, response, context.settings),
    )


def _csrf_token_for(identity: Identity, response: Response, settings: Settings) -> str | None:
    if identity.via == "session":
        return identity.csrf_token
    if identity.via == "header":  # double submit: hand out the cookie the header must match
        token = identity.csrf_token or secrets.token_urlsafe(32)
        _set_cookie(response, settings, CSRF_COOKIE, token, http_only=False)
        return token
    return None  # bearer tokens need none


@router.get("/tokens", response_model=list[TokenInfo])
def list_tokens(principal: SignedIn, context: Context) -> list[TokenInfo]:
    """My API tokens (never the tokens themselves: only their hashes are stored)."""
    return accounts.list_tokens(context.store, _signed_in(principal, context).name)


@router.post("/tokens", status_code=201, response_model=CreatedToken)
def create_token(body: TokenRequest, principal: SignedIn, context: Context) -> CreatedToken:
    """A new API token for me, shown once. Worker tokens: admins only."""
    user = _signed_in(principal, context)
    if body.worker and not user.is_admin:
        raise ApiError(403, "admin_only", "Only an admin may create worker tokens.")
    scope: accounts.TokenScope = "worker" if body.worker else "user"
    worker_name = (body.worker_name or body.label) if body.worker else body.worker_name
    try:
        created = accounts.create_token(
            context.store,
            user.name,
            body.label,
            scope,
            worker_name=worker_name,
            device_kinds=body.device_kinds,
        )
    except AccountError as exc:
        raise ApiError(422, "invalid_token_request", str(exc), field="worker_name") from None
    return CreatedToken(id=created.id, label=body.label, scope=scope, token=created.token)


# a row id: SQLite's INTEGER is signed 64-bit, and a larger number cannot even be looked up
TokenId = Annotated[int, Path(ge=1, le=2**63 - 1, description="the token's id (token list)")]


@router.delete("/tokens/{token_id}", status_code=204, response_class=Response)
def revoke_token(token_id: TokenId, principal: SignedIn, context: Context) -> Response:
    """Revoke one of my tokens: it stops working at once."""
    user = _signed_in(principal, context)
    try:
        accounts.revoke_token(context.store, user.name, token_id)
    except AccountError:
        raise ApiError(404, "token_not_found", f"You have no API token {token_id}.") from None
    return Response(status_code=204)


@pages_router.get("/login")
def login_page(
    request: Request, next_path: Annotated[str | None, Query(alias="next")] = None
) -> Response:
    """The sign-in form; a caller signed in already goes on to `next` without it (a path of
    this site only: `safe_next`)."""
    if not accounts_on(request):
        return RedirectResponse("/", status_code=303)  # nothing to sign in to
    identity = current_identity(request)
    if identity.principal is not None and not identity.worker:
        return RedirectResponse(safe_next(next_path), status_code=303)
    return page("login")


@pages_router.get("/account")
def account_page() -> HTMLResponse:
    return page("account")


def _accounts_required(settings: Settings) -> None:
    if settings.auth != "accounts":
        raise ApiError(
            400,
            "accounts_off",
            "This server runs without accounts (auth none): there is nothing to sign in "
            "to. Start it with `kernelscope serve --auth accounts`.",
        )


def _signed_in(principal: Principal | None, context: AppContext) -> Principal:
    _accounts_required(context.settings)
    if principal is None:  # unreachable with accounts on: require_user refused already
        raise ApiError(401, "not_authenticated", "Sign in first.")
    return principal


def _account(principal: Principal) -> Account:
    return Account(name=principal.name, is_admin=principal.is_admin)


def _set_cookie(
    response: Response, settings: Settings, name: str, value: str, *, http_only: bool
) -> None:
    response.set_cookie(
        name,
        value,
        max_age=int(settings.session_hours * 3600),
        path="/",
        secure=settings.secure_cookies,
        httponly=http_only,
        samesite="lax",
    )
