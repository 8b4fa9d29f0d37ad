"""Languages: English, Italian, Czech, Portuguese and German, chosen once and remembered.

The language comes from, in order: a `?lang=` in the address (a tap on the
language bar), the cookie that tap leaves, then the browser's Accept-Language.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from babel import Locale
from flask import Flask, Response, g, has_request_context, redirect, request
from flask_babel import Babel, get_locale, get_translations, gettext, lazy_gettext
from flask_babel import ngettext as babel_ngettext
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response as BaseResponse

from .headers import vary
from .polling import is_polled
from .redirects import same_site
from .rules import i18n as rules_i18n

LANGUAGES: dict[str, str] = {
    "en": "English",
    "it": "Italiano",
    "cs": "Čeština",
    "pt": "Português",
    "de": "Deutsch",
}
COOKIE = "lang"
YEAR = 60 * 60 * 24 * 365

babel = Babel()


def _(message: str, **params: Any) -> str:
    """The message in the request's language (as Flask-Babel's gettext, typed), from the request's catalog."""
    if not has_request_context():
        return str(gettext(message, **params))
    text: str = _translations().ugettext(message)
    return text % params if params else text


def _l(message: str, **params: Any) -> Any:
    """A message translated when it is shown, for texts defined at import time."""
    return lazy_gettext(message, **params)


def ngettext(singular: str, plural: str, num: int, **params: Any) -> str:
    """The singular or a plural of the message for ``num``, as :func:`_` translates."""
    if not has_request_context():
        return str(babel_ngettext(singular, plural, num, **params))
    text: str = _translations().ungettext(singular, plural, num)
    return text % {"num": num, **params}


def select_locale() -> str:
    if not has_request_context():  # the command line, in the app's context: its words are English
        return "en"
    for asked in (request.args.get("lang"), request.cookies.get(COOKIE)):  # an unknown ?lang= falls through
        if asked in LANGUAGES:
            return asked
    return _accepted(request.headers.get("Accept-Language", ""))


@lru_cache(maxsize=256)
def _accepted(header: str) -> str:
    """The best of our languages for a browser's Accept-Language, worked out once per header: the phones at a
    table send the same one or two all evening, and parsing and matching it anew cost a tenth of a page that
    goes through Flask."""
    return parse_accept_header(header, LanguageAccept).best_match(list(LANGUAGES)) or "en"


LOCALES: dict[str, Locale] = {code: Locale.parse(code) for code in LANGUAGES}
"""Each language's Babel locale, parsed once (Flask-Babel parses the code its locale selector answers anew for
every request: a twentieth of a page given again through Flask; a Locale it is handed is used as it is)."""


def _selected_locale() -> Locale:
    return LOCALES[select_locale()]


def current_language() -> str:
    locale = get_locale()
    return locale.language if locale is not None else "en"


def _translations() -> Any:
    """The request's catalog, looked up once per request: a table screen shows about 180 texts, and Flask-Babel
    finds the catalog anew for each of them (about 10 µs a time, a fifth of the page's cost; the code's own
    texts, as in a round's answer, the same)."""
    translations = g.get("translations")  # one look at the request's globals (a page asks some 70 times)
    if translations is None:
        translations = g.translations = get_translations()
    return translations


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=_selected_locale, default_translation_directories="translations")
    # as Flask-Babel installs them, with the catalog kept for the request
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n),
    )
    # the rules library speaks through whatever translator the app gives it
    rules_i18n.set_translator(_)

    @app.after_request
    def remember_language(response: Response) -> Response:
        if is_polled():
            return response  # a page's check for changes: no words in it, and it must stay cheap
        asked = request.args.get("lang")
        if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=YEAR, samesite="Lax")
        vary(response, "Accept-Language", "Cookie")
        response.headers.setdefault("Content-Language", current_language())
        return response

    @app.get("/language/<code>")
    def choose_language(code: str) -> BaseResponse:
        """Switch language and go back where the player was."""
        response = redirect(same_site(request.args.get("next")))
        if code in LANGUAGES:
            response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax")
        return response

    @app.context_processor
    def languages() -> dict[str, object]:
        return {"languages": LANGUAGES, "language": current_language()}
