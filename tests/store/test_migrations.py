from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from backend.store.db import alembic_config, init_db, make_engine
from backend.store.models import metadata
from backend.store.repository import Store

TABLES = {"runs", "variants", "kernels", "transfers", "round_trips", "artifacts"}
TABLES |= {"users", "api_tokens", "login_sessions", "workers"}


def test_open_creates_the_schema_at_head(store: Store) -> None:
    assert set(inspect(store.engine).get_table_names()) == TABLES | {"alembic_version"}
    head = ScriptDirectory.from_config(alembic_config(store.engine)).get_current_head()
    with store.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == head


def test_migrated_schema_matches_the_models(store: Store) -> None:
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, metadata) == []


def test_history_indexes_exist(store: Store) -> None:
    indexes = {index["name"] for index in inspect(store.engine).get_indexes("runs")}
    assert {"ix_runs_created_at_id", "ix_runs_status_created_at_id"} <= indexes
    assert {"ix_runs_device_name_created_at_id", "ix_runs_sweep_id"} <= indexes


def test_init_db_is_idempotent_and_keeps_data(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        run_id = store.create_run("x = 1")
    with Store.open(tmp_path) as store:  # migrates again: a no-op
        assert store.get_code(run_id) == "x = 1"


def test_downgrade_to_base_removes_every_table(tmp_path: Path) -> None:
    engine = make_engine(tmp_path / "t.db")
    try:
        init_db(engine)
        command.downgrade(alembic_config(engine), "base")
        assert set(inspect(engine).get_table_names()) == {"alembic_version"}
    finally:
        engine.dispose()


def test_migrating_down_and_up_keeps_every_run_and_its_children(tmp_path: Path) -> None:
    """0002 rebuilds `runs` in batch mode (both ways); with foreign keys on, dropping the old
    table would cascade-delete every variant, kernel and round trip of every stored run."""
    from tests.store.factories import CODE, rich_result

    with Store.open(tmp_path) as store:
        run_id = store.create_run(CODE)
        store.save_result(rich_result(run_id), CODE, [])
        before = store.load_result(run_id)
        command.downgrade(alembic_config(store.engine), "0001")
        command.upgrade(alembic_config(store.engine), "head")
        after = store.load_result(run_id)
        with store.engine.connect() as connection:  # the pool got its pragma back
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    assert before is not None and after is not None and after.round_trips
    assert after.round_trips == before.round_trips
    assert after.variants == before.variants
