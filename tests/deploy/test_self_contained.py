"""The repository stands alone: no tracked file names a path outside the checkout (a
sibling folder of the machine it was written on, that machine's own directories), so a
clone anywhere, with nothing beside it, has everything its tests, benches and scripts read."""

import functools
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = re.compile(
    r"\.\./shared"  # the folder beside the checkout where this project's notes live
    r"|(?<![\w>.-])[/]work[/]"  # the dev machine's checkouts (a run's `<data>/work/` is ours)
    r"|/home/\w+/|/Users/\w+/"  # someone's home directory
)


@functools.cache
def tracked_lines() -> tuple[tuple[str, int, str], ...]:
    """(path, line number, line) of every tracked text file, read once for both tests."""
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    found = []
    for name in filter(None, names):
        path = ROOT / name.decode()
        if not path.is_file() or b"\0" in (data := path.read_bytes())[:8192]:
            continue  # gone from the work tree, or binary
        for number, line in enumerate(data.decode(errors="replace").splitlines(), 1):
            found.append((name.decode(), number, line))
    return tuple(found)


def test_no_file_names_a_path_outside_the_checkout() -> None:
    found = [
        f"{p}:{n}: {line.strip()[:120]}" for p, n, line in tracked_lines() if OUTSIDE.search(line)
    ]
    assert found == []


HISTORY = re.compile(r"\bissues? ?#?\d+", re.IGNORECASE)


def test_code_and_docs_speak_of_the_code_not_its_history() -> None:
    """Tracker numbers belong in CHANGELOG.md and commit messages; elsewhere a reader
    cannot resolve them, and they age."""
    found = [
        f"{p}:{n}: {line.strip()[:120]}"
        for p, n, line in tracked_lines()
        if p != "CHANGELOG.md" and HISTORY.search(line)
    ]
    assert found == []


def test_the_pattern_sees_what_it_is_for() -> None:
    # built from parts, so that this file itself passes the test above
    assert OUTSIDE.search("corpus = Path('../" + "shared/corpus/bad')")
    assert OUTSIDE.search('"snippet_file": "/' + 'work/main/tests/data/x.py"')
    assert not OUTSIDE.search("--bind <data>/work/<run> <data>/work/<run>")
    assert HISTORY.search("(iss" + "ue 14)") and HISTORY.search("Is" + "sues 10, 11")
    assert not HISTORY.search("an issue with the driver")
