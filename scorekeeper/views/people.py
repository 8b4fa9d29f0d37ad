"""The household's people: the list, a person's page with their records, rename and merge; the leaderboard;
a game's downloads."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from .. import services
from ..db import session
from ..forms.people import ConfirmForm, ImportForm, MergeForm, RenameForm
from ..games import KINDS
from ..i18n import _
from ..models import Person
from ..phones import my_games, remember
from ..services.export import AlreadyHere, import_file
from ..services.loading import read_game

bp = Blueprint("people", __name__)

GAMES_SHOWN = 20
"""A person's newest games their page links; the games list holds the rest."""


@bp.get("/people")
def index() -> str:
    """List the people of the games this phone sees."""
    return render_template("people/index.html", people=services.list_people(session(), my_games()))


def _person_page(person: Person, rename: RenameForm | None = None, status: int = 200) -> tuple[str, int]:
    db, among = session(), my_games()
    merge = MergeForm()
    merge.into.choices = [("", "—"), *((str(i), name) for i, name in services.others(db, person.id, among))]
    boards = services.records(db, among, person_id=person.id)
    points = services.series(db, person.id, among)
    page = render_template(
        "people/person.html",
        person=person,
        kinds=KINDS,
        records={k: board[0] if board else None for k, board in boards.items()},
        # the chart is of whole games: a game the person left mid-way is on no point of it
        charts={
            k: services.series_chart(w) for k, p in points.items() if (w := [x for x in p if x.left_after is None])
        },
        rivals=services.head_to_head(db, person.id, among),
        games=services.games_of(db, person.id, among, most=GAMES_SHOWN),
        played=services.listed(db, person, among).games,
        merges=services.merges_into(db, person.id, among=among),
        rename=rename or RenameForm(formdata=None, name=person.name),
        merge=merge,
        confirm=ConfirmForm(),
    )
    return page, status


@bp.get("/people/<int:person_id>")
def person(person_id: int) -> tuple[str, int]:
    """A person's records and stats, each game apart, their games, and the forms to rename or merge them."""
    return _person_page(services.get_person(session(), person_id, my_games()))


@bp.post("/people/<int:person_id>/rename")
def rename(person_id: int) -> Response | tuple[str, int]:
    """Rename the person in every game they sat in."""
    db, among = session(), my_games()
    person = services.get_person(db, person_id, among)
    form = RenameForm()
    if form.validate_on_submit():
        old = person.name
        try:
            person = services.rename(db, person, form.name.data, among=among)
        except services.ServiceError as e:
            db.rollback()
            form.name.errors = [e.message]
            return _person_page(services.get_person(db, person_id, among), form, e.status)
        if old != person.name:
            flash(_("%(old)s is now %(name)s in every game.", old=old, name=person.name))
    return redirect(url_for("people.person", person_id=person.id))


@bp.get("/people/<int:person_id>/merge")
def merge_preview(person_id: int) -> str:
    """What merging this person into another one would change, and the button to do it."""
    db, among = session(), my_games()
    gone = services.get_person(db, person_id, among)
    into = request.args.get("into", "")
    if not into.isdecimal() or len(into) > 9:
        raise services.Invalid(_("Choose the person %(name)s is the same as.", name=gone.name))
    kept = services.get_person(db, int(into), among)
    preview = services.merge_preview(db, gone, kept, among=among)
    return render_template("people/merge.html", preview=preview, confirm=ConfirmForm())


@bp.post("/people/<int:person_id>/merge/<int:into>")
def merge(person_id: int, into: int) -> Response:
    """Merge the person into ``into``: one person from now on, with an undo."""
    db, among = session(), my_games()
    gone = services.get_person(db, person_id, among)
    kept = services.get_person(db, into, among)
    if ConfirmForm().validate_on_submit():
        name = gone.name
        services.merge(db, gone, kept, among=among)
        flash(_("%(gone)s and %(kept)s are one person now.", gone=name, kept=kept.name))
    return redirect(url_for("people.person", person_id=into))


@bp.post("/people/merges/<int:merge_id>/undo")
def undo_merge(merge_id: int) -> Response:
    """Undo a merge: both people back as they were."""
    db = session()
    if not ConfirmForm().validate_on_submit():
        return redirect(url_for("people.index"))
    gone = services.undo_merge(db, merge_id, among=my_games())
    flash(_("%(name)s is a person of their own again.", name=gone.name))
    return redirect(url_for("people.person", person_id=gone.id))


@bp.get("/stats")
def leaderboard() -> str:
    """The household's leaderboard, each game apart, for this month, this year or all time."""
    period = request.args.get("period") or "all"
    boards = services.records(session(), my_games(), period)
    bests = {kind: services.household_bests(board) for kind, board in boards.items()}
    return render_template(
        "people/stats.html", boards=boards, bests=bests, kinds=KINDS, period=period, periods=services.PERIODS
    )


@bp.get("/games/<game_id>/export")
def export(game_id: str) -> str:
    """A game's downloads: the JSON document another scorekeeper imports, and a spreadsheet (CSV)."""
    game = services.view(read_game(session(), game_id))
    return render_template("people/export.html", game=game)


@bp.get("/games/<game_id>/print")
def print_sheet(game_id: str) -> str:
    """The whole game on one printed page: the score grid (the grid page's, in print) and the chart."""
    game = services.view(read_game(session(), game_id))
    return render_template("people/print.html", game=game, grid=services.score_grid(game))


@bp.route("/games/import", methods=["GET", "POST"])
def import_game() -> Response | tuple[str, int]:
    """Bring in a game from its JSON file (another household's server): it joins this phone's games."""
    form = ImportForm()
    here: AlreadyHere | None = None
    status = 200
    if form.validate_on_submit():
        upload = form.file.data
        try:
            if upload is None or not getattr(upload, "filename", ""):
                message = _("Choose the game's file first (the JSON a scorekeeper's Download gives).")
                raise services.Invalid(message)
            imported = import_file(session(), upload.read(), my_games())
        except AlreadyHere as e:
            here, status = e, e.status
            form.file.errors = [e.message]
        except services.Invalid as e:
            form.file.errors, status = [e.message], e.status
        else:
            remember(imported.game.id)
            flash(_("The game is here now, with every round and its history."))
            if imported.added:
                flash(_("New players here: %(names)s.", names=", ".join(imported.added)))
            return redirect(url_for("games.table", game_id=imported.game.id))
    return render_template("people/import.html", form=form, here=here), status
