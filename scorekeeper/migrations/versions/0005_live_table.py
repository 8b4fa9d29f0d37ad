"""live table: the round being filled in from several phones, who deals first, a read-only link

Create Date: 2026-12-01 04:30:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("first_dealer", sa.Integer(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("watch_code", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("drafts", sa.Integer(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("draft_number", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("draft_blocked", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.create_unique_constraint("uq_game_watch_code", ["watch_code"])
    op.create_table(
        "draft_score",
        sa.Column("game_id", sa.String(length=32), sa.ForeignKey("game.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat_position", sa.Integer(), primary_key=True),
        sa.Column("pips", sa.Integer(), nullable=False),
        sa.Column("tiles", sa.Integer(), nullable=True),
        sa.Column("went_out", sa.Boolean(), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("draft_score")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_constraint("uq_game_watch_code", type_="unique")
        for column in ("draft_blocked", "draft_number", "drafts", "watch_code", "first_dealer"):
            batch_op.drop_column(column)
