"""Post-game reviews: the numbers of a crafted round, only the seat's own view, the pages."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.engine import tile_rummy as tr
from games.models import Game
from games.services import turns
from reviews import store
from reviews import tile_rummy as review
from reviews.models import Review, ReviewStatus
from tests.engine.helpers import names
from tests.reviews.conftest import act, play_round

pytestmark = pytest.mark.django_db


def round_url(game: Game, round_no: int = 1) -> str:
    return reverse("reviews:round", kwargs={"game_id": game.id, "round_no": round_no})


def shown_ids(text: str) -> set[int]:
    return {int(t) for t in re.findall(r'data-tile="(\d+)"', text)}


def test_the_numbers_of_a_crafted_round(dealt) -> None:
    game = play_round(dealt())
    data = review.compute(game, 0, 1)
    first, second, third = data["turns"]
    # Turn 1: drew with a whole-rack opening in hand: a missed go-out.
    assert first["action"] == "draw" and first["laid"] == []
    assert first["best"]["tiles"] == 6 and first["best"]["points"] == 39
    assert first["missed_go_out"] and first["best"]["exact"]
    # Turn 2: laid the run (33) when the run and the group (39) were there; K5 kept it in.
    assert names(second["laid"]) == ["R10", "R11", "R12"] and second["laid_points"] == 33
    assert (second["best"]["tiles"], second["best"]["points"]) == (6, 39)
    assert not second["missed_go_out"]
    # Turn 3: laid the group, the most there was.
    assert (len(third["laid"]), third["laid_points"]) == (3, 6)
    assert (third["best"]["tiles"], third["best"]["points"]) == (3, 6)
    assert data["summary"] == {
        "turns": 3,
        "laid_tiles": 6,
        "best_tiles": 15,
        "laid_points": 39,
        "best_points": 84,
        "best_turns": 1,
        "missed_go_outs": [1],
    }


def test_the_page_says_it_in_words(client: Client, dealt) -> None:
    game = play_round(dealt())
    response = client.get(round_url(game))
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert "You missed a go-out on turn 1." in page
    assert "You laid 6 tiles (39 points) in 3 turns" in page
    assert page.count('data-testid="review-turn"') == 3
    assert page.count('data-testid="missed-go-out"') == 1
    assert "The most you could lay: 6 tiles (39 points)." in page
    assert "That was the best play." in page


def test_the_review_shows_only_what_the_seat_could_see(client: Client, dealt) -> None:
    game = play_round(dealt())
    page = client.get(round_url(game)).content.decode()
    mine = set(tr.new_game({}, 0).racks[0])  # the crafted deal
    state = tr.new_game({}, 0)
    drawn = state.pool[-1]  # the K5 seat 0 drew
    shown = shown_ids(page)
    assert shown == mine | {drawn}  # the computer's tiles and the pool never appear
    # Turn by turn: nothing hidden from seat 0 at that moment is in that turn's section.
    sections = re.split(r'data-testid="review-turn" data-turn="', page)[1:]
    replay = tr.new_game({}, 0)
    moves = list(game.moves.order_by("seq"))
    for section in sections:
        seq = int(section.split('"', 1)[0])
        while replay.move_no < seq - 1:
            move = moves[replay.move_no]
            replay, _ = tr.apply(replay, move.seat, move.action)
        assert not shown_ids(section) & tr.hidden_from(replay, 0)
    assert str(game.seed) not in page


def test_a_round_being_played_has_no_review(client: Client, dealt) -> None:
    game = dealt()
    act(game, 0, {"type": "draw"})
    response = client.get(round_url(game))
    assert response.status_code == 404
    assert b"hasn&#x27;t been played to the end" in response.content
    assert not Review.objects.exists()
    assert client.get(reverse("reviews:game", kwargs={"game_id": game.id})).status_code == 200


def test_a_stranger_gets_404(dealt) -> None:
    game = play_round(dealt())
    assert Client().get(round_url(game)).status_code == 404
    assert not Review.objects.exists()


def test_the_game_link_opens_the_last_finished_round(client: Client, dealt) -> None:
    game = play_round(dealt())
    response = client.get(reverse("reviews:game", kwargs={"game_id": game.id}))
    assert response.status_code == 302 and response.url == round_url(game)


def test_a_review_is_worked_out_once_and_kept(
    client: Client, dealt, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = play_round(dealt())
    calls: list[Any] = []
    compute = review.compute
    monkeypatch.setattr(review, "compute", lambda *a: calls.append(a) or compute(*a))
    assert client.get(round_url(game)).status_code == 200
    assert client.get(round_url(game)).status_code == 200
    assert len(calls) == 1
    kept = Review.objects.get(game=game, seat_index=0, round_no=1)
    assert kept.status == ReviewStatus.READY and kept.data["summary"]["missed_go_outs"] == [1]


def test_while_it_is_prepared_the_page_says_so_and_polls(
    client: Client, dealt, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = play_round(dealt())
    queued: list[int] = []
    monkeypatch.setattr(store, "queue", lambda review_id, game_id: queued.append(review_id))
    page = client.get(round_url(game)).content.decode()
    assert "Review is being prepared" in page and f'hx-get="{round_url(game)}"' in page
    store.build(queued[0])  # the worker
    part = client.get(round_url(game), HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in part and "You missed a go-out on turn 1." in html.unescape(part)
    assert "hx-trigger" not in part  # ready: the polling stops


def test_a_round_that_ends_queues_its_reviews_when_a_worker_runs_them(
    dealt, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks
) -> None:
    from reviews.tasks import build_review

    game = dealt()
    queued: list[int] = []
    monkeypatch.setattr(store, "queue", lambda review_id, game_id: queued.append(review_id))
    monkeypatch.setattr(turns, "_queue", lambda *args: None)  # no computer turns queued
    build_review.app.conf.task_always_eager = False  # put back by the autouse fixture
    with django_capture_on_commit_callbacks(execute=True):
        play_round(game)
    pending = Review.objects.get(game=game)
    assert (pending.seat_index, pending.round_no, pending.status) == (0, 1, "pending")
    assert queued == [pending.pk]  # the person's seat only, never the computer's


def test_round_complete_and_my_games_link_to_the_review(client: Client, dealt) -> None:
    game = play_round(dealt())
    table = client.get(f"/tile-rummy/g/{game.id}/").content.decode()
    assert f'href="{round_url(game)}"' in table and "Review your turns in round 1" in table
    history = client.get(reverse("accounts:history")).content.decode()
    assert f'href="{reverse("reviews:game", kwargs={"game_id": game.id})}"' in history


def test_each_round_is_reviewed_on_its_own_and_an_ended_game_its_last_round(
    client: Client, dealt
) -> None:
    game = play_round(dealt())
    act(game, 0, {"type": "next_round"})
    act(game, 1, {"type": "draw"})  # round 2: the dealer moved on, so the computer starts
    act(game, 0, {"type": "draw"})
    game.refresh_from_db()
    assert review.completed_rounds(game) == [1]
    assert client.get(round_url(game, 2)).status_code == 404  # being played: it would be a hint
    services.abandon(game.id, 0, game.version)
    game.refresh_from_db()
    assert review.completed_rounds(game) == [1, 2]
    second = review.compute(game, 0, 2)
    assert [t["action"] for t in second["turns"]] == ["draw"]
    assert second["turns"][0]["seq"] == game.version
    assert len(review.compute(game, 0, 1)["turns"]) == 3
    assert client.get(round_url(game, 2)).status_code == 200


def test_the_review_is_decided_by_steps_and_its_clock_is_a_logged_safety_net(
    dealt, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A review turn is worked out to a step limit; the clock only stops a pathological
    search (the turn then says "at least"), and that is logged with the game."""
    from games.bots.tile_rummy.best import PLACEMENT_NODES

    assert review.NODE_LIMIT >= PLACEMENT_NODES
    game = play_round(dealt())
    caplog.clear()
    with caplog.at_level("WARNING", logger="reviews.tile_rummy"):
        exact = review.compute(game, 0, 1)
        assert not caplog.records
        monkeypatch.setattr(review, "TURN_SECONDS", 0.0)
        cut = review.compute(game, 0, 1)
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert all(t["best"]["exact"] for t in exact["turns"])
    assert len(warnings) == len(cut["turns"]) == 3
    assert all(str(game.id) in r.getMessage() for r in warnings)
    assert all("timed_out" not in t for t in cut["turns"])  # kept out of the stored review
