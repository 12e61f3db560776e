"""Rumasta in Romanian (issue 36): the table, a move's caption, a refusal, the proof step and
the round panel read in Romanian for a reader whose browser asks for it, and the English
sentences they replace are gone. English pages are checked by the other tests here."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games.engine import rumasta as rm
from games.models import Move
from games.web.rumasta import presenters
from tests.engine.rumasta.rm_helpers import build, ids
from tests.i18n_helpers import RO, none_of, read
from tests.web.rumasta.conftest import held, post, put_state, state_of

pytestmark = pytest.mark.django_db


def test_the_table_is_in_romanian(client, crafted) -> None:
    client.defaults.update(RO)
    game = crafted(["KD KC AS 9H 8H 5S", "4S 6S 7C", "QH", "JD"], teams="2v2", piles=("KH", "9S"))
    text = read(client.get(f"/rumasta/g/{game.id}/"))
    assert "echipa A · partener" in text and "Tabăra ta" in text
    assert "Pachetul de tras" in text and "Mâna ta" in text and "După rang" in text
    assert "E rândul tău: ia un teanc (A), ambele teancuri (B) sau trage" in text
    assert "popă de inimă roșie" in text  # the top card of pile 1, by name
    none_of(
        text,
        "team A",
        "partner",
        "Your side",
        "Draw pile",
        "Your hand",
        "By rank",
        "Your turn: take a pile",
        "cards in hand",
        "king of hearts",
    )


def test_the_proof_step_and_a_refusal_are_in_romanian(client, crafted) -> None:
    client.defaults.update(RO)
    game = crafted(["KD KC AS AC AD 9H 8H 5S", "4S 6S 7C"], piles=("KH", "9S"))
    early = read(post(client, game, "discard", pile=0, cards=held(game, "9H")))
    assert "Mai întâi ia un teanc sau trage din pachet; aruncările îți încheie tura." in early
    assert "Take or draw first" not in early
    proof = read(post(client, game, "take", pile=0))
    assert "Arată cărțile potrivite" in proof and "Arată cărțile alese și ia teancul 1" in proof
    assert "Show the matching cards" not in proof and "Cancel" not in proof


def test_captions_are_in_romanian() -> None:
    state = build(["AH KH QH 7C 7D 7S 5C 4D 9S", "4S"], step="play")

    def told(seat: int, action: dict[str, Any], names: list[str]) -> str:
        after, _ = rm.apply(state, seat, action)
        move = Move(seq=5, seat=seat, action=action, public_view=rm.view(after, None))
        return presenters.caption(move, names, rm.view(state, None))

    melds = {"type": "meld", "melds": [ids(state, "AH KH QH"), ids(state, "7C 7D 7S")]}
    discard = {"type": "discard", "cards": ids(state, "5C 4D")}
    with translation.override("ro"):
        assert told(0, melds, ["Tu", "Bea"]) == "Ai pus jos A♥ K♥ Q♥ și 7♣ 7♦ 7♠."
        assert told(0, discard, ["Ana", "Tu"]) == (
            "Ana a aruncat 5♣ pe teancul 1 și 4♦ pe teancul 2."
        )
    with translation.override("en"):
        assert told(0, discard, ["You", "Bea"]) == "You discarded 5♣ to pile 1 and 4♦ to pile 2."


def test_the_round_panel_is_in_romanian(client, crafted) -> None:
    client.defaults.update(RO)
    game = crafted(["9H 8H", "4S"], piles=("7H", "9S"), step="play", empty_stock=True)
    state = state_of(game)
    state.exhausted = True
    put_state(game, state)
    post(client, game, "discard", pile=0, cards=held(game, "9H"))
    post(client, game, "discard", pile=1, cards=held(game, "8H"))
    text = read(client.get(f"/rumasta/g/{game.id}/"))
    assert "Runda s-a încheiat: pachetul de tras s-a terminat." in text
    assert "Pasul 1 · bază" in text and "Pasul 3 · cărți rămase în mână" in text
    none_of(text, "Round complete", "The round ended", "Step 1", "cards left in hand")
