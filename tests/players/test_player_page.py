"""Player pages: who has one, ratings and their chart, public games with replays, your record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games import catalogue
from games.models import Game, Seat
from players.models import RatingChange
from players.record import record_rated_game
from rooms.models import Room, RoomGame
from tests.players.conftest import accounts, guest_named, named, online_game, rate, signed_in
from tests.replays.conftest import play_to_the_end

pytestmark = pytest.mark.django_db


def _at_room(game: Game, listed: bool) -> Room:
    room = Room.objects.create(name="Table", kind=game.kind, seat_count=2, listed=listed)
    RoomGame.objects.create(room=room, game=game)
    return room


def _real_game_between(capture: Callable[..., Any], users: list[Any], listed: bool) -> Game:
    """Computers play a short Rumbaroo game to its end; then the seats become the accounts'."""
    entry = catalogue.get("rumbaroo")
    game = play_to_the_end(entry, {"players": 2, "difficulty": "joey", "target": 50}, capture)
    for index, user in enumerate(users):
        Seat.objects.filter(game=game, index=index).update(
            computer_level="", user=user, display_name=user.username
        )
    Game.objects.filter(id=game.id).update(online=True)
    _at_room(game, listed)
    game = Game.objects.get(id=game.id)
    record_rated_game(game, list(game.state["winners"]))
    return game


def test_only_named_accounts_have_a_page() -> None:
    (ann,) = accounts("ann")
    assert Client().get("/@/ann/").status_code == 404  # no board name yet
    named(ann, "Ann")
    guest_named("device-1", "Gus")
    assert Client().get("/@/Ann/").status_code == 200
    assert Client().get("/@/Gus/").status_code == 404  # guests have no page
    assert Client().get("/@/Nobody/").status_code == 404


def test_ratings_with_a_history_chart_and_the_provisional_mark() -> None:
    ann, bob = accounts("ann", "bob")
    named(ann, "Ann")
    for totals in ([55, 0], [0, 55], [55, 10]):
        rate(online_game("rumbaroo", [ann, bob]), totals=totals, winners=[totals.index(55)])
    page = Client().get("/@/Ann/").content.decode()
    assert 'data-testid="rating-rumbaroo"' in page and 'data-testid="rating-tile_rummy"' not in page
    assert 'data-points="4"' in page  # the start, then one point per rated game
    assert "3 rated games" in page and "?</span>" in page


def test_recent_games_list_listed_tables_with_replays_and_never_private_ones(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    ann, bob = accounts("ann", "bob")
    named(ann, "Ann")
    public = _real_game_between(django_capture_on_commit_callbacks, [ann, bob], listed=True)
    private = _real_game_between(django_capture_on_commit_callbacks, [ann, bob], listed=False)
    assert RatingChange.objects.filter(user=ann).count() == 2
    page = Client().get("/@/Ann/").content.decode()
    assert page.count('data-testid="recent-game"') == 1
    assert f"/@/Ann/games/{public.id}/" in page and str(private.id) not in page
    # Anyone may open the listed game's replay; the private one answers 404 like an unknown game.
    stranger = Client()
    assert stranger.get(f"/@/Ann/games/{public.id}/").status_code == 200
    assert stranger.get(f"/@/Ann/games/{private.id}/").status_code == 404


def test_a_daily_game_stays_off_the_page_until_its_day_is_over(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    from leaderboards import daily
    from leaderboards.periods import utc_today

    ann, bob = accounts("ann", "bob")
    named(ann, "Ann")
    game = _real_game_between(django_capture_on_commit_callbacks, [ann, bob], listed=True)
    config = {**game.config, daily.CONFIG_KEY: utc_today().isoformat()}
    Game.objects.filter(id=game.id).update(kind=daily.KIND, config=config)
    RatingChange.objects.filter(game=game).update(kind=daily.KIND)
    page = Client().get("/@/Ann/").content.decode()
    assert 'data-testid="recent-game"' not in page
    assert Client().get(f"/@/Ann/games/{game.id}/").status_code == 404


def test_your_record_against_the_player() -> None:
    ann, bob, cy = accounts("ann", "bob", "cy")
    named(bob, "Bob")
    rate(online_game("rumbaroo", [ann, bob]), totals=[55, 0], winners=[0])
    rate(online_game("rumbaroo", [ann, bob]), totals=[55, 0], winners=[0])
    rate(online_game("rumbaroo", [ann, bob, cy]), totals=[0, 55, 10], winners=[1])
    page = signed_in(ann).get("/@/Bob/").content.decode()
    assert "2 won, 1 lost" in page
    assert 'data-testid="record"' not in signed_in(bob).get("/@/Bob/").content.decode()


def test_hide_names_on_this_device_hides_the_name_on_the_page() -> None:
    (ann,) = accounts("ann")
    player = named(ann, "Ann")
    client = Client()
    client.post("/leaderboards/hide-names/", {"hide": "1", "next": "/"})
    page = client.get("/@/Ann/").content.decode()
    assert f'data-testid="player-name">{player.placeholder}<' in page
    assert ">Ann<" not in page


def test_the_rating_board_lists_established_recent_players_only() -> None:
    from datetime import timedelta

    from django.utils import timezone

    from players.models import Rating

    people = accounts("ann", "bob", "cy")
    for user, name in zip(people, ["Ann", "Bob", "Cyd"], strict=True):
        named(user, name)
    now = timezone.now()
    Rating.objects.create(
        user=people[0], kind="rumbaroo", mu=30, sigma=3, games=12, last_played=now
    )
    Rating.objects.create(user=people[1], kind="rumbaroo", mu=40, sigma=3, games=4, last_played=now)
    Rating.objects.create(
        user=people[2],
        kind="rumbaroo",
        mu=35,
        sigma=3,
        games=20,
        last_played=now - timedelta(days=31),
    )
    page = Client().get("/leaderboards/ratings/?game=rumbaroo").content.decode()
    assert page.count('data-testid="rating-row"') == 1
    assert 'href="/@/Ann/"' in page and ">1840<" in page  # 1000 + 40 * (30 - 9)
    assert "Bob" not in page and "Cyd" not in page
    assert 'data-testid="rating-board-link"' in Client().get("/leaderboards/").content.decode()
