"""Alembic entry point. Runs online only, on the engine `db.alembic_config` put in the config.

Offline (SQL script) mode is not supported: the store always migrates a live SQLite file.
"""

from alembic import context
from sqlalchemy import Connection, Engine

from backend.store import models
from backend.store.db import writer


def run_migrations() -> None:
    engine = context.config.attributes["engine"]
    if not isinstance(engine, Engine):
        raise RuntimeError("run migrations through backend.store.db.init_db(engine)")
    # BEGIN IMMEDIATE: two processes starting at once migrate one after the other, and
    # the second sees the version the first wrote.
    with writer(engine).connect() as connection:
        # Batch migrations rebuild a table (create, copy, drop, rename). With foreign keys
        # on, SQLite's DROP TABLE cascades: dropping the old `runs` would delete every
        # kernel and round trip. The pragma is ignored inside a transaction, so it is set
        # on the raw connection before ours begins, and restored before the pool reuses it.
        raw = connection.connection.driver_connection
        assert raw is not None
        raw.execute("PRAGMA foreign_keys = OFF")
        try:
            _migrate(connection)
        finally:
            if connection.in_transaction():  # Alembic committed; this one only read
                connection.rollback()
            raw.execute("PRAGMA foreign_keys = ON")


def _migrate(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=models.metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies tables
    )
    with context.begin_transaction():
        context.run_migrations()
        # Foreign keys were off: prove the copies left no row pointing at nothing.
        problems = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if problems:
            raise RuntimeError(f"migration left dangling references: {problems[:5]}")


run_migrations()
