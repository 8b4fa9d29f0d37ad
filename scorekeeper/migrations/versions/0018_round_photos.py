"""photos kept with a round: a player may keep the photo their hand was counted from (issue 27), with the tiles
they used; a photo waits for its round's save, and one never saved with a round is deleted a day later

Create Date: 2026-12-04 12:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

UNLINKED = sa.text("round_number IS NULL")


def upgrade() -> None:
    op.create_table(
        "round_photo",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("seat_position", sa.Integer(), nullable=False),
        sa.Column("tiles", sa.Text(), nullable=False),
        sa.Column("pips", sa.Integer(), nullable=False),
        sa.Column("image", sa.LargeBinary(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_for", sa.Integer(), nullable=True),
        sa.Column("round_number", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(
            ["game_id", "round_number"],
            ["round.game_id", "round.number"],
            ondelete="CASCADE",
            name="fk_round_photo_round",
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token"),
        sa.UniqueConstraint("game_id", "digest", name="uq_round_photo_digest"),
    )
    op.create_index("ix_round_photo_round", "round_photo", ["game_id", "round_number"])
    op.create_index(
        "ix_round_photo_unlinked",
        "round_photo",
        ["created_at"],
        sqlite_where=UNLINKED,
        postgresql_where=UNLINKED,
    )


def downgrade() -> None:
    op.drop_index("ix_round_photo_unlinked", table_name="round_photo")
    op.drop_index("ix_round_photo_round", table_name="round_photo")
    op.drop_table("round_photo")
