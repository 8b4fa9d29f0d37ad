"""households: the data boundary of hosted mode. Home mode's one household (id 1, no passphrase) owns every row
already stored; a hosted deployment adds one per family, with their phones and API tokens

Create Date: 2026-12-03 19:20:00.000000
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

OWNED = ("game", "person", "person_merge", "tally_part", "tally", "tally_pair", "tally_person")
"""The tables whose rows belong to a household (models.HouseholdOwned) as this revision found them."""
ACTIVE = sa.text("merged_into IS NULL")
HOME = 1


def upgrade() -> None:
    household = op.create_table(
        "household",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("name_key", sa.String(length=60), nullable=False),
        sa.Column("passphrase_hash", sa.Text(), nullable=True),
        sa.Column("invite_code", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), server_default="1", nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key"),
        sa.UniqueConstraint("invite_code"),
    )
    # the home household: every row stored before this revision is its (no passphrase: home mode has no accounts)
    op.bulk_insert(household, [{"id": HOME, "name": "Home", "name_key": "home", "created_at": datetime.now(UTC)}])
    if op.get_bind().dialect.name == "postgresql":
        op.execute("SELECT setval(pg_get_serial_sequence('household', 'id'), (SELECT max(id) FROM household))")
    op.create_table(
        "phone",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("household_id", sa.Integer(), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("player", sa.String(length=30), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["household_id"], ["household.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_phone_household_id", "phone", ["household_id"])
    op.create_table(
        "api_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("household_id", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(length=40), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["household_id"], ["household.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index("ix_api_token_household_id", "api_token", ["household_id"])
    for table in OWNED:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("household_id", sa.Integer(), server_default=str(HOME), nullable=False))
            batch_op.create_foreign_key(
                f"fk_{table}_household_id", "household", ["household_id"], ["id"], ondelete="CASCADE"
            )
            batch_op.create_index(f"ix_{table}_household_id", ["household_id"])
    # a name belongs to one person of a household: two households may each have an Ana
    op.drop_index("uq_person_name", table_name="person")
    op.create_index(
        "uq_person_name", "person", ["household_id", "name"], unique=True, sqlite_where=ACTIVE, postgresql_where=ACTIVE
    )


def downgrade() -> None:
    # down to one household: rows of any other are not home mode's, and go with it
    for table in OWNED:
        op.execute(sa.text(f"DELETE FROM {table} WHERE household_id <> :home").bindparams(home=HOME))
    op.drop_index("uq_person_name", table_name="person")
    op.create_index("uq_person_name", "person", ["name"], unique=True, sqlite_where=ACTIVE, postgresql_where=ACTIVE)
    for table in OWNED:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(f"ix_{table}_household_id")
            batch_op.drop_constraint(f"fk_{table}_household_id", type_="foreignkey")
            batch_op.drop_column("household_id")
    op.drop_index("ix_api_token_household_id", table_name="api_token")
    op.drop_table("api_token")
    op.drop_index("ix_phone_household_id", table_name="phone")
    op.drop_table("phone")
    op.drop_table("household")
