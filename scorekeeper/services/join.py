"""Bringing another phone, or a screen on the wall, to the table: the addresses to share, their QR codes and
the game's join code, and the read-only view that a watch link opens.

The join code (``Game.join_code``) is what a person reads aloud and another types: eight characters from an
alphabet without look-alikes, shown in two blocks, found whatever the case and whatever spaces or dashes were
typed. The game's id, and the old codes made of it, keep opening the game.

A phone that opened the app as ``localhost`` would share an address no other phone can reach, so a loopback
host is swapped for this computer's address on the local network (the one ``make run`` prints), port kept, but
only when the server answers there: one started on 127.0.0.1 alone (``flask run``, ``HOST=127.0.0.1``) does not,
and its join page shows the address it really serves and says why other phones cannot use it.
A public base URL, when the site sits behind a reverse proxy, wins over both.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import segno
from sqlalchemy import Engine, bindparam, select, update
from sqlalchemy.orm import Session

from ..i18n import _
from ..models import JOIN_ALPHABET, JOIN_CODE_LENGTH, Game, new_join_code
from ..serve import lan_address
from .errors import Invalid, NotFound
from .game_view import GameView, view
from .inputs import is_game_id
from .live import Stamp, watch_code, watched_game
from .loading import get_game

BLOCK = 4
"""Characters in each block of a game code as shown: short enough to read out across the table."""
ID_LENGTH = 16
"""A game id's length (``secrets.token_urlsafe(12)``); a grouped code of one is longer than any id."""


@dataclass(frozen=True)
class Shared:
    """One address to share, with its QR code."""

    address: str
    svg: str
    """The QR code as inline SVG markup, dark modules on white with the quiet zone around them."""


@dataclass(frozen=True)
class JoinLinks:
    """What the join page shows: the game's own address, its code, and the read-only link."""

    table: Shared
    code: str
    """The game's join code in two blocks, to read out and type in on a phone that cannot scan."""
    watch: Shared
    this_computer_only: bool = False
    """The addresses are this computer's own (loopback): no other phone can open them."""


@dataclass(frozen=True)
class Watched:
    """A game as its read-only link shows it, with the live tag the page was drawn at."""

    game: GameView
    tag: str


def grouped(game_id: str) -> str:
    """The game id in blocks of four joined by dashes, as the join page shows it.

    >>> grouped("W0kQ9c2D3nq1fB8s")
    'W0kQ-9c2D-3nq1-fB8s'
    """
    return "-".join(game_id[i : i + BLOCK] for i in range(0, len(game_id), BLOCK))


def ungrouped(code: str) -> str:
    """The game id in a code as typed: blocks split by spaces or by the dashes :func:`grouped` puts in.

    A dash is also one of an id's own characters, so only the dashes between blocks go, and only in a code
    longer than an id could be.

    >>> ungrouped("W0kQ-9c2D-3nq1-fB8s")
    'W0kQ9c2D3nq1fB8s'
    >>> ungrouped(" W0kQ 9c2D 3nq1 fB8s ")
    'W0kQ9c2D3nq1fB8s'
    >>> ungrouped("W0-Q9c2D3nq1fB8s")
    'W0-Q9c2D3nq1fB8s'
    """
    text = "".join(code.split())  # no id holds a space
    between = range(BLOCK, len(text), BLOCK + 1)
    if len(text) > ID_LENGTH and all(text[i] == "-" for i in between):
        return "".join(c for i, c in enumerate(text) if i not in between)
    return text


def read_join_code(typed: str) -> str | None:
    """The join code in what a person typed: any case, spaces and dashes anywhere; None when it cannot be one.

    >>> read_join_code("k7wp-3hxa")
    'K7WP3HXA'
    >>> read_join_code(" K7WP 3HXA ")
    'K7WP3HXA'
    >>> read_join_code("K7WP-3HX0") is None  # no zero in a join code
    True
    """
    text = "".join(c for c in typed if not c.isspace() and c not in "-‐‑–—").upper()
    if len(text) == JOIN_CODE_LENGTH and all(c in JOIN_ALPHABET for c in text):
        return text
    return None


def shown_join_code(code: str) -> str:
    """A join code as the join page shows it, in two blocks to read out.

    >>> shown_join_code("K7WP3HXA")
    'K7WP-3HXA'
    """
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def opened_game(db: Session, typed: str, linked: str | None) -> str:
    """The id of the game that what was typed under "Open a game" names: a join code, or ``linked``, the game id
    the caller read from a link or an old code (None when it found none).

    NotFound ("No game has that code") for a code or bare id that opens no game, Invalid for text that is neither
    a code nor a link. A link is trusted as it is: the game's own page says when it is gone."""
    code = read_join_code(typed)
    if code is not None:
        found = db.scalar(select(Game.id).where(Game.join_code == code, Game.deleted_at.is_(None)))
        if found is not None:
            return found
    if linked is None and code is None:
        raise Invalid(_("That is not a game link or code. Paste the whole link, or the code at its end."))
    if linked is not None and "/" in typed:
        return linked
    if linked is not None and db.scalar(select(Game.id).where(Game.id == linked, Game.deleted_at.is_(None))):
        return linked
    raise NotFound(
        _("No game has that code. Check it on the table's phone (Join from another phone), or paste the whole link.")
    )


def is_loopback(host: str) -> bool:
    """Whether a host name only ever means this computer (``localhost``, 127.x.x.x, ``::1``)."""
    name = host.lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def listening(host: str, port: int) -> bool:
    """Whether something answers at ``host``:``port``: a connection opened and closed at once.

    Asked of this computer's own LAN address, it is answered by the kernel at once (refused, or accepted into the
    listening socket's queue), so the short timeout is only a guard against an odd firewall."""
    try:
        with socket.create_connection((host, port), timeout=0.3):
            return True
    except OSError:
        return False


def base_address(
    host_url: str,
    public_url: str | None = None,
    lan: Callable[[], str | None] | None = None,
    listens: Callable[[str, int], bool] | None = None,
) -> str:
    """Where other phones reach this site, without a trailing slash.

    ``host_url`` is the site as this phone reached it; ``public_url`` (a reverse proxy's address) wins; a
    loopback host becomes this computer's LAN address (``lan``, by default :func:`scorekeeper.serve.lan_address`)
    if the server answers on it at the same port (``listens``, by default :func:`listening`).
    """
    if public_url:
        return public_url.strip().rstrip("/")
    parts = urlsplit(host_url)
    base = host_url.rstrip("/")
    if parts.hostname is None or not is_loopback(parts.hostname):
        return base
    found = (lan or lan_address)()
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if found is None or not (listens or listening)(found, port):
        return base  # no network, or served on loopback only: the address is at least right for this computer
    netloc = f"{found}:{parts.port}" if parts.port else found
    return urlunsplit((parts.scheme, netloc, parts.path, "", "")).rstrip("/")


def address(base: str, path: str) -> str:
    """The full address of ``path`` (a path on this site, as ``url_for`` writes it) under ``base``.

    A base with a path of its own (``https://example.org/scores``) may already be in ``path`` when the proxy
    passes it on; it is not doubled.

    >>> address("https://example.org/scores", "/scores/games/x")
    'https://example.org/scores/games/x'
    >>> address("https://example.org/scores", "/games/x")
    'https://example.org/scores/games/x'
    """
    prefix = urlsplit(base).path.rstrip("/")
    if prefix and (path == prefix or path.startswith(prefix + "/")):
        path = path[len(prefix) :]
    return base + path


def qr_svg(text: str) -> str:
    """``text`` as a QR code in inline SVG, sized by CSS, named for screen readers by the text it holds.

    One unit is one module, with the four-module quiet zone a scanner needs; the colours are fixed, black on
    white, so that a dark page around it does not invert it.
    """
    code = segno.make(text, error="m", micro=False)
    title = _("QR code of %(address)s", address=text)
    svg = code.svg_inline(
        border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr", lineclass=None, title=title
    )
    # named as an image, not read out module by module; crisp edges leave no pale seams between rows when the
    # browser scales the modules by a fraction of a pixel
    return svg.replace("<svg ", '<svg role="img" shape-rendering="crispEdges" ', 1)


def join_links(
    db: Session,
    game_id: str,
    *,
    host_url: str,
    table_path: str,
    watch_path: Callable[[str], str],
    public_url: str | None,
) -> JoinLinks:
    """The game's address and code to join it from another phone, and its read-only link (made on first use).

    ``watch_path`` turns the watch code into its path on this site. Raises NotFound for a game that is not there.
    """
    code = get_game(db, game_id).join_code or _give_join_code(db, game_id)
    base = base_address(host_url, public_url)
    table = address(base, table_path)
    watch = address(base, watch_path(watch_code(db, game_id)))
    host = urlsplit(base).hostname
    return JoinLinks(
        table=Shared(table, qr_svg(table)),
        code=shown_join_code(code),
        watch=Shared(watch, qr_svg(watch)),
        this_computer_only=host is not None and is_loopback(host),
    )


def _give_join_code(db: Session, game_id: str) -> str:
    """A join code for a game that has none (every game is given one; this is for one that slipped through)."""
    db.execute(update(Game).where(Game.id == game_id, Game.join_code.is_(None)).values(join_code=new_join_code()))
    db.commit()
    made = db.scalar(select(Game.join_code).where(Game.id == game_id))
    assert made is not None
    return made


def watched(db: Session, engine: Engine, code: str) -> Watched:
    """The game a read-only link's code opens, as shown, and its live tag; NotFound when it opens none."""
    # the tag before the session's first read: a change made meanwhile is in the page drawn with the older tag,
    # so at worst the page is fetched once more, never left behind
    found = _watched(engine, code)
    if found is None:
        raise _no_watch()
    tag, household = found
    # the one read across households: a watch link is given away on purpose (read-only), so this session reads
    # the household of the game its code opens, whoever's phone asks (db.household_of)
    db.info["household_id"] = household
    game_id = watched_game(db, code)
    if game_id is None:
        raise _no_watch()
    return Watched(view(get_game(db, game_id)), tag)


def _no_watch() -> NotFound:
    return NotFound(_("This watch link opens no game. The game may have been deleted; ask the table for a new link."))


_GAMES = Game.__table__
_WATCHED_TAG = (
    select(_GAMES.c.version, _GAMES.c.drafts, _GAMES.c.household_id)
    .where(_GAMES.c.watch_code == bindparam("code"), _GAMES.c.deleted_at.is_(None))
    .limit(1)
)
"""What a watching screen polls: the game's two counters found by the link's code (unique, so indexed)."""


def watched_tag(engine: Engine, code: str) -> str | None:
    """The live tag of the game a read-only link opens, from one indexed read and no ORM session; None for no game.

    The game's stamp (:func:`scorekeeper.services.live.game_stamp`) as a live tag, found by the code instead,
    since a watching screen never learns the id.
    """
    found = _watched(engine, code)
    return None if found is None else found[0]


def _watched(engine: Engine, code: str) -> tuple[str, int] | None:
    """The live tag and the household of the game a read-only link opens (any household's: the link is the key)."""
    if not is_game_id(code):  # a code is made like an id; anything else (a NUL: PostgreSQL refuses it) opens nothing
        return None
    with engine.connect() as connection:
        row = connection.execute(_WATCHED_TAG, {"code": code}).first()
    return None if row is None else (Stamp(row[0], row[1]).tag, int(row[2]))
