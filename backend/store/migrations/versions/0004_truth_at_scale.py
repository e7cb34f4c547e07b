"""Truth at scale: undecided round trips, partial reads, device memory peaks; why a round
trip stays and hints for the run; timing spread; step durations and
the warm process's preparation.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Adding nullable columns needs no table rebuild; making `eliminated` nullable does
    # (SQLite), and round_trips has no children a rebuild could cascade into.
    op.add_column("runs", sa.Column("harness_peak_memory_bytes", sa.Integer(), nullable=True))
    op.add_column(
        "runs", sa.Column("hints", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
    )
    op.add_column("variants", sa.Column("peak_memory_bytes", sa.Integer(), nullable=True))
    op.add_column("variants", sa.Column("wall_time_p10_us", sa.Float(), nullable=True))
    op.add_column("variants", sa.Column("wall_time_p90_us", sa.Float(), nullable=True))
    op.add_column("runs", sa.Column("speedup_interval", sa.JSON(), nullable=True))
    op.add_column("runs", sa.Column("step_seconds", sa.JSON(), nullable=True))
    op.add_column("runs", sa.Column("prewarm_s", sa.Float(), nullable=True))
    op.add_column(
        "transfers",
        sa.Column("partial", sa.Boolean(), nullable=False, server_default=sa.text("0")),
    )
    with op.batch_alter_table("round_trips") as batch:
        batch.alter_column("eliminated", existing_type=sa.Boolean(), nullable=True)
        batch.add_column(sa.Column("decided_by", sa.String(), nullable=True))
        batch.add_column(sa.Column("unknown_reason", sa.Text(), nullable=True))
        batch.add_column(sa.Column("why", sa.JSON(), nullable=True))


def downgrade() -> None:
    # An undecided round trip had no representation before: it reads as not eliminated.
    op.execute("UPDATE round_trips SET eliminated = 0 WHERE eliminated IS NULL")
    with op.batch_alter_table("round_trips") as batch:
        batch.drop_column("why")
        batch.drop_column("unknown_reason")
        batch.drop_column("decided_by")
        batch.alter_column("eliminated", existing_type=sa.Boolean(), nullable=False)
    with op.batch_alter_table("transfers") as batch:
        batch.drop_column("partial")
    with op.batch_alter_table("variants") as batch:
        batch.drop_column("wall_time_p90_us")
        batch.drop_column("wall_time_p10_us")
        batch.drop_column("peak_memory_bytes")
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("prewarm_s")
        batch.drop_column("step_seconds")
        batch.drop_column("speedup_interval")
        batch.drop_column("hints")
        batch.drop_column("harness_peak_memory_bytes")
