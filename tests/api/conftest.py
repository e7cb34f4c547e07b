"""The API through FastAPI's TestClient (the root conftest's `client` and `app_store`).

Its app refuses snippets over 4096 bytes, so the 413 path is cheap to reach;
tests/api/test_end_to_end.py runs real snippets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.settings import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The root `settings`, with a small snippet limit."""
    return Settings(data_dir=tmp_path / "data", local_workers=0, max_snippet_bytes=4096)
