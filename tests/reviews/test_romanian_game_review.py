"""Romanian Tile Rummy's post-game review: a hand-made round's numbers, only the seat's own
view, never before the round is over, the page in English and Romanian, and the search it
uses against an exhaustive check written apart from the bots."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.bots.romanian.best import Position, Steps, best_play
from games.engine import romanian as ro
from games.engine.base import IllegalAction
from games.models import Game
from games.web.romanian.hint import HINT_STEPS
from reviews import romanian_tile_rummy as review
from reviews.models import Review
from tests.api.visible_text import visible_text
from tests.engine.romanian.ro_helpers import names, table
from tests.reviews.romanian_deal import (
    ME,
    act,
    crafted,
    deal,
    ids,
    my_first_turn,
    play_round,
)
from tests.reviews.romanian_exact import Small, exact_best, small_position, state_for

pytestmark = pytest.mark.django_db
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}
COMPUTER_REST = "K5 K6 K7 Y3 Y4 Y5 B6 B7 B8 R10 R11 R12 Y13 K13"


@pytest.fixture
def ro_game(monkeypatch: pytest.MonkeyPatch, client: Client, django_capture_on_commit_callbacks):
    def make(state: ro.State | None = None) -> Game:
        return deal(monkeypatch, client, django_capture_on_commit_callbacks, state)

    return make


def round_url(game: Game, round_no: int = 1) -> str:
    return reverse("reviews:round", kwargs={"game_id": game.id, "round_no": round_no})


def shown_ids(text: str) -> set[int]:
    return {int(t) for t in re.findall(r'data-tile="(\d+)"', text)}


def test_the_numbers_of_a_hand_made_round(ro_game) -> None:
    game = play_round(ro_game())
    assert review.completed_rounds(game) == [1]
    data = review.compute(game, 0, 1)
    first, second = data["turns"]
    # Turn 1: opened with R10-R13 and B5-B7 (40 + 15); R9-R13 and B5-B7 (45 + 15) was the most.
    assert first["action"] == "draw" and len(first["rack"]) == 15
    assert names(first["laid"]) == ["R10", "R11", "R12", "R13", "B5", "B6", "B7"]
    assert first["laid_points"] == 55
    best = first["best"]
    assert (best["tiles"], best["points"], best["exact"]) == (8, 60, True)
    assert names(first["best"]["placed"]) == ["R9", "R10", "R11", "R12", "R13", "B5", "B6", "B7"]
    assert not first["missed_go_out"]
    # Its discard: Y1 broke Y1-Y12 (Y13 or a joly would have made 12-13-1), leaving K3 and
    # the jolys: 4 unseen tiles; keeping both pairs (discard R9, say) kept 6.
    discard = first["discard"]
    assert names([discard["tile"], discard["best_tile"]]) == ["Y1", "R9"]
    assert (discard["live"], discard["best_live"]) == (4, 6)
    # Turn 2: added B8 (5); R9 on the run too was the most (2 tiles, 10 points).
    assert names(second["laid"]) == ["B8"] and second["laid_points"] == 5
    assert (second["best"]["tiles"], second["best"]["points"]) == (2, 10)
    assert names(second["best"]["placed"]) == ["R9", "B8"]
    assert (second["discard"]["live"], second["discard"]["best_live"]) == (4, 4)  # K13: best
    assert data["summary"] == {
        "turns": 2,
        "laid_tiles": 8,
        "best_tiles": 10,
        "laid_points": 60,
        "best_points": 70,
        "best_turns": 0,
        "missed_go_outs": [],
        "discards": 2,
        "best_discards": 1,
    }


def test_the_page_says_it_in_words_and_the_round_panel_links_to_it(client: Client, ro_game):
    game = play_round(ro_game())
    table_page = client.get(f"/romanian/g/{game.id}/").content.decode()
    assert f'href="{round_url(game)}"' in table_page
    assert "Review your turns in round 1" in table_page
    response = client.get(round_url(game))
    assert response.status_code == 200
    page = " ".join(html.unescape(response.content.decode()).split())
    for words in (
        "You laid 8 tiles (60 points) in 2 turns; the most you could have laid, turn by turn, "
        "was 10 tiles (70 points).",
        "You made the best play on 0 of your 2 turns.",
        "Your discard kept the most live tiles on 1 of 2 discards.",
        "You drew from the wall. You laid 7 tiles (55 points). You discarded yellow 1.",
        "The most you could lay: 8 tiles (60 points).",
        "Your discard kept 4 live tiles; discarding red 9 would have kept 6.",
        "You laid 1 tile (5 points). You discarded black 13.",
        "The most you could lay: 2 tiles (10 points).",
        "Your discard kept the most options: 4 live tiles.",
    ):
        assert words in page, words
    assert page.count('data-testid="review-turn"') == 2


def test_the_review_shows_only_what_the_seat_could_see(client: Client, ro_game) -> None:
    game = play_round(ro_game())
    page = client.get(round_url(game)).content.decode()
    state = crafted()
    mine = set(state.racks[0]) | set(state.wall[:1]) | set(state.wall[2:3])  # + K2, B8 drawn
    assert shown_ids(page) == mine  # the computer's rack and the wall never appear
    # Turn by turn: nothing hidden from seat 0 once the turn's tile was taken.
    sections = re.split(r'data-testid="review-turn" data-turn="', page)[1:]
    replay = crafted()
    moves = list(game.moves.order_by("seq"))
    for section in sections:
        seq = int(section.split('"', 1)[0])
        while replay.move_no < seq:
            move = moves[replay.move_no]
            replay, _ = ro.apply(replay, move.seat, move.action)
        assert not shown_ids(section) & ro.hidden_from(replay, 0)
    assert str(game.seed) not in page


def test_never_before_the_round_is_over(client: Client, ro_game) -> None:
    game = ro_game()
    my_first_turn(game)
    game.refresh_from_db()
    assert review.completed_rounds(game) == []
    response = client.get(round_url(game))
    assert response.status_code == 404
    assert b"hasn&#x27;t been played to the end" in response.content
    assert not Review.objects.exists()
    page = client.get(reverse("reviews:game", kwargs={"game_id": game.id})).content.decode()
    assert "No round of this game has ended yet" in page
    assert Client().get(round_url(game)).status_code == 404  # a stranger, never


def test_a_turn_that_takes_an_older_discard_is_judged_on_the_tiles_it_brought(ro_game) -> None:
    """Taken with R7: the row's Y11 and K2 join the rack; the most was R5-R7 and K9-K11."""
    state = table(
        {0: "R5 R6 K9 K10 K11 Y2 B12", 1: COMPUTER_REST},
        melds={0: ["B1 B2 B3"]},
        discards="R7 Y11 K2",
        phase="draw",
        turn=0,
    )
    game = ro_game(state)
    action = {"type": "take", "index": 0, "melds": [ids(game, 0, "R5 R6") + [_row(game, 0)]]}
    act(game, 0, action)
    act(game, 0, {"type": "discard", "tile": ids(game, 0, "Y2")[0]})
    game.refresh_from_db()
    services.abandon(game.id, 0, game.version)
    game.refresh_from_db()
    (turn,) = review.compute(game, 0, 1)["turns"]
    assert turn["action"] == "take" and names(turn["took"]) == ["R7", "Y11", "K2"]
    assert len(turn["rack"]) == 10 and names(turn["laid"]) == ["R5", "R6", "R7"]
    assert (turn["laid_points"], turn["best"]["tiles"], turn["best"]["points"]) == (15, 6, 40)


def _row(game: Game, index: int) -> int:
    game.refresh_from_db()
    return ro.from_json(game.state).discards[index]


def test_the_review_is_decided_by_steps_and_its_clock_is_a_logged_safety_net(
    ro_game, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    assert review.NODE_LIMIT == 2 * HINT_STEPS
    game = play_round(ro_game())
    caplog.clear()
    with caplog.at_level("WARNING", logger="reviews.romanian_tile_rummy"):
        exact = review.compute(game, 0, 1)
        assert not caplog.records
        monkeypatch.setattr(review, "TURN_SECONDS", 0.0)
        cut = review.compute(game, 0, 1)
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert all(t["best"]["exact"] for t in exact["turns"])
    assert len(warnings) == len(cut["turns"]) == 2
    assert all(str(game.id) in r.getMessage() and "safety cap" in r.getMessage() for r in warnings)
    assert not any(t["best"]["exact"] for t in cut["turns"])  # "at least", never more
    assert all("timed_out" not in t for t in cut["turns"])  # kept out of the stored review


def test_the_review_in_romanian(client: Client, ro_game) -> None:
    game = play_round(ro_game())
    response = client.get(round_url(game), **RO)
    assert response.status_code == 200
    text = visible_text(response.content.decode())
    for words in (
        "Analizează-ți turele",
        "Ai pus 8 piese (60 de puncte) în 2 ture",
        "Ai tras din teanc. Ai pus 7 piese (55 de puncte). Ai aruncat 1 galben.",
        "Cel mai mult ai fi putut pune: 8 piese (60 de puncte).",
        "Aruncarea ta a păstrat 4 piese vii; dacă aruncai 9 roșu, păstrai 6.",
        "Aruncarea ta a păstrat cele mai multe variante: 4 piese vii.",
        "Aruncarea ta a păstrat cele mai multe piese vii la 1 din 2 aruncări.",
    ):
        assert words in text, words
    for english in ("You laid", "live tiles", "The round in numbers", "You discarded"):
        assert english not in text, english


# --- the search against an exhaustive check written apart from the bots ---------------------

POSITIONS = 240


def _position(p: Small) -> Position:
    return Position(
        rack=p.rack,
        table=tuple(p.indexed()),
        seat=p.seat,
        opened=p.opened,
        own_melds_only=p.opened and p.opened_this_turn,
        threshold=p.threshold,
        taken=p.taken,
        before_take=p.before_take if p.row else (),
    )


def _lay_through_the_engine(p: Small, found: Any) -> int:
    """Play the search's answer through the engine; the rack tiles it really laid."""
    state = state_for(p)
    rack_before = len(p.rack)
    if p.row and not p.opened:  # opening with the taken discard: all in the take
        take = {"type": "take", "index": 0, "melds": found.melds}
        state, _ = ro.apply(state, p.seat, take)
    elif p.row:  # the take carries the combination holding the taken discard; the rest follows
        home = next(m for m in found.melds if p.taken in m)
        freed = [r for r in found.replace if r[2] in home]
        take = {"type": "take", "index": 0, "melds": [home], "replace": freed}
        state, _ = ro.apply(state, p.seat, take)
        rest = {
            "type": "meld",
            "melds": [m for m in found.melds if m is not home],
            "add": found.add,
            "replace": [r for r in found.replace if r not in freed],
        }
        if rest["melds"] or rest["add"] or rest["replace"]:
            state, _ = ro.apply(state, p.seat, rest)
    else:
        state, _ = ro.apply(state, p.seat, found.action())
    return rack_before - len(state.racks[p.seat])


def test_the_search_agrees_with_an_exhaustive_check_on_seeded_positions() -> None:
    """The review's best (tiles, points) is the exhaustive optimum on every seeded position,
    every answer is proven (``exact``), and the engine accepts it as laid: never more."""
    kinds: dict[str, int] = {}
    for seed in range(POSITIONS):
        p = small_position(seed)
        found = best_play(_position(p), Steps(review.NODE_LIMIT))
        assert found.exact, seed
        assert (found.tiles, found.points) == exact_best(p), (seed, p)
        if found.tiles:
            try:
                laid = _lay_through_the_engine(p, found)
            except IllegalAction as exc:
                raise AssertionError((seed, p, found, exc.message)) from exc
            assert laid == found.tiles, seed
        kind = "opening" if not p.opened else ("take" if p.row else "opened")
        kinds[kind] = kinds.get(kind, 0) + 1
        kinds["laid"] = kinds.get("laid", 0) + bool(found.tiles)
        kinds["replace"] = kinds.get("replace", 0) + bool(found.replace)
        kinds["add"] = kinds.get("add", 0) + bool(found.add)
    # The seeds cover every kind of turn, and plays of every sort were found.
    assert kinds["opening"] >= 50 and kinds["take"] >= 25 and kinds["opened"] >= 100, kinds
    assert kinds["laid"] >= 100 and kinds["add"] >= 30 and kinds["replace"] >= 10, kinds


def test_the_exhaustive_check_knows_the_rules_examples() -> None:
    """The checker itself, on positions worked out by hand."""
    r = {f: ro.COLOURS.index(f[0]) * 26 + (int(f[1:]) - 1) * 2 for f in ME.split()}
    rack = tuple(sorted(r.values()))
    assert exact_best(Small(rack, (), opened=False)) == (8, 60)  # R9-R13 and B5-B7
    taken = Small(rack, (), opened=False, taken=r["Y1"], row=(r["Y1"],))
    assert exact_best(taken) == (0, 0)  # Y1 taken to open with: it fits no combination
    melds = ((0, (r["R10"], r["R11"], r["R12"], r["R13"])),)
    alone = (r["R9"], r["Y1"], r["K4"])
    assert exact_best(Small(alone, melds)) == (1, 5)  # R9 on the run, one tile kept
