"""A block hides names both ways: room seats, the table, the Watch list and page, the boards.

The blocker and the blocked each see the other's seat placeholder ("Player N")
or board number instead of the typed name; anyone else still sees the name.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest

from leaderboards.models import LeaderboardEntry
from players.models import Block
from rooms.people import Person
from tests.matchmaking.conftest import live_room
from tests.players.conftest import accounts, named, signed_in

pytestmark = pytest.mark.django_db

HOST, GUEST = "Host Kim", "Guest Pat A"  # the table names tests.matchmaking's live_room types


def _seated_then_blocked() -> tuple[Any, Any, Any, Any, Any]:
    """ann (host) and bob at one live table; ann blocks bob after they sat down."""
    ann, bob, cat = accounts("ann", "bob", "cat")
    room, game = live_room(Person(ann.pk, ""), [Person(bob.pk, "")])
    Block.objects.create(blocker=ann, blocked=bob)
    return ann, bob, cat, room, game


def test_room_seats_hide_the_blocked_name_from_both_and_not_from_others() -> None:
    ann, bob, cat, room, _game = _seated_then_blocked()
    url = f"/rooms/r/{room.public_id}/"
    as_ann = signed_in(ann).get(url).content.decode()
    assert GUEST not in as_ann and "Player 2" in as_ann and HOST in as_ann  # own name stays
    as_bob = signed_in(bob).get(url).content.decode()
    assert HOST not in as_bob and "Player 1" in as_bob and GUEST in as_bob
    as_cat = signed_in(cat).get(url).content.decode()
    assert HOST in as_cat and GUEST in as_cat


def test_the_table_hides_the_blocked_name_from_both() -> None:
    ann, bob, _cat, _room, game = _seated_then_blocked()
    url = f"/rumbaroo/g/{game.id}/"
    assert GUEST not in signed_in(ann).get(url).content.decode()
    assert HOST not in signed_in(bob).get(url).content.decode()


def test_the_watch_list_and_watch_page_hide_a_blocked_players_name() -> None:
    ann, bob, cat = accounts("ann", "bob", "cat")
    _room, game = live_room(Person(bob.pk, ""), [Person(cat.pk, "")])  # bob hosts, cat joins
    Block.objects.create(blocker=ann, blocked=bob)
    lobby = signed_in(ann).get("/rooms/").content.decode()
    listed = lobby.split('data-testid="watch-list"', 1)[1]
    assert HOST not in listed and GUEST in listed and "Player 1" in listed
    watched = signed_in(ann).get(f"/match/watch/{game.id}/").content.decode()
    assert HOST not in watched and GUEST in watched
    assert HOST in signed_in(accounts("dan")[0]).get("/rooms/").content.decode()


def test_the_wins_board_shows_a_blocked_player_as_a_number_either_way() -> None:
    ann, bob, cat = accounts("ann", "bob", "cat")
    players = {u: named(u, n) for u, n in ((ann, "Annie"), (bob, "Bobby"), (cat, "Cathy"))}
    LeaderboardEntry.objects.bulk_create(
        LeaderboardEntry(player=p, kind="rumbaroo", difficulty="", period_key="all", wins=3 + i)
        for i, p in enumerate(players.values())
    )
    Block.objects.create(blocker=bob, blocked=ann)
    url = "/leaderboards/?game=rumbaroo&board=wins&period=all"
    as_ann = signed_in(ann).get(url).content.decode()
    assert "Bobby" not in as_ann and players[bob].placeholder in as_ann and "Cathy" in as_ann
    as_bob = signed_in(bob).get(url).content.decode()
    assert "Annie" not in as_bob and "Cathy" in as_bob and "Bobby" in as_bob
    assert as_bob.count("Report<span") == 1  # Cathy's name only: a hidden name isn't reportable
    assert "Bobby" in signed_in(cat).get(url).content.decode()


def test_a_guest_page_asks_no_block_question() -> None:
    from django.test import Client

    with mock.patch("leaderboards.blocks.blocked_ids") as asked:
        assert Client().get("/leaderboards/").status_code == 200
        assert Client().get("/rooms/").status_code == 200
    asked.assert_not_called()


def test_a_player_page_replay_hides_a_blocked_players_name_from_both(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from games.models import Seat
    from tests.players.test_player_page import _real_game_between

    ann, bob, cat = accounts("ann", "bob", "cat")
    named(ann, "Ann")
    game = _real_game_between(django_capture_on_commit_callbacks, [ann, bob], listed=True)
    Seat.objects.filter(game=game, index=0).update(display_name=HOST)
    Seat.objects.filter(game=game, index=1).update(display_name=GUEST)
    Block.objects.create(blocker=bob, blocked=ann)
    url = f"/@/Ann/games/{game.id}/"
    as_ann = signed_in(ann).get(url).content.decode()
    assert GUEST not in as_ann and "Player 2" in as_ann and HOST in as_ann
    as_bob = signed_in(bob).get(url).content.decode()
    assert HOST not in as_bob and "Player 1" in as_bob and GUEST in as_bob
    as_cat = signed_in(cat).get(url).content.decode()
    assert HOST in as_cat and GUEST in as_cat


def test_the_stats_page_hides_a_blockers_name_in_the_challenge_rows() -> None:
    """Issue 34, item 11: "Rumbaroo with Eve: accepted · go to the table" named the blocker."""
    from players import social
    from players.models import Follow

    ann, eve = accounts("ann", "eve")
    players = {ann: named(ann, "Annie"), eve: named(eve, "Eve Tiles")}
    Follow.objects.bulk_create(
        [Follow(follower=ann, followed=eve), Follow(follower=eve, followed=ann)]
    )
    row = social.challenge(ann.pk, players[eve], "rumbaroo")
    social.accept(eve.pk, row.id)
    assert "Rumbaroo with Eve Tiles: accepted" in signed_in(ann).get("/me/stats/").content.decode()
    social.block(eve.pk, players[ann])

    page = signed_in(ann).get("/me/stats/").content.decode()
    people = page.split('data-testid="people"', 1)[1]
    assert "Eve Tiles" not in people and 'href="/@/Eve%20Tiles/"' not in people
    assert f"Rumbaroo with {players[eve].placeholder}: accepted" in people
    as_eve = signed_in(eve).get("/me/stats/").content.decode()
    assert "Annie" in as_eve.split('data-testid="blocked"', 1)[1]  # whom eve blocked, to unblock
