"""Romanian Tile Rummy's Hint: the best play put in the draft, against computers only, never on
a board, showing only the seat's own tiles. The refusals every game shares, this game's
"not before the tile is taken" among them, are tests/reviews/test_hint_refusals.py's.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from typing import Any

import pytest
from django.test import Client

from games.engine import romanian as ro
from games.models import Game
from games.web.romanian import hint as hint_module
from leaderboards.models import LeaderboardEntry, Result
from research.romanian_opening_ilp import reference_opening
from tests.engine.romanian.ro_helpers import names, table
from tests.reviews.romanian_deal import (
    COMPUTER,
    ME,
    WALL,
    act,
    computer_goes_out,
    computer_passes,
    crafted,
    deal,
    ids,
    my_first_turn,
    my_second_turn,
)
from tests.web.conftest import snapshot

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
USED = "Hint used — this game won't count on the leaderboards."


@pytest.fixture
def ro_game(monkeypatch: pytest.MonkeyPatch, client: Client, django_capture_on_commit_callbacks):
    def make(state: ro.State | None = None) -> Game:
        return deal(monkeypatch, client, django_capture_on_commit_callbacks, state)

    return make


def hint(client: Client, game: Game, **data: object):
    game.refresh_from_db()
    data.setdefault("version", game.version)
    return client.post(f"/romanian/g/{game.id}/hint/", data, **HX)


def page_of(response) -> str:
    return " ".join(html.unescape(response.content.decode()).split())


def draft_of(game: Game) -> dict[str, Any]:
    return game.seats.get(index=0).turn_draft


def test_the_hint_puts_the_best_opening_in_the_draft(client: Client, ro_game) -> None:
    game = ro_game()
    act(game, 0, {"type": "draw"})  # K2
    board = page_of(client.get(f"/romanian/g/{game.id}/"))
    assert "Show the best play" in board and USED not in board
    version, state, _drafts, moves = snapshot(game)
    response = hint(client, game)
    assert response.status_code == 200
    shown = page_of(response)
    assert "The best play lays 8 tiles (60 points)." in shown and USED in shown
    # After it, Y1-Y12 and K2-K4 each wait for two unseen tiles plus the two jolys: keep both.
    assert "Then discard blue 11: it keeps the most options, 6 live tiles." in shown
    draft = draft_of(game)
    assert sorted(names(m) for m in draft["melds"]) == [
        ["B5", "B6", "B7"],
        ["R9", "R10", "R11", "R12", "R13"],
    ]
    assert draft["add"] == [] and draft["replace"] == [] and draft["take"] is None
    # The opening the integer program (research/, written apart) finds best: 8 tiles, 60.
    rack = Counter(str(ro.face_of(t)) for t in ro.from_json(state).racks[0])
    assert reference_opening(rack, 50, 14) == (8, 60)
    game.refresh_from_db()
    assert game.hint_used
    assert (game.version, game.state, game.moves.count()) == (version, state, moves)
    # The draft is the player's to confirm (or change first): Confirm lays it.
    confirmed = client.post(f"/romanian/g/{game.id}/confirm/", {"version": version}, **HX)
    assert confirmed.status_code == 200
    game.refresh_from_db()
    after = ro.from_json(game.state)
    assert after.opened[0] and len(after.racks[0]) == 7


def test_after_opening_the_hint_adds_to_melds(client: Client, ro_game) -> None:
    game = ro_game()
    my_first_turn(game)
    computer_passes(game)
    act(game, 0, {"type": "draw"})  # B8
    shown = page_of(hint(client, game))
    assert "The best play lays 2 tiles (10 points)." in shown
    draft = draft_of(game)
    added = {index: names(tiles) for owner, index, tiles in draft["add"] if owner == 0}
    assert added == {0: ["R9"], 1: ["B8"]} and draft["melds"] == []
    # The table draws the additions in place, ready to confirm.
    assert 'data-testid="tile-R9"' in shown and 'data-testid="tile-B8"' in shown


def test_the_hint_shows_only_the_seats_own_tiles(client: Client, ro_game) -> None:
    game = ro_game()
    act(game, 0, {"type": "draw"})
    response = hint(client, game)
    state = ro.from_json(game.state)
    shown = {int(t) for t in re.findall(r'data-tile="(\d+)"', response.content.decode())}
    assert shown == set(state.racks[0])  # its rack and its draft; never seat 1's or the wall
    assert not shown & ro.hidden_from(state, 0)


def test_the_first_discard_gets_a_discard_hint(client: Client, ro_game) -> None:
    """The fifteen-tile player's first turn is only a discard: the hint names one."""
    state = table({0: ME + " K2", 1: COMPUTER}, wall=WALL, phase="first_discard", turn=0)
    game = ro_game(state)
    shown = page_of(hint(client, game))
    # Y8 joins no other tile, and Y1 waits only for Y13 or a joly (Y1-Y12), which R13-K13 and
    # the reds' pairs wait for anyway: throwing either keeps every live tile (the rack's order,
    # colour then number, names Y1 first). Unseen, counting copies: R8 2, R9-R13 1 each (one
    # is on the rack), R1 2 (12-13-1), B4 2, B8 2, B5-B7 1 each, B12 and K12 2 each (R12 Y12),
    # B13 and Y13 2 each (R13 K13), Y11 and K11 2 each (R11 B11), K3 2, the jolys 2: 32.
    assert "Discard yellow 1: it keeps the most options, 32 live tiles." in shown
    assert draft_of(game) is None  # nothing to lay on a first turn


@pytest.mark.parametrize("hinted", [False, True])
def test_a_hinted_game_is_kept_off_the_leaderboards(client: Client, ro_game, hinted: bool):
    game = ro_game(crafted(rounds=1))
    act(game, 0, {"type": "draw"})
    if hinted:
        assert hint(client, game).status_code == 200
    melds = [ids(game, 0, "R10 R11 R12 R13"), ids(game, 0, "B5 B6 B7")]
    act(game, 0, {"type": "meld", "melds": melds})
    act(game, 0, {"type": "discard", "tile": ids(game, 0, "Y1")[0]})
    computer_passes(game)
    my_second_turn(game)
    computer_goes_out(game)
    game.refresh_from_db()
    assert game.status == "finished"
    assert Result.objects.filter(game=game, seat_index=0).exists()  # the result is recorded
    assert LeaderboardEntry.objects.exists() is not hinted


def test_the_hint_is_decided_by_steps_and_its_clock_is_a_logged_safety_net(
    client: Client, ro_game, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    assert hint_module.HINT_STEPS == 200_000 and hint_module.HINT_SECONDS >= 1.0
    game = ro_game()
    act(game, 0, {"type": "draw"})
    with caplog.at_level("WARNING", logger="games.web.romanian.hint"):
        assert hint(client, game).status_code == 200
        assert not [r for r in caplog.records if r.levelname == "WARNING"]
        monkeypatch.setattr(hint_module, "HINT_SECONDS", 0.0)
        other = ro_game()
        act(other, 0, {"type": "draw"})
        shown = page_of(hint(client, other))
    (record,) = [r for r in caplog.records if r.levelname == "WARNING"]
    assert str(other.id) in record.getMessage() and "safety cap" in record.getMessage()
    assert "The search found nothing to lay within its step limit." in shown


def test_the_hint_in_romanian(client: Client, ro_game) -> None:
    game = ro_game()
    act(game, 0, {"type": "draw"})
    board = page_of(client.get(f"/romanian/g/{game.id}/", HTTP_ACCEPT_LANGUAGE="ro"))
    assert "Arată cea mai bună mutare" in board
    game.refresh_from_db()
    response = client.post(
        f"/romanian/g/{game.id}/hint/", {"version": game.version}, HTTP_ACCEPT_LANGUAGE="ro", **HX
    )
    shown = page_of(response)
    for words in (
        "Cea mai bună mutare pune 8 piese (puncte: 60).",
        "Apoi aruncă 11 albastru: păstrează cele mai multe variante, 6 piese vii.",
        "O piesă vie e una pe care n-ai văzut-o",
    ):
        assert words in shown, words
    for english in ("The best play lays", "Then discard", "live tile"):
        assert english not in shown, english
