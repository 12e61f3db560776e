"""Every catalogue game plays in a room: its adapter's options, seat count and computer levels."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games import catalogue
from games.models import Game
from rooms import adapters
from rooms.models import Room
from tests.rooms.conftest import make_room, room_options, room_url

pytestmark = pytest.mark.django_db

OPTIONS = room_options(
    tile_rummy={"opt-meld_rule": "shared"},
    rumbaroo={"opt-difficulty": "wallaby", "opt-target": 100},
    romanian_tile_rummy={"opt-rounds": 2},
    rumasta={"opt-teams": "2v2"},
)
SEATS = {"tile_rummy": 3, "rumbaroo": 5, "romanian_tile_rummy": 2, "rumasta": 4}


def test_every_ready_game_has_a_room_adapter() -> None:
    assert {entry.kind for entry in catalogue.ready()} == set(OPTIONS)
    for entry in catalogue.ready():
        adapter = adapters.adapter(entry.kind)
        assert adapters.computer_levels(entry.kind) == [(lv.key, lv.label) for lv in entry.levels]
        assert "players" not in adapter.OptionsForm().fields
        assert "opponents" not in adapter.OptionsForm().fields


@pytest.mark.parametrize("kind", sorted(OPTIONS))
def test_a_room_of_each_game_starts_an_online_game_with_its_options(
    guest: Client, kind: str
) -> None:
    room = make_room(guest, kind=kind, seats=SEATS[kind], options=OPTIONS[kind])
    level = catalogue.get(kind).levels[-1].key
    for index in range(1, SEATS[kind]):
        guest.post(room_url(room, "seat"), {"seat": index, "action": "computer", "level": level})
    page = guest.get(room_url(room)).content.decode()
    assert catalogue.get(kind).name in page
    response = guest.post(room_url(room, "start"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.kind == kind and game.online
    assert game.config["players"] == SEATS[kind]
    for key, value in OPTIONS[kind].items():
        stored = game.config.get(key.removeprefix("opt-"))
        if stored is not None and key != "opt-discard_counts":
            assert str(stored) == str(value), key
    assert [s.computer_level for s in game.seats.all()][1:] == [level] * (SEATS[kind] - 1)


@pytest.mark.parametrize(
    ("kind", "seats", "options"),
    [
        ("rumbaroo", 9, OPTIONS["rumbaroo"]),
        ("rumbaroo", 1, OPTIONS["rumbaroo"]),
        ("tile_rummy", 5, OPTIONS["tile_rummy"]),
        ("rumasta", 3, OPTIONS["rumasta"]),  # 2 v 2 needs four seats
        ("rumbaroo", 3, {"opt-difficulty": "joey", "opt-target": 10}),  # target too low
        ("rumbaroo", 3, {"opt-difficulty": "<b>", "opt-target": 50}),
    ],
)
def test_options_the_game_refuses_make_no_room(
    guest: Client, kind: str, seats: int, options: dict[str, Any]
) -> None:
    form = {"name": "Some Room", "table_name": "Host Kim", "seats": seats, "visibility": "private"}
    response = guest.post(f"/rooms/new/{kind}/", {**form, **options})
    assert response.status_code == 400
    assert Room.objects.count() == 0


def test_an_unknown_game_has_no_room_page(guest: Client) -> None:
    assert guest.get("/rooms/new/chess/").status_code == 404


def test_the_rooms_package_names_no_game() -> None:
    """Rooms are generic over the catalogue, like every other shared module."""
    from pathlib import Path

    from tests.test_catalogue import _names_pattern

    root = Path(__file__).resolve().parents[2]
    pattern = _names_pattern()
    files = [*(root / "rooms").rglob("*.py"), *(root / "templates" / "rooms").rglob("*.html")]
    files.append(root / "templates" / "terms.html")
    offenders = [
        f"{path.name}:{n}"
        for path in files
        if "/migrations/" not in path.as_posix()
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert not offenders
