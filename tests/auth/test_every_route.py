"""With accounts on, every route of the app (all of `app.routes`, every method, mounts
included) refuses a caller with no credentials, except exactly:

- OPEN: the sign-in page and API, health, and the static files the sign-in page and a
  public run's page load;
- PUBLIC RUN READS: GET (and HEAD) of `/r/{run_id}` and of every route under
  `/api/runs/{run_id}`, when that run's visibility is `public`; for any other run they
  refuse like the rest.

The rule is written here independently of backend/api/auth.py, and routes are listed
from the app itself, so a route added later is checked without touching this file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient
from starlette.routing import Mount

from backend.store.repository import Store
from tests.auth.people import Person
from tests.factories import save_finished
from tests.helpers import fastapi_app

OPEN_TEMPLATES = {"/login", "/api/login", "/healthz"}
OPEN_FILES = {
    "/static/app.css",
    "/static/api.js",
    "/static/ui.js",
    "/static/login.js",
    "/static/run.js",
    "/static/account.js",
    "/static/ownership.js",
    "/static/dist/editor.js",
    "/static/vendor/plotly.min.js",
}
# The run page's panels, one module each, as the repository has them.
RUN_PANELS = sorted((Path(__file__).parents[2] / "frontend" / "static" / "run").glob("*.js"))
OPEN_FILES |= {f"/static/run/{path.name}" for path in RUN_PANELS}
# A file under each mount that is not open (the mounts themselves are routes too).
CLOSED_FILES = {"/static": "/static/new.js", "/static/dist": "/static/dist/swagger-ui.css"}
PARAMS = {"variant": "eager", "index": "0", "name": "result.json", "token_id": "999"}
PAGES = {"/", "/runs", "/r/{run_id}", "/compare", "/compare/{a}/{b}", "/docs", "/account"}


def is_public_run_read(template: str, method: str) -> bool:
    under_run = template in ("/r/{run_id}", "/api/runs/{run_id}") or template.startswith(
        "/api/runs/{run_id}/"
    )
    return method in ("GET", "HEAD") and under_run


@dataclass(frozen=True)
class Probe:
    template: str
    method: str

    def url(self, run_id: str) -> str:
        if self.template in CLOSED_FILES:
            return CLOSED_FILES[self.template]

        def value(match: re.Match[str]) -> str:
            name = match.group(1).split(":")[0]
            return run_id if name in ("run_id", "a", "b") else PARAMS.get(name, "x")

        return re.sub(r"\{([^}]+)\}", value, self.template)

    def __str__(self) -> str:
        return f"{self.method} {self.template}"


def every_route(client: TestClient) -> list[Probe]:
    probes = []
    for route in iter_route_contexts(fastapi_app(client).routes):
        path = route.path
        assert path is not None, f"a route without a path: {route}"
        if isinstance(route.original_route, Mount):
            probes += [Probe(path, "GET"), Probe(path, "HEAD")]
            continue
        methods = set(route.methods or ())
        if "GET" in methods:  # HEAD is GET without the body (RFC 9110): wherever GET is
            methods.add("HEAD")
        probes += [Probe(path, method) for method in sorted(methods)]
    return probes


@pytest.fixture
def runs(app_store: Store, alice: Person) -> dict[str, str]:
    return {
        v: save_finished(app_store, owner_id=alice.user_id, visibility=v).id
        for v in ("team", "private", "public")
    }


def test_the_app_has_the_routes_this_test_expects_to_see(client: TestClient) -> None:
    """Guards the enumeration itself: if routes stopped being listed, everything passes."""
    listed = {str(probe) for probe in every_route(client)}
    for expected in (
        "POST /api/runs",
        "GET /api/runs/{run_id}/figures/timeline",
        "PATCH /api/runs/{run_id}",
        "DELETE /api/runs/{run_id}",
        "GET /r/{run_id}",
        "GET /static",
        "GET /openapi.json",
        "GET /api/me",
        "POST /api/login",
    ):
        assert expected in listed
    assert len(listed) >= 35


def test_anonymous_callers_reach_only_the_documented_exceptions(
    client: TestClient, anonymous: Person, runs: dict[str, str]
) -> None:
    admitted, refused = [], []
    for probe in every_route(client):
        # A run that is not public: only OPEN routes may answer.
        response = anonymous.request(probe.method, probe.url(runs["team"]))
        if probe.template in OPEN_TEMPLATES | OPEN_FILES:
            assert response.status_code not in (401, 403), probe
            admitted.append(probe)
            continue
        assert response.status_code == 401, (str(probe), response.status_code, response.text)
        if probe.method != "HEAD":  # no body
            assert response.json()["error"]["kind"] == "not_authenticated", probe
        assert response.headers["www-authenticate"].startswith("Bearer")
        refused.append(probe)
        # The same route for a public run: admitted exactly when it is a public run read.
        public = anonymous.request(probe.method, probe.url(runs["public"]))
        if is_public_run_read(probe.template, probe.method):
            # The route answered (the sweep figure says 404 sweep_not_found: no sweep here).
            assert public.status_code in (200, 404), (str(probe), public.status_code)
            assert public.status_code == 200 or "sweep" in probe.template, public.text
            admitted.append(probe)
        else:
            assert public.status_code == 401, (str(probe), public.status_code)
        # A private run answers like a run that does not exist: the same 401.
        hidden = anonymous.request(probe.method, probe.url(runs["private"]))
        assert hidden.status_code == 401, probe
    assert refused and admitted  # both kinds exist


def test_browsers_opening_a_page_are_sent_to_sign_in(
    client: TestClient, anonymous: Person, runs: dict[str, str]
) -> None:
    pages = [p for p in every_route(client) if p.template in PAGES and p.method == "GET"]
    assert {p.template for p in pages} == PAGES
    for probe in pages:
        url = probe.url(runs["team"])
        response = anonymous.request(
            "GET", url, headers={"Accept": "text/html"}, follow_redirects=False
        )
        assert response.status_code == 303, probe
        next_url = url.replace("/", "%2F")
        assert response.headers["location"] == f"/login?next={next_url}", probe


def test_api_routes_answer_401_even_to_a_browser(client: TestClient, anonymous: Person) -> None:
    response = anonymous.get("/api/runs", headers={"Accept": "text/html,*/*"})
    assert response.status_code == 401
    assert response.json()["error"]["kind"] == "not_authenticated"


def test_the_open_static_files_exist_and_load(anonymous: Person) -> None:
    assert len(RUN_PANELS) > 10, RUN_PANELS  # the run page's panels were found
    for path in sorted(OPEN_FILES):
        assert anonymous.get(path).status_code == 200, path


@pytest.mark.parametrize("path", ["/static/run/%2e%2e/new.js", "/static/run/../new.js"])
def test_the_run_panels_folder_opens_no_file_outside_it(anonymous: Person, path: str) -> None:
    assert anonymous.get(path).status_code == 401


def test_a_signed_in_caller_reaches_every_route(
    client: TestClient, alice: Person, runs: dict[str, str]
) -> None:
    """The other side: a user token is refused only on worker routes (403, wrong scope)."""
    last_deletes = sorted(every_route(client), key=lambda probe: probe.method == "DELETE")
    for probe in last_deletes:
        response = alice.request(probe.method, probe.url(runs["team"]))
        if probe.template.startswith("/api/worker/"):
            assert response.status_code == 403, probe
            if probe.method != "HEAD":  # HEAD: the same answer without its body
                assert response.json()["error"]["kind"] == "wrong_token_scope"
        else:
            assert response.status_code not in (401, 403), (str(probe), response.text)


def test_a_worker_token_reaches_only_worker_routes(
    client: TestClient, worker_token: str, runs: dict[str, str]
) -> None:
    worker = Person("gpu-1", None, worker_token, client)
    for probe in every_route(client):
        response = worker.request(probe.method, probe.url(runs["public"]))
        if probe.template.startswith("/api/worker/"):
            assert response.status_code not in (401, 403), (str(probe), response.text)
        elif probe.template in OPEN_TEMPLATES | OPEN_FILES:
            assert response.status_code not in (401, 403), probe
        else:  # even a public run's reads: a worker token is for workers only
            assert response.status_code == 403, (str(probe), response.status_code)


def test_a_websocket_route_added_later_is_closed_to_anonymous_callers(
    client: TestClient, alice: Person
) -> None:
    app = client.app
    assert isinstance(app, FastAPI)

    @app.websocket("/api/echo")
    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        await websocket.send_text("hello")
        await websocket.close()

    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/api/echo"):
        pass
    assert closed.value.code == 1008
    with client.websocket_connect("/api/echo", headers=alice.headers()) as websocket:
        assert websocket.receive_text() == "hello"


def test_head_answers_wherever_get_does(
    client: TestClient, alice: Person, anonymous: Person, runs: dict[str, str]
) -> None:
    """For a signed-in user on every GET route, and for anyone on a public run's reads."""
    probes = [p for p in every_route(client) if p.method == "HEAD"]
    assert {p.template for p in probes} >= {"/r/{run_id}", "/api/runs/{run_id}", "/api/me"}
    for person, run in ((alice, runs["team"]), (anonymous, runs["public"])):
        for probe in probes:
            url = probe.url(run)
            get, head = person.get(url), person.request("HEAD", url)
            assert head.status_code == get.status_code, (person.name, str(probe))
            assert head.content == b"", (person.name, str(probe))


def test_the_refusals_carry_the_security_headers(anonymous: Person) -> None:
    """The gate answers before any route: its 401 and 303 are protected too."""
    refused = anonymous.get("/api/runs")
    sent_to_sign_in = anonymous.get(
        "/runs", headers={"Accept": "text/html"}, follow_redirects=False
    )
    assert (refused.status_code, sent_to_sign_in.status_code) == (401, 303)
    for response in (refused, sent_to_sign_in):
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        assert response.headers["x-content-type-options"] == "nosniff"
