"""The SQLite engine, its pragmas, sessions and migrations.

One writer at a time is SQLite's model. Writers take the write lock up front with
`BEGIN IMMEDIATE`, so two writers queue on `busy_timeout` instead of one of them
failing with "database is locked" when a deferred (read) transaction tries to upgrade.
Readers use plain deferred `BEGIN` and, thanks to WAL, never block the writer.
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event
from sqlmodel import Session

BUSY_TIMEOUT_MS = 5000
MIGRATIONS_DIR = Path(__file__).parent / "migrations"
# An execution option read by the "begin" hook below; set only on write sessions.
_BEGIN_OPTION = "kernelscope_begin"


def make_engine(db_path: Path) -> Engine:
    """An engine on the SQLite file `db_path` with WAL, busy timeout and foreign keys."""
    engine = create_engine(f"sqlite:///{db_path}", connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _on_connect)
    event.listen(engine, "begin", _on_begin)
    return engine


def _on_connect(dbapi_connection: Any, _record: Any) -> None:
    # Stop pysqlite from issuing its own (deferred, DDL-committing) BEGIN; `_on_begin`
    # emits ours. COMMIT and ROLLBACK still go through the driver.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        # busy_timeout first: switching the file to WAL needs a lock and must wait for it.
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        # NORMAL is durable across application crashes in WAL mode; only an OS crash
        # can lose the last commits, which is an acceptable trade for write speed.
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()


def _on_begin(connection: Connection) -> None:
    mode = connection.get_execution_options().get(_BEGIN_OPTION, "")
    connection.exec_driver_sql(f"BEGIN {mode}".strip())


def writer(engine: Engine) -> Engine:
    """The same engine (same pool), but whose transactions start with BEGIN IMMEDIATE."""
    return engine.execution_options(**{_BEGIN_OPTION: "IMMEDIATE"})


@contextmanager
def write_session(engine: Engine) -> Iterator[Session]:
    """A session holding the write lock from its first statement; commits on success."""
    with Session(writer(engine), expire_on_commit=False) as session, session.begin():
        yield session


@contextmanager
def read_session(engine: Engine) -> Iterator[Session]:
    """A session for reads: deferred BEGIN, so it never waits for or blocks a writer.

    It never commits: closing it rolls back anything written by mistake.
    """
    with Session(engine) as session:
        yield session


def alembic_config(engine: Engine) -> Config:
    """An Alembic config built in code: no alembic.ini is needed at run time."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("path_separator", "os")
    config.attributes["engine"] = engine
    return config


def init_db(engine: Engine) -> None:
    """Bring the database up to the latest migration (a no-op when it already is)."""
    command.upgrade(alembic_config(engine), "head")


@contextmanager
def gc_paused() -> Iterator[None]:
    """Loading (or saving) a large run allocates millions of objects that all survive, and
    CPython's collector rescans them over and over: 70 s instead of 18 s to load 200,000
    kernels the old way; 0.5 s instead of 0.19 s for their time columns."""
    enabled = gc.isenabled()  # False when another thread's load has it paused: leave it to that
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
