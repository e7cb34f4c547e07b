"""Where in the model each kernel and round trip happened: its nn.Module path
(`module`) and the library line that called it (`frame`), and the run's module tree
(`runs.modules`, [{path, type}]) that GET /api/runs/{id}/modules rolls them up in.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: runs stored before were not attributed, and plain functions have no module.
    for table in ("kernels", "round_trips"):
        op.add_column(table, sa.Column("module", sa.String(), nullable=True))
        op.add_column(table, sa.Column("frame", sa.String(), nullable=True))
    op.add_column(
        "runs", sa.Column("modules", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
    )


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("modules")
    for table in ("round_trips", "kernels"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("frame")
            batch.drop_column("module")
