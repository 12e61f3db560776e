"""Rumbaroo's post-game review: a hand-made round's numbers, a missed go-out and a missed
call, only the seat's own view, the page in English and Romanian, and the review's best
line against an exhaustive search written apart from the bots on 200 seeded positions."""

from __future__ import annotations

import copy
import html
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.bots.rumbaroo.best import best_play
from games.bots.rumbaroo.placement import Steps
from games.engine import rumbaroo as rb
from games.models import Game
from reviews import rumbaroo as review
from tests.api.visible_text import visible_text
from tests.engine.rumbaroo.rb_helpers import build, tile
from tests.reviews.rumbaroo_exact import exact_best, play_line, position
from tests.web.rumbaroo.conftest import start_rb

__all__ = ["start_rb"]
pytestmark = pytest.mark.django_db
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}

# Seat 0 could meld R7 R8 R9 and B3 (onto B4 B5 B6), make the computer miss its turn and
# go out with the Y5 on the R5: it plays the Y5 instead, then goes out with the melds.
GO_OUT = {
    "hands": ["R7 R8 R9 B3 Y5", "G1 G2 G3 Y9 Y10"],
    "table": ["B4 B5 B6"],
    "pile": "R5",
    "pool_top": "G13",
}
# Seat 0 melds four tiles and forgets Rumbaroo! with the Y11 left: it draws 2.
NO_CALL = {
    "hands": ["R7 R8 R9 B3 Y11", "G1 G2 Y9"],
    "table": ["B4 B5 B6"],
    "pile": "R5",
    "pool_top": "G13 G12 G11 G10 Y1",
}


@pytest.fixture
def dealt(monkeypatch: pytest.MonkeyPatch, start_rb: Callable[..., Game]) -> Callable[..., Game]:
    """A Rumbaroo game dealt from a hand-made position whose log still replays (the engine's
    ``new_game`` deals it), seat 0 owned by the test client and to play."""

    def make(position: dict[str, Any]) -> Game:
        state = build(
            position["hands"],
            table=position["table"],
            pile=position["pile"],
            pool_top=position["pool_top"],
        )
        monkeypatch.setattr(rb, "new_game", lambda config, seed: copy.deepcopy(state))
        return start_rb()

    return make


def act(game: Game, seat: int, action: dict[str, Any]) -> Game:
    game.refresh_from_db()
    return services.play(game.id, seat, action, game.version)


def state_of(game: Game) -> rb.State:
    game.refresh_from_db()
    return rb.from_json(game.state)


def meld_all(game: Game, seat: int, **extra: Any) -> Game:
    """Seat 0's melds: R7 R8 R9 on their own, B3 onto B4 B5 B6."""
    state = state_of(game)
    run = [tile(state, f, seat) for f in ("R7", "R8", "R9")]
    blue = [*state.table[0], tile(state, "B3", seat)]
    return act(game, seat, {"type": "meld", "table": [blue, run], **extra})


def play_go_out(game: Game) -> Game:
    act(game, 0, {"type": "discard", "tile": tile(state_of(game), "Y5", 0)})
    act(game, 1, {"type": "draw"})  # the G13: no match for the Y5
    game = meld_all(game, 0)
    game.refresh_from_db()
    return game


def round_url(game: Game, round_no: int = 1) -> str:
    return reverse("reviews:round", kwargs={"game_id": game.id, "round_no": round_no})


def test_a_missed_go_out_in_numbers(dealt) -> None:
    game = play_go_out(dealt(GO_OUT))
    assert review.completed_rounds(game) == [1]
    data = review.compute(game, 0, 1)
    first, second = data["turns"]
    assert [d["type"] for d in first["did"]] == ["discard"]
    assert first["left"] == 4 and not first["went_out"]
    best = first["best"]
    assert (best["left"], best["points"], best["turns"], best["out"]) == (0, 0, 2, True)
    assert [m["type"] for m in best["moves"]] == ["meld", "discard"]
    assert len(best["moves"][0]["placed"]) == 4 and best["moves"][0]["free"] == "skip"
    assert best["moves"][0]["call"]  # the meld drops seat 0 to one tile
    assert first["missed_go_out"] and not first["best_play"] and best["exact"]
    assert second["went_out"] and second["left"] == 0 and second["best_play"]
    assert data["summary"] == {
        "turns": 2,
        "best_turns": 1,
        "behind": 4,
        "exact": True,
        "missed_go_outs": [1],
        "missed_calls": [],
        "false_calls": [],
    }


def test_a_missed_call_is_named(client: Client, dealt) -> None:
    game = dealt(NO_CALL)
    meld_all(game, 0)  # no call: one tile left, so two are drawn
    act(game, 1, {"type": "draw"})
    game.refresh_from_db()
    services.abandon(game.id, 0, game.version)
    game.refresh_from_db()
    (turn,) = review.compute(game, 0, 1)["turns"]
    assert turn["missed_call"] == 2 and turn["left"] == 3
    assert (turn["best"]["left"], turn["best"]["points"]) == (1, 11)  # the Y11 alone
    assert turn["best"]["moves"][0]["call"]
    page = html.unescape(client.get(round_url(game)).content.decode())
    assert "You forgot to call Rumbaroo! on turn 1." in page
    assert "You ended on one tile without calling Rumbaroo! and drew 2 tiles." in page
    assert "Best: meld 4 tiles. That leaves 1 tile: 2 tiles fewer." in page
    # Rumbaroo's own turn card and first line on the shared page (its turn_template, lede()).
    assert page.count('data-testid="missed-call"') == 1
    assert "the line of plays that leaves you fewest tiles before an opponent plays" in page


def test_the_page_says_it_in_words(client: Client, dealt) -> None:
    game = play_go_out(dealt(GO_OUT))
    response = client.get(round_url(game))
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert page.count('data-testid="review-turn"') == 2
    assert page.count('data-testid="missed-go-out"') == 1
    assert "You missed a go-out on turn 1." in page
    assert "You made the best play on 1 of your 2 turns." in page
    assert "Turn by turn, the best lines would have left you 4 tiles fewer in all." in page
    assert "You played the yellow 5 on the pile. You then held 4 tiles." in page
    assert (
        "Best: meld 4 tiles (free action: your opponent misses a turn), then play the yellow 5."
        " You go out in 2 turns in a row." in page
    )
    assert "You melded 4 tiles from your hand. You went out." in page
    assert "That was the best play." in page
    table = client.get(f"/rumbaroo/g/{game.id}/").content.decode()
    assert f'href="{round_url(game)}"' in table  # Round complete links to it


def shown_ids(text: str) -> set[int]:
    return {int(t) for t in re.findall(r'data-tile="(\d+)"', text)}


def test_the_review_shows_only_what_the_seat_could_see(client: Client, dealt) -> None:
    game = play_go_out(dealt(GO_OUT))
    page = client.get(round_url(game)).content.decode()
    sections = re.split(r'data-testid="review-turn" data-turn="', page)[1:]
    assert len(sections) == 2
    replay = rb.new_game({}, 0)
    moves = list(game.moves.order_by("seq"))
    computer = set(replay.hands[1])
    for section in sections:
        seq = int(section.split('"', 1)[0])
        while replay.move_no < seq - 1:
            move = moves[replay.move_no]
            replay, _ = rb.apply(replay, move.seat, move.action)
        shown = shown_ids(section)
        assert shown and not shown & rb.hidden_from(replay, 0)
        assert not shown & computer  # the computer's hand never appears
    assert str(game.seed) not in page


def test_no_review_while_the_round_is_played(client: Client, dealt) -> None:
    game = dealt(GO_OUT)
    act(game, 0, {"type": "discard", "tile": tile(state_of(game), "Y5", 0)})
    game.refresh_from_db()
    assert review.completed_rounds(game) == []
    assert client.get(round_url(game)).status_code == 404


def test_the_review_in_romanian(client: Client, dealt) -> None:
    game = play_go_out(dealt(GO_OUT))
    text = visible_text(client.get(round_url(game), **RO).content.decode())
    for words in (
        "Ai ratat o închidere în tura 1.",
        "Ai jucat 5 galben pe grămadă. Ai rămas cu 4 piese.",
        "Cel mai bine: pui pe masă 4 piese (acțiune gratuită: adversarul pierde o tură),"
        " apoi joci 5 galben. Închizi în 2 ture la rând.",
        "Tură cu tură, cele mai bune variante te-ar fi lăsat cu 4 piese mai puțin în total.",
    ):
        assert words in text, words


def test_an_exhaustive_search_agrees_with_the_review_on_200_positions() -> None:
    """The review's best line (tiles left, then points) equals the exhaustive search's on
    200 seeded small positions, and playing that line through the engine leaves exactly
    what the review says: it never claims more than exists."""
    shapes = {"meld": 0, "chain": 0, "out": 0}
    for seed in range(200):
        state = position(seed)
        seen = rb.view(state, 0)
        assert rb.is_seated(seen)
        best = best_play(seen, Steps(None))
        assert best.exact
        assert (best.left, best.points) == exact_best(state, 0), seed
        if best.moves[0]["type"] != "draw":
            end = play_line(state, 0, best.moves)
            assert rb.holding(end, 0) == best.left, seed
        shapes["meld"] += any(m["type"] == "meld" for m in best.moves)
        shapes["chain"] += best.turns > 1
        shapes["out"] += best.out
    # The positions are not all alike: melds, runs of turns and go-outs all occur.
    assert shapes["meld"] >= 80 and shapes["chain"] >= 40 and shapes["out"] >= 15, shapes


def test_a_search_cut_short_says_at_least(client: Client, dealt, monkeypatch) -> None:
    """Out of steps, the review keeps what it found (the bots' meld plan: the meld without
    the go-out) and says "at least": it never claims more than the position holds."""
    monkeypatch.setattr(review, "REVIEW_STEPS", 2)  # the near melds find it in 5
    game = play_go_out(dealt(GO_OUT))
    first = review.compute(game, 0, 1)["turns"][0]
    best = first["best"]
    assert not best["exact"] and (best["left"], best["points"]) == (1, 5)  # the Y5 kept
    assert not first["missed_go_out"]  # not found, so not claimed
    page = html.unescape(client.get(round_url(game)).content.decode())
    assert "Better: meld 4 tiles. That leaves 1 tile: at least 3 tiles fewer" in page
    assert "the best lines would have left you at least 3 tiles fewer in all." in page
