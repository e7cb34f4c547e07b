import threading
from pathlib import Path
from typing import Any

from sqlalchemy import CursorResult, Engine, event
from sqlmodel import Session

from backend.store.db import BUSY_TIMEOUT_MS, make_engine, read_session, write_session
from backend.store.repository import Store


def _pragma(engine: Engine, name: str) -> Any:
    with engine.connect() as connection:
        return connection.exec_driver_sql(f"PRAGMA {name}").scalar()


def test_connections_use_wal_busy_timeout_and_foreign_keys(empty_store: Store) -> None:
    assert _pragma(empty_store.engine, "journal_mode") == "wal"
    assert _pragma(empty_store.engine, "busy_timeout") == BUSY_TIMEOUT_MS == 5000
    assert _pragma(empty_store.engine, "foreign_keys") == 1
    assert _pragma(empty_store.engine, "synchronous") == 1  # NORMAL


def _sql(session: Session, statement: str) -> CursorResult[Any]:
    return session.connection().exec_driver_sql(statement)


def _record_statements(engine: Engine) -> list[str]:
    statements: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    return statements


def test_write_sessions_begin_immediate_and_read_sessions_deferred(tmp_path: Path) -> None:
    engine = make_engine(tmp_path / "t.db")
    try:
        statements = _record_statements(engine)
        with write_session(engine) as session:
            _sql(session, "CREATE TABLE t (x INTEGER)")
        assert statements[0] == "BEGIN IMMEDIATE"
        statements.clear()
        with read_session(engine) as session:
            _sql(session, "SELECT count(*) FROM t")
        assert statements[0] == "BEGIN"
    finally:
        engine.dispose()


def test_a_reader_does_not_block_a_writer(tmp_path: Path) -> None:
    engine = make_engine(tmp_path / "t.db")
    try:
        with write_session(engine) as session:
            _sql(session, "CREATE TABLE t (x INTEGER)")
        with read_session(engine) as reader:
            assert _sql(reader, "SELECT count(*) FROM t").scalar() == 0
            with write_session(engine) as writer:  # WAL: commits while the read is open
                _sql(writer, "INSERT INTO t VALUES (1)")
            # The reader keeps its snapshot until its transaction ends.
            assert _sql(reader, "SELECT count(*) FROM t").scalar() == 0
    finally:
        engine.dispose()


def test_a_read_session_never_commits(tmp_path: Path) -> None:
    engine = make_engine(tmp_path / "t.db")
    try:
        with write_session(engine) as session:
            _sql(session, "CREATE TABLE t (x INTEGER)")
        with read_session(engine) as session:
            _sql(session, "INSERT INTO t VALUES (1)")
        with read_session(engine) as session:
            assert _sql(session, "SELECT count(*) FROM t").scalar() == 0
    finally:
        engine.dispose()


def test_concurrent_writers_queue_instead_of_failing(empty_store: Store) -> None:
    errors: list[BaseException] = []
    created: list[str] = []

    def work() -> None:
        try:
            for index in range(50):
                run_id = empty_store.create_run(f"print({index})", compile_mode="default")
                empty_store.set_status(run_id, "running", progress_step="profiling eager")
                created.append(run_id)
        except BaseException as error:  # collected: an exception in a thread is not a failure
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(set(created)) == 100
    runs = empty_store.list_runs(limit=1000)
    assert len(runs) == 100
    assert {run.status for run in runs} == {"running"}
