"""Tile Rummy's and Rumbaroo's tables in Romanian (issue 36): the board, the status line,
the log and a move's caption, the refusals, the setup and leaving pages and an online
table's bar read in Romanian for a reader who asks for it; names, numbers and codes stay
as they are, and English readers keep the English words (the other table tests)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games import services
from games.engine import rumbaroo as rb
from games.engine import tile_rummy as tr
from games.models import Game
from games.web.rumbaroo.log import Teller as RumbarooTeller
from games.web.tile_rummy.log import Teller as TileRummyTeller
from tests.api.visible_text import visible_text
from tests.engine.helpers import build
from tests.engine.rumbaroo.rb_helpers import act, discard
from tests.engine.rumbaroo.rb_helpers import build as rb_build
from tests.games.test_online_tables import seated_client
from tests.web.conftest import put_state
from tests.web.rumbaroo.conftest import crafted, held, post, start_rb

pytestmark = pytest.mark.django_db
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}
HX = {"HTTP_HX_REQUEST": "true"}
__all__ = ["crafted", "start_rb"]  # the Rumbaroo fixtures, used here too


def read(response: Any) -> str:
    return visible_text(response.content.decode())


def assert_romanian(text: str, romanian: tuple[str, ...], english: tuple[str, ...]) -> None:
    for words in romanian:
        assert words in text, words
    for words in english:
        assert words not in text, words


@pytest.fixture
def ro_client(client: Client) -> Client:
    client.defaults.update(RO)
    return client


@pytest.fixture
def tile_rummy_game(ro_client: Client, django_capture_on_commit_callbacks: Any) -> Game:
    """A Tile Rummy game against two computers, seat 0 (the client) to play, not opened."""
    with django_capture_on_commit_callbacks(execute=True):
        response = ro_client.post(
            "/tile-rummy/new/", {"level": "easy", "opponents": 2, "meld_rule": "standard"}
        )
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    racks = ["R10 R11 R12 B3 Y3 K3", "K1 K2 K5", "B1 B2"]
    state = build(racks=racks, table=["Y4 Y5 Y6"], opened=[False, True, True], pool_top="Y9")
    return put_state(game, state)


def test_the_tile_rummy_setup_page_reads_in_romanian(ro_client: Client) -> None:
    text = read(ro_client.get("/tile-rummy/new/"))
    assert_romanian(
        text,
        (
            "Partidă nouă de Tile Rummy",  # the game's name stays a name
            "Regula de etalare",
            "Standard — fiecare se etalează singur, cu cel puțin 30 de puncte",
            "200 de puncte — partida întreagă, ca în reguli",
            "Împarte piesele",
        ),
        ("New game of", "Opening rule", "Deal the tiles", "Points to win"),
    )


def test_a_tile_rummy_table_reads_in_romanian(ro_client: Client, tile_rummy_game: Game) -> None:
    page = ro_client.get(f"/tile-rummy/g/{tile_rummy_game.id}/")
    text = read(page)
    assert_romanian(
        text,
        (
            "Sari la suportul tău",
            "E rândul tău. Etalează-te cu 30+ puncte de pe suport.",
            "Eu (tu), 6 piese, 0 puncte, e la rând",  # a chip, read aloud
            "4 galben, abia pusă pe masă",  # a tile's spoken label
            "Formațiile de pe masă",
            "Formație nouă",
            "Suport",
            "Confirmă mutarea",
            "Trage o piesă",
            "Rezervă (atinge ca să tragi), ",
            "partidă până la 200 de puncte · Etalare standard",
            "Viteza calculatorului",
            "Salvează și ieși",
            "Arată cea mai bună mutare",
        ),
        (
            "Your turn",
            "Skip to your rack",
            "Sets on the table",
            "Draw a tile",
            "What happened",
            "Save and exit",
            "drew a tile",
            "just laid",
        ),
    )
    # The table script's few words come with the page, in Romanian.
    script = r'<script id="table-text" type="application/json">(.*?)</script>'
    words = re.search(script, page.content.decode())
    assert words and json.loads(words.group(1))["sortByColour"] == "Ordonează după culoare"


def test_tile_rummy_moves_are_told_in_romanian_in_the_log_and_the_caption(
    ro_client: Client, tile_rummy_game: Game, django_capture_on_commit_callbacks: Any
) -> None:
    game = tile_rummy_game
    with django_capture_on_commit_callbacks(execute=True):
        board = ro_client.post(f"/tile-rummy/g/{game.id}/draw/", {"version": game.version}, **HX)
    assert "Ai tras o piesă." in read(board)  # our own move's caption
    game.refresh_from_db()
    frame = read(ro_client.get(f"/tile-rummy/g/{game.id}/board/?at={game.version}", **HX))
    assert re.search(r"\(ușor\) a tras o piesă\.", frame)  # a computer's move, its level too
    assert "Ce s-a întâmplat" in frame
    assert "drew a tile" not in frame and "What happened" not in frame

    state = build(racks=["R1", "R5 R6 R7 K9 B2"], table=["R9 B9 Y9"], opened=[True, True], turn=1)
    rack = state.racks[1]
    faces = {str(tr.face_of(t)): t for t in rack}
    table = [[*state.table[0], faces["K9"]], [faces["R5"], faces["R6"], faces["R7"]]]
    after = tr.view(tr.apply(state, 1, {"type": "play", "table": table})[0], None)
    with translation.override("ro"):
        line = TileRummyTeller(["You", "Ada"]).line(
            {"type": "play"}, 1, tr.view(state, None), after
        )
    assert line == "Ada a pus pe masă 5, 6, 7 roșu și a adăugat 9 negru la un grup."


def test_a_refused_tile_rummy_move_says_why_in_romanian(
    ro_client: Client, tile_rummy_game: Game
) -> None:
    game = tile_rummy_game
    table_tile = tr.from_json(game.state).table[0][0]
    moved = ro_client.post(
        f"/tile-rummy/g/{game.id}/move/",
        {"version": game.version, "table_tile": table_tile, "to": "new"},
        **HX,
    )
    assert moved.status_code == 400
    assert "Etalează-te cu cel puțin 30 de puncte de pe suportul tău" in read(moved)
    confirmed = ro_client.post(f"/tile-rummy/g/{game.id}/confirm/", {"version": game.version}, **HX)
    assert confirmed.status_code == 422 and "Pune întâi o piesă de pe suport." in read(confirmed)
    stale = ro_client.post(f"/tile-rummy/g/{game.id}/draw/", {"version": game.version - 1}, **HX)
    assert stale.status_code == 409
    assert "Partida a mers mai departe de când s-a afișat pagina" in read(stale)
    assert "Place a tile" not in read(confirmed) and "moved on" not in read(stale)


def test_leaving_a_table_reads_in_romanian(ro_client: Client, tile_rummy_game: Game) -> None:
    game = tile_rummy_game
    asked = read(ro_client.get(f"/tile-rummy/g/{game.id}/abandon/"))
    assert_romanian(
        asked,
        ("Abandonezi partida?", "se socotește înfrângere", "Joacă mai departe"),
        ("Abandon this game?", "Keep playing"),
    )
    saved = ro_client.post(
        f"/tile-rummy/g/{game.id}/save-and-exit/", {"version": game.version}, follow=True
    )
    assert "Partidă salvată. O poți continua de pe pagina principală." in read(saved)


def test_a_rumbaroo_table_and_its_prompt_read_in_romanian(
    ro_client: Client, crafted: Callable[..., Game], django_capture_on_commit_callbacks: Any
) -> None:
    game = crafted(["J R-HOP R1 B7 G5", "G1 G2 G3"], pile="R5", pouches=["R2", ""])
    table = read(ro_client.get(f"/rumbaroo/g/{game.id}/"))
    assert_romanian(
        table,
        (
            "Sari la mâna ta",
            "E rândul tău",  # after the computer's move, if it had one
            "Tu, 5 piese în mână, 0 puncte, o piesă în marsupiu, e la rând",
            "Teancul de piese aruncate, cu 5 roșu deasupra.",
            "Hop roșu",  # an action tile's name stays a name, its colour is Romanian
            "Mâna",
            "Marsupiu",
            "Viteza adversarilor",
            "Cum se joacă Rumbaroo",
        ),
        ("Your turn", "Discard pile", "Hand", "Pouch", "Opponent speed", "red Hop"),
    )
    prompt = read(post(ro_client, game, "discard", tile=held(game, "J")))
    assert_romanian(
        prompt,
        ("Alege culoarea următoare", "— următorul jucător trebuie să potrivească", "♣ Verde"),
        ("Choose the next colour", "Green"),
    )
    with django_capture_on_commit_callbacks(execute=True):
        board = read(post(ro_client, game, "discard", tile=held(game, "J"), colour="G", asked=1))
    assert "Ai jucat Wild și ai ales verde." in board  # the log line (Wild is a tile's name)
    assert "You played" not in board and "and chose" not in board


def test_a_refused_rumbaroo_move_says_why_in_romanian(
    ro_client: Client, crafted: Callable[..., Game]
) -> None:
    game = crafted(["R-HOP R1 B7", "G1 G2 G3"], pile="R5")
    meld = post(ro_client, game, "move", tile=held(game, "R-HOP"), to="new")
    assert "Piesele de acțiune nu intră niciodată în formații" in read(meld)
    nothing = post(ro_client, game, "discard")
    assert nothing.status_code == 400
    assert "Alege întâi o piesă, apoi teancul de piese aruncate." in read(nothing)
    assert "Action tiles never go in melds" not in read(meld)


def test_rumbaroo_lines_say_you_in_romanian() -> None:
    state = rb_build(["B1 B2", "G1 G2", "R-HOP Y1 Y2"], turn=2, pile="R5")
    action = discard(state, "R-HOP")
    after, _ = act(state, action)
    with translation.override("ro"):
        line = RumbarooTeller(["You", "Joey 1", "Joey 2"]).line(
            action, 2, rb.view(state, None), rb.view(after, None)
        )
    assert line == "Joey 2 a jucat Hop roșu — tu pierzi o tură."


def test_an_online_table_bar_and_the_hosts_pause_read_in_romanian() -> None:
    client, game, seat = seated_client()
    client.defaults.update(RO)
    page = read(client.get(f"/rumbaroo/g/{game.id}/"))
    assert_romanian(
        page,
        ("Ceasul tău:", "Masă online", "Jucătorii de la această masă", "Părăsește masa…"),
        ("Your clock", "Players at this table", "Leave table"),
    )
    services.pause(game.id, 600)
    paused = client.post(
        f"/rumbaroo/g/{game.id}/draw/", {"version": Game.objects.get(id=game.id).version}, **HX
    )
    text = read(paused)
    assert paused.status_code == 409
    assert "Gazda a pus masa pe pauză până la" in text and "Ceasurile sunt oprite." in text
    assert "Paused by the host" not in text
