"""Measured DRAM bytes on request: what a run asked to measure, what
came of it, and each kernel's DRAM bytes as Nsight Compute measured them.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Added columns only, no rebuild: earlier runs asked for nothing and measured nothing.
    op.add_column(
        "runs", sa.Column("measure", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
    )
    op.add_column(
        "runs",
        sa.Column("measurements", sa.JSON(), nullable=False, server_default=sa.text("'[]'")),
    )
    op.add_column("kernels", sa.Column("dram_bytes_read", sa.Integer(), nullable=True))
    op.add_column("kernels", sa.Column("dram_bytes_written", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("kernels") as batch:
        batch.drop_column("dram_bytes_written")
        batch.drop_column("dram_bytes_read")
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("measurements")
        batch.drop_column("measure")
