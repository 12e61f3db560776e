"""Challenges through the API: a program lists the friends' challenges waiting for its account,
accepts one (the game is dealt at once, the account's seat a program seat) or declines it,
with the account page's rules (players.social): only the recipient answers, only once.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import catalogue
from games.models import Game, Seat
from players import social
from players.models import Challenge, Follow
from rooms.models import Room, RoomSeat, SeatKind
from tests.api.conftest import Call, token_for
from tests.api.test_reference_bot import reference_bot
from tests.players.conftest import named

pytestmark = pytest.mark.django_db


def _friends(sender: Any, recipient: Any, names: tuple[str, str] = ("Ann", "Bob")) -> Any:
    """Make the two friends (a follow each way); the recipient's board player."""
    named(sender, names[0])
    player = named(recipient, names[1])
    Follow.objects.create(follower=sender, followed=recipient)
    Follow.objects.create(follower=recipient, followed=sender)
    return player


def _state() -> tuple[Any, ...]:
    return (
        sorted(Challenge.objects.values_list("id", "status")),
        Room.objects.count(),
        Game.objects.count(),
    )


def test_a_program_lists_only_challenges_waiting_for_its_account(
    user: Any, other_user: Any, django_user_model: Any, call: Call
) -> None:
    bob = _friends(other_user, user)
    third = django_user_model.objects.create_user("third", password="tiles-and-runs-42")
    mine = social.challenge(other_user.pk, bob, "rumbaroo")
    answered = social.challenge(other_user.pk, bob, "tile_rummy")
    social.decline(user.pk, answered.pk)
    other = _friends(user, third, ("Bob", "Cyd"))  # sent by the account: not its to answer
    social.challenge(user.pk, other, "rumbaroo")
    status, listed = call("GET", "/challenges", token_for(user))
    assert status == 200
    assert [(c["id"], c["kind"], c["sender"], c["status"]) for c in listed] == [
        (mine.pk, "rumbaroo", "Ann", "pending")
    ]
    assert listed[0]["room"] is None and listed[0]["answered"] is None
    assert listed[0]["game_name"] == "Rumbaroo"


def test_accepting_deals_the_game_with_the_program_in_it(
    user: Any, other_user: Any, call: Call
) -> None:
    token = token_for(user)
    row = social.challenge(other_user.pk, _friends(other_user, user), "rumbaroo")
    status, room = call("POST", f"/challenges/{row.pk}/accept", token)
    assert status == 200, room
    assert room["status"] == "playing" and not room["listed"] and room["game"]
    assert room["my_seat"] == 1 and room["my_seat_is_program"]
    seat = RoomSeat.objects.get(room__public_id=room["id"], index=1)
    assert (seat.kind, seat.user_id) == (SeatKind.PROGRAM, user.pk)
    game_seat = Seat.objects.get(game_id=room["game"], index=1)
    assert game_seat.is_program and game_seat.user_id == user.pk
    row.refresh_from_db()
    assert row.status == "accepted" and row.room.public_id == room["id"]
    # The game is the program's to play; the room waits on nothing.
    status, game = call("GET", f"/games/{room['game']}", token)
    assert status == 200 and game["seat"] == 1 and game["kind"] == "rumbaroo"
    status, waited = call("GET", f"/rooms/{room['id']}/wait?timeout=1", token)
    assert status == 200 and waited["changed"] and waited["game"] == room["game"]
    assert call("GET", "/challenges", token)[1] == []
    # Answering again changes nothing.
    before = _state()
    status, again = call("POST", f"/challenges/{row.pk}/accept", token)
    assert (status, again["code"]) == (409, "challenge_answered")
    status, again = call("POST", f"/challenges/{row.pk}/decline", token)
    assert (status, again["code"]) == (409, "challenge_answered")
    assert _state() == before


@pytest.mark.parametrize("kind", [e.kind for e in catalogue.ready()])
def test_a_challenge_of_every_game_can_be_accepted(
    kind: str, user: Any, other_user: Any, call: Call
) -> None:
    """Every game's challenge room is dealt (a long game name still makes a valid room name)."""
    row = social.challenge(other_user.pk, _friends(other_user, user), kind)
    status, room = call("POST", f"/challenges/{row.pk}/accept", token_for(user))
    assert status == 200, room
    assert room["kind"] == kind and room["game"] and room["my_seat_is_program"]
    assert 3 <= len(room["name"]) <= 20


def test_declining_and_refusals_change_nothing_else(
    user: Any, other_user: Any, call: Call
) -> None:
    token = token_for(user)
    row = social.challenge(other_user.pk, _friends(other_user, user), "tile_rummy")
    before = _state()
    # Only the recipient answers: the sender's token, a missing id and a read-only token fail.
    sender = token_for(other_user)
    for path in (f"/challenges/{row.pk}/accept", f"/challenges/{row.pk}/decline"):
        status, refused = call("POST", path, sender)
        assert (status, refused["code"]) == (404, "no_challenge"), path
    status, refused = call("POST", f"/challenges/{row.pk + 999}/accept", token)
    assert (status, refused["code"]) == (404, "no_challenge")
    status, refused = call("POST", f"/challenges/{row.pk}/accept", token_for(user, "read"))
    assert (status, refused["code"]) == (403, "scope")
    status, refused = call("POST", "/challenges/0/accept", token)
    assert (status, refused["code"]) == (400, "malformed")
    assert _state() == before
    status, declined = call("POST", f"/challenges/{row.pk}/decline", token)
    assert status == 200 and declined["status"] == "declined" and declined["answered"]
    assert Room.objects.count() == 0 and Game.objects.count() == 0


def test_a_withdrawn_challenge_cannot_be_accepted(user: Any, other_user: Any, call: Call) -> None:
    row = social.challenge(other_user.pk, _friends(other_user, user), "rumbaroo")
    social.withdraw(other_user.pk, row.pk)
    before = _state()
    status, refused = call("POST", f"/challenges/{row.pk}/accept", token_for(user))
    assert (status, refused["code"]) == (409, "challenge_answered")
    assert "withdrawn" in refused["detail"] and _state() == before


@pytest.mark.django_db(transaction=True)
def test_the_reference_bot_accepts_a_challenge_and_gets_its_game(
    user: Any, other_user: Any, live_server: Any
) -> None:
    module = reference_bot()
    row = social.challenge(other_user.pk, _friends(other_user, user), "tile_rummy")
    bot = module.Bot(module.http_transport(live_server.url, token_for(user)), wait_seconds=1)
    game = bot.accept_challenge()
    assert game["seat"] == 1 and game["kind"] == "tile_rummy" and game["status"] == "active"
    row.refresh_from_db()
    assert row.status == "accepted" and str(row.room.game_id) == game["id"]
    assert bot.refusals == []
