"""`kernelscope user ...` and `kernelscope token ...`: accounts, administered from a shell on
the server with the same `--data-dir` as `kernelscope serve`.

Passwords come from a prompt (getpass, asked twice) or, for scripts, one line on stdin
(`--password-stdin`); never from an argument, which `ps` and shell history would keep. A
new token is printed once on stdout (and nothing else is), so `$(kernelscope token create
...)` captures it; only its hash is stored.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from backend.store import accounts
from backend.store.accounts import AccountError
from backend.store.repository import Store

Handler = Callable[[argparse.Namespace], int]


def add_commands(commands: Any, default_data_dir: Path) -> None:
    """Register `user` and `token` on the `kernelscope` subcommand parser."""
    user = commands.add_parser("user", help="manage accounts (for --auth accounts)")
    user_commands = user.add_subparsers(dest="user_command", required=True)
    add = _command(user_commands, "add", "create a user", _user_add, default_data_dir)
    add.add_argument("name")
    add.add_argument("--admin", action="store_true", help="may see and delete every run")
    _password_source(add)
    add.add_argument(
        "--no-password",
        action="store_true",
        help="no password sign-in: API tokens, or a trusted proxy header, only",
    )
    passwd = _command(user_commands, "passwd", "set a password", _user_passwd, default_data_dir)
    passwd.add_argument("name")
    _password_source(passwd)
    for name, help_text, handler in (
        ("disable", "keep a user out: end their sessions, revoke their tokens", _user_disable),
        ("enable", "let a disabled user sign in again", _user_enable),
    ):
        _command(user_commands, name, help_text, handler, default_data_dir).add_argument("name")
    _command(user_commands, "list", "list users", _user_list, default_data_dir)

    token = commands.add_parser("token", help="manage API tokens (Authorization: Bearer)")
    token_commands = token.add_subparsers(dest="token_command", required=True)
    create = _command(
        token_commands, "create", "create a token; printed once", _token_create, default_data_dir
    )
    create.add_argument("name", help="the user the token acts as")
    create.add_argument(
        "--label", help="what it is for (shown in lists; default: the worker name, or cli)"
    )
    create.add_argument(
        "--worker",
        action="store_true",
        help="a worker-scope token, for `kernelscope worker --token` (worker routes only); "
        "needs --worker-name and --kinds",
    )
    create.add_argument(
        "--worker-name",
        metavar="NAME",
        help="the one worker the token acts as, e.g. gpu-host-1-gpu0 (implies --worker): "
        "`kernelscope worker` takes its name from the token, and the API refuses the token "
        "anything done in another worker's name",
    )
    create.add_argument(
        "--kinds",
        metavar="KIND,...",
        help="with --worker-name, required: the device kinds the worker may serve, e.g. "
        "h100,cpu; the API refuses it heartbeats and claims of any other kind",
    )
    listing = _command(
        token_commands, "list", "list a user's tokens", _token_list, default_data_dir
    )
    listing.add_argument("name")
    kinds = _command(
        token_commands,
        "kinds",
        "bind a worker token to the device kinds it may serve",
        _token_kinds,
        default_data_dir,
    )
    kinds.add_argument("name")
    kinds.add_argument("id", type=int, help="the token id, from `kernelscope token list`")
    kinds.add_argument("kinds", metavar="KIND,...", help="e.g. h100,cpu (replaces what it had)")
    revoke = _command(
        token_commands, "revoke", "revoke a token now", _token_revoke, default_data_dir
    )
    revoke.add_argument("name")
    revoke.add_argument("id", type=int, help="the token id, from `kernelscope token list`")


def _command(
    commands: Any, name: str, help_text: str, handler: Handler, default_data_dir: Path
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(name, help=help_text)
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=default_data_dir,
        help="the server's data directory (default: $KERNELSCOPE_DATA_DIR or ~/.kernelscope)",
    )
    parser.set_defaults(handler=lambda args: _guarded(handler, args))
    return parser


def _password_source(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--password-stdin", action="store_true", help="read the password from stdin (one line)"
    )


def _guarded(handler: Handler, args: argparse.Namespace) -> int:
    """Every refusal is one line on stderr and exit status 2."""
    try:
        return handler(args)
    except (AccountError, ValueError) as exc:
        print(f"kernelscope: {exc}", file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        print("kernelscope: no password given", file=sys.stderr)
        return 2


def _read_password(args: argparse.Namespace) -> str:
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
        if not password:
            raise ValueError("--password-stdin: stdin gave no password")
        return accounts.check_new_password(password)
    password = accounts.check_new_password(getpass.getpass("Password: "))
    if getpass.getpass("Again: ") != password:
        raise ValueError("the two passwords differ")
    return password


def _user_add(args: argparse.Namespace) -> int:
    accounts.check_name(args.name)  # before asking for a password
    if args.no_password and args.password_stdin:
        raise ValueError("give either --no-password or --password-stdin")
    password = None if args.no_password else _read_password(args)
    with Store.open(args.data_dir) as store:
        accounts.create_user(store, args.name, password, is_admin=args.admin)
    role = "admin" if args.admin else "user"
    print(f"created {role} {args.name!r} in {args.data_dir}", file=sys.stderr)
    return 0


def _user_passwd(args: argparse.Namespace) -> int:
    with Store.open(args.data_dir) as store:
        accounts.principal_of(store, args.name)  # unknown user: say so before prompting
        ended = accounts.set_password(store, args.name, _read_password(args))
    print(f"password of {args.name!r} changed; {_count(ended, 'session')} ended", file=sys.stderr)
    return 0


def _user_disable(args: argparse.Namespace) -> int:
    with Store.open(args.data_dir) as store:
        done = accounts.disable_user(store, args.name)
    state = "was already disabled" if done.already else "disabled"
    print(
        f"user {args.name!r} {state}: {_count(done.sessions_ended, 'session')} ended, "
        f"{_count(done.tokens_revoked, 'token')} revoked; "
        f"`kernelscope user enable {args.name}` lets them back in",
        file=sys.stderr,
    )
    return 0


def _user_enable(args: argparse.Namespace) -> int:
    with Store.open(args.data_dir) as store:
        enabled = accounts.enable_user(store, args.name)
    if not enabled:
        print(f"user {args.name!r} is not disabled: nothing to do", file=sys.stderr)
        return 0
    print(
        f"user {args.name!r} enabled: they may sign in again; their old tokens stay revoked "
        f"(`kernelscope token create {args.name}` makes a new one)",
        file=sys.stderr,
    )
    return 0


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _user_list(args: argparse.Namespace) -> int:
    with Store.open(args.data_dir) as store:
        users = accounts.list_users(store)
    for user in users:
        flags = [
            flag
            for flag, on in (
                ("disabled", user.disabled),
                ("admin", user.is_admin),
                ("no password", not user.has_password),
            )
            if on
        ]
        print(f"{user.name}\t{', '.join(flags) or '-'}\tcreated {user.created_at}")
    return 0


def _token_create(args: argparse.Namespace) -> int:
    worker = args.worker_name
    scope: accounts.TokenScope = "worker" if args.worker or worker else "user"
    label = args.label or worker or "cli"
    kinds = _split_kinds(args.kinds) if args.kinds is not None else None
    with Store.open(args.data_dir) as store:
        created = accounts.create_token(
            store, args.name, label, scope, worker_name=worker, device_kinds=kinds
        )
    acts_as = f", acting as worker {worker!r} for {args.kinds}" if worker else ""
    print(
        f"{scope} token {created.id} for {args.name!r}{acts_as}; shown this once, keep it secret:",
        file=sys.stderr,
    )
    print(created.token)
    return 0


def _split_kinds(text: str) -> list[str]:
    return [kind.strip() for kind in text.split(",") if kind.strip()]


def _token_list(args: argparse.Namespace) -> int:
    with Store.open(args.data_dir) as store:
        tokens = accounts.list_tokens(store, args.name)
    print("id\tscope\tlabel\tcreated\tlast used\tstate\tworker\tkinds")
    for token in tokens:
        state = "revoked" if token.revoked else "active"
        last_used = token.last_used_at or "never"
        worker = token.worker_name or ("(none: replace it)" if token.scope == "worker" else "-")
        print(
            f"{token.id}\t{token.scope}\t{token.name}\t{token.created_at}\t{last_used}\t"
            f"{state}\t{worker}\t{_kinds_column(token)}"
        )
    return 0


def _kinds_column(token: accounts.TokenInfo) -> str:
    if token.scope != "worker":
        return "-"
    if token.device_kinds is None:
        return "(none: bind them with `token kinds`)"
    return ",".join(token.device_kinds)


def _token_kinds(args: argparse.Namespace) -> int:
    kinds = _split_kinds(args.kinds)
    with Store.open(args.data_dir) as store:
        accounts.bind_device_kinds(store, args.name, args.id, kinds)
    print(
        f"token {args.id} of {args.name!r} may serve device kind(s) {','.join(kinds)} from "
        "its next request; a heartbeat or claim of any other kind is refused",
        file=sys.stderr,
    )
    return 0


def _token_revoke(args: argparse.Namespace) -> int:
    with Store.open(args.data_dir) as store:
        accounts.revoke_token(store, args.name, args.id)
    print(f"token {args.id} of {args.name!r} revoked: it stops working now", file=sys.stderr)
    return 0
