#!/bin/sh
# The project's Python dependencies that the GPU image lacks, as wheels for its Python 3.12
# (x86-64 Linux), into .whl/ (ignored by git; carried to the GPU host). On the host:
#   python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
#       --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD
# The versions are pyproject.toml's and those its pins resolved to here; the image already
# has torch, anyio, click, h11, narwhals, packaging, prometheus-client, markupsafe,
# python-dateutil, typing-extensions and annotated-doc (the device host's own notes list them).
set -eu
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
mkdir -p .whl
"$PYTHON" -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
  --implementation cp --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 \
  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 --platform manylinux1_x86_64 \
  --platform manylinux_2_24_x86_64 --platform manylinux_2_34_x86_64 -d .whl \
  alembic==1.20.1 annotated-types==0.8.0 argon2-cffi==25.1.0 argon2-cffi-bindings==26.2.0 \
  cffi==2.1.1 croniter==7.0.0 fastapi==0.165.0 mako==1.4.3 opentelemetry-api==1.45.2 \
  plotly==7.1.0 pycparser==3.12 pydantic==2.14.4 pydantic-core==2.50.5 \
  pydantic-settings==2.16.3 python-dotenv==1.2.4 redis==8.1.0 rq==3.0.0 sqlalchemy==2.1.9 \
  sqlmodel==0.0.50 starlette==1.10.0 typing-inspection==0.4.5 tzdata==2026.6 uvicorn==0.54.0
ls .whl
