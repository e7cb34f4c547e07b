"""Accounts in the browser: a real `kernelscope serve --auth accounts` (no worker: runs stay
queued), a user made with `kernelscope user add`, signing in through /login, submitting a
private run, making it public from its page, reading it signed out, signing out."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import Server, _serve_command, open_new_run, serve
from tests.browser.pages import RUN_URL, BrowserSession, run_id_of

pytestmark = [pytest.mark.slow, pytest.mark.browser]
PASSWORD = "correct horse battery"


def kernelscope(*args: str, stdin: str = "") -> None:
    subprocess.run([*_serve_command(), *args], input=stdin, text=True, check=True)


@pytest.fixture(scope="module")
def accounts_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data_dir: Path = tmp_path_factory.mktemp("browser-accounts") / "data"
    kernelscope(
        "user", "add", "alice", "--password-stdin", "--data-dir", str(data_dir), stdin=PASSWORD
    )
    env = {"KERNELSCOPE_AUTH": "accounts", "KERNELSCOPE_SANDBOX": "none"}
    with serve(data_dir, workers=0, env=env) as live:
        yield live


@pytest.fixture
def people(browser: Any, accounts_server: Server) -> Iterator[BrowserSession]:
    opened = BrowserSession(browser, accounts_server)
    yield opened
    opened.close()
    assert not opened.page_errors, "uncaught errors in the pages"


def test_sign_in_submit_share_and_sign_out(people: BrowserSession, accounts_server: Server) -> None:
    page = people.new_page()
    page.goto("/")
    page.wait_for_url("**/login?next=%2F")  # not signed in: sent to sign in, then back

    page.locator("#name").fill("alice")
    page.locator("#password").fill("not the password")
    page.locator("#sign-in").click()
    expect(page.locator("#login-error")).to_contain_text("Wrong user name or password.")
    page.locator("#password").fill(PASSWORD)
    page.locator("#sign-in").click()
    page.wait_for_url(f"{accounts_server.url}/")
    expect(page.locator("#account .who")).to_have_text("alice")

    open_new_run(page)
    expect(page.locator("#visibility")).to_be_visible()  # shown only with accounts on
    page.locator("#visibility").select_option("private")
    page.locator("#run").click()
    page.wait_for_url(RUN_URL)
    run_id = run_id_of(page.url)
    expect(page.locator("#status .badge")).to_have_text("queued")
    assert accounts_server.request("GET", f"/api/runs/{run_id}")[0] == 401  # nobody: refused
    run = page.request.get(f"/api/runs/{run_id}").json()  # the page's cookies
    assert (run["owner"], run["visibility"]) == ("alice", "private")

    # The author makes it public from its page (a PATCH carrying the CSRF header) ...
    page.locator("#run-visibility").select_option("public")
    expect(page.locator("#copied")).to_contain_text("public")
    assert accounts_server.get(f"/api/runs/{run_id}")["visibility"] == "public"

    # ... so a browser that is not signed in reads it, and only it.
    stranger = people.new_page()
    stranger.goto(f"/r/{run_id}")
    # the gallery's example, unedited, is titled by the example's name
    expect(stranger.locator("#run-title")).to_have_text(run["title"] or f"Run {run_id}")
    expect(stranger.locator("#account a")).to_have_text("Sign in")
    expect(stranger.locator("#ownership")).to_contain_text("by alice")
    stranger.goto("/runs")
    stranger.wait_for_url("**/login?next=%2Fruns")

    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/login?next=%2F")
    page.goto("/runs")
    page.wait_for_url("**/login?next=%2Fruns")


def sign_in(page: Any) -> None:
    page.locator("#name").fill("alice")
    page.locator("#password").fill(PASSWORD)
    page.locator("#sign-in").click()


# What a browser would follow off the site (it drops tab and newline, reads "\" as "/").
OFF_SITE = [
    "/\t/evil.example/phish",
    "/\n/evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    " //evil.example",
    "",
]
SAME_SITE = {"/runs?q=relu": "/runs?q=relu", "/r/abc#kernels": "/r/abc#kernels", "/.//x": "//x"}


def test_after_sign_in_next_never_leaves_the_site(
    people: BrowserSession, accounts_server: Server
) -> None:
    home = f"{accounts_server.url}/"
    page = people.new_page()
    page.goto("/login?next=%2F%09%2Fevil.example%2Fphish")  # the report
    sign_in(page)
    page.wait_for_url(home)
    assert page.url == home

    # Signed in already: the server sends the browser on, to this site only.
    page.goto("/login?next=%2F%09%2Fevil.example%2Fphish")
    assert page.url == home
    page.goto("/login?next=%2Fruns%3Fq%3Drelu")
    assert page.url == f"{accounts_server.url}/runs?q=relu"


def test_the_pages_check_of_next_parses_it_as_the_browser_does(
    people: BrowserSession, accounts_server: Server
) -> None:
    page = people.new_page()
    page.goto("/login")
    check = """async (targets) => {
        const { sameSiteUrl } = await import("/static/api.js");
        return targets.map(sameSiteUrl);
    }"""
    home = f"{accounts_server.url}/"
    assert page.evaluate(check, OFF_SITE) == [home] * len(OFF_SITE)
    # A path of this site comes back whole (as a URL: "/.//x" is the path "//x" here).
    expected = [accounts_server.url + path for path in SAME_SITE.values()]
    assert page.evaluate(check, list(SAME_SITE)) == expected


def test_account_and_api_docs_pages_work_under_the_csp(
    people: BrowserSession, accounts_server: Server
) -> None:
    """The CSP forbids inline script: Swagger UI starts from a file, and the fixture fails
    the test on any blocked script or style."""
    page = people.new_page()
    page.goto("/login?next=%2Faccount")
    sign_in(page)
    page.wait_for_url(f"{accounts_server.url}/account")
    expect(page.locator("#account .who")).to_have_text("alice")
    page.goto("/docs")
    expect(page.locator(".opblock").first).to_be_visible()
    expect(page.locator(".information-container")).to_contain_text("Kernelscope")
