"""Compare shows what "code: changed" changed: a unified diff of the two snippets."""

from __future__ import annotations

from fastapi.testclient import TestClient

from backend.compare import MAX_DIFF_LINES, code_diff
from backend.store.repository import Store
from tests.factories import CODE


def test_changed_code_comes_with_its_diff(client: TestClient, app_store: Store) -> None:
    a = app_store.create_run(CODE)
    b = app_store.create_run(CODE.replace("torch.relu(", "torch.sigmoid("))
    comparison = client.get(f"/api/compare?a={a}&b={b}").json()
    assert "code: changed" in comparison["differences"]
    diff = comparison["code_diff"]
    removed = [line for line in diff if line.startswith("-")]
    added = [line for line in diff if line.startswith("+")]
    assert len(removed) == len(added) == 1, diff
    assert "relu(" in removed[0] and "sigmoid(" in added[0]
    assert diff[0].startswith("@@")


def test_the_same_code_has_no_diff(client: TestClient, app_store: Store) -> None:
    a, b = app_store.create_run(CODE), app_store.create_run(CODE)
    assert client.get(f"/api/compare?a={a}&b={b}").json()["code_diff"] == []


def test_a_long_diff_is_cut_and_says_so() -> None:
    a = "\n".join(f"x{n} = {n}" for n in range(1000))
    diff = code_diff(a, a.replace(" = ", " == "))
    assert len(diff) == MAX_DIFF_LINES + 1 and "more diff lines" in diff[-1]
