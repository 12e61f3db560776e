"""Rumbaroo's Hint: the best line now, laid out as a draft to confirm or change, against
computers only, marking the game and keeping it off the boards. The refusals every game
shares are tests/reviews/test_hint_refusals.py's.
"""

from __future__ import annotations

import html
import re

import pytest
from django.core.cache import cache
from django.test import Client

from games import services
from games.engine import rumbaroo as rb
from games.models import Game
from leaderboards.models import LeaderboardEntry, Result
from tests.api.visible_text import visible_text
from tests.engine.rumbaroo.rb_helpers import tile
from tests.web.conftest import snapshot
from tests.web.rumbaroo.conftest import crafted, post, start_rb, state_of

__all__ = ["crafted", "start_rb"]
pytestmark = pytest.mark.django_db
USED = "Hint used — this game won't count on the leaderboards."
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}
# Seat 0 can meld R7 R8 R9 and B3 (onto B4 B5 B6), skip the computer and go out with the Y5.
MELD_FIRST = (["R7 R8 R9 B3 Y5", "G1 G2 G3 Y9 Y10"], {"table": ["B4 B5 B6"], "pile": "R5"})
# Seat 0's best start is the red Hop (the computer misses its turn), then the red 9.
HOP_FIRST = (["R-HOP R9 B2", "G1 G2 G3"], {"pile": "R5"})


def page_of(response) -> str:
    return html.unescape(response.content.decode())


def hint(client: Client, game: Game, **data: object):
    return post(client, game, "hint", **data)


def test_a_hint_lays_the_best_meld_out_as_a_draft_and_marks_the_game(
    client: Client, crafted
) -> None:
    hands, where = MELD_FIRST
    game = crafted(hands, **where)
    board = page_of(client.get(f"/rumbaroo/g/{game.id}/"))
    assert "Show the best play" in board and USED not in board
    version, state, _drafts, moves = snapshot(game)
    response = hint(client, game)
    assert response.status_code == 200
    shown = page_of(response)
    assert (
        "Best now: meld 4 tiles (free action: your opponent misses a turn), then play the"
        " yellow 5." in shown
    )
    assert "You go out in 2 turns in a row." in shown and USED in shown
    assert re.search(r'name="free_kind" value="skip" checked', shown)  # the line's free action
    game.refresh_from_db()
    assert game.hint_used
    assert (game.version, game.state, game.moves.count()) == (version, state, moves)
    draft = game.seats.get(index=0).turn_draft
    laid = rb.from_json(state)
    own, table = set(laid.hands[0]), {t for m in laid.table for t in m}
    drafted = {t for m in draft["table"] for t in m}
    assert drafted == table | (own - {tile(laid, "Y5", 0)}) and draft["call"]
    # Confirm the draft as it stands: four tiles laid, the computer skipped, no penalty.
    assert post(client, game, "confirm", free_kind="skip", free_target=1).status_code == 200
    after = state_of(game)
    assert after.hands[0] == [tile(laid, "Y5", 0)] and after.turn == 0
    assert post(client, game, "discard", tile=tile(laid, "Y5", 0)).status_code == 200
    assert state_of(game).round_winner == 0


def test_a_hint_that_starts_with_a_discard_names_the_tile(client: Client, crafted) -> None:
    hands, where = HOP_FIRST
    game = crafted(hands, **where)
    shown = page_of(hint(client, game))
    assert "Best now: play the red Hop (your opponent misses a turn), then play the red 9." in shown
    assert "That leaves 1 tile." in shown and "Play on the pile:" in shown
    game.refresh_from_db()
    assert game.hint_used and game.seats.get(index=0).turn_draft is None  # nothing to draft


def test_the_hint_holds_only_the_seats_own_tiles(client: Client, crafted) -> None:
    hands, where = MELD_FIRST
    game = crafted(hands, **where)
    hint(client, game)
    game.refresh_from_db()
    state = rb.from_json(game.state)
    stored = cache.get(f"hint:{game.id}:0:{game.version}")
    ids = {t for m in stored["moves"] if m["type"] == "meld" for s in m["table"] for t in s}
    ids |= {m["tile"] for m in stored["moves"] if m["type"] == "discard"}
    assert ids and not ids & rb.hidden_from(state, 0)
    assert not ids & set(state.hands[1])


@pytest.mark.parametrize("hinted", [False, True])
def test_a_hinted_game_is_kept_off_the_leaderboards(client: Client, crafted, hinted: bool) -> None:
    hands, where = MELD_FIRST
    game = crafted(hands, totals=[45, 0], **where)  # going out ends the game
    if hinted:
        assert hint(client, game).status_code == 200
    laid = state_of(game)
    run = [tile(laid, f, 0) for f in ("R7", "R8", "R9")]
    table = [[*laid.table[0], tile(laid, "B3", 0)], run]
    game.refresh_from_db()
    action = {"type": "meld", "table": table, "free": {"target": 1, "kind": "skip"}, "call": True}
    services.play(game.id, 0, action, game.version)
    game.refresh_from_db()
    services.play(game.id, 0, {"type": "discard", "tile": tile(laid, "Y5", 0)}, game.version)
    game.refresh_from_db()
    assert game.status == "finished"
    assert Result.objects.filter(game=game, seat_index=0).exists()
    assert LeaderboardEntry.objects.exists() is not hinted


def test_the_hint_in_romanian(client: Client, crafted) -> None:
    hands, where = MELD_FIRST
    game = crafted(hands, **where)
    board = visible_text(client.get(f"/rumbaroo/g/{game.id}/", **RO).content.decode())
    assert "Arată cea mai bună mutare" in board
    game.refresh_from_db()
    response = client.post(
        f"/rumbaroo/g/{game.id}/hint/", {"version": game.version}, HTTP_HX_REQUEST="true", **RO
    )
    text = visible_text(response.content.decode())
    assert (
        "Cel mai bine acum: pui pe masă 4 piese (acțiune gratuită: adversarul pierde o tură),"
        " apoi joci 5 galben." in text
    )
    assert "Închizi în 2 ture la rând." in text
    assert "Ai folosit un indiciu" in text
