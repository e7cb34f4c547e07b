"""Forks: the run a new run was edited from ("Edit as new run", "Try it"), so its page can
link back and offer "compare with parent".

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain nullable column (no foreign key): a fork outlives its deleted parent, and
    # adding it needs no rebuild of `runs` (whose children a rebuild could cascade into).
    op.add_column("runs", sa.Column("forked_from", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("forked_from")
