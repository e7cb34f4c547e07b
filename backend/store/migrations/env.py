"""Alembic entry point. Runs online only, on the engine `db.alembic_config` put in the config.

Offline (SQL script) mode is not supported: the store always migrates a live SQLite file.
"""

from alembic import context
from sqlalchemy import Engine

from backend.store import models
from backend.store.db import writer


def run_migrations() -> None:
    engine = context.config.attributes["engine"]
    if not isinstance(engine, Engine):
        raise RuntimeError("run migrations through backend.store.db.init_db(engine)")
    # BEGIN IMMEDIATE: two processes starting at once migrate one after the other, and
    # the second sees the version the first wrote.
    with writer(engine).connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=models.metadata,
            render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies tables
        )
        with context.begin_transaction():
            context.run_migrations()


run_migrations()
