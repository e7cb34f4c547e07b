"""Every kernel carries its own traffic: each variant's traffic coverage, and
per kernel why it has no transfers, how many launches its op took, and whether it is a
helper kernel of its op.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Added columns only, no rebuild: earlier runs did not compute them (null = unknown).
    op.add_column("variants", sa.Column("traffic_coverage", sa.Float(), nullable=True))
    op.add_column("kernels", sa.Column("traffic_note", sa.Text(), nullable=True))
    op.add_column("kernels", sa.Column("launches", sa.Integer(), nullable=True))
    op.add_column("kernels", sa.Column("helper", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("kernels") as batch:
        batch.drop_column("helper")
        batch.drop_column("launches")
        batch.drop_column("traffic_note")
    with op.batch_alter_table("variants") as batch:
        batch.drop_column("traffic_coverage")
