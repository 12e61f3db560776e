"""An exhaustive Rumbaroo line search written apart from the bots, to check the review's.

It shares no code with games/bots/rumbaroo: the engine itself is the judge. From
a crafted state it tries every move the seat can make (every legal discard the
engine lists, and every meld: each subset of the seat's number tiles and Wilds
added to the table, kept when the table tiles plus the subset split into valid
melds, checked by the engine's meld rules), applies it with ``rumbaroo.apply``
and goes on while the seat still has the turn (two players: a Hop, a Boomerang
or a free action that skips the opponent). Draws are left out (the pool is
hidden): a line ends when an opponent is to act or the round is over. The
answer is the fewest tiles held at a line's end, then the fewest points.

Small positions only (a handful of tiles): it is exponential, which is the point.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from games.engine import rumbaroo as rb
from games.engine.base import IllegalAction
from games.engine.melds import Face, why_not
from games.engine.rumbaroo.boxes import RULES
from games.engine.rumbaroo.legal import legal_actions
from games.engine.rumbaroo.state import hand_value
from tests.engine.rumbaroo.rb_helpers import build

Outcome = tuple[int, int]  # tiles held, their points


def exact_best(state: rb.State, seat: int) -> Outcome:
    """The fewest tiles (then points) the seat can hold when its run of turns ends."""
    best: Outcome | None = None
    memo: dict[tuple[Any, ...], Outcome] = {}
    for after in _moves(state, seat):
        outcome = _end_of(after, seat, memo)
        if best is None or outcome < best:
            best = outcome
    drawing = (rb.holding(state, seat) + (1 if state.pool else 0), hand_value(state, seat))
    return drawing if best is None else min(best, drawing)


def _end_of(state: rb.State, seat: int, memo: dict[tuple[Any, ...], Outcome]) -> Outcome:
    here = (rb.holding(state, seat), hand_value(state, seat))
    if state.phase != "play" or state.turn != seat:
        return here
    key = _key(state, seat)
    if key not in memo:
        best = here
        for after in _moves(state, seat):
            best = min(best, _end_of(after, seat, memo))
        memo[key] = best
    return memo[key]


def _key(state: rb.State, seat: int) -> tuple[Any, ...]:
    """A position by faces: identical tiles, and hand against pouch, play alike here."""

    def faces(tiles: list[int]) -> tuple[str, ...]:
        return tuple(sorted(rb.face_of(state, t).text for t in tiles))

    table = tuple(sorted(faces(m) for m in state.table))
    own = faces(state.hands[seat] + state.pouches[seat])
    top = rb.face_of(state, state.pile[-1]).text
    return own, table, top, state.colour, tuple(state.skips), bool(state.pouches[seat])


def _moves(state: rb.State, seat: int) -> Iterator[rb.State]:
    """The state after each move the seat can make now (no draw), the call made when owed."""
    listing = legal_actions(state, seat)
    for action in listing.get("discard", {}).get("choices", []) if listing else []:
        yield _applied(state, seat, dict(action))
    for table in _meld_tables(state, seat):
        for kind in ("skip", "draw"):
            opponent = (seat + 1) % state.config.players
            action = {"type": "meld", "table": table, "free": {"target": opponent, "kind": kind}}
            try:
                yield _applied(state, seat, action)
            except IllegalAction:
                continue


def _applied(state: rb.State, seat: int, action: dict[str, Any]) -> rb.State:
    after, events = rb.apply(state, seat, action)
    if any(e.get("type") == "penalty" and e.get("reason") == "no_call" for e in events):
        after, _events = rb.apply(state, seat, {**action, "call": True})
    return after


def _meld_tables(state: rb.State, seat: int) -> Iterator[list[list[int]]]:
    """Every table the seat could leave: the old tiles and a subset of its own, in melds."""
    own = [
        t for t in state.hands[seat] + state.pouches[seat] if rb.face_of(state, t).action is None
    ]
    old = [t for m in state.table for t in m]
    seen: set[tuple[str, ...]] = set()
    for size in range(1, len(own) + 1):
        for subset in combinations(own, size):
            key = tuple(sorted(rb.face_of(state, t).text for t in subset))
            if key in seen:
                continue
            seen.add(key)
            tiles = old + list(subset)
            texts = [rb.face_of(state, t).text for t in tiles]
            order = sorted(range(len(tiles)), key=lambda i: (texts[i] == "J", texts[i]))
            split = _split(tuple(texts[i] for i in order))
            if split is not None:
                yield [[tiles[order[i]] for i in meld] for meld in split]


_SPLITS: dict[tuple[str, ...], list[list[int]] | None] = {}


def _split(texts: tuple[str, ...]) -> list[list[int]] | None:
    """One way to split faces (sorted, Wilds last) into valid melds, as index lists; None
    if there is none. Plain backtracking on the first face, remembered by faces."""
    if texts not in _SPLITS:
        _SPLITS[texts] = _split_from(texts, list(range(len(texts))))
    return _SPLITS[texts]


def _split_from(texts: tuple[str, ...], left: list[int]) -> list[list[int]] | None:
    if not left:
        return []
    first, rest = left[0], left[1:]
    if texts[first] == "J":
        return None  # only Wilds left: a meld needs a real tile
    face = Face.parse(texts[first])
    wild = [i for i in rest if texts[i] == "J"]
    same_number = [
        i for i in rest if texts[i] != "J" and Face.parse(texts[i]).number == face.number
    ]
    same_colour = [
        i for i in rest if texts[i] != "J" and Face.parse(texts[i]).colour == face.colour
    ]
    tried: set[tuple[int, ...]] = set()
    # A meld is a group (one number, up to four tiles) or a run (one colour): try both.
    for pool, most in ((same_number + wild, 3), (same_colour + wild, 12)):
        for size in range(2, min(most, len(pool)) + 1):
            for others in combinations(pool, size):
                if others in tried:
                    continue
                tried.add(others)
                meld = [first, *others]
                if why_not([Face.parse(texts[i]) for i in meld], RULES) is not None:
                    continue
                split = _split_from(texts, [i for i in rest if i not in others])
                if split is not None:
                    return [meld, *split]
    return None


# --- seeded small positions ------------------------------------------------------------

NUMBERS = [f"{c}{n}" for c in "RBGY" for n in range(1, 14)]
ACTIONS = ["R-HOP", "B-HOP", "G-HOP", "Y-HOP", "R-BOOMERANG", "B-BOOMERANG", "G-POUCH", "Y-POUCH"]


def position(seed: int) -> rb.State:
    """A small Joey position, seat 0 to play: a table of up to two melds, a hand of two to
    seven tiles that often extend them, and now and then an action tile or a Wild."""
    rng = random.Random(seed)
    while True:
        try:
            return _position(rng)
        except ValueError:
            continue  # a face ran out in the box: draw another position


def _position(rng: random.Random) -> rb.State:
    table = [_meld(rng) for _ in range(rng.choice((0, 1, 1, 2)))]
    hand: list[str] = []
    for meld in table:
        hand += rng.sample(_neighbours(meld), k=rng.choice((0, 1, 2)))
    pile = rng.choice(NUMBERS)
    if rng.random() < 0.3:  # often a hand close to going out: a meld, a Hop, a tile that fits
        hand += _close_to_out(rng, pile)
    size = rng.randint(2, 7)
    while len(hand) < size:
        roll = rng.random()
        if roll < 0.18:
            hand.append(rng.choice(ACTIONS))
        elif roll < 0.25:
            hand.append("J")
        else:
            colour = rng.choice("RBGY")
            hand.append(f"{colour}{rng.randint(1, 13)}")
    players = 3 if rng.random() < 0.25 else 2
    others = [" ".join(rng.sample(NUMBERS, 5)) for _ in range(players - 1)]
    pile_by = [rng.choice((None, 0, 1))] if players > 2 else None
    return build(
        [" ".join(hand), *others],
        pile=pile,
        table=[" ".join(m) for m in table],
        players=players,
        pile_by=pile_by,
        seed=rng.randint(1, 10**6),
    )


def _close_to_out(rng: random.Random, pile: str) -> list[str]:
    """A run of three of some colour, maybe a Hop of the pile's colour, and a tile that fits."""
    colour, start = rng.choice("RBGY"), rng.randint(1, 11)
    tiles = [f"{colour}{n}" for n in range(start, start + 3)]
    if rng.random() < 0.5:
        tiles.append(f"{pile[0]}-HOP")
    tiles.append(f"{pile[0]}{rng.randint(1, 13)}")
    return tiles


def _meld(rng: random.Random) -> list[str]:
    if rng.random() < 0.5:
        colour, length = rng.choice("RBGY"), rng.randint(3, 5)
        start = rng.randint(1, 14 - length)
        meld = [f"{colour}{n}" for n in range(start, start + length)]
    else:
        number = rng.randint(1, 13)
        meld = [f"{c}{number}" for c in rng.sample("RBGY", rng.choice((3, 3, 4)))]
    if rng.random() < 0.15:
        meld[rng.randrange(len(meld))] = "J"
    return meld


def _neighbours(meld: list[str]) -> list[str]:
    """Number tiles that could join ``meld`` or its neighbours (not always)."""
    reals = [m for m in meld if m != "J"]
    colour, number = reals[0][0], int(reals[0][1:])
    out = {f"{c}{number}" for c in "RBGY"} | {
        f"{colour}{n}" for n in range(max(1, number - 2), min(13, number + 5) + 1)
    }
    return sorted(out)


def play_line(state: rb.State, seat: int, moves: list[dict[str, Any]]) -> rb.State:
    """Play a review's line through the engine; each move but the last must keep the turn."""
    opponent = (seat + 1) % state.config.players
    for i, move in enumerate(moves):
        if move["type"] == "meld":
            action: dict[str, Any] = {"type": "meld", "table": move["table"]}
            action["free"] = {"target": opponent, "kind": move.get("free") or "draw"}
        elif move["type"] == "discard":
            action = {"type": "discard", "tile": move["tile"]}
            if "colour" in move:
                action["colour"] = move["colour"]
        else:
            action = {"type": "draw"}
        action["call"] = bool(move.get("call"))
        state, _events = rb.apply(state, seat, action)
        if i + 1 < len(moves):
            assert state.turn == seat and state.phase == "play", (moves, i)
    return state
