"""What each Rumbaroo action tile does when it is discarded (RULINGS.md: on discard).

Each effect takes the state (already a copy), the seat that played the tile
and the action dict with the tile's parameters; it validates those
parameters (raising ``IllegalAction``) and returns readable events. A tile
whose identity only some seats may know sits in the event's ``private``
sub-dict, which ``events_for`` shows only to the event's ``seat``.

Choices made for the players (documented on the How to play page):

* Mob: every seat other than the Mob's player passes its *least useful*
  tile (``least_useful``): a number tile before any action tile, Billabong
  or Wild; among numbers the one with the fewest partners in the same hand
  (a partner: the same number in another colour, or the same colour within
  two), then the highest number, then colour order R B G Y, then the lowest id.
  Among non-numbers: a coloured action, then a Billabong, then a Wild.
  Pouches are never touched; a seat with an empty hand passes nothing.
* Outback Swap: a tile drawn at random from each hand (never the pouch); if
  either hand is empty nothing changes.
* Dust Storm: in turn order from the player, each seat with a hand buries a
  random hand tile at the bottom of the pool and draws the top one (so with
  a short pool a buried tile may come straight back up to the next seat, and
  with an empty pool each seat draws back the tile it buried).
* Didgeridoo: each other seat holding the called number in its hand (Wilds
  and pouches don't count) plays one: the first table meld (table order) that
  one of those tiles (hand order) extends validly gets it; otherwise the
  first such tile goes under the discard pile. Seats without it draw 1
  (Party: 2). A seat emptied this way has gone out and wins the round.
* Dingo (RULINGS): the meld left behind must be one valid meld, so a steal
  from the middle of a run is refused even when both halves would be valid
  runs on their own (the Dingo never splits a meld); a Dingo with nothing
  on the table is a plain colour-match discard that steals nothing.
* Dingo and Pouch are optional: ``steal`` / ``stash`` may be left out; a Mob
  without ``give`` passes the player's least useful tile (as for a time-out).
* Party Boomerang answering a Croc Snap only reverses the play and sends the
  waiting tiles back; nothing flies back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..base import Action, Event, Message, derived_rng, gettext_noop, require
from ..melds import read, why_not
from .boxes import (
    ACTION_NAMES,
    BILLABONG,
    BOOMERANG,
    COLOURS,
    CROC,
    DIDGERIDOO,
    DINGO,
    DUST,
    HOP,
    MOB,
    POUCH,
    RULES,
    SWAP,
    TileFace,
)
from .scoring import end_round
from .state import State, draw_tiles, face_of, faces, holding, next_seat, sort_hand


def can_discard(state: State, tile: int) -> bool:
    """Colour or number; an action on its colour or the same action; Wild/Billabong anywhere."""
    face = face_of(state, tile)
    if face.wild or face.action == BILLABONG:
        return True
    top = face_of(state, state.pile[-1])
    if face.colour == state.colour:
        return True
    if face.number is not None and top.number == face.number:
        return True
    return face.action is not None and top.action == face.action


Faces = Sequence[TileFace] | Mapping[int, TileFace]  # a tile's face by its id


def least_useful(tiles: Sequence[int], all_faces: Faces) -> int:
    """The tile a hand gives up most easily (see the module docstring); deterministic.
    ``all_faces`` needs only the faces of ``tiles``: a bot passes what its view shows."""

    def partners(face: TileFace, tile: int) -> int:
        count = 0
        for other in tiles:
            o = all_faces[other]
            if other == tile or o.number is None or face.number is None:
                continue
            same_number = o.number == face.number and o.colour != face.colour
            near = o.colour == face.colour and 0 < abs(o.number - face.number) <= 2
            count += same_number or near
        return count

    def key(tile: int) -> tuple[int, int, int, int, int]:
        face = all_faces[tile]
        if face.number is not None:
            colour = COLOURS.index(face.colour or "")
            return (0, partners(face, tile), -face.number, colour, tile)
        rank = 3 if face.wild else 2 if face.action == BILLABONG else 1
        return (rank, 0, 0, 0, tile)

    return min(tiles, key=key)


def display(state: State, tiles: list[int]) -> list[int]:
    """A valid meld in reading order, so every page shows it the same way."""
    reading = read([face_of(state, t).meld_face() for t in tiles], RULES)
    assert reading is not None, "validated before"
    return [tiles[i] for i in reading.order]


def meld_problem(state: State, tiles: list[int]) -> Message | None:
    return why_not([face_of(state, t).meld_face() for t in tiles], RULES)


def placed_tile(state: State) -> None:
    """A tile reached the pile or the table: the blocked-round and lap-cap counts restart."""
    state.passes = 0
    state.idle_turns = 0


def _opponent(state: State, seat: int, target: Any, what: str) -> int:
    n = state.config.players
    ok = type(target) is int and 0 <= target < n and target != seat
    require(ok, "choose_opponent", gettext_noop("Pick an opponent for the %(what)s."), what=what)
    return target


def hop(state: State, seat: int, action: Action, pair: bool = False) -> list[Event]:
    victims = [next_seat(state, seat, k) for k in range(1, 3 if pair else 2)]
    for victim in victims:
        state.skips[victim] += 1
    return [{"type": "hop_pair" if pair else "hop", "seat": seat, "victims": victims}]


def boomerang(state: State, seat: int, action: Action) -> list[Event]:
    if state.config.players == 2:  # RULINGS: exactly a Hop, no reversal, nothing flies back
        victim = next_seat(state, seat)
        state.skips[victim] += 1
        return [{"type": "boomerang", "seat": seat, "reversed": False, "victims": [victim]}]
    state.direction = -state.direction
    events: list[Event] = [{"type": "boomerang", "seat": seat, "reversed": True}]
    if len(state.pile) < 2:
        return events
    under, owner = state.pile[-2], state.pile_by[-2]
    if owner is None or face_of(state, under).action == BOOMERANG:
        return events  # the starting tile (or one pushed under) and Boomerangs stay put
    del state.pile[-2]
    del state.pile_by[-2]
    state.hands[owner] = sort_hand(state, state.hands[owner] + [under])
    events.append({"type": "flies_back", "seat": owner, "tile": under})
    return events


def pouch(state: State, seat: int, action: Action) -> list[Event]:
    stash = action.get("stash")
    if stash is None:
        return [{"type": "pouch", "seat": seat, "stashed": False}]
    ok = type(stash) is int and stash in state.hands[seat]
    require(ok, "stash_tile", gettext_noop("Pick a tile from your hand to tuck into your pouch."))
    require(
        not state.pouches[seat],
        "pouch_full",
        gettext_noop("Your pouch already holds a tile (max 1)."),
    )
    blocked = state.config.party and state.stash_block not in (None, seat)
    require(
        not blocked,
        "stash_blocked",
        gettext_noop("You can't stash on the turn right after another stash."),
    )
    state.hands[seat].remove(stash)
    state.pouches[seat].append(stash)
    state.stashed = True
    return [{"type": "pouch", "seat": seat, "stashed": True, "private": {"tile": stash}}]


def dingo(state: State, seat: int, action: Action) -> list[Event]:
    steal = action.get("steal")
    if steal is None:
        return [{"type": "dingo", "seat": seat, "tile": None}]
    index = next((i for i, m in enumerate(state.table) if steal in m), None)
    require(
        index is not None,
        "steal_tile",
        gettext_noop("A Dingo can only steal a tile from a table meld."),
    )
    assert index is not None
    rest = [t for t in state.table[index] if t != steal]
    reason = meld_problem(state, rest)
    require(
        reason is None,
        "breaks_meld",
        gettext_noop("The meld left behind must stay valid: %(reason)s."),
        reason=reason,
    )
    state.table[index] = display(state, rest)
    state.hands[seat] = sort_hand(state, state.hands[seat] + [steal])
    return [{"type": "dingo", "seat": seat, "tile": steal, "meld": index}]


def billabong(state: State, seat: int, action: Action) -> list[Event]:
    return []  # the colour choice is part of every Wild/Billabong discard


def mob(state: State, seat: int, action: Action) -> list[Event]:
    n = state.config.players
    all_faces = faces(state)
    give = _given(state, seat, action.get("give"), all_faces) if state.hands[seat] else None
    passing: dict[int, int] = {}
    for s in range(n):
        if s == seat and give is not None:
            passing[s] = give
        elif state.hands[s]:
            passing[s] = least_useful(state.hands[s], all_faces)
    events: list[Event] = [{"type": "mob", "seat": seat}]
    for s, tile in passing.items():
        state.hands[s].remove(tile)
    for s, tile in passing.items():
        to = next_seat(state, s)
        state.hands[to] = sort_hand(state, state.hands[to] + [tile])
        events.append({"type": "mob_pass", "seat": s, "to": to, "private": {"tile": tile}})
        events.append({"type": "mob_receive", "seat": to, "from": s, "private": {"tile": tile}})
    return events


def _given(state: State, seat: int, chosen: Any, all_faces: Sequence[TileFace]) -> int:
    """The tile ``seat`` passes on in a Mob: the one it chose, or else its least useful."""
    give = least_useful(state.hands[seat], all_faces) if chosen is None else chosen
    ok = type(give) is int and give in state.hands[seat]
    require(ok, "give_tile", gettext_noop("Pick a tile from your hand to pass on."))
    return give


def _rng(state: State, what: str) -> random.Random:
    return derived_rng(state.seed, "round", state.round_no, "move", state.move_no, what)


def swap(state: State, seat: int, action: Action) -> list[Event]:
    target = _opponent(state, seat, action.get("target"), "Outback Swap")
    events: list[Event] = [{"type": "outback_swap", "seat": seat, "target": target}]
    if not state.hands[seat] or not state.hands[target]:
        return events
    rng = _rng(state, "swap")
    mine = rng.choice(state.hands[seat])
    theirs = rng.choice(state.hands[target])
    state.hands[seat].remove(mine)
    state.hands[target].remove(theirs)
    state.hands[seat] = sort_hand(state, state.hands[seat] + [theirs])
    state.hands[target] = sort_hand(state, state.hands[target] + [mine])
    events.append({"type": "swapped", "seat": seat, "private": {"gave": mine, "got": theirs}})
    events.append({"type": "swapped", "seat": target, "private": {"gave": theirs, "got": mine}})
    return events


def dust(state: State, seat: int, action: Action) -> list[Event]:
    rng = _rng(state, "dust")
    events: list[Event] = [{"type": "dust_storm", "seat": seat}]
    for k in range(state.config.players):
        s = next_seat(state, seat, k)
        if not state.hands[s]:
            continue
        buried = rng.choice(state.hands[s])
        state.hands[s].remove(buried)
        state.pool.insert(0, buried)
        got = draw_tiles(state, s, 1)
        events.append({"type": "dust_swap", "seat": s, "private": {"buried": buried, "got": got}})
    return events


def croc(state: State, seat: int, action: Action) -> list[Event]:
    cfg = state.config
    if not action.get("stampede"):
        state.croc = 3
        return [{"type": "croc_snap", "seat": seat, "count": 3}]
    require(
        cfg.party and cfg.big_red,
        "no_stampede",
        gettext_noop("Stampede is only for Big Red Party tables."),
    )
    require(
        not state.stampede_used[seat],
        "stampede_used",
        gettext_noop("You have stampeded this round."),
    )
    require(
        holding(state, seat) + 1 <= 3,
        "stampede_too_many",
        gettext_noop("You can stampede only while holding 3 or fewer tiles."),
    )
    state.stampede_used[seat] = True
    events: list[Event] = [{"type": "stampede", "seat": seat}]
    for k in range(1, cfg.players):
        s = next_seat(state, seat, k)
        got = draw_tiles(state, s, 2)
        events.append(
            {
                "type": "drew",
                "seat": s,
                "count": len(got),
                "reason": "stampede",
                "private": {"tiles": got},
            }
        )
    return events


def didgeridoo(state: State, seat: int, action: Action) -> list[Event]:
    number = action.get("number")
    ok = type(number) is int and 1 <= number <= 13
    require(ok, "call_number", gettext_noop("Call a number from 1 to 13 for the Didgeridoo."))
    cfg = state.config
    draws = 2 if cfg.party else 1
    events: list[Event] = [{"type": "didgeridoo", "seat": seat, "number": number}]
    for k in range(1, cfg.players):
        s = next_seat(state, seat, k)
        matches = [t for t in state.hands[s] if face_of(state, t).number == number]
        if not matches:
            got = draw_tiles(state, s, draws)
            events.append(
                {
                    "type": "drew",
                    "seat": s,
                    "count": len(got),
                    "reason": "didgeridoo",
                    "private": {"tiles": got},
                }
            )
            continue
        events.append(_didgeridoo_play(state, s, matches))
        placed_tile(state)
        if holding(state, s) == 0:
            return events + end_round(state, s, "out")
    return events


def _didgeridoo_play(state: State, s: int, matches: list[int]) -> Event:
    for index, meld in enumerate(state.table):
        for tile in matches:
            if meld_problem(state, meld + [tile]) is None:
                state.hands[s].remove(tile)
                state.table[index] = display(state, meld + [tile])
                return {"type": "didgeridoo_play", "seat": s, "tile": tile, "meld": index}
    tile = matches[0]
    state.hands[s].remove(tile)
    state.pile.insert(0, tile)
    state.pile_by.insert(0, None)
    return {"type": "didgeridoo_play", "seat": s, "tile": tile, "meld": None}


EFFECTS: dict[str, Callable[[State, int, Action], list[Event]]] = {
    HOP: hop,
    BOOMERANG: boomerang,
    POUCH: pouch,
    DINGO: dingo,
    BILLABONG: billabong,
    MOB: mob,
    SWAP: swap,
    DUST: dust,
    CROC: croc,
    DIDGERIDOO: didgeridoo,
}
assert set(EFFECTS) == set(ACTION_NAMES)
