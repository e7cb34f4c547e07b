"""Suites: several snippets submitted as one (a benchmark's problems), each problem a run
that names its suite and its name in it.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "suites",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("title", sa.String(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("compile_mode", sa.String(), nullable=False),
        sa.Column("device_kind", sa.String(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=True),
        sa.Column("visibility", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    # Plain nullable columns (no foreign key): adding them needs no rebuild of `runs`, and
    # a problem's run stays a run of its own when its suite is gone.
    op.add_column("runs", sa.Column("suite_id", sa.String(), nullable=True))
    op.add_column("runs", sa.Column("problem", sa.String(), nullable=True))
    op.create_index("ix_runs_suite_id_dispatched_at", "runs", ["suite_id", "dispatched_at"])


def downgrade() -> None:
    op.drop_index("ix_runs_suite_id_dispatched_at", table_name="runs")
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("problem")
        batch.drop_column("suite_id")
    op.drop_table("suites")
