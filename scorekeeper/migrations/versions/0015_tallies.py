"""tallies: what each game counts for its people, added up per person, per person, kind and month, and per two
people, kept up to date by every change to a game (services.tallies), so that the stats never add up every game;
filled here from the seats and results already stored

Create Date: 2026-12-03 16:20:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

FINISHED = sa.text("place IS NOT NULL")
SEAT_FIGURES = (
    "place", "shares_place", "rounds", "pips", "total", "hands",
    "went_out", "blocked", "lowest", "highest", "run", "left_after",
)  # fmt: skip
"""A seat's result as a part keeps it: services.tallies.FIGURES as it was when this was written (a migration is
not to change with the service, so it does not import it)."""


def upgrade() -> None:
    op.create_table(
        "tally_part",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("started", sa.DateTime(timezone=True), nullable=False),
        sa.Column("month", sa.Integer(), nullable=False),
        *(
            sa.Column(name, sa.Boolean() if name == "shares_place" else sa.Integer(), nullable=True)
            for name in SEAT_FIGURES
        ),
        sa.PrimaryKeyConstraint("game_id", "seat_id"),
    )
    op.create_index(
        "ix_tally_part_finished",
        "tally_part",
        ["person_id", "kind", "month", "started", "game_id"],
        unique=False,
        sqlite_where=FINISHED,
        postgresql_where=FINISHED,
    )
    op.create_index("ix_tally_part_person", "tally_part", ["person_id", "started", "game_id"], unique=False)
    op.create_table(
        "tally",
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("month", sa.Integer(), nullable=False),
        *(
            sa.Column(name, sa.Integer(), nullable=name in ("best_whole", "worst_whole"))
            for name in (
                "games",
                "won",
                "shared",
                "rounds",
                "pips",
                "hands",
                "went_out",
                "blocked",
                "games_left",
                "best_whole",
                "best_any",
                "worst_whole",
                "worst_any",
                "lowest",
                "highest",
                "streak",
            )
        ),
        sa.PrimaryKeyConstraint("person_id", "kind", "month"),
    )
    op.create_table(
        "tally_pair",
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("opponent_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("ahead", sa.Integer(), nullable=False),
        sa.Column("behind", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("person_id", "opponent_id", "kind"),
    )
    op.create_table(
        "tally_person",
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("last_played", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("person_id"),
    )
    _fill()


def _fill() -> None:
    """The tallies of the games stored so far, as services.tallies keeps them (a game whose results are still due
    is counted as unfinished here, and brought in line when db.upgrade works its results out)."""
    if op.get_bind().dialect.name == "postgresql":
        month = "CAST(to_char(game.created_at AT TIME ZONE 'UTC', 'YYYYMM') AS INTEGER)"
    else:
        month = "CAST(strftime('%Y%m', game.created_at) AS INTEGER)"
    figures = ", ".join(SEAT_FIGURES)
    op.execute(
        f"INSERT INTO tally_part (game_id, seat_id, person_id, kind, started, month, {figures})"
        f" SELECT seat.game_id, seat.id, seat.person_id, game.kind, game.created_at, {month},"
        " r.place, r.shares_place, r.rounds, r.pips, r.total, r.hands, r.went_out, r.blocked, r.lowest, r.highest,"
        " r.run, r.left_after"
        " FROM seat JOIN game ON game.id = seat.game_id LEFT JOIN seat_result r ON r.seat_id = seat.id"
        " WHERE game.deleted_at IS NULL AND seat.person_id IS NOT NULL"
    )
    op.execute(
        "INSERT INTO tally (person_id, kind, month, games, won, shared, rounds, pips, hands, went_out, blocked,"
        " games_left, best_whole, best_any, worst_whole, worst_any, lowest, highest, streak)"
        " SELECT person_id, kind, month, count(*),"
        " sum(CASE WHEN place = 1 THEN 1 ELSE 0 END), sum(CASE WHEN place = 1 AND shares_place THEN 1 ELSE 0 END),"
        " sum(rounds), sum(pips), sum(hands), sum(went_out), sum(blocked),"
        " sum(CASE WHEN left_after IS NOT NULL THEN 1 ELSE 0 END),"
        " min(CASE WHEN left_after IS NULL THEN total END), min(total),"
        " max(CASE WHEN left_after IS NULL THEN total END), max(total), min(lowest), max(highest), max(run)"
        " FROM tally_part WHERE place IS NOT NULL GROUP BY person_id, kind, month"
    )
    op.execute(
        "INSERT INTO tally_pair (person_id, opponent_id, kind, games, ahead, behind)"
        " SELECT mine.person_id, theirs.person_id, mine.kind, count(*),"
        " sum(CASE WHEN mine.place < theirs.place THEN 1 ELSE 0 END),"
        " sum(CASE WHEN mine.place > theirs.place THEN 1 ELSE 0 END)"
        " FROM tally_part mine JOIN tally_part theirs ON theirs.game_id = mine.game_id"
        " AND theirs.person_id != mine.person_id AND theirs.place IS NOT NULL"
        " WHERE mine.place IS NOT NULL GROUP BY mine.person_id, theirs.person_id, mine.kind"
    )
    op.execute(
        "INSERT INTO tally_person (person_id, games, last_played)"
        " SELECT person_id, count(*), max(started) FROM tally_part GROUP BY person_id"
    )


def downgrade() -> None:
    op.drop_table("tally_person")
    op.drop_table("tally_pair")
    op.drop_table("tally")
    op.drop_index("ix_tally_part_person", table_name="tally_part")
    op.drop_index("ix_tally_part_finished", table_name="tally_part")
    op.drop_table("tally_part")
