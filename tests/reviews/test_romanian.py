"""The review page in Romanian (issue 36): the summary and each turn's explanation in Romanian
words and plurals ("39 de puncte"), and a round not played to the end refused in Romanian."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.api.visible_text import visible_text
from tests.reviews.conftest import play_round

pytestmark = pytest.mark.django_db
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}


def round_url(game, round_no: int = 1) -> str:
    return reverse("reviews:round", kwargs={"game_id": game.id, "round_no": round_no})


def test_the_review_explains_each_turn_in_romanian(client: Client, dealt) -> None:
    game = play_round(dealt())
    response = client.get(round_url(game), **RO)
    assert response.status_code == 200
    text = visible_text(response.content.decode())
    for words in (
        "Analizează-ți turele",
        "Ai ratat o închidere în tura 1.",
        "Ai pus 6 piese (39 de puncte) în 3 ture",
        "Cel mai mult ai fi putut pune: 6 piese (39 de puncte).",
        "Aceea a fost cea mai bună mutare.",
        "Suportul tău (ce ai pus are marginea punctată)",
    ):
        assert words in text, words
    for english in ("You missed a go-out", "You laid", "The round in numbers", "Best play"):
        assert english not in text, english


def test_a_round_not_played_to_the_end_is_refused_in_romanian(client: Client, dealt) -> None:
    game = play_round(dealt())
    response = client.get(round_url(game, 5), **RO)
    assert response.status_code == 404
    text = visible_text(response.content.decode())
    assert "Runda 5 nu s-a jucat până la capăt: nu ai ce analiza." in text
    assert "hasn't been played" not in text
