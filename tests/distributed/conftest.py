"""One real cluster (tests/distributed/cluster.py) serves each test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.distributed.cluster import Cluster


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    started = Cluster(tmp_path_factory.mktemp("cluster"))
    try:
        started.start()
        yield started
    finally:
        started.stop()
