"""Dispatch a worker token cannot game, and database rows in the storage quota.

- `workers.last_handed_at`: when the API last handed the worker a run (its own clock);
  idle workers take turns by it instead of by their last heartbeat, which the worker
  chooses.
- `api_tokens.device_kinds`: the device kinds a worker token may serve, bound by an admin.
  Each existing worker token is bound here to the kinds its worker has served (its row in
  `workers`, and the runs it held), so a deployment goes on as it was and a token can no
  longer declare a kind it never served. A worker token whose worker never served
  anything stays unbound, and is refused until an admin binds it (`kernelscope token kinds`).
- `runs.row_bytes`: an estimate of what a run's stored rows take, counted in its owner's
  quota; runs stored before this revision count 0 until they are stored again.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("workers", sa.Column("last_handed_at", sa.DateTime(), nullable=True))
    op.add_column("api_tokens", sa.Column("device_kinds", sa.JSON(), nullable=True))
    op.add_column("runs", sa.Column("row_bytes", sa.Integer(), server_default="0", nullable=False))
    _bind_served_kinds()


def _bind_served_kinds() -> None:
    connection = op.get_bind()
    tokens = connection.execute(
        sa.text(
            "SELECT id, worker_name FROM api_tokens "
            "WHERE scope = 'worker' AND worker_name IS NOT NULL"
        )
    ).all()
    served = sa.text(
        "SELECT device_kind FROM workers WHERE id = :name "
        "UNION SELECT device_kind FROM runs WHERE worker_id = :name"
    )
    for token_id, name in tokens:
        kinds = sorted({kind for (kind,) in connection.execute(served, {"name": name})})
        if kinds:
            connection.execute(
                sa.text("UPDATE api_tokens SET device_kinds = :kinds WHERE id = :id"),
                {"kinds": json.dumps(kinds), "id": token_id},
            )


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("row_bytes")
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("device_kinds")
    with op.batch_alter_table("workers") as batch:
        batch.drop_column("last_handed_at")
