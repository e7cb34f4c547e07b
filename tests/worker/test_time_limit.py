"""`kernelscope_timeout_s` in a snippet lowers its run's time limit, never raises it, and a
value that is no number of seconds is named in a note rather than obeyed."""

from __future__ import annotations

import pytest

from backend.worker.time_limit import snippet_time_limit

SERVER_S = 300.0
BODY = "def fn(a):\n    return a\n\n\ndef inputs():\n    return [1]\n"


def test_no_setting_keeps_the_servers_limit_without_a_note() -> None:
    assert snippet_time_limit(BODY, SERVER_S) == (SERVER_S, None)
    assert snippet_time_limit("def fn(:\n", SERVER_S) == (SERVER_S, None)  # the run says why
    nested = BODY + "\n\ndef helper():\n    kernelscope_timeout_s = 1\n"
    assert snippet_time_limit(nested, SERVER_S) == (SERVER_S, None)  # top level only


@pytest.mark.parametrize("value", ["5", "2.5", "300"])
def test_a_lower_limit_is_the_runs_and_is_noted(value: str) -> None:
    code = f"kernelscope_timeout_s = {value}\n" + BODY
    limit, note = snippet_time_limit(code, SERVER_S)
    assert limit == float(value)
    assert (
        note == f"time limit: {float(value):g} s, asked for by `kernelscope_timeout_s` on line 1."
    )


def test_more_than_the_server_gives_is_refused_in_a_note() -> None:
    limit, note = snippet_time_limit(BODY + "kernelscope_timeout_s = 900\n", SERVER_S)
    assert limit == SERVER_S
    assert note is not None and "line 7 asks for 900 s" in note and "300 s limit" in note


@pytest.mark.parametrize("value", ["0", "-3", "True", "'10'", "float('inf')", "1e999", "None"])
def test_a_value_that_is_no_seconds_is_named_and_ignored(value: str) -> None:
    limit, note = snippet_time_limit(f"kernelscope_timeout_s = {value}\n" + BODY, SERVER_S)
    assert limit == SERVER_S
    assert note is not None and "on line 1 is not a positive number of seconds" in note
    assert "`kernelscope_timeout_s = 30`" in note  # how to write it


def test_the_last_assignment_counts() -> None:
    code = "kernelscope_timeout_s = 5\n" + BODY + "kernelscope_timeout_s = 8\n"
    assert snippet_time_limit(code, SERVER_S)[0] == 8.0


@pytest.mark.parametrize(
    "code",
    [
        "kernelscope_timeout_s = 1" + "0" * 400 + "\n",  # an int no float holds
        "x = " + "-" * 20_000 + "1\n",  # too deep for the parser: RecursionError or worse
        "kernelscope_timeout_s = 5\n" + "(" * 300 + ")" * 300 + "\n",  # too nested to parse
    ],
)
def test_hostile_code_never_raises_in_the_worker(code: str) -> None:
    """The worker reads untrusted code here, before the sandbox: nothing may escape."""
    limit, note = snippet_time_limit(code, SERVER_S)
    assert limit == SERVER_S
    assert note is None or "not a positive number of seconds" in note
