"""super domino: game kind, open-ended games, tiles left

Create Date: 2026-11-29 22:44:25.023684
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("kind", sa.String(length=20), server_default="mexican-train", nullable=False))
        batch_op.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.alter_column("rounds_planned", existing_type=sa.INTEGER(), nullable=True)

    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.alter_column("engine", existing_type=sa.INTEGER(), nullable=True)

    with op.batch_alter_table("score", schema=None) as batch_op:
        batch_op.add_column(sa.Column("tiles", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("score", schema=None) as batch_op:
        batch_op.drop_column("tiles")

    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.alter_column("engine", existing_type=sa.INTEGER(), nullable=False)

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.alter_column("rounds_planned", existing_type=sa.INTEGER(), nullable=False)
        batch_op.drop_column("finished_at")
        batch_op.drop_column("kind")
