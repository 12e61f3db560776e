"""Remi pe tablă in Romanian (issue 36): the table, its frames' captions, a refusal and the
round panel read in Romanian for a reader whose browser asks for it, and the English
sentences they replace are gone. English pages are checked by the other tests here."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine import romanian as ro
from games.engine.romanian.scoring import end_round
from games.models import Move
from games.web.romanian.captions import caption
from tests.engine.romanian.ro_helpers import table
from tests.i18n_helpers import RO, none_of, read
from tests.web.romanian.conftest import post, put_state

pytestmark = pytest.mark.django_db


def test_the_table_and_its_board_are_in_romanian(client, start_ro) -> None:
    client.defaults.update(RO)
    game = start_ro(opponents=2, rounds=2)
    for url in (f"/romanian/g/{game.id}/", f"/romanian/g/{game.id}/board/"):
        text = read(client.get(url, HTTP_HX_REQUEST="true" if "board" in url else ""))
        assert "Remi pe tablă" in text
        assert "Runda 1 din 2" in text
        assert "Opțiunile casei: etalare de cel puțin 50 de puncte" in text
        assert "cine nu pune nimic jos pierde fix 200 de puncte" in text
        assert "Înainte de joc: răspunde la întrebarea despre dublă." in text
        assert "Fără dublă" in text and "Formațiile tale" in text and "Tabla" in text
        none_of(
            text,
            "Romanian Tile Rummy",
            "House options",
            "a player who melds nothing loses",
            "Before play: answer the doubla question.",
            "No doubla",
            "Your melds",
            "Nothing laid yet.",
            " pts",
        )


def test_a_frame_caption_and_a_refusal_are_in_romanian(client, start_ro) -> None:
    client.defaults.update(RO)
    game = start_ro()
    post(client, game, "decline")
    frame = read(client.get(f"/romanian/g/{game.id}/board/?at=1", HTTP_HX_REQUEST="true"))
    assert " la întrebarea despre dublă." in frame
    assert "answered the doubla question" not in frame

    put_state(game, table({0: "R8 R9 R10 B6", 1: "B1 Y3 K5"}, phase="play"))
    refused = read(post(client, game, "confirm"))
    assert "Mai întâi pune o piesă într-o formație nouă sau pe o formație de pe masă." in refused
    assert "Put a tile into a combination" not in refused
    assert "Pune jos formații dacă poți, apoi aruncă o piesă." in refused


def test_captions_speak_to_you_and_of_the_others_in_romanian() -> None:
    state = table({0: "R1 R2", 1: "B2 K13 J", 2: "Y1 Y2"}, players=3, turn=1, wall="R9")
    after, _ = ro.apply(state, 1, {"type": "timeout"})
    move = Move(seat=1, action={"type": "timeout"}, public_view=ro.view(after, None))
    with translation.override("ro"):
        assert caption(move, ["Tu", "Bea", "Uma"], ro.view(state, None)) == (
            "Bea a rămas fără timp: a tras din teanc și a aruncat 9 roșu."
        )
        assert caption(move, ["Ana", "Tu", "Uma"], ro.view(state, None)) == (
            "Ai rămas fără timp: ai tras din teanc și ai aruncat 9 roșu."
        )
        swap = Move(seat=1, action={"type": "swap", "with": 0}, public_view={"phase": "draw"})
        assert caption(swap, ["Tu", "Bea"]) == (
            "Bea a propus un schimb de duble pe nevăzute cu tine."
        )
    with translation.override("en"):
        assert caption(swap, ["You", "Bea"]) == "Bea offered You a blind doubla swap."


def test_the_round_panel_is_in_romanian(client, start_ro) -> None:
    client.defaults.update(RO)
    game = start_ro()
    state = table({0: "R5 B5", 1: "Y5"}, config={"rounds": 2}, empty_wall=True)
    end_round(state, None, "wall")
    put_state(game, state)
    text = read(client.get(f"/romanian/g/{game.id}/"))
    assert "Runda 1 din 2 s-a încheiat" in text
    assert "Teancul s-a terminat: n-a închis nimeni." in text
    assert "Nimic pus jos" in text and "Runda următoare" in text
    none_of(text, "complete", "The wall ran out", "Melded nothing", "Next round", "This round")
