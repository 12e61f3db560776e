"""The replay pages in Romanian (issue 36): a player's replay, a shared one, the share panel,
the Game over panel's daily share text and the refusals read in Romanian; the script's few
words come from the page; a step's lines are never served from another language's cache."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import catalogue
from replays.models import ShareLink
from tests.api.visible_text import visible_text

from .conftest import READY

pytestmark = pytest.mark.django_db
FIRST = READY[:1]
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}


def _url(game) -> str:
    return reverse("replays:game", kwargs={"game_id": game.id})


@pytest.mark.parametrize("entry", FIRST)
def test_a_players_replay_reads_in_romanian(client: Client, finished, entry) -> None:
    game = finished(entry)
    page = client.get(_url(game), **RO)
    assert page.status_code == 200
    text = visible_text(page.content.decode())
    for words in (
        f"Reluare: {catalogue.kind_name(game.kind)}",
        "Comenzile reluării",
        "mutare cu mutare",
        "Viteza de redare",
        "Distribuie reluarea",
        "Fă un link de distribuire",
    ):
        assert words in text, words
    for english in ("Replay controls", "move by move", "Play speed", "Share this replay"):
        assert english not in text, english
    html = page.content.decode()
    # replay.js reads its words from the page: the Play button's, the announcer's.
    assert 'data-play-text="Redă"' in html and 'data-pause-text="Pauză"' in html
    assert 'data-step-word="Pasul"' in html
    bad = client.get(_url(game), {"step": "999999"}, **RO)
    assert bad.status_code == 400
    assert "Nu există pasul 999999" in visible_text(bad.content.decode())


@pytest.mark.parametrize("entry", FIRST)
def test_a_step_in_romanian_after_one_in_english_is_not_the_cached_english(
    client: Client, finished, entry
) -> None:
    game = finished(entry)
    english = client.get(_url(game), {"step": 0}).context["move_list"]
    romanian = client.get(_url(game), {"step": 0}, **RO).context["move_list"]
    assert "is dealt." in english and "S-a împărțit runda 1." in romanian
    assert "is dealt." not in romanian


@pytest.mark.parametrize("entry", FIRST)
def test_sharing_in_romanian(client: Client, finished, entry) -> None:
    game = finished(entry)
    shared = client.post(reverse("replays:share", kwargs={"game_id": game.id}), follow=True, **RO)
    text = visible_text(shared.content.decode())
    assert "Acum oricine are linkul poate urmări reluarea aceasta." in text
    assert "Oprește distribuirea" in text and "Stop sharing" not in text
    link = ShareLink.objects.get(game=game, revoked__isnull=True)
    stranger = Client().get(reverse("replays:shared", kwargs={"token": link.token}), **RO)
    seen = visible_text(stranger.content.decode())
    assert "O reluare distribuită, doar de citit." in seen
    assert "A shared replay, read-only." not in seen


def test_the_dailys_share_text_and_refusal_in_romanian(client: Client, daily_game) -> None:
    entry = catalogue.daily_game()
    table = client.get(reverse(f"{entry.url_name}:table", kwargs={"game_id": daily_game.id}), **RO)
    text = visible_text(table.content.decode())
    assert "Provocarea zilei la" in text and "Seria zilnică:" in text
    assert "Copiază textul" in text and "Urmărește reluarea" in text
    assert "Calendar streak" not in text and "Watch the replay" not in text
    refused = client.post(
        reverse("replays:share", kwargs={"game_id": daily_game.id}), follow=True, **RO
    )
    assert "O provocare a zilei se poate distribui" in visible_text(refused.content.decode())
