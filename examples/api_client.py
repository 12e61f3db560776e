#!/usr/bin/env python3
"""An example program that plays whole games through the site's JSON API.

Standard library only. It knows no game's rules: each turn it asks the API
for the legal action types and their JSON Schema (``GET games/{id}/legal``)
and reads its own seat's view, then tries, in order:

1. new sets from its own tiles (runs and groups of numbered tiles), when an
   action type takes a whole ``table``;
2. a tile the view marks ``playable``, with any action type that takes a ``tile``;
3. an action type without fields that is legal now (next round, draw, pass…);
4. the game's ``timeout_action``, which is legal whenever it is your turn.

A refused try (422) changes nothing, so it simply tries the next; a stale
version (409) means the game moved on, so it reads the game again. When it
is not its turn it long-polls ``GET games/{id}/wait``.

    RUMMY_TOKEN=rmy_… python examples/api_client.py --url http://127.0.0.1:8000 --kind KIND

``GET /api/v1/kinds`` lists the kinds and their options (``--option name=value``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import Any

Json = dict[str, Any]
# (method, path, body or None) -> (status, decoded JSON body)
Transport = Callable[[str, str, Json | None], tuple[int, Any]]
PREFERRED = ("next_round", "draw", "pass", "take")


class ApiError(RuntimeError):
    """An answer the client cannot go on from (a bad token, a server error)."""


def http_transport(base_url: str, token: str, timeout: float = 60.0) -> Transport:
    """Requests over HTTP with urllib; the token goes in the Authorization header."""

    def send(method: str, path: str, body: Json | None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            base_url.rstrip("/") + "/api/v1" + path,
            data=data,
            method=method,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    return send


class Player:
    """Plays one seat through a transport until the game is over."""

    def __init__(self, send: Transport, wait_seconds: float = 20.0) -> None:
        self.send = send
        self.wait_seconds = wait_seconds
        self.requests = 0

    def call(self, method: str, path: str, body: Json | None = None) -> tuple[int, Any]:
        self.requests += 1
        status, data = self.send(method, path, body)
        if status >= 500 or status in (401, 403, 404, 429) and method == "GET":
            raise ApiError(f"{method} {path}: {status} {data}")
        return status, data

    def start(self, kind: str, options: Json | None = None) -> Json:
        status, game = self.call("POST", "/games", {"kind": kind, "options": options or {}})
        if status != 201:
            raise ApiError(f"could not start a game: {status} {game}")
        return game

    def play(self, game: Json, max_turns: int = 20000) -> Json:
        """Play until the game is no longer active; returns the last game read."""
        for _ in range(max_turns):
            if game["status"] != "active":
                return game
            if not game["my_turn"]:
                game = self.wait(game)
                continue
            game = self.take_turn(game)
        raise ApiError(f"gave up after {max_turns} turns")

    def wait(self, game: Json) -> Json:
        query = urllib.parse.urlencode({"version": game["version"], "timeout": self.wait_seconds})
        _, game = self.call("GET", f"/games/{game['id']}/wait?{query}")
        return game

    def take_turn(self, game: Json) -> Json:
        """Try candidate actions until one is accepted (or the game moved on)."""
        _, legal = self.call("GET", f"/games/{game['id']}/legal")
        for action in candidates(game["view"], legal):
            body = {"version": game["version"], "action": action}
            status, answer = self.call("POST", f"/games/{game['id']}/actions", body)
            if status == 200:
                return answer
            if status == 409:  # stale, or held back for a moment: read again
                break
            if status != 422:
                raise ApiError(f"move refused: {status} {answer}")
        _, game = self.call("GET", f"/games/{game['id']}")
        return game


# --- choosing: from the schema and the seat's own view ---------------------------------


def candidates(view: Json, legal: Json) -> Iterator[Json]:
    """Actions worth trying now, best first; the last is always legal on your turn."""
    types = {a["type"]: a for a in legal["actions"]}
    open_types = {t: a for t, a in types.items() if a["legal_now"] is not False}
    own = own_tiles(view)
    for kind, info in open_types.items():
        if "table" in fields(info) and own:
            sets = find_sets(own)
            if sets:
                placed = sum(len(s) for s in sets)
                yield with_call({"type": kind, "table": table_ids(view) + sets}, info, view, placed)
    for tile in view.get("playable") or []:
        for kind, info in open_types.items():
            if "tile" in fields(info):
                yield from tile_actions(kind, info, tile, view)
    ready = [t for t, a in types.items() if a["legal_now"] is True and t != "timeout"]
    for kind in sorted(ready, key=lambda t: PREFERRED.index(t) if t in PREFERRED else 99):
        yield {"type": kind}
    yield dict(legal["timeout_action"])


def fields(info: Json) -> Json:
    return info["schema"].get("properties", {})


def tile_actions(kind: str, info: Json, tile: int, view: Json) -> Iterator[Json]:
    """A tile alone, then with a choice for each field that offers one (a colour…)."""
    action = with_call({"type": kind, "tile": tile}, info, view, 1)
    yield action
    extra = dict(action)
    for name, schema in fields(info).items():
        if "enum" in schema and name not in extra:
            extra[name] = favourite(view, name, schema["enum"])
    if extra != action:
        yield extra


def with_call(action: Json, info: Json, view: Json, placed: int) -> Json:
    """Add a boolean ``call`` when the game has one and this move leaves one tile in hand."""
    if "call" in fields(info) and holding(view) - placed == 1:
        return {**action, "call": True}
    return action


def own_tiles(view: Json) -> list[Json]:
    """The seat's own tiles, whatever the game calls them (rack, hand and pouch…)."""
    tiles: list[Json] = []
    for key in ("rack", "hand"):
        tiles += [t for t in view.get(key) or [] if isinstance(t, dict)]
    return tiles


def holding(view: Json) -> int:
    return len(own_tiles(view)) + len(view.get("pouch") or [])


def table_ids(view: Json) -> list[list[int]]:
    """The table as lists of ids: the view's ``table_ids`` or its sets' tiles."""
    if isinstance(view.get("table_ids"), list):
        return [list(s) for s in view["table_ids"]]
    return [[t["id"] for t in s["tiles"]] for s in view.get("table") or []]


def favourite(view: Json, name: str, choices: list[Any]) -> Any:
    """The choice most of our own tiles share (a colour), else the first."""
    counts = Counter(t.get(name) for t in own_tiles(view))
    return max(choices, key=lambda c: counts.get(c, 0))


def plain(tile: Json) -> bool:
    """A numbered tile with a colour (not a joker, wild or action tile)."""
    special = tile.get("joker") or tile.get("wild") or tile.get("action")
    return not special and isinstance(tile.get("number"), int) and bool(tile.get("colour"))


def find_sets(tiles: list[Json]) -> list[list[int]]:
    """Runs (3+ in a row, one colour), then groups (3-4 colours of a number), no tile twice."""
    free = [t for t in tiles if plain(t)]
    sets = runs(free)
    used = {i for s in sets for i in s}
    sets += groups([t for t in free if t["id"] not in used])
    return sets


def runs(tiles: list[Json]) -> list[list[int]]:
    by_colour: dict[str, dict[int, int]] = defaultdict(dict)
    for t in tiles:
        by_colour[t["colour"]].setdefault(t["number"], t["id"])
    found = []
    for numbers in by_colour.values():
        chain: list[int] = []
        for n in sorted(numbers):
            if chain and n != chain[-1] + 1:
                found += [[numbers[m] for m in chain]] if len(chain) >= 3 else []
                chain = []
            chain.append(n)
        found += [[numbers[m] for m in chain]] if len(chain) >= 3 else []
    return found


def groups(tiles: list[Json]) -> list[list[int]]:
    by_number: dict[int, dict[str, int]] = defaultdict(dict)
    for t in tiles:
        by_number[t["number"]].setdefault(t["colour"], t["id"])
    return [list(c.values())[:4] for c in by_number.values() if len(c) >= 3]


# --- running it -------------------------------------------------------------------------


def parse_options(pairs: list[str]) -> Json:
    options: Json = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    return options


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--kind", required=True, help="a kind from GET /api/v1/kinds")
    parser.add_argument("--option", action="append", default=[], help="name=value")
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args(argv)
    token = os.environ.get("RUMMY_TOKEN", "")
    if not token:
        print("Set RUMMY_TOKEN to a token from the site's API tokens page.", file=sys.stderr)
        return 2
    player = Player(http_transport(args.url, token))
    for _ in range(args.games):
        game = player.play(player.start(args.kind, parse_options(args.option)))
        winners = game["view"].get("winners")
        print(f"{game['id']} {game['status']} winners={winners} requests={player.requests}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
