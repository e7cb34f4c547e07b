# Kernelscope: one command per task. `make run` and `make test` set everything up first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
EXAMPLE ?= examples/add_relu.py
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup frontend dist run example check test lint fmt bench gpu-check deploy-check clean

# Create the virtual environment: torch 2.13.0 (the CPU build here; GPU hosts bring their own) and the project.
setup: $(VENV)/.installed frontend
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

# Build the browser code editor (CodeMirror from npm, pinned by the lockfile) into frontend/dist/editor.js.
frontend: frontend/dist/editor.js
frontend/dist/editor.js: frontend/package-lock.json frontend/build.mjs $(wildcard frontend/src/*)
	cd frontend && npm ci --no-audit --no-fund && node build.mjs

# The wheel, dist/kernelscope-*.whl, with the editor bundle, pages and examples inside: on a
# GPU host, `pip install` it beside torch and run `kernelscope serve` (no Node.js, no checkout).
dist: setup
	rm -rf build dist
	$(BIN)/pip wheel -q --no-deps --wheel-dir dist .

# Start the dashboard and a local worker on http://$(HOST):$(PORT) (data in ~/.kernelscope).
run: setup
	$(BIN)/kernelscope serve --host $(HOST) --port $(PORT)

# Run the add+relu example from the terminal, eager and compiled, and print what fusion changed.
example: setup
	$(BIN)/kernelscope run $(EXAMPLE)

# The developer's fast loop: lint, then the tests that need no real run, server or browser
# (not marked slow or browser; tests/conftest.py marks slow whatever uses redis-server or
# bubblewrap): 1,940 tests, 2 min 32-40 s on the 2-core box with two pytest-xdist workers
# (2026-12-07, load ~1.5; pytest 147-155 s, of it 15 s collecting; 5 min 53 s while a full
# `make test` ran beside it). `make test` stays the CI command: everything, slow and
# browser tests included.
CHECK_WORKERS ?= 2
check: setup lint
	$(BIN)/pytest -q -n $(CHECK_WORKERS) -m "not slow and not browser" --durations=10

# Lint, type-check and run every test (the engine, sandbox, browser and distributed tests run
# real snippets: most of the time); the 30 slowest are listed at the end. Three pytest-xdist
# workers on two cores: a real run is mostly one busy thread (Dynamo, Inductor, gcc), and
# many tests wait (servers, browsers, time limits), so a third worker fills the gaps
# (1221 s with two, 1026 s with three, 2026-12-04); a fourth only adds contention (pytest
# 787 s with three, 907 s with four, 2026-12-06). --dist loadfile keeps each file on one
# worker, so a module fixture (one real run that several tests read) runs once; the longest
# files start first (tests/file_seconds.json, tests/conftest.py).
# (loadgroup would group more, but pytest 9.2 ignores the group xdist 3.8 puts in node ids.)
TEST_WORKERS ?= 3
test: setup lint
	$(BIN)/pytest -q -n $(TEST_WORKERS) --dist loadfile --durations=30

# ruff, mypy --strict on the backend and the tests, import-linter's layer contracts
# (pyproject.toml), and Biome's linter on the browser code (frontend/biome.json; pinned in
# frontend/package.json).
lint: setup
	$(BIN)/ruff check backend tests bench scripts
	$(BIN)/ruff format --check backend tests bench scripts
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	cd frontend && node_modules/.bin/biome check --error-on-warnings

# Format the code in place.
fmt: setup
	$(BIN)/ruff format backend tests bench scripts
	$(BIN)/ruff check --fix backend tests bench scripts

# Benchmarks: print measured ratios (never asserted in tests).
bench: setup
	$(BIN)/python bench/bench_warm.py
	$(BIN)/python bench/bench_overhead.py
	$(BIN)/python bench/bench_large_run.py
	$(BIN)/python bench/bench_api_latency.py
	$(BIN)/python bench/bench_queue.py
	$(BIN)/python bench/bench_coverage.py

# On a GPU host: run the examples, print kernels/bytes/times (add NCU=1 for Nsight Compute).
gpu-check: setup
	$(BIN)/python scripts/gpu_check.py $(if $(NCU),--ncu,)

# Validate docker-compose.yml and lint Dockerfile.gpu (no Docker engine needed; also in make test).
deploy-check: setup
	KERNELSCOPE_REDIS_PASSWORD=check KERNELSCOPE_REDIS_WORKER_PASSWORD=check $(BIN)/docker-compose config -q
	$(BIN)/hadolint Dockerfile.gpu

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache frontend/node_modules frontend/dist
