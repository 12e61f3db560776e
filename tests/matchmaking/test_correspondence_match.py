"""Quick match at correspondence pace: its own queue, no page to keep open, the game limit."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import pace as game_pace
from games import services
from games.models import Game
from matchmaking import queue
from matchmaking.models import EntryStatus, QueueEntry
from players.display import shown
from players.models import Rating
from rooms.models import RoomGame

from .conftest import member, press, visitor

pytestmark = pytest.mark.django_db

SLOW_WAIT = "/match/wait/?lane=correspondence"


def slow_press(client, name: str, days: str = "3d", preset: str = "joey-2"):  # noqa: ANN001, ANN201
    return client.post(
        "/match/rumbaroo/join/", {"table_name": name, "preset": preset, "pace": days}
    )


def _table_of(response) -> Game:  # noqa: ANN001 - a test response
    return Game.objects.get(pk=response.url.rstrip("/").rsplit("/", 1)[-1])


def _slow_games(user, count: int) -> None:  # noqa: ANN001 - an account
    """``count`` correspondence games being played, the account against a computer."""
    for _ in range(count):
        services.create_game(
            "rumbaroo",
            {"players": 2, "difficulty": "joey", "target": 50, "pace": "7d"},
            [
                services.SeatSpec(display_name="Them", user_id=user.pk),
                services.SeatSpec(display_name="Computer", computer_level="joey"),
            ],
            online=True,
        )


def test_two_correspondence_presses_make_a_correspondence_table() -> None:
    (ann, ann_user), (bob, bob_user) = member("ann"), member("bob")
    first = slow_press(ann, "Ann Slow")
    assert first.status_code == 302 and first.url == SLOW_WAIT
    page = ann.get(SLOW_WAIT).content.decode()
    assert "Pace: 3 days per move" in page and 'data-testid="slow-note"' in page
    assert "data-leave-url" not in page  # closing the page sends no goodbye
    second = slow_press(bob, "Bob Slow")
    game = _table_of(second)
    assert game.config["pace"] == "3d" and game_pace.is_correspondence(game.config)
    assert game.deadline is not None and game.deadline - timezone.now() > timedelta(days=2)
    assert {s.user_id for s in game.seats.all()} == {ann_user.pk, bob_user.pk}
    assert RoomGame.objects.get(game=game).room.options["pace"] == "3d"
    rows = QueueEntry.objects.filter(status=EntryStatus.MATCHED)
    assert {(r.lane, r.game_id) for r in rows} == {("correspondence", game.pk)}
    # Ann was not on any page: My turn links her to the table the queue found.
    my_turn = ann.get(reverse("notifications:my_turn")).content.decode()
    assert 'data-testid="slow-wait-table"' in my_turn and str(game.pk) in my_turn


def test_live_and_correspondence_presses_never_meet() -> None:
    (ann, ann_user), (bob, _) = member("ann"), member("bob")
    assert press(ann, "Ann Plays").url == "/match/wait/"
    assert slow_press(bob, "Bob Slow").url == SLOW_WAIT
    assert slow_press(ann, "Ann Slow", days="1d").url == SLOW_WAIT  # another number of days
    assert not Game.objects.exists()
    lanes = dict(QueueEntry.objects.filter(user=ann_user).values_list("lane", "status"))
    assert lanes == {"live": "waiting", "correspondence": "waiting"}  # one row in each lane
    assert len({r.pool for r in QueueEntry.objects.all()}) == 3
    # Ann's live wait is untouched by her correspondence one, and pairs with a live press.
    carol, _ = member("carol")
    assert "/rumbaroo/g/" in press(carol, "Carol Plays").url
    assert QueueEntry.objects.get(user=ann_user, lane="correspondence").status == "waiting"


def test_a_correspondence_wait_needs_no_polls_and_ends_after_seven_days() -> None:
    (ann, _), (bob, _), (carol, _) = member("ann"), member("bob"), member("carol")
    slow_press(ann, "Ann Slow")
    hours_ago = timezone.now() - timedelta(hours=30)
    QueueEntry.objects.update(joined=hours_ago, last_seen=hours_ago)  # page long closed
    assert "/rumbaroo/g/" in slow_press(bob, "Bob Slow").url  # still there, paired
    slow_press(carol, "Carol Slow")
    QueueEntry.objects.filter(user__username="carol").update(
        joined=timezone.now() - timedelta(days=queue.CORRESPONDENCE_WAIT_DAYS, minutes=1)
    )
    dave, _ = member("dave")
    assert slow_press(dave, "Dave Slow").url == SLOW_WAIT  # Carol's wait ran out first
    carol_row = QueueEntry.objects.get(user__username="carol")
    assert (carol_row.status, carol_row.note) == ("idle", "expired")
    assert Game.objects.count() == 1


def test_the_waiting_entry_shows_with_cancel_on_my_turn() -> None:
    ann, ann_user = member("ann")
    slow_press(ann, "Ann Slow")
    page = ann.get(reverse("notifications:my_turn")).content.decode()
    assert "waiting for an opponent" in page and 'data-testid="slow-wait-cancel"' in page
    assert 'data-testid="slow-wait"' in ann.get("/match/rumbaroo/").content.decode()
    ann.post("/match/leave/", {"lane": "correspondence"})
    assert QueueEntry.objects.get(user=ann_user).status == EntryStatus.IDLE
    assert (
        'data-testid="slow-wait"' not in ann.get(reverse("notifications:my_turn")).content.decode()
    )


def test_the_51st_correspondence_game_is_refused_with_a_clear_message() -> None:
    (ann, ann_user), (bob, bob_user) = member("ann"), member("bob")
    _slow_games(ann_user, game_pace.MAX_CORRESPONDENCE_GAMES)
    refused = slow_press(ann, "Ann Slow")
    assert refused.status_code == 409
    assert "already play 50 correspondence games" in refused.content.decode()
    assert not QueueEntry.objects.filter(status="waiting").exists()
    assert press(ann, "Ann Plays").url == "/match/wait/"  # live quick match is not limited
    # Bob waits with 49; his 50th game comes while he waits: the next pairing drops him.
    _slow_games(bob_user, game_pace.MAX_CORRESPONDENCE_GAMES - 1)
    assert slow_press(bob, "Bob Slow").url == SLOW_WAIT
    _slow_games(bob_user, 1)
    carol, _ = member("carol")
    assert slow_press(carol, "Carol Slow").url == SLOW_WAIT
    bob_row = QueueEntry.objects.get(user=bob_user, lane="correspondence")
    assert bob_row.status == EntryStatus.FAILED and "50 correspondence games" in bob_row.note
    assert QueueEntry.objects.get(user__username="carol").status == EntryStatus.WAITING
    told = bob.get(reverse("notifications:my_turn")).content.decode()
    assert 'data-testid="slow-wait-failed"' in told and "50 correspondence games" in told
    assert Game.objects.filter(config__pace="3d").count() == 0


def test_a_guest_cannot_wait_for_a_correspondence_game() -> None:
    kim = visitor()
    refused = slow_press(kim, "Kim Tiles")
    assert refused.status_code == 403 and "Sign in" in refused.content.decode()
    assert not QueueEntry.objects.exists()
    assert slow_press(member("ann")[0], "Ann Slow", days="2d").status_code == 400


def test_pairing_reads_the_correspondence_rating() -> None:
    ann, ann_user = member("ann")
    Rating.objects.create(user=ann_user, kind="rumbaroo", pace="correspondence", mu=40, sigma=3)
    Rating.objects.create(user=ann_user, kind="rumbaroo", pace="live", mu=20, sigma=3)
    slow_press(ann, "Ann Slow")
    press(ann, "Ann Plays")
    ratings = dict(QueueEntry.objects.values_list("lane", "rating"))
    assert ratings == {"correspondence": shown(40, 3), "live": shown(20, 3)}


def test_a_second_press_just_after_a_seat_goes_to_that_table_later_ones_wait_again() -> None:
    (ann, _), (bob, _) = member("ann"), member("bob")
    slow_press(ann, "Ann Slow")
    table = slow_press(bob, "Bob Slow").url
    assert slow_press(bob, "Bob Slow").url == table  # a double press
    QueueEntry.objects.update(matched_at=timezone.now() - timedelta(minutes=5))
    assert slow_press(bob, "Bob Slow").url == SLOW_WAIT  # another game, while that one goes on


def test_beat_pairs_waits_whose_window_has_widened_with_nobody_back() -> None:
    """Far-apart ratings wait; once the window covers them, beat's task seats them
    though neither came back to a page."""
    from matchmaking.tasks import pair_correspondence_waits

    (ann, ann_user), (bob, _) = member("ann"), member("bob")
    Rating.objects.create(user=ann_user, kind="rumbaroo", pace="correspondence", mu=45, sigma=2)
    slow_press(ann, "Ann Slow")
    assert slow_press(bob, "Bob Slow").url == SLOW_WAIT  # too far apart for now
    assert pair_correspondence_waits() == 0 and not Game.objects.exists()
    QueueEntry.objects.update(joined=timezone.now() - timedelta(hours=1))  # the window grew
    assert pair_correspondence_waits() == 1
    game = Game.objects.get()
    assert game.config["pace"] == "3d"
    assert set(QueueEntry.objects.values_list("status", flat=True)) == {EntryStatus.MATCHED}
