"""Static files go out gzipped to browsers that accept it (plotly.js: 4.8 MB as a file,
about 1.5 MB on the wire), and revalidate with 304 whichever encoding the browser holds."""

from __future__ import annotations

import gzip

import pytest
from fastapi.testclient import TestClient

from backend.api.pages import FRONTEND_DIR, PLOTLY_JS

GZIP = {"Accept-Encoding": "gzip"}
IDENTITY = {"Accept-Encoding": "identity"}
FILES = {
    "/static/vendor/plotly.min.js": PLOTLY_JS,
    "/static/app.css": FRONTEND_DIR / "static" / "app.css",
    "/static/run.js": FRONTEND_DIR / "static" / "run.js",
    "/static/dist/editor.js": FRONTEND_DIR / "dist" / "editor.js",
}


@pytest.mark.parametrize("url", FILES)
def test_a_static_file_is_gzipped_for_a_browser_that_accepts_it(
    client: TestClient, url: str
) -> None:
    original = FILES[url].read_bytes()
    with client.stream("GET", url, headers=GZIP) as response:
        wire = b"".join(response.iter_raw())
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["vary"]
    assert int(response.headers["content-length"]) == len(wire) < len(original)
    assert gzip.decompress(wire) == original


@pytest.mark.parametrize("url", FILES)
def test_a_client_that_asks_for_no_encoding_gets_the_file_as_it_is(
    client: TestClient, url: str
) -> None:
    with client.stream("GET", url, headers=IDENTITY) as response:
        wire = b"".join(response.iter_raw())
    assert "content-encoding" not in response.headers
    assert "Accept-Encoding" in response.headers["vary"]
    assert wire == FILES[url].read_bytes()


def test_the_gzipped_file_has_a_weak_etag_and_both_revalidate(client: TestClient) -> None:
    url = "/static/vendor/plotly.min.js"
    zipped = client.get(url, headers=GZIP).headers["etag"]
    plain = client.get(url, headers=IDENTITY).headers["etag"]
    assert zipped == "W/" + plain  # one file, two byte sequences: one strong tag only
    for tag in (zipped, plain):
        again = client.get(url, headers={**GZIP, "If-None-Match": tag})
        assert again.status_code == 304 and again.content == b""
    changed = client.get(url, headers={**GZIP, "If-None-Match": '"something-else"'})
    assert changed.status_code == 200


def test_head_of_a_gzipped_file_says_its_gzipped_length(client: TestClient) -> None:
    get, head = (
        client.get("/static/app.css", headers=GZIP),
        client.head("/static/app.css", headers=GZIP),
    )
    assert head.content == b""
    assert head.headers["content-encoding"] == "gzip"
    assert head.headers["content-length"] == get.headers["content-length"]
