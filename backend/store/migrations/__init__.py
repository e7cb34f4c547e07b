"""Alembic environment for the store; `db.init_db` runs it, no alembic.ini needed."""
