"""Hosted mode's households: a request's household comes from its phone's session or its API token, and only while
that phone or token still exists; a phone with neither lands on /welcome, the API answers 401."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, select, update

from scorekeeper import phones
from scorekeeper.db import session as db_session
from scorekeeper.models import ApiToken, Game, Household, Phone, Seat
from scorekeeper.services import households as rows
from scorekeeper.services.results import upgrade

from .helpers import hosted_app as one_instance
from .helpers import start_game, text, wipe_postgres

PASSPHRASE = "four dominoes on the train"


POSTGRES = os.environ.get("TEST_DATABASE_URL", "")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each test on a fresh SQLite file, and again on PostgreSQL when TEST_DATABASE_URL names one it may wipe."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'test.sqlite3'}"
    else:
        if not POSTGRES.startswith("postgres"):
            reason = "TEST_DATABASE_URL names no PostgreSQL database"
            if os.environ.get("REQUIRE_BROWSER") == "1":
                pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
            pytest.skip(reason)
        url = POSTGRES
        wipe_postgres()  # a clean slate each test
    upgrade(url)
    return url


def hosted_app(database: str) -> Flask:
    """One instance of the app in hosted mode on ``database`` (several may share one)."""
    return one_instance(database, WTF_CSRF_ENABLED=False)


@pytest.fixture
def hosted(database: str) -> Flask:
    return hosted_app(database)


@pytest.fixture
def phone(hosted: Flask) -> FlaskClient:
    return hosted.test_client()


@contextmanager
def another(hosted: Flask) -> Iterator[FlaskClient]:
    """One more phone, for a block. Not a test client's own `with`, which keeps each request's context pushed after
    it and so shares one app context (and flask.g) between phones."""
    yield hosted.test_client()


def create(client: FlaskClient, name: str = "The Rossis", player: str = "Ana", **changes: str):  # type: ignore[no-untyped-def]
    data = {
        "create-name": name,
        "create-passphrase": PASSPHRASE,
        "create-passphrase_again": PASSPHRASE,
        "create-player": player,
    }
    data.update({f"create-{k}": v for k, v in changes.items()})
    return client.post("/welcome/create", data=data)


def sign_in(client: FlaskClient, name: str = "The Rossis", passphrase: str = PASSPHRASE, player: str = "Ben"):  # type: ignore[no-untyped-def]
    return client.post(
        "/welcome/sign-in", data={"signin-name": name, "signin-passphrase": passphrase, "signin-player": player}
    )


def member_phone(client: FlaskClient) -> int:
    with client.session_transaction() as s:
        kept = s[phones.MEMBER]
    assert isinstance(kept["phone"], int)
    return int(kept["phone"])


def test_a_phone_with_no_household_lands_on_welcome_and_the_api_answers_401(phone: FlaskClient) -> None:
    for page in ("/", "/games/new", "/people", "/settings"):
        response = phone.get(page)
        assert response.status_code == 302 and response.headers["Location"].startswith("/welcome"), page
    response = phone.get("/api/v1/players")
    assert response.status_code == 401 and "Bearer" in response.get_json()["error"]
    welcome = phone.get("/welcome")
    assert welcome.status_code == 200 and "Create a household" in text(welcome)


def test_the_api_answers_401_in_the_persons_language(phone: FlaskClient) -> None:
    response = phone.get("/api/v1/players", headers={"Accept-Language": "it"})
    english = phone.get("/api/v1/players").get_json()["error"]
    assert response.status_code == 401 and response.get_json()["error"] != english


def test_created_household_signs_the_phone_in_for_months(hosted: Flask, phone: FlaskClient) -> None:
    response = create(phone)
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert phone.get("/").status_code == 200
    assert phone.get("/welcome").status_code == 302  # a member goes on to its games
    with phone.session_transaction() as s:
        assert s.permanent
    cookie = phone.get_cookie("session")
    assert cookie is not None and cookie.expires is not None
    with hosted.app_context():
        stored = db_session().scalars(select(Phone)).one()
        assert stored.player == "Ana" and len(stored.key_hash) == 64
        household = db_session().scalars(select(Household).where(Household.name == "The Rossis")).one()
        assert household.passphrase_hash is not None and household.passphrase_hash.startswith("$argon2id$")
        assert PASSPHRASE not in household.passphrase_hash


def test_a_member_sees_every_game_of_the_household(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    game = start_game(phone, "Ana", "Ben")
    with another(hosted) as other:
        assert sign_in(other).status_code == 302
        assert "Ana, Ben" in text(other.get("/"))
        assert other.get(game).status_code == 200


def test_a_signed_out_phone_lands_on_welcome_at_once(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    assert phone.get("/").status_code == 200
    with hosted.app_context():
        db = db_session()
        db.execute(delete(Phone).where(Phone.id == member_phone(phone)))
        db.commit()
    response = phone.get("/")
    assert response.status_code == 302 and response.headers["Location"].startswith("/welcome")
    with phone.session_transaction() as s:
        assert phones.MEMBER not in s  # forgotten: the next request does not look it up again


def test_a_session_with_a_wrong_key_opens_nothing(phone: FlaskClient) -> None:
    create(phone)
    with phone.session_transaction() as s:
        s[phones.MEMBER] = {**s[phones.MEMBER], "key": "guessed"}
    assert phone.get("/").status_code == 302


def test_a_phone_that_opens_a_game_by_its_link_is_its_guest_only(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    game = start_game(phone, "Ana", "Ben")
    with another(hosted) as guest:
        assert guest.get(game).status_code == 200
        assert guest.get(game + "/whose").status_code == 200
        response = guest.get("/")  # the household's other pages stay closed
        assert response.status_code == 302 and response.headers["Location"].startswith("/welcome")
        assert guest.get("/games/aaaaaaaaaaaaaaaa").status_code in (302, 404)


def test_home_mode_has_no_welcome(client: FlaskClient) -> None:
    assert client.get("/welcome").status_code == 404
    assert client.get("/").status_code == 200


# -- creating and signing in: wrong input is answered on the page ------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"passphrase": "short one", "passphrase_again": "short one"}, "at least 10 characters"),
        ({"passphrase_again": PASSPHRASE + "!"}, "The two passphrases differ"),
        ({"name": "   "}, "Give the household a name"),
        ({"name": "x" * 61}, "60 characters at most"),
    ],
)
def test_creating_refuses_what_is_wrong_and_keeps_what_was_typed(
    phone: FlaskClient, changes: dict[str, str], message: str
) -> None:
    response = create(phone, **changes)
    html = text(response)
    assert response.status_code == 422 and message in html
    assert 'value="Ana"' in html  # the player's name stays in its field
    assert phone.get("/").status_code == 302  # and the phone is in no household


def test_a_taken_name_is_refused_whatever_its_case_and_spacing(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    with another(hosted) as other:
        response = create(other, name="the   ROSSIS")
        assert response.status_code == 422 and "A household already has that name" in text(response)


def test_a_wrong_passphrase_or_name_is_answered_403_on_the_page(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    with another(hosted) as other:
        for name, passphrase in (("The Rossis", PASSPHRASE + "x"), ("The Bianchis", PASSPHRASE)):
            response = sign_in(other, name, passphrase)
            assert response.status_code == 403 and "No household has that name and passphrase" in text(response)
            assert other.get("/").status_code == 302
        assert sign_in(other, " the rossis ").status_code == 302  # the name as signing in compares it
        assert other.get("/").status_code == 200


def test_sign_in_goes_on_to_the_page_asked_for_on_this_site_only(phone: FlaskClient, hosted: Flask) -> None:
    create(phone)
    with another(hosted) as other:
        assert other.get("/people").headers["Location"] == "/welcome?next=/people"
        response = other.post(
            "/welcome/sign-in?next=/people",
            data={"signin-name": "The Rossis", "signin-passphrase": PASSPHRASE},
        )
        assert response.headers["Location"] == "/people"
    with another(hosted) as third:
        response = third.post(
            "/welcome/sign-in?next=//evil.example/",
            data={"signin-name": "The Rossis", "signin-passphrase": PASSPHRASE},
        )
        assert response.headers["Location"] == "/"


def test_the_welcome_forms_need_their_csrf_token(tmp_path: Path, app_factory: Callable[..., Flask]) -> None:
    with app_factory(tmp_path, SCOREKEEPER_HOSTED=True).test_client() as c:
        assert c.get("/welcome").status_code == 200
        response = c.post("/welcome/create", data={"create-name": "X", "create-passphrase": PASSPHRASE})
        assert response.status_code == 400 and "This form had expired" in text(response)


def test_welcome_speaks_the_phones_language(phone: FlaskClient) -> None:
    html = text(phone.get("/welcome", headers={"Accept-Language": "de"}))
    assert "Create a household" not in html and 'lang="de"' in html


# -- joining by invite -------------------------------------------------------------------------------------------


def invite_path(hosted: Flask, name: str = "The Rossis") -> str:
    with hosted.app_context():
        code = db_session().scalars(select(Household.invite_code).where(Household.name == name)).one()
    return f"/invite/{code}"


def test_an_invite_link_asks_which_player_once_and_signs_the_phone_in(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    game = start_game(phone, "Ana", "Ben")
    link = invite_path(hosted)
    with another(hosted) as ben:
        page = ben.get(link)
        assert page.status_code == 200 and "Which player are you?" in text(page) and "The Rossis" in text(page)
        empty = ben.post(link, data={"player": "  "})
        assert empty.status_code == 422 and "Say which player you are" in text(empty)
        assert ben.post(link, data={"player": "Ben"}).headers["Location"] == "/"
        assert "Ana, Ben" in text(ben.get("/")) and ben.get(game).status_code == 200
    with hosted.app_context():
        assert sorted(p.player or "" for p in db_session().scalars(select(Phone))) == ["Ana", "Ben"]


def test_an_unknown_or_renewed_invite_joins_nobody(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    old = invite_path(hosted)
    unknown = phone.get("/invite/nothing-here")
    assert unknown.status_code == 404 and "This invite link joins no household" in text(unknown)
    response = phone.post("/settings/household/invite", data={"version": version(hosted)})
    assert response.status_code == 302
    new = invite_path(hosted)
    assert new != old
    with another(hosted) as late:
        assert late.get(old).status_code == 404
        assert late.post(old, data={"player": "Cleo"}).status_code == 404
        assert late.get("/").status_code == 302
        assert late.post(new, data={"player": "Cleo"}).status_code == 302
        assert late.get("/").status_code == 200


# -- the settings page's household section -----------------------------------------------------------------------


def version(hosted: Flask, name: str = "The Rossis") -> str:
    with hosted.app_context():
        return str(db_session().scalars(select(Household.version).where(Household.name == name)).one())


def test_settings_list_the_phones_by_player_and_sign_one_out(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    with another(hosted) as ben:
        ben.post(invite_path(hosted), data={"player": "Ben"})
        ben_id = member_phone(ben)
        html = text(phone.get("/settings"))
        assert "Ana <strong>(this phone)</strong>" in html and "Sign Ben out" in html
        assert f'"{invite_path(hosted)}' not in html and invite_path(hosted) in html  # the whole address
        assert "<svg" in html  # the invite's QR code
        response = phone.post(f"/settings/household/phones/{ben_id}/sign-out", data={"version": version(hosted)})
        assert response.status_code == 302
        landed = ben.get("/games/new")
        assert landed.status_code == 302 and landed.headers["Location"].startswith("/welcome")
        assert "Sign Ben out" not in text(phone.get("/settings"))


def test_a_stale_settings_form_is_refused_409_with_both_versions_and_keeps_what_was_typed(
    hosted: Flask, phone: FlaskClient
) -> None:
    create(phone)
    seen = version(hosted)
    assert phone.post("/settings/household/invite", data={"version": seen}).status_code == 302
    response = phone.post("/settings/household/name", data={"rename-name": "The Rossi Clan", "rename-version": seen})
    html = text(response)
    assert response.status_code == 409 and f"version {seen}, now {int(seen) + 1}" in html
    assert 'value="The Rossi Clan"' in html
    for bad in ("", "abc", "99999999999999999999"):
        assert (
            phone.post("/settings/household/name", data={"rename-name": "X Y", "rename-version": bad}).status_code
            == 409
        )
    fresh = phone.post(
        "/settings/household/name",
        data={"rename-name": "The Rossi Clan", "rename-version": version(hosted, "The Rossis")},
    )
    assert fresh.status_code == 302
    assert "Household: The Rossi Clan" in text(phone.get("/settings"))


def test_renaming_to_a_taken_name_is_refused(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    with another(hosted) as other:
        create(other, name="The Bianchis")
    response = phone.post(
        "/settings/household/name", data={"rename-name": "the bianchis", "rename-version": version(hosted)}
    )
    assert response.status_code == 422 and "A household already has that name" in text(response)


def test_changing_the_passphrase_needs_the_current_one_and_keeps_phones_signed_in(
    hosted: Flask, phone: FlaskClient
) -> None:
    create(phone)
    new = "a brand new passphrase"
    with another(hosted) as ben:
        sign_in(ben)
        wrong = phone.post(
            "/settings/household/passphrase",
            data={
                "passphrase-current": "not it at all",
                "passphrase-passphrase": new,
                "passphrase-passphrase_again": new,
                "passphrase-version": version(hosted),
            },
        )
        assert wrong.status_code == 422 and "not the household&#39;s current passphrase" in text(wrong)
        done = phone.post(
            "/settings/household/passphrase",
            data={
                "passphrase-current": PASSPHRASE,
                "passphrase-passphrase": new,
                "passphrase-passphrase_again": new,
                "passphrase-version": version(hosted),
            },
        )
        assert done.status_code == 302
        assert ben.get("/").status_code == 200  # phones already in stay in
    with another(hosted) as cleo:
        assert sign_in(cleo).status_code == 403
        assert sign_in(cleo, passphrase=new).status_code == 302


def test_an_api_token_is_shown_once_and_works_until_revoked(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    empty = phone.post("/settings/household/tokens", data={"token-label": " ", "version": version(hosted)})
    assert empty.status_code == 422 and "Name the token" in text(empty)
    made = phone.post("/settings/household/tokens", data={"token-label": "scoreboard", "version": version(hosted)})
    assert made.status_code == 201 and made.headers["Cache-Control"] == "no-store"
    found = re.search(r'<code class="new-token">([^<]+)</code>', text(made))
    assert found is not None
    token = found.group(1)
    assert token not in text(phone.get("/settings"))  # shown that once
    with hosted.app_context():
        stored = db_session().scalars(select(ApiToken)).one()
        assert stored.label == "scoreboard" and stored.token_hash == rows.digest(token) != token
    with another(hosted) as script:
        headers = {"Authorization": f"Bearer {token}"}
        assert script.get("/api/v1/players", headers=headers).status_code == 200
        with hosted.app_context():
            assert db_session().scalars(select(ApiToken)).one().last_used_at is not None
        revoked = phone.post(f"/settings/household/tokens/{stored.id}/revoke", data={"version": version(hosted)})
        assert revoked.status_code == 302
        response = script.get("/api/v1/players", headers=headers)
        assert response.status_code == 401 and "Settings" in response.get_json()["error"]
        assert script.get("/api/v1/players", headers={"Authorization": "Bearer nonsense"}).status_code == 401


def test_the_backup_download_is_there_in_hosted_mode(phone: FlaskClient) -> None:
    create(phone)
    start_game(phone, "Ana", "Ben")
    response = phone.get("/settings/backup.json")
    assert response.status_code == 200 and "Ana" in text(response)
    assert "scorekeeper restore FILE" not in text(phone.get("/settings"))  # no server at home to run it on


def test_signing_this_phone_out(phone: FlaskClient, hosted: Flask) -> None:
    create(phone)
    response = phone.post("/settings/household/leave", data={"version": version(hosted)})
    assert response.status_code == 302 and response.headers["Location"] == "/welcome"
    assert phone.get("/").status_code == 302
    with hosted.app_context():
        assert db_session().scalars(select(Phone)).all() == []


def test_deleting_the_household_needs_its_name_then_takes_all_its_rows(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    game = start_game(phone, "Ana", "Ben")
    with another(hosted) as other:
        create(other, name="The Bianchis", player="Cleo")
        theirs = start_game(other, "Cleo", "Dan")
    with hosted.app_context():  # whose each game is (the scope part stamps it on every insert; said here outright)
        db = db_session()
        ids = dict(db.execute(select(Household.name, Household.id)).all())
        db.execute(update(Game).where(Game.id == game.rsplit("/", 1)[-1]).values(household_id=ids["The Rossis"]))
        db.execute(update(Game).where(Game.id == theirs.rsplit("/", 1)[-1]).values(household_id=ids["The Bianchis"]))
        db.commit()
    with another(hosted) as ben:
        ben.post(invite_path(hosted), data={"player": "Ben"})
        wrong = phone.post(
            "/settings/household/delete", data={"delete-confirm": "Rossis", "delete-version": version(hosted)}
        )
        assert wrong.status_code == 422 and "Type the household" in text(wrong)
        done = phone.post(
            "/settings/household/delete", data={"delete-confirm": "the rossis", "delete-version": version(hosted)}
        )
        assert done.status_code == 302 and done.headers["Location"] == "/welcome"
        assert phone.get("/").status_code == 302 and ben.get("/").status_code == 302
    with hosted.app_context():
        db = db_session()
        assert db.scalar(select(Household.id).where(Household.name == "The Rossis")) is None
        assert [p.player for p in db.scalars(select(Phone))] == ["Cleo"]
        assert db.scalar(select(Game.id).where(Game.id == game.rsplit("/", 1)[-1])) is None
        assert db.scalar(select(Seat.id).where(Seat.game_id == game.rsplit("/", 1)[-1])) is None
        assert db.scalar(select(Game.id).where(Game.id == theirs.rsplit("/", 1)[-1])) is not None


def test_home_mode_has_no_household_section(client: FlaskClient) -> None:
    html = text(client.get("/settings"))
    assert "Sign this phone out" not in html and "scorekeeper restore FILE" in html
    assert client.post("/settings/household/name", data={}).status_code == 404


def test_a_guest_opens_a_game_by_its_join_code_from_the_welcome_page(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    game = start_game(phone, "Ana", "Ben")
    game_id = game.rsplit("/", 1)[-1]
    with hosted.app_context():
        code = db_session().scalars(select(Game.join_code).where(Game.id == game_id)).one()
    assert code is not None
    with another(hosted) as guest:
        assert 'action="/open"' in text(guest.get("/welcome"))
        opened = guest.get("/open", query_string={"game": code.lower()})
        assert opened.status_code == 302 and opened.headers["Location"] == f"/games/{game_id}/whose"
        assert guest.get(opened.headers["Location"]).status_code == 200
        wrong = guest.get("/open", query_string={"game": "2222-2222"}, follow_redirects=True)
        assert "No game has that code" in text(wrong) and "Create a household" in text(wrong)


def test_a_passphrase_hashed_with_older_parameters_is_hashed_anew_at_sign_in(hosted: Flask, phone: FlaskClient) -> None:
    from argon2 import PasswordHasher

    create(phone)
    older = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash(PASSPHRASE)
    with hosted.app_context():
        db = db_session()
        db.execute(update(Household).where(Household.name == "The Rossis").values(passphrase_hash=older))
        db.commit()
    with another(hosted) as ben:
        assert sign_in(ben).status_code == 302
    with hosted.app_context():
        stored = db_session().scalars(select(Household.passphrase_hash).where(Household.name == "The Rossis")).one()
    assert stored != older and stored is not None and not rows.HASHER.check_needs_rehash(stored)


def test_a_phone_is_marked_seen_at_most_once_an_hour(hosted: Flask, phone: FlaskClient) -> None:
    from datetime import UTC, datetime, timedelta

    create(phone)
    phone_id = member_phone(phone)

    def seen_at(ago: timedelta | None = None) -> datetime:
        with hosted.app_context():
            db = db_session()
            if ago is not None:
                db.execute(update(Phone).where(Phone.id == phone_id).values(last_seen_at=datetime.now(UTC) - ago))
                db.commit()
            found = db.scalars(select(Phone.last_seen_at).where(Phone.id == phone_id)).one()
        return found if found.tzinfo else found.replace(tzinfo=UTC)

    recent = seen_at(timedelta(minutes=50))
    phone.get("/")
    assert seen_at() == recent  # not written again within the hour
    seen_at(timedelta(minutes=70))
    phone.get("/")
    assert datetime.now(UTC) - seen_at() < timedelta(minutes=5)


def test_the_rename_field_starts_with_the_name(phone: FlaskClient) -> None:
    create(phone)
    assert 'name="rename-name" required type="text" value="The Rossis"' in text(phone.get("/settings"))


def test_signing_out_on_one_instance_ends_the_session_on_another_at_once(database: str) -> None:
    first, second = hosted_app(database), hosted_app(database)
    ana, ben = first.test_client(), first.test_client()
    create(ana)
    sign_in(ben)
    cookie = ben.get_cookie("session")
    assert cookie is not None
    ben_elsewhere = second.test_client()  # the same phone, its next request served by the other instance
    ben_elsewhere.set_cookie("session", cookie.value)
    assert ben_elsewhere.get("/").status_code == 200
    version = ana.get("/settings")  # drawn on the first instance
    found = re.search(r'name="version" type="hidden" value="(\d+)"', text(version))
    assert found is not None
    ana.post(f"/settings/household/phones/{member_phone(ben)}/sign-out", data={"version": found.group(1)})
    response = ben_elsewhere.get("/")
    assert response.status_code == 302 and response.headers["Location"].startswith("/welcome")


def test_a_phone_that_joins_another_household_leaves_the_first(hosted: Flask, phone: FlaskClient) -> None:
    create(phone)
    with another(hosted) as other:
        create(other, name="The Bianchis", player="Cleo")
    first_phone = member_phone(phone)
    assert phone.post(invite_path(hosted, "The Bianchis"), data={"player": "Ana"}).status_code == 302
    with hosted.app_context():
        db = db_session()
        assert db.get(Phone, first_phone) is None  # not left behind, signed in with a key nobody holds
        assert sorted(p.player or "" for p in db.scalars(select(Phone))) == ["Ana", "Cleo"]


def test_the_home_password_page_sends_a_hosted_phone_to_welcome(phone: FlaskClient) -> None:
    response = phone.get("/login")
    assert response.status_code == 302 and response.headers["Location"] == "/welcome"


@pytest.mark.parametrize("bad", ["Ana\x00", "A\x07b"])
def test_control_characters_are_refused_on_the_page_never_a_500(hosted: Flask, phone: FlaskClient, bad: str) -> None:
    response = create(phone, name=f"The {bad}")
    assert response.status_code == 422 and "control character" in text(response)
    response = create(phone, player=bad)
    assert response.status_code == 422 and "control character" in text(response)
    create(phone)
    with another(hosted) as other:
        assert sign_in(other, name=bad).status_code == 403
        assert sign_in(other, player=bad).status_code == 422
        assert other.get(f"/invite/{bad}").status_code == 404
        assert other.post(invite_path(hosted), data={"player": bad}).status_code == 422
    made = phone.post("/settings/household/tokens", data={"token-label": bad, "version": version(hosted)})
    assert made.status_code == 422 and "control character" in text(made)
    renamed = phone.post("/settings/household/name", data={"rename-name": bad, "rename-version": version(hosted)})
    assert renamed.status_code == 422


def test_a_signed_in_phone_uses_the_api_with_its_session(phone: FlaskClient) -> None:
    create(phone)
    game = start_game(phone, "Ana", "Ben")
    assert phone.get("/api/v1/players").status_code == 200
    assert phone.get("/api/v1" + game).get_json()["id"] == game.rsplit("/", 1)[-1]
