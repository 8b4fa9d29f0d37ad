"""list indexes: the games list, the trash and the newest game each read a page from an index, newest first

Create Date: 2026-12-01 05:10:00.000000
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

# partial: each index holds only the games its list shows, so that SQLite and PostgreSQL alike read a page in
# order and stop (to PostgreSQL's planner IS NULL is no equality: an index led by deleted_at would still sort)
IN_USE: dict[str, Any] = {
    "sqlite_where": sa.text("deleted_at IS NULL"),
    "postgresql_where": sa.text("deleted_at IS NULL"),
}
IN_TRASH: dict[str, Any] = {
    "sqlite_where": sa.text("deleted_at IS NOT NULL"),
    "postgresql_where": sa.text("deleted_at IS NOT NULL"),
}


def upgrade() -> None:
    # the games list, most recently touched first
    op.create_index("ix_game_listed", "game", ["updated_at", "id"], **IN_USE)
    # "same players as last game": the newest game started
    op.create_index("ix_game_started", "game", ["created_at", "id"], **IN_USE)
    # the trash, most recently deleted first
    op.create_index("ix_game_deleted", "game", ["deleted_at", "id"], **IN_TRASH)


def downgrade() -> None:
    op.drop_index("ix_game_deleted", table_name="game")
    op.drop_index("ix_game_started", table_name="game")
    op.drop_index("ix_game_listed", table_name="game")
