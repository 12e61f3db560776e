"""Issue 34, item 12: an accepted challenge goes to its table; a player page's game rows name
the opponents (and side mates) and the date; a private table's players open its watch link
to their own seat."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client

from games.models import Game
from games.table_flow import table_url
from players.models import Block, Challenge, Follow
from rooms.models import Room, RoomGame
from tests.players.conftest import accounts, named, online_game, rate, signed_in

pytestmark = pytest.mark.django_db


def _listed(game: Game, day: datetime) -> Game:
    """At a listed room, finished on ``day`` (what the row's date reads)."""
    room = Room.objects.create(name="Table", kind=game.kind, seat_count=2, listed=True)
    RoomGame.objects.create(room=room, game=game)
    Game.objects.filter(id=game.id).update(updated=day)
    return game


def _rows(client: Client, name: str) -> list[str]:
    page = client.get(f"/@/{name}/").content.decode()
    return [chunk.split("</li>", 1)[0] for chunk in page.split('data-testid="recent-game">')[1:]]


def _bob_accepts_anns_challenge() -> tuple[Any, Any, Any]:
    """Friends Ann and Bob; Ann challenges Bob to Rumbaroo, he accepts: (ann, bob, answer)."""
    ann, bob = accounts("ann", "bob")
    named(ann, "Ann")
    named(bob, "Bob")
    Follow.objects.bulk_create(
        [Follow(follower=ann, followed=bob), Follow(follower=bob, followed=ann)]
    )
    assert signed_in(ann).post("/@/Bob/challenge/", {"kind": "rumbaroo"}).status_code == 302
    challenge = Challenge.objects.get()
    return ann, bob, signed_in(bob).post(f"/players/challenges/{challenge.id}/accept/")


def test_accepting_a_challenge_goes_straight_to_the_dealt_table() -> None:
    _ann, bob, response = _bob_accepts_anns_challenge()
    game = Game.objects.get(id=Room.objects.get().game_id)
    assert response.status_code == 302 and response.url == table_url(game)
    assert signed_in(bob).get(response.url).status_code == 200  # bob's own seat


def test_the_senders_stats_row_of_an_accepted_challenge_links_the_dealt_table() -> None:
    ann, _bob, response = _bob_accepts_anns_challenge()
    assert response.status_code == 302
    game = Game.objects.get(id=Room.objects.get().game_id)
    stats = signed_in(ann).get("/me/stats/").content.decode()
    link = stats.split('data-testid="sent"', 1)[1].split("</ul>", 1)[0]
    assert f'href="{table_url(game)}" data-testid="challenge-table"' in link


def test_a_game_row_names_the_opponents_and_the_date() -> None:
    ann, bob, cat = accounts("ann", "bob", "cat")
    named(ann, "Ann")
    game = online_game("rumbaroo", [ann, bob, cat], {"players": 3})
    rate(game, totals=[60, 10, 5], winners=[0])
    _listed(game, datetime(2026, 5, 3, 18, 0, tzinfo=UTC))
    (row,) = _rows(Client(), "Ann")
    assert "Rumbaroo against bob and cat," in row
    assert '<time datetime="2026-05-03T18:00:00+00:00">3 May 2026</time>: won' in row


def test_a_team_game_row_names_the_side_mate_apart_from_the_opponents() -> None:
    a, b, c, d = accounts("ann", "bob", "cat", "dan")
    named(a, "Ann")
    game = online_game("rumasta", [a, b, c, d], {"players": 4, "teams": "2v2"})
    rate(game, totals=[5100, 3000], winners=[0, 2])  # sides: seats 0+2 and 1+3
    _listed(game, datetime(2026, 5, 4, tzinfo=UTC))
    (row,) = _rows(Client(), "Ann")
    assert "Rumasta against bob and dan (with cat)," in row


def test_a_game_row_hides_a_blocked_or_hidden_name_as_the_seat_placeholder() -> None:
    ann, bob, cat = accounts("ann", "bob", "cat")
    named(ann, "Ann")
    game = online_game("rumbaroo", [ann, bob], {"players": 2})
    rate(game, totals=[60, 10], winners=[0])
    _listed(game, datetime(2026, 5, 3, tzinfo=UTC))
    Block.objects.create(blocker=bob, blocked=cat)
    (as_cat,) = _rows(signed_in(cat), "Ann")
    assert "against Player 2," in as_cat and "bob" not in as_cat
    (as_bob,) = _rows(signed_in(bob), "Ann")
    assert "against bob," in as_bob  # the viewer's own seat is named to them
    hider = Client()
    hider.post("/leaderboards/hide-names/", {"hide": "1", "next": "/"})
    (hidden,) = _rows(hider, "Ann")
    assert "against Player 2," in hidden


def test_a_private_tables_players_open_its_watch_link_to_their_own_seat() -> None:
    from rooms.people import Person
    from tests.matchmaking.conftest import live_room

    ann, bob, cat = accounts("ann", "bob", "cat")
    _room, game = live_room(Person(ann.pk, ""), [Person(bob.pk, "")], listed=False)
    url = f"/match/watch/{game.id}/"
    for player in (ann, bob):
        answer = signed_in(player).get(url)
        assert answer.status_code == 302 and answer.url == table_url(game)
    assert signed_in(cat).get(url).status_code == 404  # anyone else: no such table
    assert Client().get(url).status_code == 404
