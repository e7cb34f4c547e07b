"""`kernelscope backup DEST` and `kernelscope prune`: operations from a terminal. Both are
safe while `kernelscope serve` runs on the same data directory. Each command reads the
settings once (the data directory and retention its flags leave out)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from backend.ops.backup import BackupError, backup
from backend.ops.retention import prune
from backend.settings import BadSettings, Settings, load_settings
from backend.store.repository import DB_FILENAME, Store


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the subcommands on `kernelscope`'s parser; each sets `args.handler`."""
    data_dir = argparse.ArgumentParser(add_help=False)
    data_dir.add_argument(
        "--data-dir", type=Path, help="default: $KERNELSCOPE_DATA_DIR or ~/.kernelscope"
    )
    save = commands.add_parser(
        "backup",
        parents=[data_dir],
        help="copy the database (online, consistent) and the blobs into DEST",
    )
    save.add_argument("destination", type=Path, metavar="DEST")
    save.set_defaults(handler=_with_settings(_backup))
    clean = commands.add_parser(
        "prune",
        parents=[data_dir],
        help="delete finished runs older than N days and the traces only they used",
    )
    clean.add_argument(
        "--older-than", type=_days, metavar="DAYS", help="default: $KERNELSCOPE_RETENTION_DAYS"
    )
    clean.add_argument("--dry-run", action="store_true", help="say what would go; delete nothing")
    clean.set_defaults(handler=_with_settings(_prune))


def _with_settings(
    handler: Callable[[argparse.Namespace, Settings], int],
) -> Callable[[argparse.Namespace], int]:
    """`handler` under the settings, read once (exit 2 naming a bad one); --data-dir
    defaults to theirs."""

    def handle(args: argparse.Namespace) -> int:
        try:
            settings = load_settings(data_dir=args.data_dir)
        except BadSettings as exc:
            print(f"kernelscope: {exc}", file=sys.stderr)
            return 2
        args.data_dir = settings.data_dir
        return handler(args, settings)

    return handle


def _days(text: str) -> float:
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not days > 0:
        raise argparse.ArgumentTypeError(f"DAYS must be a positive number, got {text!r}")
    return days


def _backup(args: argparse.Namespace, settings: Settings) -> int:
    try:
        report = backup(args.data_dir, args.destination)
    except (BackupError, OSError) as exc:
        print(f"kernelscope: backup failed: {exc}", file=sys.stderr)
        return 1
    print(report.describe())
    return 0


def _prune(args: argparse.Namespace, settings: Settings) -> int:
    days = args.older_than or settings.retention_days
    if days is None:
        print(
            "kernelscope: say how old: --older-than DAYS, or set KERNELSCOPE_RETENTION_DAYS",
            file=sys.stderr,
        )
        return 2
    if not (args.data_dir / DB_FILENAME).is_file():
        print(f"kernelscope: no Kernelscope database in {args.data_dir}", file=sys.stderr)
        return 2
    with Store.open(args.data_dir) as store:
        report = prune(store, days, dry_run=args.dry_run)
    print(report.describe())
    if args.dry_run:
        print("\n".join(report.run_ids))
    return 0
