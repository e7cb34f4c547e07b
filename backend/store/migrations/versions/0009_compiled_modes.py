"""Compile modes side by side: a run that asked for several compile modes keeps
one summary per mode (`compiled_modes`); the further modes' variants are ordinary rows of
`variants`, named `compiled:<mode>`.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Not null with an empty list: runs made before ran one mode, and say so.
    op.add_column(
        "runs",
        sa.Column("compiled_modes", sa.JSON(), nullable=False, server_default=sa.text("'[]'")),
    )


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("compiled_modes")
