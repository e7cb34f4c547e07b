"""One number per round trip on each side: a kept round trip's bytes in the compiled
variant (`compiled_bytes`) and how many compiled kernels read it back (`compiled_reads`, 0
when the compiled variant only writes it), beside eager's `bytes`.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: runs stored before were not counted on the compiled side.
    op.add_column("round_trips", sa.Column("compiled_bytes", sa.Integer(), nullable=True))
    op.add_column("round_trips", sa.Column("compiled_reads", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("round_trips") as batch:
        batch.drop_column("compiled_reads")
        batch.drop_column("compiled_bytes")
