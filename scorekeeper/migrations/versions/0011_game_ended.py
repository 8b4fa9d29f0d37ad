"""a game ended early and a player who left: each seat's result says when its player left (placed after everyone
who played on), and every game's results are worked out again by ``db.upgrade`` (a leaver may have been placed
first before)

Create Date: 2026-12-03 14:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seat_result") as batch_op:
        batch_op.add_column(sa.Column("left_after", sa.Integer(), nullable=True))
    # the places follow from the rounds and the seats, by the code of this deployment (services.results): every
    # game is marked due again, and worked out after the migrations
    op.execute("INSERT INTO result_due (game_id) SELECT id FROM game WHERE id NOT IN (SELECT game_id FROM result_due)")


def downgrade() -> None:
    with op.batch_alter_table("seat_result") as batch_op:
        batch_op.drop_column("left_after")
