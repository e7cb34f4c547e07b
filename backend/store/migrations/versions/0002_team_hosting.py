"""Team hosting: users, API tokens, login sessions, workers; run owner, visibility, queue state.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _parent_key(column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [target], ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("password_hash", sa.String(), nullable=True),
        sa.Column("is_admin", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("disabled_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("token_hash", sa.String(), nullable=False),
        sa.Column("scope", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("last_used_at", sa.DateTime(), nullable=True),
        sa.Column("revoked_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        _parent_key("user_id", "users.id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_table(
        "login_sessions",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("csrf_token", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        _parent_key("user_id", "users.id"),
    )
    op.create_table(
        "workers",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("device_kind", sa.String(), nullable=False),
        sa.Column("host", sa.String(), nullable=False),
        sa.Column("device_name", sa.String(), nullable=True),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(), nullable=False),
        sa.Column("current_run_id", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("owner_id", sa.Integer(), nullable=True))
        batch.add_column(
            sa.Column("visibility", sa.String(), nullable=False, server_default="team")
        )
        batch.add_column(
            sa.Column("device_kind", sa.String(), nullable=False, server_default="cpu")
        )
        batch.add_column(
            sa.Column("cancel_requested", sa.Boolean(), nullable=False, server_default="0")
        )
        batch.add_column(sa.Column("worker_id", sa.String(), nullable=True))
        batch.add_column(sa.Column("heartbeat_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("job_id", sa.String(), nullable=True))
        batch.add_column(sa.Column("dispatched_at", sa.DateTime(), nullable=True))
        batch.create_foreign_key(
            "fk_runs_owner_id_users", "users", ["owner_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index(
            "ix_runs_device_kind_status_created_at", ["device_kind", "status", "created_at"]
        )
        batch.create_index("ix_runs_owner_id_created_at_id", ["owner_id", "created_at", "id"])
        batch.create_index("ix_runs_owner_id_dispatched_at", ["owner_id", "dispatched_at"])


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_index("ix_runs_owner_id_dispatched_at")
        batch.drop_index("ix_runs_owner_id_created_at_id")
        batch.drop_index("ix_runs_device_kind_status_created_at")
        batch.drop_constraint("fk_runs_owner_id_users", type_="foreignkey")
        for column in (
            "dispatched_at",
            "job_id",
            "attempts",
            "heartbeat_at",
            "worker_id",
            "cancel_requested",
            "device_kind",
            "visibility",
            "owner_id",
        ):
            batch.drop_column(column)
    for table in ("workers", "login_sessions", "api_tokens", "users"):
        op.drop_table(table)
