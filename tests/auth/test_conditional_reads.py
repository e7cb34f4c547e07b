"""An ETag proves nothing: a caller who may not read a run gets the same answer with or
without one, never a 304 that would confirm the run exists and is unchanged."""

from __future__ import annotations

import pytest

from backend.store.repository import Store
from tests.auth.people import Person
from tests.factories import save_finished

PATHS = ["/api/runs/{id}", "/api/runs/{id}/figures/traffic", "/api/runs/{id}/kernels/eager"]


@pytest.mark.parametrize("path", PATHS)
def test_a_private_runs_etag_is_refused_to_others(
    app_store: Store, alice: Person, bob: Person, anonymous: Person, path: str
) -> None:
    url = path.format(id=save_finished(app_store, owner_id=alice.user_id, visibility="private").id)
    mine = alice.get(url)
    assert mine.status_code == 200
    etag = {"If-None-Match": mine.headers["etag"]}
    assert alice.get(url, headers=etag).status_code == 304
    refused = bob.get(url, headers=etag)
    assert refused.status_code == 404 and refused.json()["error"]["kind"] == "run_not_found"
    assert anonymous.get(url, headers=etag).status_code == 401


def test_readers_who_are_shown_different_links_get_different_etags(
    app_store: Store, alice: Person, bob: Person
) -> None:
    """Bob cannot see Alice's private earlier run of the same code, so his document links
    no previous run: the same ETag would hand him Alice's document from a cache."""
    save_finished(app_store, owner_id=alice.user_id, visibility="private")
    later = save_finished(app_store, owner_id=alice.user_id, visibility="team").id
    url = f"/api/runs/{later}"
    hers, his = alice.get(url), bob.get(url)
    assert hers.json()["links"]["previous_run"] is not None
    assert his.json()["links"]["previous_run"] is None
    assert hers.headers["etag"] != his.headers["etag"]
    assert bob.get(url, headers={"If-None-Match": hers.headers["etag"]}).status_code == 200
