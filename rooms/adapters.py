"""Each game's room adapter (``games/web/<kind>/room.py``), its ``GameWeb.room``.

Rooms never name a game: a room of any catalogue game asks that game's adapter
for its options form and the engine config for a seat count; the levels a
computer seat may play at are the catalogue's. An adapter is a module with
``OptionsForm`` and ``engine_config(options, seats) -> dict | None``, and
optionally ``SEATS_NOTE`` (a line shown under the seat count).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django import forms

from games import catalogue
from games.gameweb import RoomAdapter, web_for


def adapter(kind: str) -> RoomAdapter:
    """The room adapter of ``kind`` (``UnknownGame`` for a kind the catalogue doesn't list)."""
    return web_for(kind).room


def playable() -> Iterator[catalogue.GameEntry]:
    """The games a room can be made for: every ready catalogue game."""
    return catalogue.ready()


def options_form(kind: str, data: Any = None, initial: dict[str, Any] | None = None) -> forms.Form:
    """The game's options, prefixed so they can't collide with the room's own fields."""
    return adapter(kind).OptionsForm(data, initial=initial, prefix="opt")


def engine_config(kind: str, options: dict[str, Any], seats: int) -> dict[str, Any] | None:
    return adapter(kind).engine_config(options, seats)


def computer_levels(kind: str) -> list[tuple[str, str]]:
    return [(level.key, level.shown_label) for level in catalogue.get(kind).levels]


def seats_note(kind: str) -> str:
    """An optional line about the seat count (what a bigger table changes, say)."""
    return str(getattr(adapter(kind), "SEATS_NOTE", ""))


def seat_choices(kind: str) -> list[tuple[int, str]]:
    entry = catalogue.get(kind)
    return [(n, str(n)) for n in range(entry.min_players, entry.max_players + 1)]
