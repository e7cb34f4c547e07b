"""Hardware truth: each kernel's FLOPs, its share of the device's measured
bandwidth or that its data was cache-resident, and each variant's share.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # nullable or defaulted columns: no table rebuild (kernels can hold millions of rows)
    op.add_column("kernels", sa.Column("flops", sa.Integer(), nullable=True))
    op.add_column("kernels", sa.Column("achieved_bandwidth_pct", sa.Float(), nullable=True))
    op.add_column(
        "kernels",
        sa.Column("cache_resident", sa.Boolean(), nullable=False, server_default=sa.text("0")),
    )
    op.add_column("variants", sa.Column("bandwidth_pct", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("variants") as batch:
        batch.drop_column("bandwidth_pct")
    with op.batch_alter_table("kernels") as batch:
        batch.drop_column("cache_resident")
        batch.drop_column("achieved_bandwidth_pct")
        batch.drop_column("flops")
