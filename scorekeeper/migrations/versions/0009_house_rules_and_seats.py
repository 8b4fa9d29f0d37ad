"""house rules and seats that change mid-game: scoring house rules chosen at the start, what each round's house
rules need to know (ended on a double, open markers), the points a round counted; a seat that joins late or leaves

Create Date: 2026-12-01 22:10:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("house_rules", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("draft_double_end", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.add_column(sa.Column("joined_round", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("start_total", sa.Integer(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("left_round", sa.Integer(), nullable=True))
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.add_column(sa.Column("ended_on_double", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("score", schema=None) as batch_op:
        batch_op.add_column(sa.Column("marker", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column("points", sa.Integer(), nullable=True))
    with op.batch_alter_table("draft_score", schema=None) as batch_op:
        batch_op.add_column(sa.Column("marker", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("draft_score", schema=None) as batch_op:
        batch_op.drop_column("marker")
    with op.batch_alter_table("score", schema=None) as batch_op:
        batch_op.drop_column("points")
        batch_op.drop_column("marker")
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.drop_column("ended_on_double")
    with op.batch_alter_table("seat", schema=None) as batch_op:
        for column in ("left_round", "start_total", "joined_round"):
            batch_op.drop_column(column)
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("draft_double_end")
        batch_op.drop_column("house_rules")
