"""The problems of a suite from the command line: files and folders to (name, code) pairs.

A folder gives its `*.py` files (not its subfolders), sorted by name; each problem is
named after its file's stem, the name that matches it with the same problem of another
suite. A file that cannot be read is a problem of its own that fails alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class SuiteFilesError(Exception):
    """The paths give no suite (a missing path, an empty folder, two problems of one name)."""


@dataclass(frozen=True)
class ProblemFile:
    name: str
    path: Path
    code: str | None  # None: unreadable (`error` says why)
    error: str | None = None


def is_suite(paths: list[Path]) -> bool:
    return len(paths) > 1 or (len(paths) == 1 and paths[0].is_dir())


def problem_files(paths: list[Path]) -> list[ProblemFile]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            inside = sorted(p for p in path.glob("*.py") if p.is_file())
            if not inside:
                raise SuiteFilesError(f"{path} has no .py files: a suite folder holds snippets")
            found += inside
        elif path.exists():
            found.append(path)
        else:
            raise SuiteFilesError(f"{path} does not exist")
    _check_names(found)
    return [_read(path) for path in found]


def _check_names(paths: list[Path]) -> None:
    seen: dict[str, Path] = {}
    for path in paths:
        if path.stem in seen:
            raise SuiteFilesError(
                f"two problems named {path.stem!r}: {seen[path.stem]} and {path}; a problem is "
                "known by its file's name, so rename one of them"
            )
        seen[path.stem] = path


def _read(path: Path) -> ProblemFile:
    try:
        return ProblemFile(path.stem, path, path.read_text())
    except (OSError, UnicodeDecodeError) as exc:
        return ProblemFile(path.stem, path, None, f"cannot read {path}: {exc}")
