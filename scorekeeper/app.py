"""The Flask app factory: paths, config, extensions and blueprints."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from io import BytesIO
from pathlib import Path
from typing import IO, Any

from flask import Flask, Request, request
from flask_wtf.csrf import CSRFProtect
from werkzeug.routing import IntegerConverter

from .proxies import TRUSTED
from .uploads import body_limit

ROOT = Path(__file__).resolve().parent.parent  # the checkout: templates/, static/, instance/

csrf = CSRFProtect()


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: config from instance/ and the environment, the database, the blueprints."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("SCOREKEEPER_INSTANCE", str(ROOT / "instance")),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.request_class = InMemoryRequest
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the documented field order
    app.config.from_mapping(
        DATABASE_URL=f"sqlite:///{Path(app.instance_path) / 'scorekeeper.sqlite3'}",
        # a phone on the LAN reaches the app over plain HTTP: secure-only cookies only when asked
        SESSION_COOKIE_SECURE=False,
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,  # a game evening outlasts the default hour
        MAX_CONTENT_LENGTH=64 * 1024,  # a whole position is a few KB; anything near this is a mistake or an attack
        PERMANENT_SESSION_LIFETIME=timedelta(days=183),  # a phone stays signed in, and keeps its games, for months
        SCOREKEEPER_PASSWORD=None,  # the household password; none: each phone sees the games it started or opened
        SCOREKEEPER_PUBLIC_URL=None,  # the address phones reach the site at behind a reverse proxy (the join page)
        SCOREKEEPER_HOSTED=False,  # many households on one deployment (scorekeeper.households); home mode by default
        SCOREKEEPER_TRUSTED_PROXIES=None,  # whose X-Forwarded-* headers are believed (scorekeeper.proxies)
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        for key in ("DATABASE_URL", "SECRET_KEY", "SCOREKEEPER_PASSWORD", "SCOREKEEPER_PUBLIC_URL", TRUSTED):
            if os.environ.get(key):
                app.config[key] = os.environ[key]
        if os.environ.get("SCOREKEEPER_HOSTED") == "1":
            app.config["SCOREKEEPER_HOSTED"] = True
        if os.environ.get("SESSION_COOKIE_SECURE") == "1":
            app.config["SESSION_COOKIE_SECURE"] = True
    else:
        app.config.from_mapping(test_config)
    if app.config["SCOREKEEPER_HOSTED"] and not app.config.get("SECRET_KEY"):
        # each instance would make its own in its instance/ folder: a phone's session and forms, signed by one,
        # would be refused by the next
        raise RuntimeError(
            "Hosted mode (SCOREKEEPER_HOSTED=1) needs SECRET_KEY in the environment: one long random value, the "
            "same for every instance (for example what `python -c 'import secrets; print(secrets.token_hex(32))'` "
            "prints)."
        )
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    app.config["DATABASE_URL"] = _normalise_url(app.config["DATABASE_URL"])

    @app.before_request  # first of all, before anything reads the body: only the photo route takes more
    def _body_limit() -> None:
        request.max_content_length = body_limit(request.path, app.config["MAX_CONTENT_LENGTH"])

    from . import db, errors, i18n, polling, security, throttle
    from .api import bp as api_bp
    from .views import household
    from .views.camera import bp as camera_bp
    from .views.checker import bp as checker_bp
    from .views.drafts import bp as drafts_bp
    from .views.games import bp as games_bp
    from .views.health import bp as health_bp
    from .views.households import bp as households_bp
    from .views.join import bp as join_bp
    from .views.people import bp as people_bp
    from .views.photos import bp as photos_bp
    from .views.pwa import bp as pwa_bp
    from .views.reference import bp as reference_bp
    from .views.seats import bp as seats_bp
    from .views.settings import bp as settings_bp
    from .views.share import bp as share_bp

    # <int:number> in an address: a number no database column holds is simply no page (404), not an OverflowError
    app.url_map.converters["int"] = BoundedInt
    db.init_app(app)
    _add_commands(app)
    i18n.init_app(app)
    csrf.init_app(app)
    security.init_app(app)
    polling.init_app(app)
    errors.init_app(app)
    household.init_app(app)
    app.register_blueprint(games_bp)
    app.register_blueprint(drafts_bp)
    app.register_blueprint(reference_bp)
    app.register_blueprint(checker_bp)
    app.register_blueprint(pwa_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(settings_bp)
    app.register_blueprint(household.bp)
    app.register_blueprint(households_bp)
    app.register_blueprint(join_bp)
    app.register_blueprint(people_bp)
    app.register_blueprint(seats_bp)
    app.register_blueprint(share_bp)
    app.register_blueprint(health_bp)
    app.register_blueprint(camera_bp)
    app.register_blueprint(photos_bp)
    csrf.exempt(api_bp)  # JSON clients send no cookie-bound token; writes require a JSON body instead
    csrf.exempt(join_bp)  # it writes nothing: its only POST routes refuse every write under /watch/ with a 403
    throttle.init_app(app)  # wraps the sign-in views registered above

    from . import compression, fast_pages, page_cache, proxies, static_files, templating

    templating.init_app(app)
    page_cache.init_app(app)
    compression.init_app(app)
    static_files.init_app(app)  # in front of Flask: a static file is answered from memory, with no session
    fast_pages.init_app(app)  # in front of everything above: a kept page asked again is answered before Flask
    proxies.init_app(app)  # in front of it all: every part behind reads the request as the trusted proxy told it
    return app


class InMemoryRequest(Request):
    """Flask's request, holding an uploaded file in memory rather than in a temporary file: a photo sent to be
    counted never reaches the disk (the body is bounded, scorekeeper.uploads; every other body is 64 KB at most)."""

    def _get_file_stream(
        self,
        total_content_length: int | None,
        content_type: str | None,
        filename: str | None = None,
        content_length: int | None = None,
    ) -> IO[bytes]:
        return BytesIO()


class BoundedInt(IntegerConverter):
    """Werkzeug's ``int`` converter, at most six digits: a longer number matches no route at all (404)."""

    regex = r"\d{1,6}"


def _instance_secret(instance: Path) -> str:
    """A secret key generated once per machine and kept in instance/."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _normalise_url(url: str) -> str:
    # hosting providers hand out postgres:// URLs; SQLAlchemy wants a driver name
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def _add_commands(app: Flask) -> None:
    """``flask upgrade-db``: the migrations, then what they left due (the services', so not the database module's)."""

    @app.cli.command("upgrade-db")
    def upgrade_db_command() -> None:
        """Bring the database schema up to date."""
        from .services.results import upgrade

        upgrade(app.config["DATABASE_URL"])
        print("Database is up to date.")
