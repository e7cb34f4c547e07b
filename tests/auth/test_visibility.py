"""Visibility: who may read, list, compare, change and delete a run of alice's that is
private, team or public. A run someone may not read answers 404, like no run at all;
anonymous callers get 401 everywhere but a public run's reads."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from backend.store.repository import Store
from backend.store.visibility import Visibility
from tests.auth.people import Person
from tests.factories import CODE, rich_result, save_finished

WHO = ("author", "other", "admin", "anonymous")
VISIBILITIES: tuple[Visibility, ...] = ("private", "team", "public")
# (who, visibility) -> may read
READ = {
    ("author", "private"): True,
    ("author", "team"): True,
    ("author", "public"): True,
    ("other", "private"): False,
    ("other", "team"): True,
    ("other", "public"): True,
    ("admin", "private"): True,
    ("admin", "team"): True,
    ("admin", "public"): True,
    ("anonymous", "private"): False,
    ("anonymous", "team"): False,
    ("anonymous", "public"): True,
}
MAY_CHANGE = {"author": True, "admin": True, "other": False, "anonymous": False}


@pytest.fixture
def people(alice: Person, bob: Person, admin: Person, anonymous: Person) -> dict[str, Person]:
    return {"author": alice, "other": bob, "admin": admin, "anonymous": anonymous}


def denied_status(who: str) -> int:
    return 401 if who == "anonymous" else 404


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("who", WHO)
def test_read(
    people: dict[str, Person], app_store: Store, who: str, visibility: Visibility
) -> None:
    author = people["author"].user_id
    run_id = save_finished(app_store, owner_id=author, visibility=visibility).id
    response = people[who].get(f"/api/runs/{run_id}")
    if READ[who, visibility]:
        assert response.status_code == 200
        assert response.json()["owner"] == "alice"
        assert response.json()["visibility"] == visibility
    else:
        assert response.status_code == denied_status(who)
        assert response.json()["error"]["kind"] in ("run_not_found", "not_authenticated")


@pytest.mark.parametrize("who", WHO)
def test_list(people: dict[str, Person], app_store: Store, who: str) -> None:
    runs = {
        v: save_finished(app_store, owner_id=people["author"].user_id, visibility=v).id
        for v in VISIBILITIES
    }
    response = people[who].get("/api/runs")
    if who == "anonymous":  # listing is not a public run's read
        assert response.status_code == 401
        return
    listed = {row["id"]: row for row in response.json()["runs"]}
    assert set(listed) == {runs[v] for v in VISIBILITIES if READ[who, v]}
    for visibility, run_id in runs.items():
        if run_id in listed:
            assert listed[run_id]["owner"] == "alice"
            assert listed[run_id]["visibility"] == visibility


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("who", WHO)
def test_compare(
    people: dict[str, Person], app_store: Store, who: str, visibility: Visibility
) -> None:
    """Against a team run of bob's: both sides must be readable."""
    author = people["author"].user_id
    run_id = save_finished(app_store, owner_id=author, visibility=visibility).id
    other = save_finished(app_store, owner_id=people["other"].user_id, visibility="team").id
    for a, b in ((run_id, other), (other, run_id)):
        response = people[who].get(f"/api/compare?a={a}&b={b}")
        timeline = people[who].get(f"/api/compare/figures/timeline?a={a}&b={b}")
        if who == "anonymous":  # comparing is not a public run's read
            assert response.status_code == timeline.status_code == 401
        elif READ[who, visibility]:
            assert response.status_code == timeline.status_code == 200
        else:
            assert response.status_code == timeline.status_code == 404
            assert response.json()["error"]["message"] == f"No run {run_id!r} exists."


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("who", WHO)
def test_patch(
    people: dict[str, Person], app_store: Store, who: str, visibility: Visibility
) -> None:
    author = people["author"].user_id
    run_id = save_finished(app_store, owner_id=author, visibility=visibility).id
    response = people[who].request(
        "PATCH", f"/api/runs/{run_id}", json={"visibility": "public", "title": "renamed"}
    )
    if who == "anonymous":
        assert response.status_code == 401
    elif not READ[who, visibility]:
        assert response.status_code == 404
    elif not MAY_CHANGE[who]:
        assert response.status_code == 403
        assert response.json()["error"]["kind"] == "not_run_author"
    else:
        assert response.status_code == 200
        assert response.json() == {
            "id": run_id,
            "title": "renamed",
            "owner": "alice",
            "visibility": "public",
        }
    changed = people["author"].get(f"/api/runs/{run_id}").json()
    succeeded = response.status_code == 200
    assert changed["visibility"] == ("public" if succeeded else visibility)
    assert (changed["title"] == "renamed") is succeeded


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("who", WHO)
def test_delete(
    people: dict[str, Person], app_store: Store, who: str, visibility: Visibility
) -> None:
    author = people["author"].user_id
    run_id = save_finished(app_store, owner_id=author, visibility=visibility).id
    response = people[who].request("DELETE", f"/api/runs/{run_id}")
    if who == "anonymous":
        assert response.status_code == 401
    elif not READ[who, visibility]:
        assert response.status_code == 404
    elif not MAY_CHANGE[who]:
        assert response.status_code == 403
    else:
        assert response.status_code == 204
    still_there = people["author"].get(f"/api/runs/{run_id}").status_code
    assert still_there == (404 if response.status_code == 204 else 200)


def test_every_read_path_hides_a_private_run(bob: Person, alice: Person, app_store: Store) -> None:
    private = save_finished(app_store, owner_id=alice.user_id, visibility="private").id
    paths = [
        f"/api/runs/{private}",
        f"/api/runs/{private}/events",
        f"/api/runs/{private}/figures/timeline",
        f"/api/runs/{private}/figures/traffic",
        f"/api/runs/{private}/figures/sweep",
        f"/api/runs/{private}/kernels/eager/0/source",
        f"/api/runs/{private}/downloads/result.json",
        f"/api/runs/{private}/downloads/kernels.csv",
        f"/api/runs/{private}/downloads/eager_trace.json.gz",
        f"/api/runs?before={private}",
    ]
    for path in paths:
        assert alice.get(path).status_code == 200 or "sweep" in path, path
        response = bob.get(path)
        assert response.status_code == 404, path
        assert response.json()["error"]["kind"] == "run_not_found", path
    # Cancelling is changing: hidden too, for runs that are not bob's to see.
    assert bob.request("POST", f"/api/runs/{private}/cancel").status_code == 404
    # Text search by exact id does not find it either.
    assert bob.get(f"/api/runs?q={private}").json()["runs"] == []


def test_the_previous_run_link_skips_runs_the_reader_may_not_see(
    alice: Person, bob: Person, app_store: Store
) -> None:
    """Same code: alice's private run, then bob's team run. bob's "previous run" must not
    point at alice's private one; alice's own view does."""
    older = save_finished(app_store, owner_id=alice.user_id, visibility="private").id
    newer = save_finished(app_store, owner_id=bob.user_id, visibility="team").id
    assert alice.get(f"/api/runs/{newer}").json()["links"]["previous_run"] == older
    assert bob.get(f"/api/runs/{newer}").json()["links"]["previous_run"] is None


def test_submitting_sets_the_author_and_visibility(alice: Person, bob: Person) -> None:
    created = alice.request(
        "POST", "/api/runs", json={"code": CODE, "visibility": "private", "sizes": [16, 32]}
    ).json()
    for run_id in created["ids"]:
        run = alice.get(f"/api/runs/{run_id}").json()
        assert (run["owner"], run["visibility"]) == ("alice", "private")
        assert bob.get(f"/api/runs/{run_id}").status_code == 404
    default = alice.request("POST", "/api/runs", json={"code": CODE}).json()
    assert alice.get(f"/api/runs/{default['id']}").json()["visibility"] == "team"
    bad = alice.request("POST", "/api/runs", json={"code": CODE, "visibility": "secret"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "body.visibility"


def test_a_rerun_is_as_visible_as_its_run_and_owned_by_who_asked(
    alice: Person, bob: Person, app_store: Store
) -> None:
    private = save_finished(app_store, owner_id=alice.user_id, visibility="private").id
    body = {"compile_mode": "max-autotune-no-cudagraphs"}
    assert bob.request("POST", f"/api/runs/{private}/rerun", json=body).status_code == 404
    mine = alice.request("POST", f"/api/runs/{private}/rerun", json=body).json()
    run = alice.get(f"/api/runs/{mine['id']}").json()
    assert (run["owner"], run["visibility"]) == ("alice", "private")  # not the team default
    assert bob.get(f"/api/runs/{mine['id']}").status_code == 404
    public = save_finished(app_store, owner_id=alice.user_id, visibility="public").id
    theirs = bob.request("POST", f"/api/runs/{public}/rerun", json=body).json()
    assert bob.get(f"/api/runs/{theirs['id']}").json()["owner"] == "bob"


def test_visibility_applies_to_the_whole_sweep(alice: Person, bob: Person) -> None:
    created = alice.request("POST", "/api/runs", json={"code": CODE, "sizes": [16, 32]}).json()
    first, second = created["ids"]
    response = alice.request("PATCH", f"/api/runs/{first}", json={"visibility": "private"})
    assert response.status_code == 200
    assert bob.get(f"/api/runs/{second}").status_code == 404


def test_patch_needs_something_to_change_and_can_clear_the_title(
    alice: Person, app_store: Store
) -> None:
    run_id = save_finished(app_store, owner_id=alice.user_id, visibility="team").id
    empty = alice.request("PATCH", f"/api/runs/{run_id}", json={})
    assert empty.status_code == 422
    unknown = alice.request("PATCH", f"/api/runs/{run_id}", json={"owner": "bob"})
    assert unknown.status_code == 422 and unknown.json()["error"]["field"] == "body.owner"
    cleared = alice.request("PATCH", f"/api/runs/{run_id}", json={"title": ""})
    assert cleared.json()["title"] is None
    assert alice.get(f"/api/runs/{run_id}").json()["title"] is None


def test_a_running_run_cannot_be_deleted(alice: Person, app_store: Store) -> None:
    run_id = app_store.create_run(CODE, owner_id=alice.user_id, status="running")
    response = alice.request("DELETE", f"/api/runs/{run_id}")
    assert response.status_code == 409
    assert response.json()["error"]["kind"] == "run_running"


def test_runs_made_without_accounts_are_team_runs_only_an_admin_may_change(
    alice: Person, admin: Person, app_store: Store, client: TestClient
) -> None:
    run_id = save_finished(app_store, owner_id=None, visibility="team").id
    assert alice.get(f"/api/runs/{run_id}").json()["owner"] is None
    assert alice.request("DELETE", f"/api/runs/{run_id}").status_code == 403
    assert admin.request("DELETE", f"/api/runs/{run_id}").status_code == 204


def save_run_on(store: Store, owner: Person | None, visibility: Visibility, device: str) -> str:
    """A finished run of `owner`'s that names `device` (the history filter lists them)."""
    run_id = store.create_run(
        CODE, owner_id=owner.user_id if owner else None, visibility=visibility
    )
    queued = store.load_result(run_id)
    assert queued is not None
    result = rich_result(run_id)
    assert result.device is not None
    on_device = result.device.model_copy(update={"name": device})
    store.save_result(
        result.model_copy(update={"created_at": queued.created_at, "device": on_device}), CODE, []
    )
    return run_id


def test_the_device_list_names_only_devices_of_runs_the_reader_may_see(
    people: dict[str, Person], app_store: Store
) -> None:
    """A private run's device name (the snippet can write any) reaches no one else's filter."""
    alice, bob, admin = people["author"], people["other"], people["admin"]
    save_run_on(app_store, alice, "private", "Alice's secret rig")
    save_run_on(app_store, alice, "team", "Team GPU")
    save_run_on(app_store, bob, "private", "Bob's laptop")
    save_run_on(app_store, bob, "public", "Public box")
    assert alice.get("/api/runs/devices").json() == ["Alice's secret rig", "Public box", "Team GPU"]
    assert bob.get("/api/runs/devices").json() == ["Bob's laptop", "Public box", "Team GPU"]
    everything = ["Alice's secret rig", "Bob's laptop", "Public box", "Team GPU"]
    assert admin.get("/api/runs/devices").json() == everything
    assert people["anonymous"].get("/api/runs/devices").status_code == 401
