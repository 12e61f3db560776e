"""The review of a player's own turn, beside the replay step it is about (issue 41 item 1).

Each game is played from the hand-made round its own review tests use (tests/reviews/),
to the end of the game, with seat 0 the test client's; the reviews are worked out in
process (no broker), as the embedded site does. The words checked are the reviews' own,
as their pages print them.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from playwright.sync_api import expect

from games import services
from games.engine import rumasta as rm
from games.engine import rumbaroo as rb
from games.engine import tile_rummy as tr
from games.models import Game, GameStatus
from games.services import turns
from games.services.scripts import MARK
from leaderboards.periods import utc_today
from replays import policy, turn_reviews
from replays.models import ShareLink
from reviews import store
from reviews.models import Review, ReviewStatus
from tests.api.visible_text import visible_text
from tests.browser_checks import SIZES, narrow_enough, violations
from tests.browser_games import deal_in_browser, shot
from tests.engine.helpers import build as tr_build
from tests.engine.rumbaroo.rb_helpers import build as rb_build
from tests.replays.conftest import HTMX, device_key, give_seat
from tests.reviews import conftest as tile_round
from tests.reviews import romanian_deal, rumasta_game
from tests.reviews.test_rumbaroo_review import GO_OUT, play_go_out
from tests.web.conftest import dealt

pytestmark = pytest.mark.django_db
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}
PHONE, DESKTOP = SIZES


@dataclass(frozen=True)
class Case:
    """A game's hand-made round played to the game's end, and what the replay must say."""

    kind: str
    make: Callable[[pytest.MonkeyPatch, Client, Any], Game]
    turn: int  # which of seat 0's turns (1-based) is checked
    words: tuple[str, ...]  # what the replay says at that turn's first step


def _tile_rummy(monkeypatch: pytest.MonkeyPatch, client: Client, capture: Any) -> Game:
    state = tr_build(
        racks=[tile_round.ME, tile_round.COMPUTER],
        pool_top=tile_round.POOL_TOP,
        turn=0,
        totals=[0, 199],  # the computer's go-out takes it past the target: the game ends
    )
    monkeypatch.setattr(tr, "new_game", lambda config, seed: copy.deepcopy(state))
    data = {"level": "easy", "opponents": 1, "meld_rule": "standard"}
    return tile_round.play_round(dealt(client, capture, "/tile-rummy/new/", data))


def _romanian(monkeypatch: pytest.MonkeyPatch, client: Client, capture: Any) -> Game:
    game = romanian_deal.deal(monkeypatch, client, capture, romanian_deal.crafted(rounds=1))
    return romanian_deal.play_round(game)


def _rumbaroo(monkeypatch: pytest.MonkeyPatch, client: Client, capture: Any) -> Game:
    position = GO_OUT
    state = rb_build(
        position["hands"],
        table=position["table"],
        pile=position["pile"],
        pool_top=position["pool_top"],
        totals=[49, 0],  # seat 0 goes out past the target: the game ends
    )
    monkeypatch.setattr(rb, "new_game", lambda config, seed: copy.deepcopy(state))
    data = {"difficulty": "joey", "players": 2, "target": 50}
    return play_go_out(dealt(client, capture, "/rumbaroo/new/", data))


def _rumasta(monkeypatch: pytest.MonkeyPatch, client: Client, capture: Any) -> Game:
    state = rumasta_game.crafted_state()
    monkeypatch.setattr(rm, "new_game", lambda config, seed: copy.deepcopy(state))
    data = {"players": 2, "teams": "none", "level": "easy", "target": 500}
    return rumasta_game.play_turns(dealt(client, capture, "/rumasta/new/", data))


CASES = [
    Case(
        "tile_rummy",
        _tile_rummy,
        1,
        ("You drew a tile.", "The most you could lay: 6 tiles (39 points).", "Missed a go-out"),
    ),
    Case(
        "romanian_tile_rummy",
        _romanian,
        1,
        (
            "You drew from the wall. You laid 7 tiles (55 points). You discarded yellow 1.",
            "The most you could lay: 8 tiles (60 points).",
        ),
    ),
    Case(
        "rumbaroo",
        _rumbaroo,
        1,
        ("Missed a go-out",),
    ),
    Case(
        "rumasta",
        _rumasta,
        3,
        (
            "You drew and melded nothing.",
            "Taking pile 2 with its proof (K♦ K♣) was worth 85 points more: 85 points in all.",
            "Missed a pile",
        ),
    ),
]


@pytest.fixture(params=[pytest.param(c, id=c.kind) for c in CASES])
def case(request: pytest.FixtureRequest) -> Case:
    return request.param


@pytest.fixture
def finished(
    case: Case,
    monkeypatch: pytest.MonkeyPatch,
    client: Client,
    django_capture_on_commit_callbacks: Any,
) -> Game:
    """The case's game, over for everyone, seat 0 the client's."""
    game = case.make(monkeypatch, client, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.kind == case.kind and game.status == GameStatus.FINISHED
    return game


def replay_url(game: Game) -> str:
    return reverse("replays:game", kwargs={"game_id": game.id})


def step_page(client: Client, game: Game, step: int, **extra: Any) -> str:
    response = client.get(replay_url(game), {"step": step}, **extra)
    assert response.status_code == 200
    return response.content.decode()


def turn_starts(game: Game, seat: int = 0) -> list[int]:
    """Where the seat's reviewed turns begin, from the kept review (worked out on first ask)."""
    review = store.review_for(game, seat, 1)
    assert review.status == ReviewStatus.READY and review.data is not None
    return [t["seq"] for t in review.data["turns"]]


def card_of(page: str) -> str | None:
    """The review card's markup on a replay page (None when it shows none)."""
    if 'data-testid="replay-review"' not in page:
        return None
    return page.split('data-testid="replay-review"', 1)[1].split("</aside>", 1)[0]


def shown_turn(page: str) -> int | None:
    """The move that began the turn the card reviews (None: no card, or only a note)."""
    card = card_of(page)
    found = re.search(r'data-testid="review-turn" data-turn="(\d+)"', card or "")
    return int(found.group(1)) if found else None


def read(markup: str) -> str:
    return " ".join(visible_text(markup).split())


# --- the player's own replay ------------------------------------------------------------------


def test_the_player_sees_their_turn_reviewed_beside_that_step(
    client: Client, finished: Game, case: Case
) -> None:
    starts = turn_starts(finished)
    step = starts[case.turn - 1]
    page = step_page(client, finished, step)
    card = card_of(page)
    assert card is not None and shown_turn(page) == step
    words = read(card)
    for said in case.words:
        assert said in words, said
    assert f"Review of your turn from step {step}" in words
    assert f"Turn {case.turn}" in words
    review_page = reverse("reviews:round", kwargs={"game_id": finished.id, "round_no": 1})
    assert f'href="{review_page}#turn-{step}"' in card  # the whole round's review, at this turn
    # In the board's column order: the board, then the card, then the move list.
    assert (
        page.index('class="replay-board"')
        < page.index("replay-review")
        < page.index('id="replay-moves"')
    )


def test_the_card_follows_each_step_until_the_players_next_turn(
    client: Client, finished: Game, case: Case
) -> None:
    starts = turn_starts(finished)
    for step in range(finished.version + 1):
        # Stepping swaps the stage only: the card must be in the part that is swapped.
        part = step_page(client, finished, step, **HTMX)
        assert "<html" not in part and 'id="replay-stage"' in part
        earlier = [s for s in starts if s <= step]
        assert shown_turn(part) == (earlier[-1] if earlier else None), step
        if earlier and earlier[-1] != step:  # a later step links back to the turn's first
            assert f'href="{replay_url(finished)}?step={earlier[-1]}"' in (card_of(part) or "")


def test_a_shared_replay_shows_no_review(client: Client, finished: Game, case: Case) -> None:
    assert client.post(reverse("replays:share", kwargs={"game_id": finished.id})).status_code == 302
    link = ShareLink.objects.get(game=finished)
    shared = reverse("replays:shared", kwargs={"token": link.token})
    for step in range(finished.version + 1):
        page = Client().get(shared, {"step": step}).content.decode()
        assert "replay-review" not in page and "review-turn" not in page
        for said in case.words:
            assert said not in read(page), said
    assert not Review.objects.exists()  # a share link never even asks for one
    own = step_page(client, finished, finished.version)
    assert card_of(own) is not None  # while the player's own replay shows it


def test_another_seats_review_never_appears(client: Client, finished: Game, case: Case) -> None:
    other = Client()
    give_seat(finished, device_key(other), index=1)
    mine, theirs = turn_starts(finished, 0), turn_starts(finished, 1)
    assert mine and theirs and not set(mine) & set(theirs)
    for step in range(finished.version + 1):
        seen_by_me = shown_turn(step_page(client, finished, step))
        seen_by_them = shown_turn(step_page(other, finished, step))
        assert seen_by_me is None or seen_by_me in mine, step
        assert seen_by_them is None or seen_by_them in theirs, step
    assert shown_turn(step_page(other, finished, theirs[0])) == theirs[0]


def test_the_card_in_romanian(client: Client, finished: Game, case: Case) -> None:
    step = turn_starts(finished)[case.turn - 1]
    page = step_page(client, finished, step, **RO)
    words = read(card_of(page) or "")
    assert f"Analiza turei tale de la pasul {step}" in words
    assert f"Tura {case.turn}" in words
    assert "Analizează-ți turele din runda 1" in words
    assert "Review of your turn" not in words


# --- never too soon, never another's ------------------------------------------------------------


def test_no_review_while_the_game_goes_on(
    client: Client, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    state = tr_build(racks=[tile_round.ME, tile_round.COMPUTER], pool_top=tile_round.POOL_TOP)
    monkeypatch.setattr(tr, "new_game", lambda config, seed: copy.deepcopy(state))
    data = {"level": "easy", "opponents": 1, "meld_rule": "standard"}
    game = tile_round.play_round(
        dealt(client, django_capture_on_commit_callbacks, "/tile-rummy/new/", data)
    )
    assert game.status == GameStatus.ACTIVE  # round 1 is over, the game is not
    for step in range(game.version + 1):  # round 1 replays, its review waits for the game
        page = step_page(client, game, step)
        assert "replay-review" not in page and "review-turn" not in page
    assert not Review.objects.exists()
    services.abandon(game.id, 0, game.version)  # over for everyone now
    assert shown_turn(step_page(client, game, 1)) == 1


def test_no_review_of_a_daily_until_its_day_is_over(
    client: Client, daily_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = daily_game.moves.filter(seat=0).order_by("seq").first()
    assert first is not None
    page = step_page(client, daily_game, first.seq)
    assert "replay-review" not in page  # the same board can still be played today
    assert not Review.objects.exists()
    tomorrow = utc_today() + timedelta(days=1)
    monkeypatch.setattr(policy, "utc_today", lambda: tomorrow)
    assert card_of(step_page(client, daily_game, first.seq)) is not None


def test_no_review_in_a_guided_game() -> None:
    over = Game(kind="x", status=GameStatus.FINISHED, config={})
    assert turn_reviews.shown_for(over)
    assert not turn_reviews.shown_for(
        Game(kind="x", status=GameStatus.FINISHED, config={MARK: "t"})
    )
    assert not turn_reviews.shown_for(Game(kind="x", status=GameStatus.ACTIVE, config={}))


# --- a review on its way, or that failed --------------------------------------------------------


@pytest.mark.parametrize("case", [CASES[0]], ids=["tile_rummy"])
def test_a_review_being_prepared_shows_a_note_then_the_card(
    client: Client, finished: Game, case: Case, monkeypatch: pytest.MonkeyPatch
) -> None:
    queued: list[int] = []
    monkeypatch.setattr(store, "queue", lambda review_id, game_id: queued.append(review_id))
    page = step_page(client, finished, 1)
    note = read(card_of(page) or "")
    assert "The review of your turns in this round is being prepared." in note
    review_page = reverse("reviews:round", kwargs={"game_id": finished.id, "round_no": 1})
    assert f'href="{review_page}"' in page and "hx-trigger" not in (card_of(page) or "")
    assert not [said for said in case.words if said in note] and shown_turn(page) is None
    assert len(queued) == 1  # queued once, for the worker
    step_page(client, finished, 2)
    assert len(queued) == 1  # asking again does not queue it again
    store.build(queued[0])  # the worker
    assert shown_turn(step_page(client, finished, 1)) == 1


@pytest.mark.parametrize("case", [CASES[0]], ids=["tile_rummy"])
def test_a_review_that_failed_says_so(client: Client, finished: Game, case: Case) -> None:
    Review.objects.create(game=finished, seat_index=0, round_no=1, status=ReviewStatus.FAILED)
    note = read(card_of(step_page(client, finished, 1)) or "")
    assert "This review could not be prepared." in note


@pytest.mark.parametrize("case", [CASES[0]], ids=["tile_rummy"])
def test_the_deal_shows_no_card_and_a_step_asks_nothing_more_once_ready(
    client: Client, finished: Game, case: Case
) -> None:
    assert card_of(step_page(client, finished, 0)) is None  # the deal: no turn of yours yet
    assert Review.objects.get().status == ReviewStatus.READY  # asked for once, on the way
    for step in range(finished.version + 1):
        with CaptureQueriesContext(connection) as seen:
            step_page(client, finished, step, **HTMX)
        assert not [q for q in seen.captured_queries if "reviews_review" in q["sql"]], step


def test_the_review_app_registers_what_the_replay_asks() -> None:
    assert turn_reviews._source.get() is store.REPLAY_REVIEWS
    assert turn_reviews.turn_at([1, 5, 9], 0) is None
    assert [turn_reviews.turn_at([1, 5, 9], s) for s in (1, 4, 5, 8, 9, 12)] == [0, 0, 1, 1, 2, 2]


# --- in a browser -------------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_card_sits_below_the_board_and_follows_each_step(
    live_server: Any, page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tr_build(
        racks=[tile_round.ME, tile_round.COMPUTER], pool_top=tile_round.POOL_TOP, totals=[0, 199]
    )
    monkeypatch.setattr(tr, "new_game", lambda config, seed: copy.deepcopy(state))
    monkeypatch.setattr(turns, "_queue", lambda *args: None)  # the test plays the computer
    page.set_viewport_size(PHONE)
    game = tile_round.play_round(deal_in_browser(page, live_server.url, "tile-rummy", "Easy"))
    assert game.status == GameStatus.FINISHED
    page.goto(f"{live_server.url}{replay_url(game)}?step=1")
    card = page.get_by_test_id("replay-review")
    expect(card).to_contain_text("You drew a tile. The most you could lay: 6 tiles (39 points).")
    board, box = page.locator(".replay-board").bounding_box(), card.bounding_box()
    assert board and box and box["y"] >= board["y"] + board["height"] - 1  # below the board
    assert narrow_enough(page, PHONE)
    shot(page, "replay-review-360", full_page=True)
    problems = violations(page, "replay review, phone")
    position = page.get_by_test_id("position")
    page.keyboard.press("ArrowRight")  # the computer's draw: still your turn 1's review
    expect(position).to_contain_text("Step 2 of")
    expect(card).to_contain_text("Review of your turn from step 1")
    page.keyboard.press("ArrowRight")  # your turn 2
    expect(position).to_contain_text("Step 3 of")
    expect(card).to_contain_text("Review of your turn from step 3")
    expect(card).to_contain_text("The most you could lay: 6 tiles (39 points).")
    page.set_viewport_size(DESKTOP)
    board, box = page.locator(".replay-board").bounding_box(), card.bounding_box()
    assert board and box and box["x"] >= board["x"] + board["width"] - 1  # beside it
    shot(page, "replay-review-desktop", full_page=True)
    problems += violations(page, "replay review, desktop")
    assert problems == []
