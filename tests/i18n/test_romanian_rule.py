"""The rule that finds English left on a Romanian page (tests/i18n/english_left.py), and our
Romanian winning over allauth's (which has no diacritics)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from tests.i18n.english_left import Judge, TheirRomanian, pieces
from tests.i18n.romanian_world import RO

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_pages")]


def test_the_rule_finds_english_sentences_and_lets_names_numbers_and_tiles_be() -> None:
    judge = Judge(["Ada (easy)", "Friday Tiles"])
    english = ["Draw a tile", "Ada (easy)", "R10", "12 points", "Tile Rummy", "Joker", "Your turn."]
    romanian = [
        "Draw a tile",
        "Ada (easy)",
        "R10",
        "12 points",
        "Tile Rummy",
        "Joker",
        "E rândul tău.",
    ]
    # "12 points" is English too: numbers go, a sentence's words stay.
    assert judge.english_left(english, romanian) == ["Draw a tile"]
    assert not judge.is_sentence("Rumbaroo · Big Red · Croc Snap")
    assert not judge.is_sentence("Friday Tiles: 3 v 3, 1500")
    assert judge.is_sentence("Romanian Tile Rummy")  # in Romanian it is Remi pe tablă
    assert judge.is_sentence("Expert level computer")  # "Expert" goes, two words stay
    assert pieces(
        '<p>Play <b>now</b>.</p><img alt="A red tile"><script>x = "Hi there"</script>'
    ) == [
        "Play",
        "now",
        ".",
        "A red tile",
    ]


def test_our_romanian_wins_over_allauths() -> None:
    """LOCALE_PATHS come first: allauth's "Conecteaza-te" gives way to ours."""
    with translation.override("ro"):
        assert translation.gettext("Sign In") == "Conectează-te"
        assert translation.gettext("Forgot your password?") == "Ai uitat parola?"
    page = pieces(Client().get("/accounts/login/", **RO).content.decode())
    assert "Conectează-te" in page and "Conecteaza-te" not in page
    theirs = TheirRomanian({"Sign In": "Conecteaza-te"}, {})
    assert theirs.found(page + ["Conecteaza-te"]) == ["Sign In"]
