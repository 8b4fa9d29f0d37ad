"""Every text the app shows exists in every language, with the same placeholders.

The messages are extracted from the code and templates right now (not from a
stored template file), so a text added without its translations fails here.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from scorekeeper.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = ROOT / "scorekeeper" / "translations"
KEYWORDS = {"_": None, "_l": None, "N_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")


@cache
def used_messages() -> dict[str, str]:
    """msgid -> where it is used, for every text in the code and templates."""
    found: dict[str, str] = {}
    for where, method_map in (("scorekeeper", [("**.py", "python")]), ("templates", [("**.html", "jinja2")])):
        options = {"**.html": {"trimmed": "true", "extensions": "jinja2.ext.i18n"}}
        for filename, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / where), method_map, options_map=options, keywords=KEYWORDS
        ):
            ids = message if isinstance(message, tuple) else (message,)
            for msgid in ids[:1]:  # a plural message is filed under its singular
                if msgid:
                    found.setdefault(msgid, f"{where}/{filename}")
    return found


@cache
def catalog(language: str) -> Catalog:
    with open(CATALOGS / language / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f, locale=language)


TRANSLATED = [code for code in LANGUAGES if code != "en"]


def test_the_code_uses_texts() -> None:
    assert len(used_messages()) > 200  # the extraction itself works


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_is_translated(language: str) -> None:
    cat = catalog(language)
    missing = []
    for msgid, where in used_messages().items():
        message = cat.get(msgid) or next((m for m in cat if isinstance(m.id, tuple) and m.id[0] == msgid), None)
        strings = (
            [] if message is None else (list(message.string) if isinstance(message.string, tuple) else [message.string])
        )
        if message is None or message.fuzzy or not strings or not all(strings):
            missing.append(f"{where}: {msgid!r}")
    assert not missing, f"{len(missing)} texts have no {language} translation:\n" + "\n".join(missing[:30])


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_every_placeholder(language: str) -> None:
    wrong = []
    for message in catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            if text and set(PLACEHOLDER.findall(text)) - expected:
                wrong.append(f"{ids[0]!r} -> {text!r}")
            if text and len(ids) == 1 and set(PLACEHOLDER.findall(text)) != expected:
                wrong.append(f"{ids[0]!r} -> {text!r}")
    assert not wrong, "\n".join(wrong[:20])
