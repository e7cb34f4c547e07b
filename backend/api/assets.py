"""Where the dashboard's browser files and example snippets are, and whether they are all
there. An installed wheel carries them inside the package (backend/frontend,
backend/examples: setup.py copies them in); a checkout has them beside the package
(frontend/, examples/). A server missing any of them refuses to start: without the editor
bundle the pages would load blank, with no error anywhere."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[1]
# Built by `make frontend` (npm, never at run time); the rest is in git.
BUILT_FILES = ("dist/editor.js", "dist/swagger-ui-bundle.js", "dist/swagger-ui.css")
SOURCE_FILES = ("pages/_header.html", "pages/new.html", "pages/run.html", "static/api.js")


class FrontendMissing(Exception):
    """The browser files are incomplete; the message says what to run."""


@dataclass(frozen=True)
class Assets:
    frontend: Path  # holds dist/, pages/ and static/
    examples: Path  # the gallery's snippets, *.py


def locate(package_dir: Path = PACKAGE_DIR) -> Assets:
    """Inside the package when installed from a wheel, else beside it (a checkout)."""
    for root in (package_dir, package_dir.parent):
        if (root / "frontend").is_dir():
            return Assets(root / "frontend", root / "examples")
    return Assets(package_dir.parent / "frontend", package_dir.parent / "examples")


def check(assets: Assets) -> None:
    """Raise FrontendMissing, naming the missing files and the command that makes them."""
    names = (*BUILT_FILES, *SOURCE_FILES)
    missing = [
        str(assets.frontend / name) for name in names if not (assets.frontend / name).is_file()
    ]
    if not any(assets.examples.glob("*.py")):
        missing.append(str(assets.examples / "*.py"))
    if not missing:
        return
    raise FrontendMissing(
        f"the dashboard's browser files are incomplete (missing {', '.join(missing)}). "
        "In a checkout, run `make setup` (or `make frontend`, which "
        "builds the editor and Swagger UI bundles with npm); otherwise install a wheel "
        "built by `make dist`, which carries them (pip install kernelscope-*.whl)."
    )
