"""who made each change: a history line says from which phone ("by Zoë's phone", a phone that did not say whose
it is, or the API), so that "who undid my round?" has an answer; lines written before say nothing

Create Date: 2026-12-04 00:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("change", schema=None) as batch_op:
        batch_op.add_column(sa.Column("author", sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("change", schema=None) as batch_op:
        batch_op.drop_column("author")
