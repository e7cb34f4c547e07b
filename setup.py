"""The wheel carries the dashboard's browser files, so `pip install kernelscope-*.whl` then
`kernelscope serve` works with no Node.js and no checkout. pyproject.toml holds everything
else; this file only adds that build step.

A wheel build copies frontend/dist (the editor and Swagger UI bundles `make frontend`
builds), frontend/pages, frontend/static and examples/ into the package as
backend/frontend/ and backend/examples/, where backend/api/assets.py looks first. An
editable install copies nothing: the server finds them beside the package, in the checkout.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# (source in the checkout, destination inside the package, files copied)
SHIPPED = (
    ("frontend/dist", "frontend/dist", ("*.js", "*.css")),
    ("frontend/pages", "frontend/pages", ("*.html",)),
    # run/*.js: the run page's panels, one module each
    ("frontend/static", "frontend/static", ("*.js", "*.css", "run/*.js")),
    ("examples", "examples", ("*.py",)),
)
BUNDLE = ROOT / "frontend" / "dist" / "editor.js"


class BuildPyWithFrontend(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        if not BUNDLE.is_file():  # a wheel without it serves blank run pages
            raise SystemExit(
                f"{BUNDLE.relative_to(ROOT)} is missing: run `make frontend` (npm) before "
                "building the wheel (`make dist` does both)"
            )
        package = Path(self.build_lib) / "backend"
        for source, destination, patterns in SHIPPED:
            target = package / destination
            shutil.rmtree(target, ignore_errors=True)  # nothing stale from an earlier build
            target.mkdir(parents=True)
            for pattern in patterns:
                for path in sorted((ROOT / source).glob(pattern)):
                    copied = target / path.relative_to(ROOT / source)
                    copied.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, copied)


setup(cmdclass={"build_py": BuildPyWithFrontend})
