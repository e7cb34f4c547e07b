"""The traffic picture per compile mode: each round trip keeps what every further
compile mode of its run did to it (`modes`: eliminated, fused_into, why per mode), beside
the first mode's own columns.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Not null with an empty object: runs made before ran one mode.
    op.add_column(
        "round_trips",
        sa.Column("modes", sa.JSON(), nullable=False, server_default=sa.text("'{}'")),
    )


def downgrade() -> None:
    with op.batch_alter_table("round_trips") as batch:
        batch.drop_column("modes")
