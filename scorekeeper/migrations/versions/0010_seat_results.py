"""seat results: how each seat ended a finished game, kept for the records and stats (one row per seat and game
instead of every score); every game stored so far is marked due, for ``db.upgrade`` to work its results out

Create Date: 2026-12-02 00:40:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_result",
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("shares_place", sa.Boolean(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("pips", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("went_out", sa.Integer(), nullable=False),
        sa.Column("blocked", sa.Integer(), nullable=False),
        sa.Column("lowest", sa.Integer(), nullable=False),
        sa.Column("highest", sa.Integer(), nullable=False),
        sa.Column("run", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["seat_id"], ["seat.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("seat_id"),
    )
    op.create_index(op.f("ix_seat_result_game_id"), "seat_result", ["game_id"], unique=False)
    op.create_table(
        "result_due",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )
    # the rows follow from the rounds, which the app's own standings read: worked out after the migrations, by
    # the code of this deployment, not by SQL frozen here
    op.execute("INSERT INTO result_due (game_id) SELECT id FROM game")


def downgrade() -> None:
    op.drop_table("result_due")
    op.drop_index(op.f("ix_seat_result_game_id"), table_name="seat_result")
    op.drop_table("seat_result")
