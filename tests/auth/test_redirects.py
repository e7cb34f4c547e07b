"""`/login?next=PATH` goes back only to a path of this site: never to another origin,
whatever a browser would make of the value (it strips tab, newline and CR, reads `\\` as
`/`, and takes `//host` and `scheme:` as leaving the site). A caller already signed in is
sent on by the server; the redirect to sign in carries only same-site paths too."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from tests.auth.people import Person

# Each would leave the site if followed (the report is the first).
ATTACKS = [
    "/\t/evil.example/phish",
    "/\n/evil.example/phish",
    "/\r/evil.example/phish",
    "/\t\n\r/evil.example",
    "//evil.example/phish",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "HTTPS:evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " //evil.example",
    "\t//evil.example",
    "evil.example",
    "",
]
SAME_SITE = ["/", "/runs?device=NVIDIA%20H200&q=relu", "/r/abc123#kernels", "/.//x", "/%2F%2Fx"]


def open_login(person: Person, target: str) -> str:
    """Where /login?next=target sends a caller who is signed in already."""
    response = person.get(
        f"/login?next={quote(target, safe='')}",
        headers={"Accept": "text/html"},
        follow_redirects=False,
    )
    assert response.status_code == 303, (target, response.status_code)
    location: str = response.headers["location"]
    return location


@pytest.mark.parametrize("target", ATTACKS)
def test_signed_in_login_never_redirects_off_site(alice: Person, target: str) -> None:
    assert open_login(alice, target) == "/"


@pytest.mark.parametrize("target", SAME_SITE)
def test_signed_in_login_goes_on_to_a_same_site_path(alice: Person, target: str) -> None:
    assert open_login(alice, target) == target


def test_signed_in_login_without_next_goes_home(alice: Person) -> None:
    response = alice.get("/login", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/"


def test_signed_out_login_shows_the_form(anonymous: Person) -> None:
    response = anonymous.get("/login?next=%2F%09%2Fevil.example", headers={"Accept": "text/html"})
    assert response.status_code == 200 and 'id="login-form"' in response.text


@pytest.mark.parametrize("path", ["//evil.example/phish", "///evil.example"])
def test_the_sign_in_redirect_carries_no_off_site_next(
    client: TestClient, anonymous: Person, path: str
) -> None:
    """A browser that opens http://server//evil.example is sent to sign in, but `next`
    must not name a place that would leave the site once signed in."""
    response = anonymous.get(
        f"http://testserver{path}", headers={"Accept": "text/html"}, follow_redirects=False
    )
    assert response.status_code == 303
    assert response.headers["location"] == "/login?next=%2F"
