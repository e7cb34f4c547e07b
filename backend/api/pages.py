"""The HTML pages and static files. Pages are plain HTML shells; their ES modules fetch
everything from the JSON API, so every page is also a thing the API can do."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import plotly
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from backend.api import assets
from backend.api.compressed_files import CompressedStaticFiles, serve_one
from backend.api.errors import not_found
from backend.api.schemas import Example

_FOUND = assets.locate()  # in the installed package (a wheel) or beside it (a checkout)
FRONTEND_DIR = _FOUND.frontend
EXAMPLES_DIR = _FOUND.examples
PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
_PLOTLY_FILES = serve_one(PLOTLY_JS)
_PAGE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

router = APIRouter(include_in_schema=False)
examples_router = APIRouter(prefix="/api", tags=["examples"])


HEADER_MARK = re.compile(r"<!-- header:[^>]*-->\n")


def page(name: str, nav: str | None = None) -> HTMLResponse:
    """A page from frontend/pages with the shared header (skip link, nav, account corner)
    put in place; the nav link to `nav` is marked as the current page."""
    return HTMLResponse(_page_html(name, nav))


@functools.cache
def _page_html(name: str, nav: str | None) -> str:
    header = (FRONTEND_DIR / "pages" / "_header.html").read_text()
    if nav is not None:
        header = header.replace(f'<a href="{nav}">', f'<a href="{nav}" aria-current="page">')
    html = (FRONTEND_DIR / "pages" / f"{name}.html").read_text()
    return HEADER_MARK.sub(lambda _: header, html)


@router.get("/")
def new_run_page() -> HTMLResponse:
    return page("new", nav="/")


@router.get("/runs")
def history_page() -> HTMLResponse:
    return page("runs", nav="/runs")


@router.get("/r/{run_id}")
def run_page(run_id: str) -> HTMLResponse:
    if not _PAGE_ID.match(run_id):
        raise not_found("run", run_id)
    return page("run")


@router.get("/compare")
@router.get("/compare/{a}/{b}")
def compare_page() -> HTMLResponse:
    return page("compare", nav="/compare")


@router.get("/suites")
def suites_page() -> HTMLResponse:
    return page("suites", nav="/suites")


@router.get("/s/{suite_id}")
def suite_page(suite_id: str) -> HTMLResponse:
    if not _PAGE_ID.match(suite_id):
        raise not_found("suite", suite_id)
    return page("suite")


@router.get("/compare-suites/{a}/{b}")
def suite_compare_page() -> HTMLResponse:
    return page("suite_compare")


@router.get("/docs")
def api_docs() -> HTMLResponse:
    """Swagger UI for /openapi.json, served from our own npm build (no CDN), started by
    a static file rather than FastAPI's inline script (the CSP allows none)."""
    return page("docs")


@router.get("/static/vendor/plotly.min.js")
async def plotly_js(request: Request) -> Response:
    """plotly.js from the installed plotly package: the same version that built the figures
    (gzipped, with an ETag and 304s like every static file)."""
    return await _PLOTLY_FILES.get_response(PLOTLY_JS.name, request.scope)


@examples_router.get("/examples", response_model=list[Example])
def list_examples() -> list[Example]:
    """The gallery: each example snippet with one line on what it shows."""
    return [_example(path) for path in sorted(EXAMPLES_DIR.glob("*.py"))]


def _example(path: Path) -> Example:
    code = path.read_text()
    comment = []
    for line in code.splitlines():
        if not line.startswith("#"):
            break
        comment.append(line.lstrip("# ").strip())
    return Example(name=path.stem, description=" ".join(comment), code=code)


def check_frontend() -> None:
    """Refuse to serve pages that would load blank: raises assets.FrontendMissing."""
    assets.check(assets.Assets(FRONTEND_DIR, EXAMPLES_DIR))


def mount_static(app: FastAPI) -> None:
    dist = CompressedStaticFiles(directory=FRONTEND_DIR / "dist", check_dir=False)
    app.mount("/static/dist", dist)
    app.mount("/static", CompressedStaticFiles(directory=FRONTEND_DIR / "static"), name="static")
