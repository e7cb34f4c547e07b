"""The pages open to people who are not signed in load every file they need:
the sign-in page and a public run's page asked for /static/boot.js, which needed a user,
so the browser refused it on exactly the pages that must work without one.

Every file is found the way the browser finds it: the page's `src` and `href` under
/static/, then each script's own `import`s, transitively.
"""

from __future__ import annotations

import re

import pytest

from backend.store.repository import Store
from tests.auth.people import Person
from tests.factories import CODE

_PAGE_FILES = re.compile(r'(?:src|href)="(/static/[^"]+)"')
_IMPORTS = re.compile(r'(?:from|import)\s*\(?\s*"(/static/[^"]+)"')


def files_loaded(anonymous: Person, page: str) -> dict[str, int]:
    """Each /static file the page loads, with the status it got without a user."""
    response = anonymous.get(page, headers={"Accept": "text/html"})
    assert response.status_code == 200, response.text
    waiting, statuses = _PAGE_FILES.findall(response.text), {}
    while waiting:
        path = waiting.pop()
        if path in statuses:
            continue
        reply = anonymous.get(path)
        statuses[path] = reply.status_code
        if path.endswith(".js") and reply.status_code == 200:
            waiting += _IMPORTS.findall(reply.text)
    return statuses


@pytest.mark.parametrize("page", ["login", "public run"])
def test_every_file_of_an_open_page_loads_without_signing_in(
    page: str, anonymous: Person, alice: Person, app_store: Store
) -> None:
    run_id = app_store.create_run(CODE, owner_id=alice.user_id, visibility="public")
    statuses = files_loaded(anonymous, "/login" if page == "login" else f"/r/{run_id}")
    assert "/static/boot.js" in statuses
    assert {path: status for path, status in statuses.items() if status != 200} == {}
