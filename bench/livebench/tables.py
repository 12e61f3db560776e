"""The benchmark's tables: online games of four guests, dealt as a room deals them."""

from __future__ import annotations

from typing import Any

from bench.loadbench.setup import guest
from games import catalogue, services


def default_kind() -> str:
    """The daily challenge's game: every turn has a move that is always legal (draw)."""
    return catalogue.daily_game().kind


def room_config(kind: str, seats: int) -> dict[str, Any]:
    """The config a room gets with the host's defaults (its options form's initial values)."""
    from rooms import adapters

    form = adapters.options_form(kind)
    options = {name: _initial(field) for name, field in form.fields.items()}
    config = adapters.engine_config(kind, options, seats)
    if config is None:
        raise ValueError(f"{kind} refuses a room of {seats} with its default options")
    return config


def _initial(field: Any) -> Any:
    value = field.initial() if callable(field.initial) else field.initial
    return "" if value is None else value


def deal(kind: str, tables: int, seats: int = 4) -> list[tuple[str, str, int]]:
    """(device cookie, game id, seat index) for every seat of ``tables`` new online games."""
    config = room_config(kind, seats)
    out = []
    for table in range(tables):
        people = [guest() for _ in range(seats)]
        specs = [
            services.SeatSpec(f"Seat {i + 1}", device_key=k) for i, (k, _) in enumerate(people)
        ]
        game = services.create_game(kind, dict(config), specs, seed=1000 + table, online=True)
        out += [(cookie, str(game.id), i) for i, (_, cookie) in enumerate(people)]
    return out
