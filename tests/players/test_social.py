"""Follow, friends, block and challenges through the player page's buttons."""

from __future__ import annotations

import pytest
from django.test import Client

from games import catalogue
from games.models import Game
from players.models import Block, Challenge, Follow
from rooms.models import Room
from tests.players.conftest import accounts, guest_named, named, signed_in

pytestmark = pytest.mark.django_db


def _pair():
    ann, bob = accounts("ann", "bob")
    named(ann, "Ann")
    named(bob, "Bob")
    return ann, bob


def _friends():
    ann, bob = _pair()
    assert signed_in(ann).post("/@/Bob/follow/").status_code == 302
    assert signed_in(bob).post("/@/Ann/follow/").status_code == 302
    return ann, bob


def _state() -> tuple:
    return (
        sorted(Follow.objects.values_list("follower_id", "followed_id")),
        sorted(Block.objects.values_list("blocker_id", "blocked_id")),
        sorted(Challenge.objects.values_list("sender_id", "recipient_id", "status")),
        Room.objects.count(),
    )


def test_following_both_ways_makes_friends_and_shows_on_the_account_page() -> None:
    ann, bob = _pair()
    signed_in(ann).post("/@/Bob/follow/")
    page = signed_in(ann).get("/me/stats/").content.decode()
    assert 'data-testid="following"' in page and 'href="/@/Bob/"' in page
    assert 'data-testid="friends-empty"' in page
    signed_in(bob).post("/@/Ann/follow/")
    page = signed_in(ann).get("/me/stats/").content.decode()
    assert 'data-testid="friends"' in page and "friends-empty" not in page
    assert "You are friends" in signed_in(ann).get("/@/Bob/").content.decode()
    signed_in(ann).post("/@/Bob/unfollow/")
    assert not Follow.objects.filter(follower=ann).exists()


def test_a_challenge_accepted_opens_a_private_room_with_both_seated_and_dealt() -> None:
    ann, bob = _friends()
    response = signed_in(ann).post("/@/Bob/challenge/", {"kind": "rumbaroo"})
    assert response.status_code == 302
    challenge = Challenge.objects.get()
    assert (challenge.sender, challenge.recipient, challenge.status) == (ann, bob, "pending")
    page = signed_in(bob).get("/me/stats/").content.decode()
    assert "Ann challenges you to Rumbaroo" in page
    response = signed_in(bob).post(f"/players/challenges/{challenge.id}/accept/")
    room = Room.objects.get()
    assert response.status_code == 302 and response.url == f"/rumbaroo/g/{room.game_id}/"
    assert not room.listed and room.kind == "rumbaroo" and room.status == "playing"
    game = Game.objects.get(id=room.game_id)
    assert game.online and sorted(game.seats.values_list("user_id", flat=True)) == [ann.id, bob.id]
    challenge.refresh_from_db()
    assert challenge.status == "accepted" and challenge.room == room
    # Answering twice changes nothing.
    again = signed_in(bob).post(f"/players/challenges/{challenge.id}/accept/")
    assert again.status_code == 409 and Room.objects.count() == 1


def test_a_declined_challenge_opens_nothing_and_only_the_recipient_may_answer() -> None:
    ann, bob = _friends()
    signed_in(ann).post("/@/Bob/challenge/", {"kind": "tile_rummy"})
    challenge = Challenge.objects.get()
    assert signed_in(ann).post(f"/players/challenges/{challenge.id}/accept/").status_code == 404
    assert signed_in(bob).post(f"/players/challenges/{challenge.id}/decline/").status_code == 302
    challenge.refresh_from_db()
    assert challenge.status == "declined" and Room.objects.count() == 0


def test_challenging_yourself_a_guest_or_a_stranger_is_refused_and_changes_nothing() -> None:
    ann, bob = _pair()
    guest_named("guest-device-1", "Gus")
    me = signed_in(ann)
    before = _state()
    response = me.post("/@/Ann/challenge/", {"kind": "rumbaroo"})
    assert response.status_code == 400 and "That is you." in response.content.decode()
    response = me.post("/@/Gus/challenge/", {"kind": "rumbaroo"})
    assert response.status_code == 400 and "Guests have no account" in response.content.decode()
    assert me.get("/@/Gus/").status_code == 404  # and no page
    response = me.post("/@/Bob/challenge/", {"kind": "rumbaroo"})
    assert response.status_code == 403 and "friends only" in response.content.decode()
    assert _state() == before


def test_a_player_who_blocked_you_cannot_be_challenged_and_hides_from_you() -> None:
    ann, bob = _friends()
    signed_in(bob).post("/@/Ann/block/")
    assert Block.objects.filter(blocker=bob, blocked=ann).exists()
    assert not Follow.objects.exists()  # a block ends the follows both ways
    before = _state()
    response = signed_in(ann).post("/@/Bob/challenge/", {"kind": "rumbaroo"})
    assert response.status_code == 404  # Bob's page is hidden from Ann
    assert signed_in(ann).get("/@/Bob/").status_code == 404
    assert _state() == before
    # Bob, who blocked, is told to unblock before challenging.
    page = signed_in(bob).get("/@/Ann/").content.decode()
    assert "You blocked this player" in page and 'data-testid="follow"' not in page


def test_a_block_withdraws_a_pending_challenge_and_its_accept_is_refused() -> None:
    ann, bob = _friends()
    signed_in(ann).post("/@/Bob/challenge/", {"kind": "rumbaroo"})
    challenge = Challenge.objects.get()
    signed_in(ann).post("/@/Bob/block/")
    challenge.refresh_from_db()
    assert challenge.status == "withdrawn"
    response = signed_in(bob).post(f"/players/challenges/{challenge.id}/accept/")
    assert response.status_code == 409 and Room.objects.count() == 0


def test_the_61st_follow_in_an_hour_is_refused_with_429() -> None:
    me, *others = accounts("me", *[f"o{i}" for i in range(61)])
    names = [f"Pal {chr(97 + i // 10)}{'qwxyzjkvhf'[i % 10]}" for i in range(61)]
    for other, name in zip(others, names, strict=True):
        named(other, name)
    client = signed_in(me)
    for name in names[:60]:
        assert client.post(f"/@/{name}/follow/").status_code == 302
    response = client.post(f"/@/{names[60]}/follow/")
    assert response.status_code == 429
    assert "followed 60 players in the last hour" in response.content.decode()
    assert Follow.objects.filter(follower=me).count() == 60


def test_the_21st_challenge_in_an_hour_is_refused_with_429() -> None:
    ann, bob = _friends()
    client = signed_in(ann)
    kinds = ["rumbaroo", "tile_rummy", "romanian_tile_rummy", "rumasta"]
    for n in range(20):
        client.post("/@/Bob/challenge/", {"kind": kinds[n % 4]})  # repeats are refused, but count
    response = client.post("/@/Bob/challenge/", {"kind": "rumbaroo"})
    assert response.status_code == 429
    assert "20 challenges in the last hour" in response.content.decode()
    assert Challenge.objects.count() == 4


def test_a_guest_cannot_follow() -> None:
    _pair()
    response = Client().post("/@/Bob/follow/")
    assert response.status_code == 403 and not Follow.objects.exists()


@pytest.mark.parametrize("who_blocks", ["host", "joiner"])
def test_a_blocked_pair_is_never_seated_in_one_room(who_blocks: str) -> None:
    ann, bob = _pair()
    if who_blocks == "host":
        signed_in(ann).post("/@/Bob/block/")
    else:
        signed_in(bob).post("/@/Ann/block/")
    host = signed_in(ann)
    host.get("/rooms/")
    form = {"name": "Open table", "table_name": "Ann", "seats": 3, "visibility": "listed"}
    response = host.post(
        "/rooms/new/rumbaroo/", {**form, "opt-difficulty": "joey", "opt-target": 50}
    )
    room = Room.objects.get()
    joiner = signed_in(bob)
    joiner.get("/rooms/")
    response = joiner.post(
        f"/rooms/r/{room.public_id}/join/", {"table_name": "Bob", "code": room.code}
    )
    assert response.status_code == 403 and "join this room" in response.content.decode()
    assert room.seats.filter(user=bob).count() == 0


def test_an_unknown_game_or_a_second_pending_challenge_is_refused() -> None:
    ann, bob = _friends()
    me = signed_in(ann)
    response = me.post("/@/Bob/challenge/", {"kind": "chess"})
    assert response.status_code == 400 and "Pick one of the games" in response.content.decode()
    assert me.post("/@/Bob/challenge/", {"kind": "rumasta"}).status_code == 302
    before = _state()
    response = me.post("/@/Bob/challenge/", {"kind": "rumasta"})
    assert response.status_code == 400 and "Wait for an answer" in response.content.decode()
    assert _state() == before


def test_a_rumasta_challenge_deals_a_two_player_game_without_teams() -> None:
    ann, bob = _friends()
    signed_in(ann).post("/@/Bob/challenge/", {"kind": "rumasta"})
    challenge = Challenge.objects.get()
    signed_in(bob).post(f"/players/challenges/{challenge.id}/accept/")
    game = Game.objects.get(id=Room.objects.get().game_id)
    assert game.kind == "rumasta" and game.config["players"] == 2
    assert game.config["teams"] == "none"


def test_a_blocked_players_name_is_hidden_on_the_rating_board() -> None:
    from django.utils import timezone

    from players.models import Rating

    ann, bob = _pair()
    Rating.objects.create(
        user=bob, kind="rumbaroo", mu=30, sigma=3, games=12, last_played=timezone.now()
    )
    assert ">Bob<" in signed_in(ann).get("/leaderboards/ratings/?game=rumbaroo").content.decode()
    signed_in(ann).post("/@/Bob/block/")
    page = signed_in(ann).get("/leaderboards/ratings/?game=rumbaroo").content.decode()
    assert "Bob" not in page and 'data-testid="rating-row"' in page


@pytest.mark.parametrize("kind", [entry.kind for entry in catalogue.ready()])
def test_a_challenge_of_every_game_is_accepted_from_the_page(kind: str) -> None:
    """Each game's room gets a name the room rules accept (a long game name included)."""
    ann, bob = _friends()
    assert signed_in(ann).post("/@/Bob/challenge/", {"kind": kind}).status_code == 302
    challenge = Challenge.objects.get()
    response = signed_in(bob).post(f"/players/challenges/{challenge.id}/accept/")
    room = Room.objects.get()
    assert response.status_code == 302 and room.kind == kind and room.status == "playing"
    assert len(room.name) <= 20
