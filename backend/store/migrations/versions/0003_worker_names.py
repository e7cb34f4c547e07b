"""Worker names on worker tokens: a worker token acts as exactly one worker.

Worker tokens made before this revision name no worker and are refused on the worker
routes until replaced (`kernelscope token create USER --worker-name NAME`): a name cannot
be guessed for them, and one such token was often shared by several workers.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("worker_name", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("worker_name")
