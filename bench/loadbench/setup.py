"""Games and signed device cookies for the benchmark's clients (in the command, with Django)."""

from __future__ import annotations

import time
from typing import Any

from django.http import HttpResponse

from accounts.device import COOKIE_NAME, SALT, Device, new_device_key
from bench.loadbench.game import KIND
from bench.loadbench.saturation import ClientPlan
from games import services
from games.engine.registry import engine_for

CONFIG = {"players": 2}


def guest() -> tuple[str, str]:
    """A new guest: its device key and the signed cookie value the site would have set."""
    key, now = new_device_key(), int(time.time())
    response = HttpResponse()
    response.set_signed_cookie(COOKIE_NAME, Device(key, now, now).value(), salt=SALT)
    return key, response.cookies[COOKIE_NAME].value


def person_first_seeds(count: int, start: int = 1) -> list[int]:
    """Seeds where seat 0 (the person) deals first, so no computer turn is queued at once."""
    seeds, seed = [], start
    while len(seeds) < count:
        if engine_for(KIND).to_act(engine_for(KIND).new_game(CONFIG, seed)) == {0}:
            seeds.append(seed)
        seed += 1
    return seeds


def _game(seats: list[services.SeatSpec], seed: int) -> dict[str, Any]:
    game = services.create_game(KIND, CONFIG, seats, seed=seed)
    turn = min(engine_for(KIND).to_act(engine_for(KIND).from_json(game.state)))
    return {"id": str(game.id), "version": game.version, "turn": turn, "tile": first_tile(game)}


def first_tile(game: Any) -> int:
    """A tile in seat 0's rack, for the tap-a-tile draft action."""
    return engine_for(KIND).from_json(game.state).racks[0][0]


def plans(endpoint: str, clients: int, port: int) -> list[ClientPlan]:
    """One plan per client process: its own browsers and games for ``endpoint``."""
    two_people = endpoint == "move"
    per_client = {"move": 12, "move + computer reply": 8}.get(endpoint, 1)
    seeds = iter(person_first_seeds(clients * per_client, start=1 + 1000 * len(endpoint)))
    out = []
    for _ in range(clients):
        (key, cookie), (key2, cookie2) = guest(), guest()
        me = services.SeatSpec("You", device_key=key)
        other = services.SeatSpec("Ada", device_key=key2) if two_people else None
        bot = services.SeatSpec("Bot (easy)", computer_level="easy")
        games = [_game([me, other or bot], next(seeds)) for _ in range(per_client)]
        out.append(ClientPlan(port, [cookie, cookie2], games))
    return out
