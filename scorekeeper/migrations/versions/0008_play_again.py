"""play again: the game started from a finished one, so that a second tap opens it instead of a third game

Create Date: 2026-12-01 08:30:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("next_game_id", sa.String(length=32), nullable=True))
        batch_op.create_unique_constraint("uq_game_next_game_id", ["next_game_id"])
        batch_op.create_foreign_key("fk_game_next_game_id", "game", ["next_game_id"], ["id"], ondelete="SET NULL")


def downgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_constraint("fk_game_next_game_id", type_="foreignkey")
        batch_op.drop_constraint("uq_game_next_game_id", type_="unique")
        batch_op.drop_column("next_game_id")
