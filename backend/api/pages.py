"""The HTML pages and static files. Pages are plain HTML shells; their ES modules fetch
everything from the JSON API, so every page is also a thing the API can do."""

from __future__ import annotations

import re
from pathlib import Path

import plotly
from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

from backend.api.errors import not_found
from backend.api.schemas import Example

FRONTEND_DIR = Path(__file__).resolve().parents[2] / "frontend"
EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "examples"
PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
_PAGE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

router = APIRouter(include_in_schema=False)
examples_router = APIRouter(prefix="/api", tags=["examples"])


def _page(name: str) -> FileResponse:
    return FileResponse(FRONTEND_DIR / "pages" / f"{name}.html", media_type="text/html")


@router.get("/")
def new_run_page() -> FileResponse:
    return _page("new")


@router.get("/runs")
def history_page() -> FileResponse:
    return _page("runs")


@router.get("/r/{run_id}")
def run_page(run_id: str) -> FileResponse:
    if not _PAGE_ID.match(run_id):
        raise not_found("run", run_id)
    return _page("run")


@router.get("/compare")
@router.get("/compare/{a}/{b}")
def compare_page() -> FileResponse:
    return _page("compare")


@router.get("/docs")
def api_docs() -> HTMLResponse:
    """Swagger UI for /openapi.json, served from our own npm build (no CDN)."""
    return get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="Kernelscope API",
        swagger_js_url="/static/dist/swagger-ui-bundle.js",
        swagger_css_url="/static/dist/swagger-ui.css",
        swagger_favicon_url="data:,",
    )


@router.get("/static/vendor/plotly.min.js")
def plotly_js() -> FileResponse:
    """plotly.js from the installed plotly package: the same version that built the figures."""
    return FileResponse(PLOTLY_JS, media_type="text/javascript")


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


def mount_static(app: FastAPI) -> None:
    app.mount("/static/dist", StaticFiles(directory=FRONTEND_DIR / "dist", check_dir=False))
    app.mount("/static", StaticFiles(directory=FRONTEND_DIR / "static"), name="static")
