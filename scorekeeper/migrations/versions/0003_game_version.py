"""game version: a number that grows with every change, for ETags and stale writes

Create Date: 2026-12-01 02:20:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), server_default="1", nullable=False))
    # a game played before counts one version for its start and one per line of its history
    op.execute("UPDATE game SET version = 1 + (SELECT COUNT(*) FROM change WHERE change.game_id = game.id)")


def downgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("version")
