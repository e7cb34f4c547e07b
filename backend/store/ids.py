"""Random public ids for runs and sweeps, and the error for an id that names no run.

Ids appear in permalinks, so they must not be guessable, sequential or decodable
(no timestamp or counter inside): anyone holding a link sees one run, not its neighbours.
"""

import secrets

# Lowercase, and without the confusable 0/o, 1/l/i: ids get read aloud and retyped.
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
ID_LENGTH = 12  # 31**12 ≈ 2**59: far beyond enumeration, still short enough for a URL
_ALPHABET_SET = frozenset(ALPHABET)


def new_run_id() -> str:
    """A fresh id from the OS's CSPRNG; also used for sweep ids."""
    return "".join(secrets.choice(ALPHABET) for _ in range(ID_LENGTH))


def is_run_id(value: str) -> bool:
    """True when `value` has the shape `new_run_id` produces (says nothing about existence)."""
    return len(value) == ID_LENGTH and _ALPHABET_SET.issuperset(value)


class RunNotFound(LookupError):
    """No run has this id."""
