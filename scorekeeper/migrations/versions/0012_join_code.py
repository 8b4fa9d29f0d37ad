"""join code: a short code for each game that another phone types to open it, read aloud across the table
(eight characters with no look-alikes, typed in any case); every game stored so far is given one

Create Date: 2026-12-03 13:40:00.000000
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

# frozen here as the models had them when this migration was written: a later change must not change its past
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 8


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("join_code", sa.String(length=LENGTH), nullable=True))
    game = sa.table("game", sa.column("id", sa.String()), sa.column("join_code", sa.String()))
    connection = op.get_bind()
    given: set[str] = set()
    for (game_id,) in connection.execute(sa.select(game.c.id)).all():
        code = ""
        while not code or code in given:
            code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        given.add(code)
        connection.execute(sa.update(game).where(game.c.id == game_id).values(join_code=code))
    op.create_index("uq_game_join_code", "game", ["join_code"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_game_join_code", table_name="game")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("join_code")
