"""Junk sent to the quick-match and watching URLs: never a 5xx, nothing queued or changed."""

from __future__ import annotations

import pytest

from matchmaking.models import QueueEntry, Watcher

from .conftest import HTMX, device_of, live_room, visitor

pytestmark = pytest.mark.django_db

JUNK = ["", "\x00", "²", "9" * 5000, "-1", "<script>", "x" * 300, "٣"]


@pytest.mark.parametrize("junk", JUNK)
def test_junk_presses_queue_nobody(junk: str) -> None:
    kim = visitor()
    forms = [
        {"table_name": junk, "preset": "joey-2"},
        {"table_name": "Kim Tiles", "preset": junk},
        {"table_name": "Kim Tiles", "seats": junk, "opt-difficulty": "joey", "opt-target": "50"},
        {"table_name": "Kim Tiles", "seats": "2", "opt-difficulty": junk, "opt-target": junk},
    ]
    for form in forms:
        answer = kim.post("/match/rumbaroo/join/", form)
        assert 400 <= answer.status_code < 500, (form, answer.status_code)
    assert kim.post(f"/match/{junk[:40] or 'x'}/join/", {"preset": "joey-2"}).status_code in (
        404,
        400,
    )
    assert not QueueEntry.objects.filter(status="waiting").exists()


@pytest.mark.parametrize("junk", JUNK)
def test_junk_watch_requests_change_nothing(junk: str) -> None:
    from rooms.people import Person

    a, b = visitor(), visitor()
    _room, game = live_room(Person(None, device_of(a)), [Person(None, device_of(b))])
    stranger = visitor()
    url = f"/match/watch/{game.id}/live/"
    for params in ({"at": junk, "seen": junk}, {"at": "1", "seen": junk}, {"at": junk}):
        answer = stranger.get(url, params, **HTMX)
        assert answer.status_code < 500, params
    assert stranger.get(f"/match/watch/invite/{junk[:60] or 'x'}/").status_code in (404, 301, 302)
    assert stranger.get("/match/wait/poll/", **HTMX).status_code == 286  # never waited
    game.refresh_from_db()
    assert game.version == 0
    # A NUL is refused before the view (rummy_site.input_guard), so that watcher never came.
    assert Watcher.objects.filter(game=game).count() == (0 if "\x00" in junk else 1)
