"""Users, API tokens and login sessions: the storage half of accounts.

Secrets are never stored: passwords as Argon2id hashes (argon2-cffi's defaults), API tokens
and session cookies as SHA-256 of 256-bit random values (already unguessable, so a fast
hash is enough and lookups stay indexed). A raw token exists only in the reply that made it.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import datetime, timedelta
from typing import Literal

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from pydantic import BaseModel, Field
from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from backend.store import mapping
from backend.store.db import read_session, write_session
from backend.store.models import ApiToken, LoginSession, User
from backend.store.repository import Store
from backend.worker_protocol import KIND_PATTERN, WORKER_NAME_PATTERN

TokenScope = Literal["user", "worker"]
TOKEN_PREFIX = "ks_"
MIN_PASSWORD_LENGTH = 8
# Names come from the CLI or a proxy's identity header (often an e-mail address).
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$")
_WORKER_NAME = re.compile(WORKER_NAME_PATTERN)
_DEVICE_KIND = re.compile(KIND_PATTERN)
# A token's last use is written at most this often: a worker's heartbeats must not take
# SQLite's write lock on every request just to move a timestamp.
LAST_USED_RESOLUTION = timedelta(minutes=1)
_hasher = PasswordHasher()


class AccountError(ValueError):
    """A request about accounts that cannot be met (unknown user, name taken, ...)."""


class Principal(BaseModel):
    """Who is asking: a signed-in user, or the holder of an API token."""

    user_id: int
    name: str
    is_admin: bool
    scope: TokenScope = "user"
    worker_name: str | None = None  # the worker a worker token acts as (None: names none)
    # The device kinds a worker token may serve (None: user tokens, unbound worker tokens)
    device_kinds: list[str] | None = None


class NewToken(BaseModel):
    id: int
    token: str  # the only time the raw token is available


class UserInfo(BaseModel):
    name: str
    is_admin: bool
    has_password: bool
    disabled: bool
    created_at: str


class Disabled(BaseModel):
    """What `disable_user` did."""

    already: bool  # the user was disabled before: only leftovers were swept
    sessions_ended: int
    tokens_revoked: int


class TokenInfo(BaseModel):
    id: int
    name: str = Field(description="the label given when it was created")
    scope: TokenScope
    worker_name: str | None = Field(default=None, description="the worker a worker token acts as")
    device_kinds: list[str] | None = Field(
        default=None, description="the device kinds a worker token may serve (None: unbound)"
    )
    created_at: str
    last_used_at: str | None
    revoked: bool


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def check_name(name: str) -> str:
    if not _NAME.match(name):
        raise AccountError(
            f"bad user name {name!r}: use 1 to 64 letters, digits and . _ @ + - "
            "(starting with a letter or digit)"
        )
    return name


def check_new_password(password: str) -> str:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise AccountError(
            f"the password is too short: use at least {MIN_PASSWORD_LENGTH} characters"
        )
    return password


def create_user(
    store: Store, name: str, password: str | None = None, *, is_admin: bool = False
) -> int:
    check_name(name)
    if password is not None:
        check_new_password(password)
    with write_session(store.engine) as session:
        if session.exec(select(User).where(User.name == name)).first() is not None:
            raise AccountError(f"user {name!r} already exists")
        user = User(
            name=name,
            password_hash=_hasher.hash(password) if password else None,
            is_admin=is_admin,
            created_at=mapping.utc_now(),
        )
        session.add(user)
        session.flush()
        assert user.id is not None
        return user.id


def set_password(store: Store, name: str, password: str) -> int:
    """Set `name`'s password and end all their sessions (a new password is often meant
    to shut someone out); how many sessions ended."""
    check_new_password(password)
    with write_session(store.engine) as session:
        user = _user(session, name)
        user.password_hash = _hasher.hash(password)
        session.add(user)
        return _end_sessions(session, user)


def disable_user(store: Store, name: str) -> Disabled:
    """Keep `name` out until `enable_user`: sign-in, tokens and the identity header all
    refuse a disabled user. Their sessions end and their tokens are revoked now (and stay
    revoked after enabling), so nothing of theirs outlives the decision."""
    with write_session(store.engine) as session:
        user = _user(session, name)
        already = user.disabled_at is not None
        user.disabled_at = user.disabled_at or mapping.utc_now()
        session.add(user)
        return Disabled(
            already=already,
            sessions_ended=_end_sessions(session, user),
            tokens_revoked=_revoke_all_tokens(session, user),
        )


def enable_user(store: Store, name: str) -> bool:
    """Let a disabled user sign in again; False when they were not disabled."""
    with write_session(store.engine) as session:
        user = _user(session, name)
        if user.disabled_at is None:
            return False
        user.disabled_at = None
        session.add(user)
        return True


def is_disabled(store: Store, name: str) -> bool:
    with read_session(store.engine) as session:
        user = session.exec(select(User).where(User.name == name)).first()
    return user is not None and user.disabled_at is not None


def _end_sessions(session: Session, user: User) -> int:
    ended = session.exec(select(LoginSession.id).where(LoginSession.user_id == user.id)).all()
    session.exec(delete(LoginSession).where(col(LoginSession.user_id) == user.id))
    return len(ended)


def _revoke_all_tokens(session: Session, user: User) -> int:
    live = session.exec(
        select(ApiToken).where(ApiToken.user_id == user.id, col(ApiToken.revoked_at).is_(None))
    ).all()
    now = mapping.utc_now()
    for token in live:
        token.revoked_at = now
        session.add(token)
    return len(live)


def check_password(store: Store, name: str, password: str) -> Principal | None:
    """The user, when the password is right; None otherwise (same answer for unknown names)."""
    with read_session(store.engine) as session:
        user = session.exec(select(User).where(User.name == name)).first()
    if user is None or user.password_hash is None or user.disabled_at is not None:
        _hasher.hash(password)  # spend the same time, so timing does not reveal names
        return None
    try:
        _hasher.verify(user.password_hash, password)
    except (VerificationError, InvalidHashError):
        return None
    return _principal(user)


def check_worker_name(name: str) -> str:
    if not _WORKER_NAME.match(name):
        raise AccountError(
            f"bad worker name {name!r}: use 1 to 100 letters, digits and . _ - (starting with "
            "a letter or digit), e.g. gpu-host-1-gpu0"
        )
    return name


def create_token(
    store: Store,
    user_name: str,
    name: str,
    scope: TokenScope = "user",
    *,
    worker_name: str | None = None,
    device_kinds: list[str] | None = None,
) -> NewToken:
    """A new API token for `user_name`; the only time the raw token is available.

    A worker token names the one worker it acts as (`worker_name`) and the device kinds it
    may serve (`device_kinds`): the API takes both from the token, never from what the
    worker sends."""
    _check_token_worker(scope, worker_name)
    kinds = _token_kinds(scope, device_kinds)
    raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with write_session(store.engine) as session:
        user = _user(session, user_name)
        assert user.id is not None
        token = ApiToken(
            user_id=user.id,
            name=name,
            token_hash=digest(raw),
            scope=scope,
            worker_name=worker_name,
            device_kinds=kinds,
            created_at=mapping.utc_now(),
        )
        session.add(token)
        session.flush()
        assert token.id is not None
        return NewToken(id=token.id, token=raw)


def _check_token_worker(scope: TokenScope, worker_name: str | None) -> None:
    if scope == "worker" and worker_name is None:
        raise AccountError(
            "a worker token names the one worker it acts as: give its worker name "
            "(`kernelscope token create USER --worker-name NAME`), one token per worker"
        )
    if scope == "user" and worker_name is not None:
        raise AccountError("only a worker token names a worker; add --worker (or drop the name)")
    if worker_name is not None:
        check_worker_name(worker_name)


def check_device_kinds(kinds: list[str]) -> list[str]:
    """The kinds, each checked, without repeats; at least one."""
    bad = [kind for kind in kinds if not _DEVICE_KIND.match(kind)]
    if bad or not kinds:
        raise AccountError(
            f"bad device kinds {', '.join(map(repr, bad)) or '(none)'}: give one or more "
            "kinds, comma-separated, each 1 to 32 lowercase letters, digits and . _ - "
            "(e.g. h100,cpu)"
        )
    return sorted(set(kinds))


def _token_kinds(scope: TokenScope, kinds: list[str] | None) -> list[str] | None:
    if scope == "user":
        if kinds is not None:
            raise AccountError("only a worker token serves device kinds; add --worker-name")
        return None
    if kinds is None:
        raise AccountError(
            "a worker token names the device kinds it may serve, e.g. `kernelscope token "
            "create USER --worker-name NAME --kinds h100`: the API hands it runs of those "
            "kinds only"
        )
    return check_device_kinds(kinds)


def bind_device_kinds(store: Store, user_name: str, token_id: int, kinds: list[str]) -> None:
    """Bind a worker token to the device kinds it may serve (replacing what it had): it is
    refused heartbeats and claims of any other kind from its next request."""
    checked = check_device_kinds(kinds)
    with write_session(store.engine) as session:
        user = _user(session, user_name)
        token = session.get(ApiToken, token_id)
        if token is None or token.user_id != user.id:
            raise AccountError(f"user {user_name!r} has no token {token_id}")
        if token.scope != "worker":
            raise AccountError(f"token {token_id} is a user token: only worker tokens serve kinds")
        token.device_kinds = checked
        session.add(token)


def verify_token(store: Store, raw: str) -> Principal | None:
    """The token's owner and scope, or None for an unknown, revoked or disabled one.

    A read; the last-use time is written only when it is over LAST_USED_RESOLUTION old."""
    now = mapping.utc_now()
    with read_session(store.engine) as session:
        token = session.exec(select(ApiToken).where(ApiToken.token_hash == digest(raw))).first()
        if token is None or token.revoked_at is not None:
            return None
        user = session.get(User, token.user_id)
        if user is None or user.disabled_at is not None:
            return None
        principal = _principal(user, token.scope)  # type: ignore[arg-type]
        principal.worker_name = token.worker_name
        principal.device_kinds = token.device_kinds
        stale = token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION
    if stale:
        with write_session(store.engine) as session:
            session.exec(
                update(ApiToken).where(col(ApiToken.id) == token.id).values(last_used_at=now)
            )
    return principal


def principal_by_name(store: Store, name: str) -> Principal | None:
    """The enabled user called `name` (an identity header names people this way)."""
    with read_session(store.engine) as session:
        user = session.exec(select(User).where(User.name == name)).first()
    if user is None or user.disabled_at is not None:
        return None
    return _principal(user)


def principal_of(store: Store, name: str) -> Principal:
    """The user called `name`; AccountError when there is none."""
    with read_session(store.engine) as session:
        return _principal(_user(session, name))


def list_users(store: Store) -> list[UserInfo]:
    with read_session(store.engine) as session:
        users = session.exec(select(User).order_by(col(User.name))).all()
    return [
        UserInfo(
            name=u.name,
            is_admin=u.is_admin,
            has_password=u.password_hash is not None,
            disabled=u.disabled_at is not None,
            created_at=mapping.format_utc(u.created_at),
        )
        for u in users
    ]


def list_tokens(store: Store, user_name: str) -> list[TokenInfo]:
    with read_session(store.engine) as session:
        user = _user(session, user_name)
        tokens = session.exec(
            select(ApiToken).where(ApiToken.user_id == user.id).order_by(col(ApiToken.id))
        ).all()
    return [
        TokenInfo(
            id=t.id or 0,
            name=t.name,
            scope=t.scope,  # type: ignore[arg-type]
            worker_name=t.worker_name,
            device_kinds=t.device_kinds,
            created_at=mapping.format_utc(t.created_at),
            last_used_at=mapping.format_utc(t.last_used_at) if t.last_used_at else None,
            revoked=t.revoked_at is not None,
        )
        for t in tokens
    ]


def revoke_token(store: Store, user_name: str, token_id: int) -> None:
    with write_session(store.engine) as session:
        user = _user(session, user_name)
        token = session.get(ApiToken, token_id)
        if token is None or token.user_id != user.id:
            raise AccountError(f"user {user_name!r} has no token {token_id}")
        token.revoked_at = token.revoked_at or mapping.utc_now()
        session.add(token)


def create_session(store: Store, user_id: int, lifetime: timedelta) -> tuple[str, str]:
    """A new login session: (cookie value, CSRF token)."""
    raw, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    now = mapping.utc_now()
    with write_session(store.engine) as session:
        # Expired sign-ins are useless: drop this user's while we hold the lock anyway.
        session.exec(
            delete(LoginSession).where(
                col(LoginSession.user_id) == user_id, col(LoginSession.expires_at) <= now
            )
        )
        session.add(
            LoginSession(
                id=digest(raw), user_id=user_id, csrf_token=csrf, created_at=now,
                expires_at=now + lifetime,
            )
        )  # fmt: skip
    return raw, csrf


def get_session(
    store: Store, raw: str, now: datetime | None = None
) -> tuple[Principal, str] | None:
    """The signed-in user and the session's CSRF token, unless expired or unknown."""
    with read_session(store.engine) as session:
        login = session.get(LoginSession, digest(raw))
        if login is None or login.expires_at <= (now or mapping.utc_now()):
            return None
        user = session.get(User, login.user_id)
        if user is None or user.disabled_at is not None:
            return None
        return _principal(user), login.csrf_token


def delete_session(store: Store, raw: str) -> None:
    with write_session(store.engine) as session:
        login = session.get(LoginSession, digest(raw))
        if login is not None:
            session.delete(login)


def _user(session: Session, name: str) -> User:
    user = session.exec(select(User).where(User.name == name)).first()
    if user is None:
        raise AccountError(f"no user {name!r} (create one with `kernelscope user add {name}`)")
    return user


def _principal(user: User, scope: TokenScope = "user") -> Principal:
    assert user.id is not None
    return Principal(user_id=user.id, name=user.name, is_admin=user.is_admin, scope=scope)
