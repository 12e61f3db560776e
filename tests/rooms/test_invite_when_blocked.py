"""A blocked person opening the blocker's invite link is told at once (issue 34, item 11).

Before, the page offered "Sit down" and only the press answered "You can't join this room."
"""

from __future__ import annotations

import pytest

from players.models import Block
from rooms import services
from rooms.people import Person
from tests.players.conftest import accounts, signed_in

pytestmark = pytest.mark.django_db
OPTIONS = {"difficulty": "joey", "target": 50}


@pytest.mark.parametrize("who_blocks", ["host", "visitor"])
def test_the_invite_page_says_a_blocked_person_cant_join_before_they_press(
    who_blocks: str,
) -> None:
    eve, bob, cat = accounts("eve", "bob", "cat")
    room = services.create_room(
        Person(eve.pk, ""), "rumbaroo", "Eve's table", "Eve", 3, False, OPTIONS
    )
    blocker, blocked = (eve, bob) if who_blocks == "host" else (bob, eve)
    Block.objects.create(blocker=blocker, blocked=blocked)
    url = f"/rooms/invite/{room.code}/"

    page = signed_in(bob).get(url).content.decode()
    assert 'data-testid="kept-apart"' in page and "You can't join this room." in page
    assert "Sit down" not in page
    other = signed_in(cat).get(url).content.decode()
    assert "Sit down" in other and 'data-testid="kept-apart"' not in other
    pressed = signed_in(bob).post(
        f"/rooms/r/{room.public_id}/join/", {"table_name": "Bob", "code": room.code}
    )
    assert pressed.status_code == 403 and room.seats.filter(user=bob).count() == 0
