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
TABLES |= {"suites"}  # migration 0012


def test_open_creates_the_schema_at_head(empty_store: Store) -> None:
    assert set(inspect(empty_store.engine).get_table_names()) == TABLES | {"alembic_version"}
    head = ScriptDirectory.from_config(alembic_config(empty_store.engine)).get_current_head()
    with empty_store.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == head


def test_migrated_schema_matches_the_models(empty_store: Store) -> None:
    with empty_store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, metadata) == []


def test_history_indexes_exist(empty_store: Store) -> None:
    indexes = {index["name"] for index in inspect(empty_store.engine).get_indexes("runs")}
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
    from tests.factories import CODE, rich_result

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


def test_0003_down_and_up_keeps_every_token_and_run(tmp_path: Path) -> None:
    """0003 adds the worker name of worker tokens. Going back to 0002 drops the name (the
    token then names no worker and is refused on the worker routes until replaced); every
    token, user and run stays, and the foreign keys are back on afterwards."""
    from backend.store import accounts
    from tests.factories import CODE, rich_result

    with Store.open(tmp_path) as store:
        accounts.create_user(store, "ops")
        user_token = accounts.create_token(store, "ops", "ci").token
        worker_token = accounts.create_token(
            store, "ops", "w", "worker", worker_name="gpu-0", device_kinds=["cpu"]
        ).token
        run_id = store.create_run(CODE)
        store.save_result(rich_result(run_id), CODE, [])
        before = store.load_result(run_id)

        command.downgrade(alembic_config(store.engine), "0002")
        assert "worker_name" not in _columns(store, "api_tokens")
        with store.engine.connect() as connection:
            tokens = connection.exec_driver_sql("SELECT name, scope FROM api_tokens ORDER BY id")
            assert tokens.fetchall() == [("ci", "user"), ("w", "worker")]

        command.upgrade(alembic_config(store.engine), "head")
        assert "worker_name" in _columns(store, "api_tokens")
        user = accounts.verify_token(store, user_token)
        worker = accounts.verify_token(store, worker_token)
        after = store.load_result(run_id)
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    assert user is not None and (user.name, user.scope, user.worker_name) == ("ops", "user", None)
    assert worker is not None and (worker.scope, worker.worker_name) == ("worker", None)
    assert before is not None and after is not None
    assert after.variants == before.variants and after.round_trips == before.round_trips


def test_0003_keeps_worker_names_across_a_restart(tmp_path: Path) -> None:
    from backend.store import accounts

    with Store.open(tmp_path) as store:
        accounts.create_user(store, "ops")
        raw = accounts.create_token(
            store, "ops", "w", "worker", worker_name="gpu-0", device_kinds=["cpu"]
        ).token
    with Store.open(tmp_path) as store:
        principal = accounts.verify_token(store, raw)
    assert principal is not None and principal.worker_name == "gpu-0"


def _columns(store: Store, table: str) -> set[str]:
    return {column["name"] for column in inspect(store.engine).get_columns(table)}


def test_0014_binds_each_worker_token_to_the_kinds_its_worker_served(tmp_path: Path) -> None:
    """Upgrading keeps serving workers working: a worker token is bound to the kinds its
    worker registered with or ran; one whose worker never served anything stays unbound
    (refused on the worker routes until an admin binds it)."""
    from backend.store import accounts, jobs
    from backend.worker_protocol import WorkerInfo
    from tests.factories import CODE

    with Store.open(tmp_path) as store:
        accounts.create_user(store, "ops")
        tokens = {
            name: accounts.create_token(
                store, "ops", name, "worker", worker_name=name, device_kinds=["x"]
            ).token
            for name in ("gpu-0", "idle")
        }
        jobs.heartbeat(store, WorkerInfo(id="gpu-0", device_kind="h100", host="h"), [])
        run_id = store.create_run(CODE, device_kind="a100")
        with store.engine.begin() as connection:  # a run it held while it served a100
            connection.exec_driver_sql(
                "UPDATE runs SET worker_id = 'gpu-0' WHERE id = ?", (run_id,)
            )
        command.downgrade(alembic_config(store.engine), "0013")
        assert "device_kinds" not in _columns(store, "api_tokens")
        command.upgrade(alembic_config(store.engine), "head")
        kinds = {name: accounts.verify_token(store, raw) for name, raw in tokens.items()}
    assert [p.device_kinds if p else "?" for p in kinds.values()] == [["a100", "h100"], None]
