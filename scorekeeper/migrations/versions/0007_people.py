"""people: a person of the household across games, each seat linked to one, and merges that can be undone

Create Date: 2026-12-01 07:40:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

ACTIVE = sa.text("merged_into IS NULL")


def upgrade() -> None:
    op.create_table(
        "person",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(length=30), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("merged_into", sa.Integer(), sa.ForeignKey("person.id"), nullable=True),
    )
    op.create_index("uq_person_name", "person", ["name"], unique=True, sqlite_where=ACTIVE, postgresql_where=ACTIVE)
    op.create_table(
        "person_merge",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("gone_id", sa.Integer(), sa.ForeignKey("person.id"), nullable=False),
        sa.Column("kept_id", sa.Integer(), sa.ForeignKey("person.id"), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seats", sa.Text(), nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_person_merge_gone_id", "person_merge", ["gone_id"])
    op.create_index("ix_person_merge_kept_id", "person_merge", ["kept_id"])
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.add_column(sa.Column("person_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key("fk_seat_person_id_person", "person", ["person_id"], ["id"])
        batch_op.create_index("ix_seat_person", ["person_id", "game_id"])
    # one person per name ever seated, known since the first game they sat in, and every seat linked to them
    op.execute(
        "INSERT INTO person (name, created_at) "
        "SELECT seat.name, MIN(game.created_at) FROM seat JOIN game ON game.id = seat.game_id "
        "GROUP BY seat.name ORDER BY MIN(game.created_at), seat.name"
    )
    op.execute("UPDATE seat SET person_id = (SELECT person.id FROM person WHERE person.name = seat.name)")


def downgrade() -> None:
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_index("ix_seat_person")
        batch_op.drop_constraint("fk_seat_person_id_person", type_="foreignkey")
        batch_op.drop_column("person_id")
    op.drop_index("ix_person_merge_kept_id", table_name="person_merge")
    op.drop_index("ix_person_merge_gone_id", table_name="person_merge")
    op.drop_table("person_merge")
    op.drop_index("uq_person_name", table_name="person")
    op.drop_table("person")
