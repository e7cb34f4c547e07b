from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.store.repository import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A fresh, migrated store in this test's own data directory."""
    with Store.open(tmp_path / "data") as opened:
        yield opened
