"""Issue 26's "Done when", end to end in Chromium on 360 px phones.

Two signed-in strangers press Play someone now for Rumbaroo and are seated
together; a third person watches from the lobby's Watch list; the game is put
one move from its end (tests.web.rumbaroo's ``put_state``) and that last move is
played through the page; the winner's rating rises on their player page; the
loser blocks the winner there, and pressing again they are not paired, even
after waiting long enough for their ratings to fit (their wait is dated back, not slept).
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db.models import F
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game
from matchmaking import pairing
from matchmaking.models import EntryStatus, QueueEntry
from players.lookup import rating_of
from players.models import Block, RatingChange
from tests.engine.rumbaroo.rb_helpers import build
from tests.players.conftest import named
from tests.web.rumbaroo.conftest import put_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}
TABLE = re.compile(r"/rumbaroo/g/[0-9a-f-]+/$")
WAITING = re.compile(r"/match/wait/$")


def _signed_in(browser: Any, live_server: Any, user: Any) -> Any:
    context = browser.new_context(viewport=PHONE)
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    return context.new_page()


def _a_poll(response: Any) -> bool:
    """The waiting page's poll answered (it pairs the pool whenever it runs)."""
    return "/match/wait/poll/" in response.url and response.ok


def _press(page: Any, base: str, name: str) -> None:
    page.goto(base + "/rumbaroo/new/")
    panel = page.get_by_test_id("quick-match")
    panel.get_by_label("Your name at the table").fill(name)
    panel.get_by_role("button", name="Joey, 2 players").click()


def _one_move_from_the_end(game: Game) -> None:
    """Seat 0 goes out with R4 and reaches 50; a full clock for that last press."""
    game.deadline = timezone.now() + timedelta(minutes=2)
    put_state(game, build(["R4", "G1 G2 J"], pile="R5", target=50, totals=[40, 0]))


def test_done_when_two_strangers_meet_one_watches_the_winner_rises_and_a_block_keeps_them_apart(
    live_server: Any, browser: Any
) -> None:
    model = get_user_model()
    kim = model.objects.create_user("kim", password="pw-12345678")
    pat = model.objects.create_user("pat", password="pw-12345678")
    names = {kim.pk: "Kim Tiles", pat.pk: "Pat Tiles"}
    for user in (kim, pat):
        named(user, names[user.pk])
    pages = {
        kim.pk: _signed_in(browser, live_server, kim),
        pat.pk: _signed_in(browser, live_server, pat),
    }
    fan_context = browser.new_context(viewport=PHONE)
    fan = fan_context.new_page()
    try:
        # Two phones press Play someone now and land at one table within seconds.
        _press(pages[kim.pk], live_server.url, names[kim.pk])
        expect(pages[kim.pk]).to_have_url(WAITING)
        _press(pages[pat.pk], live_server.url, names[pat.pk])
        expect(pages[pat.pk]).to_have_url(TABLE)
        table = pages[pat.pk].url
        expect(pages[kim.pk]).to_have_url(table, timeout=10_000)
        game = Game.objects.get(pk=table.rstrip("/").rsplit("/", 1)[-1])
        winner = game.seats.get(index=0).user_id
        loser = kim.pk if winner == pat.pk else pat.pk

        # A third person watches from the lobby's Watch list.
        fan.goto(live_server.url + "/rooms/")
        fan.get_by_test_id("watch-list").get_by_test_id("watch-link").first.click()
        expect(fan.get_by_test_id("watch-board")).to_be_visible()
        expect(fan.get_by_test_id("hand")).to_be_hidden()

        # The last move, played through the winner's page.
        _one_move_from_the_end(game)
        page = pages[winner]
        page.reload()
        page.get_by_test_id("hand").get_by_test_id("tile-R4").click()
        page.get_by_test_id("pile").click()
        expect(page.get_by_test_id("round-panel")).to_contain_text("You win the game!")
        expect(pages[loser].get_by_test_id("round-panel")).to_contain_text(
            f"{names[winner]} wins the game.", timeout=10_000
        )
        watched = fan.get_by_test_id("watch-board").get_by_test_id("round-panel")
        expect(watched).to_contain_text("Game over", timeout=10_000)
        expect(watched).to_contain_text(f"{names[winner]} wins the game.")
        expect(fan.get_by_test_id("watch-bar")).to_contain_text("this game is over")

        # The winner's rating rises on their player page (provisional: "?").
        page.goto(live_server.url + f"/@/{names[winner]}/")
        value = page.get_by_test_id("rating-rumbaroo").get_by_test_id("rating-value")
        expect(value).to_have_text(re.compile(r"^\d+\?$"))
        assert int(value.inner_text().rstrip("?")) > 1000  # a newcomer shows 1000
        expect(page.get_by_test_id("recent-game").first).to_contain_text("won (+")
        change = RatingChange.objects.get(user_id=winner)
        assert change.mu - 3 * change.sigma > change.mu_before - 3 * change.sigma_before

        # The loser blocks the winner from the winner's page.
        mine = pages[loser]
        mine.goto(live_server.url + f"/@/{names[winner]}/")
        mine.get_by_test_id("block").click()
        expect(mine.get_by_test_id("blocked-note")).to_be_visible()
        assert Block.objects.filter(blocker_id=loser, blocked_id=winner).exists()

        # Both press again: each waits alone, even once the window covers their ratings.
        for user_id in (loser, winner):
            _press(pages[user_id], live_server.url, names[user_id])
            expect(pages[user_id]).to_have_url(WAITING)
        gap = abs(rating_of(winner, "rumbaroo")[0] - rating_of(loser, "rumbaroo")[0])
        waited = max(0.0, (gap - pairing.START_WINDOW) / pairing.WIDEN_PER_SECOND) + 3
        assert pairing.window(waited - 1) > gap  # without the block they would have met
        # Their wait is dated back that far rather than slept through; then each page's
        # next two polls (each poll pairs the pool) are awaited, the first may have begun before.
        QueueEntry.objects.filter(user_id__in=(loser, winner)).update(
            joined=F("joined") - timedelta(seconds=waited)
        )
        for user_id in (loser, winner):
            for _ in range(2):
                with pages[user_id].expect_response(_a_poll):
                    pass
        for user_id in (loser, winner):
            expect(pages[user_id]).to_have_url(WAITING)
            expect(pages[user_id].get_by_test_id("wait-status")).to_contain_text(
                "Waiting for an opponent"
            )
            row = QueueEntry.objects.get(user_id=user_id)
            assert row.status == EntryStatus.WAITING and row.game_id is None
        assert Game.objects.count() == 1
    finally:
        for p in pages.values():
            p.context.close()
        fan_context.close()
