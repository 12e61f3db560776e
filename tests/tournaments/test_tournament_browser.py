"""Issue 38's "Done when", in Chromium on 360 px phones: three people join a running
Arena from its page and are seated together within seconds; their game is played (each
seat's computer player chooses its moves, then a crafted last move ends it); a fourth
person watching the tournament page sees the standings change without reloading; the
players' Game over takes them on to the next table; at the end the podium shows on the
tournament page and on the winner's player page."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game
from tests.browser_checks import narrow_enough, violations
from tests.matchmaking.conftest import play_moves
from tournaments import services
from tournaments.models import Entry, Format, Status, Tournament
from tournaments.options import options_for

from .conftest import player, win_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}
TABLE = re.compile(r"/rumbaroo/g/[0-9a-f-]+/$")


def _signed_in(browser: Any, live_server: Any, user: Any) -> Any:
    context = browser.new_context(viewport=PHONE)
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    return context.new_page()


def _game_of(page: Any) -> Game:
    return Game.objects.get(pk=page.url.rstrip("/").rsplit("/", 1)[-1])


def test_three_people_join_play_are_repaired_and_see_the_standings_change_live(
    live_server: Any, browser: Any
) -> None:
    names = ["Kim Tiles", "Pat Tiles", "Sam Tiles"]
    users = [player(name) for name in names]
    event = Tournament.objects.create(
        kind="rumbaroo",
        format=Format.ARENA,
        name="Phone Hops",
        starts_at=timezone.now() - timedelta(seconds=5),
        duration_minutes=30,
        seats=3,
        options=options_for("rumbaroo"),
    )
    url = f"{live_server.url}/tournaments/{event.pk}/"
    pages = [_signed_in(browser, live_server, user) for user in users]
    fan_context = browser.new_context(viewport=PHONE)
    fan = fan_context.new_page()
    try:
        # Each phone opens the Arena and presses Join; the third completes the table.
        for page in pages[:2]:
            page.goto(url)
            page.get_by_test_id("join").click()
            expect(page.get_by_test_id("my-state")).to_contain_text("Waiting for players")
        pages[2].goto(url)
        pages[2].get_by_test_id("join").click()
        for page in pages:
            expect(page).to_have_url(TABLE, timeout=10_000)
        game = _game_of(pages[0])
        assert all(_game_of(p) == game for p in pages)

        # A fourth person watches the tournament page: three players, all playing.
        fan.goto(url)
        rows = fan.get_by_test_id("standing-row")
        expect(rows).to_have_count(3)
        expect(fan.get_by_test_id("tables")).to_contain_text("Kim Tiles")
        assert narrow_enough(fan, PHONE)
        assert violations(fan, "the tournament page, watched") == []
        expect(fan.get_by_test_id("standing-points").first).to_have_text("0.0")

        # The seats' computer player makes a few moves, then Kim goes out and wins.
        play_moves(game, 6)
        win_for(game, users[0])
        game.refresh_from_db()
        assert game.status == "finished"

        # The standings change on the watcher's page without a reload.
        first = fan.get_by_test_id("standing-row").first
        expect(first.get_by_test_id("standing-name")).to_contain_text("Kim Tiles", timeout=10_000)
        expect(first.get_by_test_id("standing-points")).to_have_text("2.0")
        expect(first.get_by_test_id("standing-games")).to_have_text("1")

        # Each player's Game over leads back to the tournament and on to the next table.
        for page in pages:
            expect(page).to_have_url(TABLE, timeout=15_000)
            expect(page).not_to_have_url(re.compile(str(game.id)), timeout=15_000)
        second = _game_of(pages[0])
        assert second != game and all(_game_of(p) == second for p in pages)

        # Pat and Sam shared second place (0.5 each: at 3 seats a tie counts half). Pat
        # wins the second game: 0.5 + 2; the watcher sees it too.
        win_for(second, users[1])
        pat_row = fan.get_by_test_id("standing-row").filter(has_text="Pat Tiles")
        expect(pat_row.get_by_test_id("standing-points")).to_have_text("2.5", timeout=10_000)
        expect(pat_row.get_by_test_id("standing-games")).to_have_text("2")

        # Time is up: no new table; the one being played ends within the grace and
        # counts; the standings freeze and the podium shows.
        Tournament.objects.filter(pk=event.pk).update(
            starts_at=timezone.now() - timedelta(minutes=31)
        )
        for table_game in Game.objects.filter(status="active"):
            play_moves(table_game, 5000)
        services.tick(event.pk)
        event.refresh_from_db()
        assert event.status == Status.FINISHED
        fan.reload()
        podium = fan.get_by_test_id("podium")
        expect(podium).to_be_visible()
        winner = Entry.objects.get(tournament=event, final_rank=1).user
        winner_name = names[[u.pk for u in users].index(winner.pk)]
        expect(podium.get_by_test_id("podium-place").first).to_contain_text(winner_name)
        assert violations(fan, "the tournament page, finished") == []
        fan.goto(f"{live_server.url}/tournaments/")
        assert narrow_enough(fan, PHONE)
        assert violations(fan, "the list of tournaments") == []
        fan.goto(f"{live_server.url}/@/{winner_name}/")
        expect(fan.get_by_test_id("player-tournaments")).to_contain_text("Phone Hops")
        expect(fan.get_by_test_id("player-podium")).to_contain_text("podium, place 1")
    finally:
        for page in pages:
            page.context.close()
        fan_context.close()
