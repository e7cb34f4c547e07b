"""Every URL the pages call (frontend/static/api.js, the only place that knows them) is a
route of the OpenAPI schema, with that method: a renamed route fails here, not in a page."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

API_JS = Path(__file__).resolve().parents[2] / "frontend" / "static" / "api.js"
CALL = re.compile(r'call\("(GET|POST|PUT|PATCH|DELETE)",\s*')
RUN_HELPER = re.compile(r"const run = \(id\) => `([^`]*)`;")
PLACEHOLDER = re.compile(r"\$\{[^}]*\}|\{[^}]*\}")
QUERY = re.compile(r"\$\{(?:q|\w+Query)\(.*?\)\}")  # `${q(p)}`, `${unfoldQuery(p)}`: dropped


def first_argument(text: str, start: int) -> str:
    """The expression from `start` up to the comma or parenthesis that ends it."""
    depth, quote = 0, ""
    for index in range(start, len(text)):
        char = text[index]
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'`":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
        elif char in ",)" and not depth:
            return text[start:index]
    raise AssertionError(f"unterminated call at {start}")


def path_of(expression: str, run_path: str) -> str:
    """The URL's path with every parameter as {}: literals joined, the query dropped."""
    expression = QUERY.sub("", expression.split("+ q(")[0]).replace("run(id)", f"`{run_path}`")
    expression = expression.replace("${`" + run_path + "`}", run_path)
    parts = re.findall(r'"([^"]*)"|`([^`]*)`', expression)
    return PLACEHOLDER.sub("{}", "".join(a or b for a, b in parts))


def called_routes() -> set[tuple[str, str]]:
    source = API_JS.read_text()
    helper = RUN_HELPER.search(source)
    assert helper, "api.js: the run(id) helper moved; teach this test its new shape"
    run_path = helper.group(1)
    found = {
        (m.group(1), path_of(first_argument(source, m.end()), run_path))
        for m in CALL.finditer(source)
    }
    for stream in re.finditer(r"new EventSource\(", source):
        found.add(("GET", path_of(first_argument(source, stream.end()), run_path)))
    return found


def test_every_url_of_api_js_is_in_the_openapi_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    routes = {
        (method.upper(), PLACEHOLDER.sub("{}", path))
        for path, operations in schema["paths"].items()
        for method in operations
    }
    called = called_routes()
    assert len(called) >= 20  # the parser still sees api.js's calls
    assert ("GET", "/api/runs/{}/kernels/{}") in called
    assert called <= routes, sorted(called - routes)
