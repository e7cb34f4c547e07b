"""Timings you can trust, inference by default: whether the run kept autograd on;
kernel durations as medians over several profiled calls, with their spread; the machine's
load while the run measured, and why its timings may be noisy.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable columns only: no table rebuild; runs made before read as unknown (null).
    op.add_column("runs", sa.Column("grad_mode", sa.JSON(), nullable=True))
    op.add_column("runs", sa.Column("machine_load", sa.JSON(), nullable=True))
    op.add_column(
        "runs", sa.Column("noise", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
    )
    op.add_column("variants", sa.Column("profiled_calls", sa.Integer(), nullable=True))
    op.add_column("variants", sa.Column("kernel_time_p10_us", sa.Float(), nullable=True))
    op.add_column("variants", sa.Column("kernel_time_p90_us", sa.Float(), nullable=True))
    op.add_column("kernels", sa.Column("duration_p10_us", sa.Float(), nullable=True))
    op.add_column("kernels", sa.Column("duration_p90_us", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("kernels") as batch:
        batch.drop_column("duration_p90_us")
        batch.drop_column("duration_p10_us")
    with op.batch_alter_table("variants") as batch:
        batch.drop_column("kernel_time_p90_us")
        batch.drop_column("kernel_time_p10_us")
        batch.drop_column("profiled_calls")
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("noise")
        batch.drop_column("machine_load")
        batch.drop_column("grad_mode")
