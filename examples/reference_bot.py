#!/usr/bin/env python3
"""The reference bot: plays any of the site's games through the JSON API with no refused request.

Standard library only, and no game's rules inside: everything it sends is
either one of the complete moves ``GET games/{id}/legal`` lists, or a meld it
composed from its own tiles and dry-ran with ``POST games/{id}/check`` first.
So a well-behaved program never sees a 4xx. The loop, per game:

1. ``GET games/{id}``: done when ``status`` is not ``active``.
2. Not your turn: ``GET games/{id}/wait?version=v&timeout=T`` (T from 1 to 30 s).
3. Your turn: ``GET games/{id}/legal``. If ``hold_seconds`` > 0 (others still have
   a moment to answer), wait that long with ``/wait`` and read again.
4. Where a composed type is open (a meld), build one from the view, check it,
   and send it if the check accepts it; otherwise send the best listed choice
   (or one built from a type's ``slots``: a value per position, e.g. Rumasta's
   card for pile 0 and a different card for pile 1).
5. Between requests it keeps to the token's limit (the ``RateLimit`` header), and
   after a 429 it sleeps ``Retry-After`` seconds.

Seat it in a friend's room (the room's invite code) and let it play::

    RUMMY_TOKEN=rmy_… python examples/reference_bot.py --url https://… --room CODE --name Robo

Or accept a friend's challenge (``--challenge``, or ``--challenge ID``), start a
game against computers (``--kind``, ``--option name=value``), or play a game
your program already sits in (``--game ID``). It prints its request and
refusal counts at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import Any

Json = dict[str, Any]
# (method, path, body or None) -> (status, headers, decoded JSON body)
Transport = Callable[[str, str, Json | None], tuple[int, dict[str, str], Any]]
# Listed types in the order worth trying: out of a waiting state first, then shedding.
PREFERENCE = (
    "next_round", "cut", "doubla", "swap", "decline", "snap", "discard",
    "add", "switch", "draw", "take", "pick", "pass", "roll", "heart", "call_out", "timeout",
)  # fmt: skip


class BotError(RuntimeError):
    """An answer the bot cannot go on from (a bad token, a server error, a game not found)."""


def http_transport(base_url: str, token: str, timeout: float = 45.0) -> Transport:
    """Requests over HTTP with urllib; the token goes in the Authorization header."""

    def send(method: str, path: str, body: Json | None) -> tuple[int, dict[str, str], Any]:
        request = urllib.request.Request(
            base_url.rstrip("/") + "/api/v1" + path,
            data=None if body is None else json.dumps(body).encode(),
            method=method,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, dict(response.headers), json.loads(response.read() or b"0")
        except urllib.error.HTTPError as exc:
            return exc.code, dict(exc.headers), json.loads(exc.read() or b"null")

    return send


class Bot:
    """One program seat, played through a transport; counts every request and refusal."""

    def __init__(self, send: Transport, wait_seconds: int = 20) -> None:
        self.send = send
        self.wait_seconds = max(1, min(30, wait_seconds))  # the API's documented 1-30 s
        self.requests: Counter[str] = Counter()
        self.refusals: list[tuple[str, str, int, Any]] = []

    # --- talking to the API ------------------------------------------------------------

    def call(self, method: str, path: str, body: Json | None = None) -> Any:
        """One request; 2xx answers come back, a 429 is waited out, anything else is fatal."""
        while True:
            self.requests[_endpoint(path)] += 1
            status, headers, data = self.send(method, path, body)
            if status < 400:
                self._pace(headers)
                return data
            self.refusals.append((method, path, status, data))
            if status != 429:
                raise BotError(f"{method} {path}: {status} {data}")
            time.sleep(float(_header(headers, "Retry-After") or 1))

    def _pace(self, headers: dict[str, str]) -> None:
        """Out of requests for this window: sleep until it restarts (``RateLimit: …;r=0;t=n``)."""
        fields = dict(
            part.split("=", 1) for part in _header(headers, "RateLimit").split(";") if "=" in part
        )
        if fields.get("r") == "0":
            time.sleep(float(fields.get("t", 1)))

    # --- finding a game --------------------------------------------------------------------

    def start(self, kind: str, options: Json | None = None) -> Json:
        """A new game against computers; the bot takes the person's seat."""
        game: Json = self.call("POST", "/games", {"kind": kind, "options": options or {}})
        return game

    def join_room(self, code: str, name: str) -> Json:
        """Take the room's program seat by its invite code, then wait for the host to deal."""
        room: Json = self.call("POST", "/rooms/join", {"code": code, "table_name": name})
        while room["game"] is None:
            query = urllib.parse.urlencode({"timeout": self.wait_seconds})
            room = self.call("GET", f"/rooms/{room['id']}/wait?{query}")
            if room["status"] == "closed":
                raise BotError("the room closed before a game was dealt")
        game: Json = self.call("GET", f"/games/{room['game']}")
        return game

    def accept_challenge(self, challenge_id: int | None = None) -> Json:
        """Accept a friend's challenge (the newest waiting, unless named): the game is dealt
        at once with the program in it, so the answer's room names the game to play."""
        if challenge_id is None:
            waiting = self.call("GET", "/challenges")
            if not waiting:
                raise BotError("no challenge is waiting for this account")
            challenge_id = waiting[0]["id"]
        room: Json = self.call("POST", f"/challenges/{challenge_id}/accept")
        game: Json = self.call("GET", f"/games/{room['game']}")
        return game

    # --- playing ------------------------------------------------------------------------------

    def play(self, game: Json, max_steps: int = 20000) -> Json:
        """Play until the game is no longer active; returns the last game read."""
        for _ in range(max_steps):
            if game["status"] != "active":
                return game
            game = self.take_turn(game) if game["my_turn"] else self.wait(game)
        raise BotError(f"gave up after {max_steps} steps")

    def wait(self, game: Json, seconds: float | None = None) -> Json:
        timeout = self.wait_seconds if seconds is None else max(1, min(30, round(seconds + 0.5)))
        query = urllib.parse.urlencode({"version": game["version"], "timeout": timeout})
        answer: Json = self.call("GET", f"/games/{game['id']}/wait?{query}")
        return answer

    def take_turn(self, game: Json) -> Json:
        legal = self.call("GET", f"/games/{game['id']}/legal")
        if legal["version"] != game["version"] or not legal["my_turn"]:
            return self.read(game)  # the game moved on while we looked
        if legal["hold_seconds"] > 0:
            return self.wait(game, legal["hold_seconds"])
        action = self.composed(game, legal) or best_choice(legal)
        body = {"version": legal["version"], "action": action}
        answer: Json = self.call("POST", f"/games/{game['id']}/actions", body)
        return answer

    def read(self, game: Json) -> Json:
        answer: Json = self.call("GET", f"/games/{game['id']}")
        return answer

    def composed(self, game: Json, legal: Json) -> Json | None:
        """A meld built from the seat's own tiles, if the dry run accepts it (one check a turn)."""
        for info in legal["actions"]:
            if not info["composed"] or not info["legal_now"]:
                continue
            action = compose(info, game["view"])
            if action is None:
                continue
            body = {"version": legal["version"], "action": action}
            answer = self.call("POST", f"/games/{game['id']}/check", body)
            return action if answer["accepted"] else None
        return None


def _endpoint(path: str) -> str:
    """A path's endpoint for the counts: ``games/{id}/legal`` → legal, ``games/{id}`` → game."""
    parts = path.split("?")[0].strip("/").split("/")
    if len(parts) > 2:
        return parts[2]
    if len(parts) == 2 and parts[1] != "join":
        return parts[0][:-1]  # one game or room by its id
    return "/".join(parts)


def _header(headers: dict[str, str], name: str) -> str:
    """A header by name, whatever the case the transport kept it in."""
    return next((v for k, v in headers.items() if k.lower() == name.lower()), "")


# --- choosing: from the listing and the seat's own view -----------------------------------


def best_choice(legal: Json) -> Json:
    """The listed move of the most useful type; the timeout action when nothing else is listed."""
    listed = {a["type"]: told(a) for a in legal["actions"] if a["choices"] or a["slots"]}
    for kind in sorted(listed, key=lambda t: PREFERENCE.index(t) if t in PREFERENCE else 50):
        return pick(kind, listed[kind])
    return dict(legal["timeout_action"])


def told(info: Json) -> list[Json]:
    """A type's complete moves: its listed choices, else one move built from its ``slots``.

    A family (Rumasta's two discards) says: for each position of ``slots.field``,
    the values allowed there; ``distinct`` means no value twice. Any such list is
    accepted, so take the first free value at each position.
    """
    if info["choices"] or not info["slots"]:
        return list(info["choices"])
    family = info["slots"]
    values: list[Any] = []
    for options in family["options"]:
        free = [v for v in options if not (family["distinct"] and v in values)]
        if not free:
            return []
        values.append(free[0])
    return [{"type": info["type"], family["field"]: values}]


def pick(kind: str, choices: list[Json]) -> Json:
    """Among one type's choices: the middle cut, a doubla if held, otherwise the first."""
    if kind == "cut":
        return choices[len(choices) // 5]
    if kind in ("doubla", "swap"):
        return choices[-1]  # the last names a pair / a seat; the first declines
    return choices[0]


def compose(info: Json, view: Json) -> Json | None:
    """A composed move from the schema's field names: new sets of the seat's own tiles."""
    fields = info["schema"].get("properties", {})
    sets = find_sets(own_tiles(view))
    if not sets:
        return None
    if "table" in fields:  # the whole new table: what is there plus the new sets
        action: Json = {"type": info["type"], "table": table_ids(view) + sets}
    elif "melds" in fields:
        action = {"type": info["type"], "melds": sets}
    else:
        return None
    if "call" in fields and holding(view) - sum(map(len, sets)) == 1:
        action["call"] = True
    return action


def own_tiles(view: Json) -> list[Json]:
    """The seat's own tiles or cards, whatever the game calls them (rack, hand)."""
    return [t for key in ("rack", "hand") for t in view.get(key) or [] if isinstance(t, dict)]


def holding(view: Json) -> int:
    return len(own_tiles(view)) + len(view.get("pouch") or [])


def table_ids(view: Json) -> list[list[int]]:
    """The table as lists of ids: the view's ``table_ids`` or its sets' tiles."""
    if isinstance(view.get("table_ids"), list):
        return [list(s) for s in view["table_ids"]]
    return [[t["id"] for t in s["tiles"]] for s in view.get("table") or []]


def find_sets(tiles: list[Json]) -> list[list[int]]:
    """Runs (3+ in a row, one colour; tiles only), then groups of one number, no piece twice."""
    plain = [t for t in tiles if _plain(t)]
    sets = [] if any("suit" in t for t in plain) else runs(plain)
    used = {i for s in sets for i in s}
    return sets + groups([t for t in plain if t["id"] not in used])


def _plain(tile: Json) -> bool:
    """A numbered tile or natural card (no joker, joly, wild or action tile)."""
    special = tile.get("joker") or tile.get("joly") or tile.get("wild") or tile.get("action")
    number = tile.get("number", tile.get("rank"))
    return not special and isinstance(number, int) and bool(tile.get("colour"))


def runs(tiles: list[Json]) -> list[list[int]]:
    by_colour: dict[str, dict[int, int]] = defaultdict(dict)
    for t in tiles:
        by_colour[t["colour"]].setdefault(t["number"], t["id"])
    found: list[list[int]] = []
    for numbers in by_colour.values():
        found += [[numbers[n] for n in chain] for chain in _chains(sorted(numbers))]
    return found


def _chains(numbers: list[int]) -> Iterator[list[int]]:
    chain: list[int] = []
    for n in numbers:
        if chain and n != chain[-1] + 1:
            yield from [chain] if len(chain) >= 3 else []
            chain = []
        chain.append(n)
    yield from [chain] if len(chain) >= 3 else []


def groups(tiles: list[Json]) -> list[list[int]]:
    """Tiles: 3-4 colours of a number. Cards: 3+ naturals of a rank."""
    by_number: dict[int, dict[str, int]] = defaultdict(dict)
    for t in tiles:
        key = str(t["id"]) if "suit" in t else t["colour"]
        by_number[t.get("number", t.get("rank"))].setdefault(key, t["id"])
    return [list(c.values())[:7] for c in by_number.values() if len(c) >= 3]


# --- running it ---------------------------------------------------------------------------


def parse_options(pairs: list[str]) -> Json:
    options: Json = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    return options


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--room", help="a room's invite code: take its program seat")
    where.add_argument("--kind", help="start a game of this kind against computers")
    where.add_argument("--game", help="play this game (your program already sits in it)")
    where.add_argument(
        "--challenge",
        nargs="?",
        const=0,
        type=int,
        help="accept a friend's challenge (this id, else the newest waiting) and play it",
    )
    parser.add_argument("--name", default="Robo", help="your table name in a room")
    parser.add_argument("--option", action="append", default=[], help="name=value (--kind)")
    parser.add_argument("--wait", type=int, default=20, help="seconds per /wait, 1-30")
    args = parser.parse_args(argv)
    token = os.environ.get("RUMMY_TOKEN", "")
    if not token:
        print("Set RUMMY_TOKEN to a token from the site's API tokens page.", file=sys.stderr)
        return 2
    bot = Bot(http_transport(args.url, token), wait_seconds=args.wait)
    if args.room:
        game = bot.join_room(args.room, args.name)
    elif args.challenge is not None:
        game = bot.accept_challenge(args.challenge or None)
    elif args.kind:
        game = bot.start(args.kind, parse_options(args.option))
    else:
        game = bot.read({"id": args.game})
    game = bot.play(game)
    total = sum(bot.requests.values())
    print(f"{game['id']} {game['status']} winners={game['view'].get('winners')}")
    print(f"requests={total} refused={len(bot.refusals)} by endpoint={dict(bot.requests)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
