"""Quick match through the pages: pressing the button, waiting, being seated together, leaving."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from games import catalogue
from games.models import Game
from matchmaking import presets, queue
from matchmaking.models import EntryStatus, QueueEntry
from players.models import Block
from rooms.models import Room, RoomGame

from .conftest import HTMX, device_of, member, press, visitor

pytestmark = pytest.mark.django_db


def _table_of(response) -> Game:  # noqa: ANN001 - a test response
    game_id = response.url.rstrip("/").rsplit("/", 1)[-1]
    return Game.objects.get(pk=game_id)


def test_two_guests_are_seated_at_one_online_table() -> None:
    kim, pat = visitor(), visitor()
    first = press(kim, "Kim Tiles")
    assert first.status_code == 302 and first.url == "/match/wait/"
    page = kim.get("/match/wait/")
    assert page.status_code == 200 and "Finding players for Rumbaroo" in page.content.decode()
    second = press(pat, "Pat Tiles")
    assert second.status_code == 302 and "/rumbaroo/g/" in second.url
    game = _table_of(second)
    assert game.online and game.status == "active"
    assert game.config["difficulty"] == "joey" and len(game.seats.all()) == 2
    owners = {s.device_key for s in game.seats.all()}
    assert owners == {device_of(kim), device_of(pat)}
    assert {s.display_name for s in game.seats.all()} == {"Kim Tiles", "Pat Tiles"}
    room = RoomGame.objects.get(game=game).room
    assert room.listed and room.status == "playing"
    # The waiting page's next poll takes Kim to the same table.
    poll = kim.get("/match/wait/poll/", **HTMX)
    assert poll.headers["HX-Redirect"] == second.url
    assert kim.get(second.url).status_code == 200


def test_a_blocked_pair_is_never_matched_but_each_meets_someone_else() -> None:
    (ann, ann_user), (bob, bob_user) = member("ann"), member("bob")
    Block.objects.create(blocker=bob_user, blocked=ann_user)
    assert press(ann, "Ann Plays").url == "/match/wait/"
    old = timezone.now() - timedelta(minutes=10)  # any rating window is wide open by now
    QueueEntry.objects.update(joined=old)
    assert press(bob, "Bob Plays").url == "/match/wait/"
    for client in (ann, bob):
        assert client.get("/match/wait/poll/", **HTMX).status_code == 200  # still waiting
    assert not Game.objects.exists()
    carol = visitor()
    seated = press(carol, "Carol Plays")
    game = _table_of(seated)
    users = {s.user_id for s in game.seats.all()}
    assert ann_user.pk in users and bob_user.pk not in users  # Ann waited longer


def test_ratings_far_apart_wait_until_the_window_has_widened() -> None:
    (ann, ann_user), (bob, _) = member("ann"), member("bob")

    def rating(user_id: int, kind: str, pace: str = "live") -> tuple[float, bool]:
        return (1000.0 if user_id == ann_user.pk else 1600.0), False

    with mock.patch("matchmaking.ratings.rating_of", rating):
        press(ann, "Ann Plays")
        assert press(bob, "Bob Plays").url == "/match/wait/"
        assert QueueEntry.objects.get(user=ann_user).rating == 1000.0
        assert not Game.objects.exists()
        # 600 apart: (600 - 150) / 10 = 45 s of waiting opens the window.
        QueueEntry.objects.filter(user=ann_user).update(
            joined=timezone.now() - timedelta(seconds=50)
        )
        poll = bob.get("/match/wait/poll/", **HTMX)
    assert "/rumbaroo/g/" in poll.headers["HX-Redirect"]


def test_a_guest_waits_at_the_newcomer_rating() -> None:
    kim = visitor()
    press(kim, "Kim Tiles")
    assert QueueEntry.objects.get().rating == 1000.0


def test_a_page_that_stopped_polling_leaves_the_queue() -> None:
    kim, pat = visitor(), visitor()
    press(kim, "Kim Tiles")
    stale = timezone.now() - timedelta(seconds=queue.STALE_SECONDS + 1)
    QueueEntry.objects.update(last_seen=stale)
    assert press(pat, "Pat Tiles").url == "/match/wait/"
    assert QueueEntry.objects.get(device_key=device_of(kim)).status == EntryStatus.IDLE
    assert not Game.objects.exists()


def test_closing_the_page_says_goodbye_and_a_reload_takes_it_back() -> None:
    kim = visitor()
    press(kim, "Kim Tiles")
    assert kim.post("/match/leave/", {"beacon": "1"}).status_code == 204
    assert QueueEntry.objects.get().status == EntryStatus.IDLE
    assert kim.get("/match/wait/").status_code == 200  # a reload: waiting again
    assert QueueEntry.objects.get().status == EntryStatus.WAITING
    kim.post("/match/leave/")
    QueueEntry.objects.update(last_seen=timezone.now() - timedelta(minutes=1))
    kim.get("/match/wait/")
    assert QueueEntry.objects.get().status == EntryStatus.IDLE  # long gone: not resumed


def test_a_computer_game_is_offered_after_a_minute_alone() -> None:
    kim = visitor()
    press(kim, "Kim Tiles")
    assert "offer-computer" not in kim.get("/match/wait/poll/", **HTMX).content.decode()
    QueueEntry.objects.update(joined=timezone.now() - timedelta(seconds=61))
    body = kim.get("/match/wait/poll/", **HTMX).content.decode()
    assert 'data-testid="offer-computer"' in body and "/rumbaroo/new/" in body
    assert QueueEntry.objects.get().status == EntryStatus.WAITING  # and may keep waiting


def test_a_seated_player_pressing_again_goes_back_to_their_table() -> None:
    kim, pat = visitor(), visitor()
    press(kim, "Kim Tiles")
    table = press(pat, "Pat Tiles").url
    again = press(kim, "Kim Tiles", preset="wallaby-2")
    assert again.status_code == 302 and again.url == table
    assert Game.objects.count() == 1 and QueueEntry.objects.filter(status="waiting").count() == 0


def test_four_players_fill_a_four_seat_table() -> None:
    clients = [visitor() for _ in range(4)]
    answers = [
        press(c, f"Player Kim{chr(65 + i)}", preset="big_red-4") for i, c in enumerate(clients)
    ]
    assert [a.url for a in answers[:3]] == ["/match/wait/"] * 3
    game = _table_of(answers[3])
    assert len(game.seats.all()) == 4 and game.config["difficulty"] == "big_red"


def test_same_names_are_told_apart_at_the_table() -> None:
    kim, pat = visitor(), visitor()
    press(kim, "Sam Tiles")
    game = _table_of(press(pat, "Sam Tiles"))
    assert sorted(s.display_name for s in game.seats.all()) == ["Sam Tiles", "Sam Tiles 2"]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"table_name": "x", "preset": "joey-2"}, "characters"),
        (
            {"table_name": "Kim Tiles", "seats": "9", "opt-difficulty": "joey", "opt-target": "50"},
            "Check",
        ),
        (
            {"table_name": "Kim Tiles", "seats": "2", "opt-difficulty": "nope", "opt-target": "50"},
            "Check",
        ),
    ],
)
def test_bad_input_is_refused_and_nobody_waits(form: dict[str, str], message: str) -> None:
    kim = visitor()
    answer = kim.post("/match/rumbaroo/join/", form)
    assert answer.status_code == 400 and message in answer.content.decode()
    assert not QueueEntry.objects.filter(status="waiting").exists()


def test_the_full_options_form_queues_that_choice() -> None:
    kim = visitor()
    form = {
        "table_name": "Kim Tiles",
        "seats": "3",
        "opt-difficulty": "wallaby",
        "opt-target": "80",
    }
    assert kim.post("/match/rumbaroo/join/", form).url == "/match/wait/"
    row = QueueEntry.objects.get()
    assert (row.seats, row.options) == (3, {"difficulty": "wallaby", "target": 80})
    assert kim.get("/match/rumbaroo/").status_code == 200


def test_rumbaroo_offers_each_box_at_two_and_four_players() -> None:
    keys = [p.key for p in presets.presets("rumbaroo")]
    assert keys == ["joey-2", "joey-4", "wallaby-2", "wallaby-4", "big_red-2", "big_red-4"]


@pytest.mark.parametrize("entry", list(catalogue.ready()), ids=lambda e: e.kind)
def test_every_game_setup_page_has_the_button_and_its_presets_pair(entry) -> None:  # noqa: ANN001
    kim, pat = visitor(), visitor()
    page = kim.get(reverse(f"{entry.url_name}:setup"))
    body = page.content.decode()
    assert "Play someone now" in body
    first = presets.presets(entry.kind)[0]
    assert f'value="{first.key}"' in body
    press(kim, "Kim Tiles", preset=first.key, kind=entry.kind)
    game = _table_of(press(pat, "Pat Tiles", preset=first.key, kind=entry.kind))
    assert game.kind == entry.kind and game.online
    assert Room.objects.get(game=game).listed


def test_a_page_no_longer_waiting_stops_polling() -> None:
    kim = visitor()
    press(kim, "Kim Tiles")
    assert "hx-get" in kim.get("/match/wait/poll/", **HTMX).content.decode()
    kim.post("/match/leave/")
    QueueEntry.objects.update(last_seen=timezone.now() - timedelta(minutes=1))
    body = kim.get("/match/wait/poll/", **HTMX).content.decode()
    assert "no longer waiting" in body and "hx-get" not in body
