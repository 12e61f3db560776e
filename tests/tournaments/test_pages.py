"""The tournament pages in English and Romanian: the list, an event (rules, join, pause,
standings, the live poll, the podium), the create form and its limits, the Game over's way
back, the wins board and the player page; and no hidden information on any of them."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from games.models import GameStatus
from players.models import Follow
from rooms import events
from tournaments import services
from tournaments.links import game_over_link
from tournaments.models import Access, Entry, Status, Tournament

from .conftest import arena, entry, here, join_all, player, signed_in, table_of, win_for

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}
HTMX = {"HTTP_HX_REQUEST": "true"}


def _future(minutes: int = 60) -> str:
    return (timezone.now() + timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M")


def _form(**changes: Any) -> dict[str, Any]:
    data = {
        "kind": "rumbaroo",
        "format": "arena",
        "name": "Friday Hops",
        "starts_at": _future(),
        "duration_minutes": 30,
        "rounds": 5,
        "seats": 2,
        "rated": "on",
        "access": "open",
    }
    return {**data, **changes}


def test_the_list_shows_events_per_game_in_both_languages() -> None:
    event = arena(name="Evening Hops")
    event.status = Status.RUNNING
    event.save()
    english = Client().get("/tournaments/", **EN)
    assert english.status_code == 200
    html = english.content.decode()
    assert "Evening Hops" in html and "Running now" in html and "Starting soon" in html
    assert "Hourly Arena" in html  # the page makes sure the timetable's events exist
    romanian = Client().get("/tournaments/?game=rumbaroo", **RO).content.decode()
    assert "Turnee" in romanian and "Running now" not in romanian
    assert "Evening Hops" in romanian


def test_an_event_page_states_the_rules_and_options_and_a_guest_is_asked_to_sign_in() -> None:
    event = arena(seats=4, started=timedelta(minutes=-30))
    html = Client().get(f"/tournaments/{event.pk}/", **EN).content.decode()
    assert "2 × the number of players you finished ahead of" in html
    assert "2.0, 1.3, 0.7, 0.0" in html  # first to last at tables of 4
    assert "at a table of 3 or 4, a shared first place is not a win" in html
    assert "within 3 minutes of the end" in html
    assert "Points to win: 50" in html  # the game's fixed options
    assert "Sign in" in html and 'data-testid="join"' not in html
    ro = Client().get(f"/tournaments/{event.pk}/", **RO).content.decode()
    assert "Cum funcționează" in ro and "How it works" not in ro


def test_joining_pausing_and_the_live_poll_sending_a_player_to_their_table() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena()
    kim_page, pat_page = signed_in(kim), signed_in(pat)
    joined = kim_page.post(f"/tournaments/{event.pk}/join/", follow=True, **EN)
    assert "You joined" in joined.content.decode()
    assert entry(event, kim).last_seen is not None
    pause = kim_page.post(f"/tournaments/{event.pk}/pause/", follow=True, **EN)
    assert entry(event, kim).paused and 'data-testid="resume"' in pause.content.decode()
    kim_page.post(f"/tournaments/{event.pk}/pause/", {"paused": "0"})
    assert not entry(event, kim).paused
    pat_page.post(f"/tournaments/{event.pk}/join/")
    game = table_of(event, kim)
    assert game is not None
    poll = kim_page.get(f"/tournaments/{event.pk}/live/?v=0", **HTMX)
    assert poll.headers["HX-Redirect"] == f"/rumbaroo/g/{game.id}/"
    page = kim_page.get(f"/tournaments/{event.pk}/", **EN).content.decode()
    assert f"/rumbaroo/g/{game.id}/" in page  # "You are at a table: go to it."


def test_the_poll_answers_the_standings_when_something_changed_else_204() -> None:
    kim, pat, sam = player("Kim Tiles"), player("Pat Tiles"), player("Sam Tiles")
    event = arena()
    join_all(event, [kim, pat, sam])
    waiting = next(u for u in (kim, pat, sam) if table_of(event, u) is None)
    page = signed_in(waiting)
    event.refresh_from_db()
    same = page.get(f"/tournaments/{event.pk}/live/?v={event.version}", **HTMX)
    assert same.status_code == 204
    news = page.get(f"/tournaments/{event.pk}/live/?v={event.version - 1}", **HTMX, **EN)
    assert news.status_code == 200
    html = news.content.decode()
    assert 'id="tournament-live"' in html and "Standings" in html
    assert html.count('data-testid="standing-row"') == 3


def test_game_over_leads_back_and_its_follow_poll_sends_on_to_the_next_table() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena()
    join_all(event, [kim, pat])
    game = table_of(event, kim)
    kim_page = signed_in(kim)
    win_for(game, kim)
    board = kim_page.get(f"/rumbaroo/g/{game.id}/", **EN).content.decode()
    over = re.search(r'data-testid="event-next".*?</div>', board, re.S)
    assert over is not None and "Back to the tournament" in over.group(0)
    assert 'data-testid="rematch"' not in board and 'data-testid="back-to-room"' not in board
    assert f"/tournaments/follow/{game.id}/" in board
    signed_in(pat).get(f"/tournaments/follow/{game.id}/")  # Pat's Game over asks too
    follow = kim_page.get(f"/tournaments/follow/{game.id}/", **HTMX)
    following = table_of(event, kim)
    assert following is not None and following != game
    assert follow.headers.get("HX-Redirect") == f"/rumbaroo/g/{following.id}/" or (
        kim_page.get(f"/tournaments/follow/{game.id}/", **HTMX).headers["HX-Redirect"]
        == f"/rumbaroo/g/{following.id}/"
    )


def test_the_pages_show_names_and_points_never_a_tile() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena()
    join_all(event, [kim, pat])
    game = table_of(event, kim)
    assert game is not None and game.status == GameStatus.ACTIVE
    stranger = Client()
    for url in (f"/tournaments/{event.pk}/", "/tournaments/", f"/tournaments/{event.pk}/live/"):
        html = stranger.get(url, **EN).content.decode()
        assert 'data-testid="tile-' not in html and 'data-testid="hand"' not in html
        assert '"hands"' not in html and "pouch" not in html.lower()
    for page in (signed_in(kim), signed_in(pat)):
        html = page.get(f"/tournaments/{event.pk}/", **EN).content.decode()
        assert 'data-testid="tile-' not in html and 'data-testid="hand"' not in html
    html = stranger.get(f"/tournaments/{event.pk}/", **EN).content.decode()
    assert "Kim Tiles" in html and f"/match/watch/{game.id}/" in html


def test_a_player_makes_a_tournament_at_most_three_a_day_with_names_checked() -> None:
    kim = player("Kim Tiles")
    page = signed_in(kim)
    assert page.get("/tournaments/new/", **EN).status_code == 200
    assert Client().get("/tournaments/new/").status_code == 302  # sign in first
    refused = page.post("/tournaments/new/", _form(name="admin"), **EN)
    assert refused.status_code == 400 and not Tournament.objects.exists()
    offensive = page.post("/tournaments/new/", _form(name="Fuck Off"), **EN)
    assert offensive.status_code == 400
    for number in range(3):
        made = page.post("/tournaments/new/", _form(name=f"Cup {'ABC'[number]} Hops"))
        assert made.status_code == 302, made.content.decode()[:500]
    fourth = page.post("/tournaments/new/", _form(name="Cup D Hops"), **EN)
    assert fourth.status_code == 429 and "3 tournaments a day" in fourth.content.decode()
    assert Tournament.objects.filter(creator=kim).count() == 3
    swiss = Tournament.objects.filter(creator=kim).first()
    assert swiss is not None and swiss.options["target"] == 50


def test_the_creator_cancels_before_the_start_and_only_the_creator() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    signed_in(kim).post("/tournaments/new/", _form(format="swiss", rounds=4, seats=3))
    event = Tournament.objects.get()
    assert event.rounds == 4 and event.duration_minutes is None and event.seats == 3
    signed_in(pat).post(f"/tournaments/{event.pk}/cancel/")
    event.refresh_from_db()
    assert event.status == Status.SCHEDULED
    signed_in(kim).post(f"/tournaments/{event.pk}/cancel/")
    event.refresh_from_db()
    assert event.status == Status.CANCELLED


def test_friends_only_and_entry_code_events() -> None:
    kim, pat, sam = player("Kim Tiles"), player("Pat Tiles"), player("Sam Tiles")
    Follow.objects.create(follower=kim, followed=pat)
    Follow.objects.create(follower=pat, followed=kim)
    signed_in(kim).post("/tournaments/new/", _form(access="friends", name="Friends Hops"))
    friends = Tournament.objects.get(name="Friends Hops")
    assert signed_in(sam).get(f"/tournaments/{friends.pk}/").status_code == 404
    assert signed_in(pat).get(f"/tournaments/{friends.pk}/").status_code == 200
    signed_in(pat).post(f"/tournaments/{friends.pk}/join/")
    assert Entry.objects.filter(tournament=friends, user=pat).exists()
    signed_in(kim).post("/tournaments/new/", _form(access="code", name="Coded Hops"))
    coded = Tournament.objects.get(name="Coded Hops")
    assert coded.access == Access.CODE and len(coded.entry_code) == 8
    assert coded.entry_code in signed_in(kim).get(f"/tournaments/{coded.pk}/").content.decode()
    sam_page = signed_in(sam)
    assert sam_page.get(f"/tournaments/{coded.pk}/").status_code == 404
    assert sam_page.get(f"/tournaments/{coded.pk}/?code={coded.entry_code}").status_code == 200
    sam_page.post(f"/tournaments/{coded.pk}/join/", {"code": "wrong"})
    assert not Entry.objects.filter(tournament=coded, user=sam).exists()
    sam_page.post(f"/tournaments/{coded.pk}/join/", {"code": coded.entry_code})
    assert Entry.objects.filter(tournament=coded, user=sam).exists()
    listed = Client().get("/tournaments/").content.decode()
    assert "Friends Hops" not in listed and "Coded Hops" not in listed


def test_the_podium_the_wins_board_and_the_winners_player_page() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena(name="Podium Hops")
    join_all(event, [kim, pat])
    win_for(table_of(event, kim), kim)
    end = event.ends_at
    services.tick(event.pk, now=end + timedelta(seconds=1))
    event.refresh_from_db()
    assert event.status == Status.FINISHED
    html = Client().get(f"/tournaments/{event.pk}/", **EN).content.decode()
    podium = re.search(r'data-testid="podium".*?</section>', html, re.S)
    assert podium is not None and "Kim Tiles" in podium.group(0)
    board = Client().get("/tournaments/wins/?game=rumbaroo", **EN).content.decode()
    assert "Kim Tiles" in board and 'data-testid="wins-count">1<' in board
    page = Client().get("/@/Kim Tiles/", **EN).content.decode()
    assert "Podium Hops" in page and "podium, place 1" in page
    ro = Client().get("/@/Kim Tiles/", **RO).content.decode()
    assert "Podium Hops" in ro and "podium, place 1" not in ro


def test_a_withdrawn_or_paused_player_is_marked_in_the_standings() -> None:
    kim, pat, sam = player("Kim Tiles"), player("Pat Tiles"), player("Sam Tiles")
    event = arena()
    join_all(event, [kim, pat, sam])
    waiting = next(u for u in (kim, pat, sam) if table_of(event, u) is None)
    services.pause(event.pk, waiting.pk, True)
    here(event, [kim, pat, sam])
    html = Client().get(f"/tournaments/{event.pk}/", **EN).content.decode()
    assert "paused" in html and "playing" in html


def test_the_rooms_game_over_asks_the_tournaments_app_registered_at_start() -> None:
    assert events._held == [game_over_link]
