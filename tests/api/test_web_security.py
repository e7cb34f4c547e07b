"""What every response carries for browsers (CSP without inline script, no framing,
nosniff, Referrer-Policy), pages that need no inline script, redirects that never name
the client's Host, and HEAD answered wherever GET is."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx2 import Response

from backend.api.app import create_app
from backend.settings import Settings
from backend.store.repository import Store
from tests.factories import CODE, save_finished

PAGES = ["/", "/runs", "/r/abc123", "/compare", "/compare/a1/b2", "/docs"]
FRONTEND = Path(__file__).resolve().parents[2] / "frontend"


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        name, *values = part.split()
        parsed[name] = values
    return parsed


def assert_protected(response: Response) -> None:
    headers = response.headers
    policy = directives(headers["content-security-policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]  # no inline script, no eval, no other host
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


def test_every_kind_of_response_carries_the_headers(client: TestClient, app_store: Store) -> None:
    run_id = save_finished(app_store).id
    for url in [
        *PAGES,
        f"/r/{run_id}",
        "/openapi.json",
        "/api/runs",
        f"/api/runs/{run_id}",
        f"/api/runs/{run_id}/figures/timeline",
        "/api/runs/nope",  # 404
        "/static/app.css",
        "/static/dist/editor.js",
        "/static/vendor/plotly.min.js",
        "/healthz",
    ]:
        assert_protected(client.get(url, follow_redirects=False))
    assert_protected(client.post("/api/runs", json={"code": 1}))  # 422
    assert_protected(client.get("/runs/", follow_redirects=False))  # the slash redirect
    assert_protected(client.head("/"))


@pytest.fixture
def failing_app(settings: Settings) -> FastAPI:
    app = create_app(settings)

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    return app


def test_even_an_internal_error_carries_the_headers(failing_app: FastAPI) -> None:
    with TestClient(failing_app, raise_server_exceptions=False) as client:
        response = client.get("/api/boom")
    assert response.status_code == 500
    assert response.json()["error"]["kind"] == "internal_error"
    assert_protected(response)


class InlineFinder(HTMLParser):
    """Inline script in a page: <script> with a body, on* handlers, javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "script":
            self.in_script = True
            if not names.get("src"):
                self.found.append("<script> without src")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            if value and value.strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value}>")

    def handle_endtag(self, tag: str) -> None:
        self.in_script = self.in_script and tag != "script"

    def handle_data(self, data: str) -> None:
        if self.in_script and data.strip():
            self.found.append(f"inline script: {data.strip()[:60]}")


def inline_script(html: str) -> list[str]:
    finder = InlineFinder()
    finder.feed(html)
    return finder.found


@pytest.mark.parametrize("url", PAGES)
def test_pages_have_no_inline_script(client: TestClient, url: str) -> None:
    """The CSP would block it: the page would silently not work."""
    response = client.get(url)
    assert response.status_code == 200
    assert inline_script(response.text) == []


def test_the_page_files_have_no_inline_script() -> None:
    """Including pages only served with accounts on (login, account)."""
    pages = sorted((FRONTEND / "pages").glob("*.html"))
    assert len(pages) >= 8
    for page in pages:
        assert inline_script(page.read_text()) == [], page.name


def test_the_finder_finds_inline_script() -> None:
    """It must be able to fail."""
    html = '<script>alert(1)</script><button onclick="x()"><a href="javascript:x()">'
    assert len(inline_script(html)) == 4  # the script counts twice: no src, and a body


# ---- redirects ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("/runs/", "/runs"),
        ("/api/runs/?limit=5", "/api/runs?limit=5"),
        ("/r/abc123/", "/r/abc123"),
    ],
)
def test_the_trailing_slash_redirect_ignores_the_host_header(
    client: TestClient, path: str, location: str
) -> None:
    response = client.get(path, headers={"Host": "evil.example"}, follow_redirects=False)
    assert response.status_code == 307
    assert response.headers["location"] == location  # relative: this server, whatever Host


def test_a_path_with_no_route_either_way_is_404(client: TestClient) -> None:
    response = client.get("/nothing/", follow_redirects=False)
    assert response.status_code == 404
    assert response.json()["error"]["kind"] == "not_found"


# ---- HEAD ------------------------------------------------------------------------------


def test_head_answers_like_get_without_a_body(client: TestClient, app_store: Store) -> None:
    run_id = save_finished(app_store).id
    for url in [
        "/",
        f"/r/{run_id}",
        "/api/runs",
        f"/api/runs/{run_id}",
        f"/api/runs/{run_id}/figures/timeline",
        f"/api/runs/{run_id}/downloads/result.json",
        "/api/runs/nope",
        "/openapi.json",
        "/static/app.css",
    ]:
        get, head = client.get(url), client.head(url)
        assert head.status_code == get.status_code, url
        assert head.content == b"", url
        assert head.headers["content-type"] == get.headers["content-type"], url
        assert head.headers["content-length"] == get.headers["content-length"], url


def test_head_of_a_live_event_stream_returns_at_once(client: TestClient) -> None:
    """A queued run's events never end (no worker here): HEAD must not wait for them."""
    run_id = client.post("/api/runs", json={"code": CODE}).json()["id"]
    response = client.head(f"/api/runs/{run_id}/events")
    assert response.status_code == 200 and response.content == b""
    assert response.headers["content-type"].startswith("text/event-stream")


def test_head_is_refused_where_get_is(client: TestClient) -> None:
    """POST-only routes: no GET, so no HEAD either."""
    assert client.head("/api/login").status_code == client.get("/api/login").status_code == 405
