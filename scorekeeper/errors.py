"""Errors as a person should see them: a page for browsers, JSON for the API."""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .i18n import _, _l
from .services import Invalid, ServiceError
from .uploads import KEEP_PATH, takes_photo

MESSAGES = {
    400: _l("The request could not be read. Go back and try again."),
    404: _l("There is nothing at this address. Check the link or start from the games list."),
    405: _l("This address does not take that kind of request."),
    413: _l("That was too much to send at once (64 KB at most). Send less: fewer or shorter entries."),
}


def error_response(status: int, message: str) -> tuple[Response, int]:
    """The API's one shape for errors: {"error": "<sentence>"}."""
    return jsonify(error=message), status


def wants_json() -> bool:
    """The API, and the phone's script keeping a photo with the round (it reads the sentence it shows)."""
    keeping = request.method == "POST" and KEEP_PATH.fullmatch(request.path) is not None
    return request.path.startswith("/api/") or keeping


def init_app(app: Flask) -> None:
    @app.errorhandler(ServiceError)
    def service_error(e: ServiceError) -> ResponseReturnValue:
        if wants_json():
            if isinstance(e, Invalid) and e.errors:  # each problem by the field the client sent, to point at
                return jsonify(error=e.message, errors={str(f): m for f, m in e.errors.items()}), e.status
            return error_response(e.status, e.message)
        return render_template("error.html", status=e.status, message=e.message), e.status

    @app.errorhandler(CSRFError)
    def csrf_error(e: CSRFError) -> ResponseReturnValue:
        message = _("This form had expired. Nothing was saved; please send it again.")
        if wants_json():
            return error_response(400, message)
        return render_template("error.html", status=400, message=message), 400

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException) -> ResponseReturnValue:
        status = e.code or 500
        message = str(MESSAGES.get(status, e.description or _("Something went wrong.")))
        if status == 413 and takes_photo(request.path):  # a photo's own limit, not the 64 KB of everything else
            from .services.photos import too_large

            message = too_large().message
        if wants_json():
            return error_response(status, message)
        return render_template("error.html", status=status, message=message), status

    @app.errorhandler(Exception)
    def unexpected(e: Exception) -> ResponseReturnValue:
        app.logger.exception("unhandled error")
        message = _("Something went wrong on our side. Your earlier entries are saved; reload the page.")
        if wants_json():
            return error_response(500, message)
        return render_template("error.html", status=500, message=message), 500
