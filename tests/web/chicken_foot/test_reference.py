"""The Chicken Foot rules page: the centre and its feet, the chicken foot, the disputes, in five languages."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.games.chicken_foot import reference as chicken_foot

from ..test_pwa import BUDGET


def page(client: FlaskClient, language: str = "en") -> str:
    response = client.get(f"{chicken_foot.PATH}?lang={language}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_page_is_in_the_reference_nav_of_every_rules_page(client: FlaskClient) -> None:
    for path in ("/rules", "/rules/variants", "/rules/super-domino", chicken_foot.PATH):
        assert f'href="{chicken_foot.PATH}"' in client.get(path).get_data(as_text=True), path


def test_the_chicken_footed_double_dispute_lands_on_the_paragraph_in_the_doubles_section(client: FlaskClient) -> None:
    html = page(client)
    assert (
        '<a href="#cf-foot-first">Must I play on the chicken-footed double even if I could play elsewhere?</a>' in html
    )
    doubles = html.index('id="chicken-foot-feet"')
    answer = html.index('id="cf-foot-first"')
    assert doubles < answer < html.index('id="chicken-foot-drawing"')
    assert "the <strong>only</strong> legal play is a toe on that double" in html[answer:]


def test_the_deal_table_gives_hands_and_the_chicken_yard_for_each_set(client: FlaskClient) -> None:
    html = page(client)
    for highest, tiles, rounds in ((9, 55, 10), (6, 28, 7), (12, 91, 13)):
        assert f'id="chicken-foot-deal-{highest}"' in html
        assert f"double-{highest}: {tiles} tiles, {rounds} rounds" in html
    assert chicken_foot.deal_grid(9).rows[2] == (4, 11, 11)  # the rules room's table: 11 each, 11 to draw
    assert '<tr><th scope="row">4</th><td>11</td><td>11</td></tr>' in html


def test_the_centre_feet_and_the_double_blank_are_stated(client: FlaskClient) -> None:
    html = page(client)
    assert "the next 6 tiles must all go against the centre double" in html
    assert "<strong>The double-blank counts 50</strong>" in html


@pytest.mark.parametrize(
    ("language", "title", "question"),
    [
        ("it", "Chicken Foot: le regole", "Devo giocare sul doppio con la zampa aperta"),
        ("cs", "Chicken Foot: pravidla", "Musím hrát na dublet s pařátem"),
        ("pt", "Chicken Foot: as regras", "Tenho de jogar no duplo com o pé aberto"),
        ("de", "Chicken Foot: die Regeln", "Muss ich an den Pasch mit dem offenen Hühnerfuß legen"),
    ],
)
def test_the_page_and_its_disputes_speak_every_language(
    client: FlaskClient, language: str, title: str, question: str
) -> None:
    html = page(client, language)
    assert f"<h1>{title}</h1>" in html
    assert question in html
    assert "chicken yard" not in html.lower() or language == "en"


@pytest.mark.parametrize("language", ["en", "it", "cs", "pt", "de"])
def test_the_page_with_its_css_and_js_stays_under_the_budget(client: FlaskClient, language: str) -> None:
    html = page(client, language)
    assets = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', html)
    weight = len(html.encode()) + sum(len(client.get(a).get_data()) for a in assets)
    assert weight < BUDGET, f"{language}: {weight:,} bytes"


def test_every_rule_id_of_the_checker_is_in_the_glossary_linking_a_section_of_the_page(client: FlaskClient) -> None:
    html = page(client)
    sections = set(re.findall(r'<h2 id="([^"]+)"', html))
    for rule, (_title, anchor) in chicken_foot.rule_ids().items():
        assert f'<dt id="rule-{rule}"><code>{rule}</code></dt>' in html
        assert anchor in sections, f"{rule} explains itself in #{anchor}, which is not a section of the page"
    assert 'A double takes its three toes before play goes elsewhere. See <a href="#chicken-foot-feet">' in html


def test_the_presets_table_comes_from_the_rules(client: FlaskClient) -> None:
    html = page(client)
    assert (
        '<tr id="cf-preset-chicken-foot-double-6"><th scope="row">Chicken Foot (double-6)</th>'
        "<td>double-6</td><td>4</td>" in html
    )
