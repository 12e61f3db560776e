"""A private room to a stranger, URL by URL, exactly as SECURITY.md says it.

Every URL of the room answers 404, but one: the live part's poll answers 286 (htmx's
"stop polling") with an empty body, so a page left polling (a member who left, say)
stops quietly instead of swapping a 404 page in. It answers a room that does not
exist the same way, so the poll tells a stranger nothing a 404 would not.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import URLPattern, reverse

from rooms import urls as room_urls
from tests.rooms.conftest import make_room, visitor

pytestmark = pytest.mark.django_db
POLL = "poll"
UNKNOWN = "zzzzzzzzzzzzzzzz"


def room_patterns() -> list[URLPattern]:
    """Every room URL named by its public id (the rest take a game id or none)."""
    return [p for p in room_urls.urlpatterns if "public_id" in p.pattern.converters]


def answer(client: Client, name: str, public_id: str) -> int:
    """The URL asked by the method it takes (GET, else POST); a wrong method is 405
    before any room is looked up, whatever the id."""
    url = reverse(f"rooms:{name}", kwargs={"public_id": public_id})
    status = client.get(url).status_code
    return client.post(url, {"seat": 1}).status_code if status == 405 else status


def test_every_room_url_but_the_poll_is_404_to_a_stranger(guest: Client) -> None:
    room = make_room(guest, seats=3)
    stranger = visitor()
    names = [p.name for p in room_patterns()]
    assert POLL in names and len(names) >= 10
    for name in names:
        expected = 286 if name == POLL else 404
        assert answer(stranger, name, room.public_id) == expected, name
        assert answer(stranger, name, UNKNOWN) == expected, name  # as if there were no room


def test_the_poll_answers_a_private_room_and_no_room_alike(guest: Client) -> None:
    room = make_room(guest, seats=3)
    stranger = visitor()
    seen = stranger.get(reverse("rooms:poll", args=[room.public_id]))
    unknown = stranger.get(reverse("rooms:poll", args=[UNKNOWN]))
    assert (seen.status_code, seen.content) == (unknown.status_code, unknown.content) == (286, b"")
    headers = ("Content-Type", "Cache-Control", "Content-Length")
    assert {h: seen.get(h) for h in headers} == {h: unknown.get(h) for h in headers}
    # The host, seated in it, gets the live part.
    assert guest.get(reverse("rooms:poll", args=[room.public_id])).status_code == 200


def test_security_md_states_the_polls_exception() -> None:
    """The promise is written as the tests above check it, not "404 at every URL"."""
    text = " ".join((Path(__file__).resolve().parents[2] / "SECURITY.md").read_text().split())
    rooms = text[text.index("**Rooms**") :][:600]
    assert "at every URL but its live part's poll" in rooms and "286" in rooms
    assert "test_private_room_urls.py" in rooms
