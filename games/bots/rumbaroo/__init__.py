"""Computer players for Rumbaroo: pure Python, they see only ``view(state, seat)``.

``choose_action(view, level)`` answers whenever the seat is in ``view["to_act"]``
(None otherwise). Levels (the site's computers are named after the
difficulties; the generic names map onto them):

* ``joey`` / ``easy``: lays plain melds from its hand, discards the first
  tile that fits (numbers first), snaps back a Croc Snap when it can.
* ``wallaby`` / ``medium``: also lays off onto table melds and uses a Wild
  to complete a meld, keeps Wilds for melds (drawn Wilds are kept), plays
  action tiles with purpose (Hop or Boomerang on a nearly-out opponent; at two
  players a Hop first, since the opponent missing a turn means we play again),
  picks the colour it holds most, steals Wilds with a Dingo, and spends a free
  action on a skip when the turn it buys takes it out (else two tiles drawn).
* ``big_red`` / ``expert``: also swaps Wilds off the table, stashes a Wild
  in its pouch, stampedes and plays Hop Pairs at Party tables, aims free
  actions and Outback Swaps at the opponent nearest to going out, and calls
  a Didgeridoo number it has seen most of (so others are likelier to lack it).
  It plays beyond the turn (``_play_ahead``): one meld a turn, each earning
  its own free action; in the Joey box (where nothing can break a held meld)
  a discard first, melds kept for turns with no discard; everything at once
  when an opponent is down to ``CLOSE_TILES``; action tiles shed before
  numbers (they meld nowhere and cost 30 in its box); and among number
  discards the one it can follow and the unseen tiles rarely match, counted
  from every tile it has seen (``Seat.unseen``). Before its rules it looks for
  a way out this turn with the review's own search (``tempo``): a line of
  Hops, a meld and a last discard that empties the hand is played at once.

How much each level gains over the one below is measured by ``manage.py
benchmark --game rumbaroo --rumbaroo-level-games 600`` (seeded 2-player games,
seats alternated, 95% intervals).

Every level presses Rumbaroo! exactly when its move leaves it one tile.

Budget: Joey and Wallaby do not search; Big Red's going-out look is bounded by
``tempo.OUT_STEPS`` search steps and run only on hands of ``tempo.OUT_TILES``
or fewer. No level uses a clock: each move is a fixed rule-based choice over
the hand, the pouch and the table (and that step-bounded search), so it is the
same on a busy machine as on an idle one. Nothing is random. Deterministic: the
same view always gets the same answer.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from games.engine.melds import why_not
from games.engine.rumbaroo import RumbarooSeatView, RumbarooView, is_seated
from games.engine.rumbaroo.actions import least_useful
from games.engine.rumbaroo.boxes import COLOURS, RULES, TileFace, box

parse = cache(TileFace.parse)

# Big Red lays everything it can at once when an opponent holds this few tiles.
CLOSE_TILES = 4
# How much Big Red prefers discarding an action tile to a number tile.
ACTION_FIRST = 50
# How much a discard the unseen tiles match often counts against it (Big Red).
RARITY = 40

LEVELS = {"joey": 0, "easy": 0, "wallaby": 1, "medium": 1, "big_red": 2, "expert": 2}


class Seat:
    """The view, parsed: faces by id, what this seat holds, who is near going out."""

    def __init__(self, view: RumbarooSeatView, skill: int) -> None:
        self.view = view
        self.skill = skill
        self.seat: int = view["seat"]
        self.n: int = view["players"]
        self.faces: dict[int, TileFace] = {}
        for tile in (view["hand"] or []) + (view["pouch"] or []) + view["pile"]:
            self.faces[tile["id"]] = parse(tile["face"])
        for meld in view["table"]:
            for tile in meld["tiles"]:
                self.faces[tile["id"]] = parse(tile["face"])
        self.hand = [t["id"] for t in view["hand"] or []]
        self.pouch = [t["id"] for t in view["pouch"] or []]
        self.mine = self.hand + self.pouch
        self.table = [list(m) for m in view["table_ids"]]
        self.top = parse(view["top"]["face"])
        self._unseen: Counter[TileFace] | None = None

    def unseen(self) -> Counter[TileFace]:
        """Faces of the box not in this seat's hand or pouch, the pile or the table:
        what the opponents and the pool hold between them."""
        if self._unseen is None:
            seen = Counter(self.faces.values())
            every = Counter(box(self.view["difficulty"], self.view["party"]))
            self._unseen = every - seen
        return self._unseen

    def face(self, tile: int) -> TileFace:
        return self.faces[tile]

    def fits(self, tile: int) -> bool:
        face = self.face(tile)
        if face.wild or face.action == "BILLABONG":
            return True
        if face.colour == self.view["colour"]:
            return True
        if face.number is not None and self.top.number == face.number:
            return True
        return face.action is not None and self.top.action == face.action

    def next_seat(self, steps: int = 1) -> int:
        return (self.seat + steps * self.view["direction"]) % self.n

    def opponents_by_danger(self) -> list[int]:
        """Opponents nearest to going out first (then seat order after us)."""
        others = [self.next_seat(k) for k in range(1, self.n)]
        return sorted(others, key=lambda s: (self.view["holding"][s], others.index(s)))

    def problem(self, tiles: list[int]) -> str | None:
        return why_not([self.face(t).meld_face() for t in tiles], RULES)


def choose_action(view: RumbarooView, level: str) -> dict[str, Any] | None:
    if not is_seated(view) or view["seat"] not in view["to_act"]:
        return None
    phase = view["phase"]
    if phase == "round_over":
        return {"type": "next_round"}
    me = Seat(view, LEVELS.get(level, 1))
    if phase == "croc":
        return _answer_croc(me)
    if phase == "drawn":
        return _after_draw(me)
    if phase == "play":
        return _play(me)
    return None


# --- a normal turn -------------------------------------------------------------


def _play(me: Seat) -> dict[str, Any]:
    plan = _plan_melds(me)
    choice = _best_discard(me, [t for t in me.mine if me.fits(t)])
    if me.skill >= 2:
        return _play_ahead(me, plan, choice)
    if plan is not None and (plan["count"] >= 2 or choice is None):
        return plan["action"]
    if choice is not None:
        return _discard_action(me, choice)
    if plan is not None:
        return plan["action"]
    return {"type": "draw"}


def _play_ahead(me: Seat, plan: dict[str, Any] | None, choice: int | None) -> dict[str, Any]:
    """Big Red: out when it can; else one meld a turn, each earning its own free
    action (three sets laid on three turns make the opponent draw six, one big
    turn only two); a discard when no meld is ready; everything at once when
    the opponent is about to go out (a tile held then costs points)."""
    if plan is not None and plan["left"] == 0:
        return plan["action"]
    out = tempo.out_move(me)
    if out is not None:
        return out
    if plan is not None and _opponent_close(me):
        return plan["action"]
    if choice is not None and len(me.mine) == 1:
        return _discard_action(me, choice)
    meld = _one_meld(me)
    if choice is not None and me.view["difficulty"] == "joey" and not _opponent_close(me):
        return _discard_action(me, choice)  # melds wait: nothing in this box can break them
    if meld is not None and not plan_has_swaps(plan):
        return _single_meld(me, meld)
    if choice is not None:
        return _discard_action(me, choice)
    if plan is not None:
        return plan["action"]
    return {"type": "draw"}


def plan_has_swaps(plan: dict[str, Any] | None) -> bool:
    return plan is not None and bool(plan["action"].get("swaps"))


def _opponent_close(me: Seat) -> bool:
    return me.view["holding"][me.opponents_by_danger()[0]] <= CLOSE_TILES


def _one_meld(me: Seat) -> list[int] | None:
    """The hand's most valuable meld of three or more number tiles, or None."""
    numbers = [t for t in me.mine if me.face(t).number is not None]
    melds = _plain_melds(me, numbers)
    if not melds:
        return None
    return max(melds, key=lambda m: (sum(me.face(t).number or 0 for t in m), -min(m)))


def _single_meld(me: Seat, meld: list[int]) -> dict[str, Any]:
    left = len(me.mine) - len(meld)
    action: dict[str, Any] = {"type": "meld", "table": [*me.table, meld]}
    action["free"] = _free_choice(me, [t for t in me.mine if t not in meld])
    return _with_call(me, action, left)


def _free_choice(me: Seat, left: list[int]) -> dict[str, Any]:
    """Joey: the next player draws two. Wallaby and up, at two players: a skip when
    the turn it buys takes us out (one tile left that fits the pile, or one meld),
    else two tiles drawn. Big Red aims at the opponent nearest to going out."""
    target = me.opponents_by_danger()[0] if me.skill >= 2 else me.next_seat()
    if me.view["pool_count"] < 2 or (me.skill >= 1 and me.n == 2 and _finishes(me, left)):
        return {"target": target, "kind": "skip"}
    return {"target": target, "kind": "draw"}


def _finishes(me: Seat, left: list[int]) -> bool:
    """Could one more turn play every tile in ``left``? (the pile's top stays as it is)"""
    if len(left) == 1:
        return me.fits(left[0])
    return len(left) >= 3 and all(me.face(t).action is None for t in left) and not me.problem(left)


def _after_draw(me: Seat) -> dict[str, Any]:
    tile = me.view["drawn"]
    assert tile is not None, "the drawn phase names the tile drawn"
    face = me.face(tile)
    if face.wild and me.skill >= 1 and len(me.mine) > 2:
        return {"type": "pass"}  # hold the Wild for a meld
    return _discard_action(me, tile, allow_pair=False)


def _answer_croc(me: Seat) -> dict[str, Any]:
    crocs = [t for t in me.mine if me.face(t).action == "CROC"]
    if crocs:
        return _with_call(me, {"type": "snap", "tile": crocs[0]}, len(me.mine) - 1)
    if me.view["party"]:
        boomerangs = [t for t in me.mine if me.face(t).action == "BOOMERANG"]
        if boomerangs:
            return _with_call(me, {"type": "snap", "tile": boomerangs[0]}, len(me.mine) - 1)
        plan = _plan_melds(me, answering=True)
        if plan is not None and plan["count"] >= 3:
            return plan["action"]
    return {"type": "take"}


# --- discards ------------------------------------------------------------------


def _best_discard(me: Seat, playable: list[int]) -> int | None:
    if not playable:
        return None
    wilds_ok = me.skill == 0 or len(me.mine) <= 2
    keep = [t for t in playable if wilds_ok or not me.face(t).wild]
    if not keep:
        return None  # hold the Wild for a meld: draw instead
    if me.skill == 0:
        return min(keep, key=lambda t: (_kind_rank(me.face(t)), t))
    return max(keep, key=lambda t: _discard_score(me, t))


def _kind_rank(face: TileFace) -> int:
    return 0 if face.number is not None else 2 if face.wild else 1


def _discard_score(me: Seat, tile: int) -> tuple[int, int]:
    face = me.face(tile)
    nxt = me.next_seat()
    danger = me.view["holding"][nxt] <= 3
    if face.number is not None:
        partners = sum(
            1
            for o in me.mine
            if o != tile
            and me.face(o).number is not None
            and (
                (me.face(o).number == face.number and me.face(o).colour != face.colour)
                or (
                    me.face(o).colour == face.colour
                    and abs((me.face(o).number or 0) - face.number) <= 2
                )
            )
        )
        if me.skill >= 2:
            return (40 - 10 * partners, _pile_hold(me, tile))
        same_colour = sum(1 for o in me.mine if me.face(o).colour == face.colour)
        return (40 - 10 * partners, face.number + same_colour)
    if face.wild:
        return (-100, 0)
    if me.skill >= 1 and me.n == 2 and face.action in ("HOP", "BOOMERANG"):
        return (85, 0)  # two players: the opponent misses a turn, so we play again at once
    scores = {
        "CROC": 90,
        "HOP": 80 if danger else 30,
        "BOOMERANG": 75 if danger else 25,
        "DIDGERIDOO": 60,
        "DUST": 20,
        "SWAP": 35,
        "MOB": 45,
        "DINGO": 70 if _dingo_steal(me) is not None else 20,
        "POUCH": 50 if _stash_choice(me, tile) is not None else 15,
        "BILLABONG": -50,
    }
    # Big Red: an action tile melds nowhere and costs 30 left in hand: shed it first.
    bonus = ACTION_FIRST if me.skill >= 2 and face.action != "BILLABONG" else 0
    return (scores.get(face.action or "", 0) + bonus, 0)


def _pile_hold(me: Seat, tile: int) -> int:
    """Big Red's tie-break between number discards: after it, the opponent must match
    it and, if it cannot, we must. Prefer tiles we can follow (our other tiles of its
    colour or number), that the unseen tiles rarely match (counted from everything
    this seat has seen: its hand, the pile, the table), and that are worth most."""
    face = me.face(tile)
    follow = sum(
        1
        for o in me.mine
        if o != tile and (me.face(o).colour == face.colour or me.face(o).number == face.number)
    )
    unseen = me.unseen()
    total = max(1, sum(unseen.values()))
    matching = sum(
        n for f, n in unseen.items() if f.colour == face.colour or f.number == face.number
    )
    return 10 * follow + (face.number or 0) - (RARITY * matching) // total


def _discard_action(me: Seat, tile: int, allow_pair: bool = True) -> dict[str, Any]:
    face = me.face(tile)
    action: dict[str, Any] = {"type": "discard", "tile": tile}
    left = len(me.mine) - 1
    if face.wild or face.action == "BILLABONG":
        action["colour"] = _best_colour(me, {tile})
    act = face.action
    if act == "HOP" and allow_pair and me.view["party"] and me.skill >= 2:
        pair = [t for t in me.mine if t != tile and me.face(t).action == "HOP"]
        if pair:
            action["pair"] = pair[0]
            left -= 1
    elif act == "BOOMERANG" and me.n > 2:
        if me.view["top_by"] == me.seat and me.top.action != "BOOMERANG":
            left += 1  # our own tile flies back to us
    elif act == "POUCH":
        stash = _stash_choice(me, tile)
        if stash is not None:
            action["stash"] = stash
    elif act == "DINGO":
        steal = _dingo_steal(me)
        if steal is not None:
            action["steal"] = steal
            left += 1
    elif act == "MOB":
        hand = [t for t in me.hand if t != tile]
        if hand:
            action["give"] = least_useful(hand, me.faces)
            left -= 1
        prev = (me.seat - me.view["direction"]) % me.n
        left += 1 if me.view["hand_counts"][prev] > 0 else 0
    elif act == "SWAP":
        action["target"] = me.opponents_by_danger()[0]
    elif act == "DIDGERIDOO":
        action["number"] = _didgeridoo_number(me)
    elif act == "CROC" and _may_stampede(me):
        action["stampede"] = True
    return _with_call(me, action, left)


def _with_call(me: Seat, action: dict[str, Any], left: int) -> dict[str, Any]:
    if left == 1:
        action["call"] = True
    return action


def _best_colour(me: Seat, without: set[int]) -> str:
    counts = Counter(me.face(t).colour for t in me.mine if t not in without)
    return max(COLOURS, key=lambda c: (counts.get(c, 0), -COLOURS.index(c)))


def _stash_choice(me: Seat, played: int) -> int | None:
    if me.pouch:
        return None
    block = me.view["stash_block"]
    if me.view["party"] and block is not None and block != me.seat:
        return None
    hand = [t for t in me.hand if t != played]
    wilds = [t for t in hand if me.face(t).wild]
    if wilds:
        return wilds[0]
    if me.skill >= 2:
        keepers = [t for t in hand if me.face(t).action in ("CROC", "BILLABONG", "HOP")]
        if keepers:
            return keepers[0]
    return None


def _dingo_steal(me: Seat) -> int | None:
    if me.skill < 1:
        return None
    for meld in me.table:
        for tile in meld:
            if me.face(tile).wild and me.problem([t for t in meld if t != tile]) is None:
                return tile
    return None


def _didgeridoo_number(me: Seat) -> int:
    seen = Counter(me.face(t).number for t in me.faces if me.face(t).number is not None)
    held = {me.face(t).number for t in me.mine}
    if me.skill < 2:
        return max(range(1, 14), key=lambda n: (n not in held, n))
    return max(range(1, 14), key=lambda n: (n not in held, seen.get(n, 0), n))


def _may_stampede(me: Seat) -> bool:
    v = me.view
    return (
        me.skill >= 2
        and v["party"]
        and v["difficulty"] == "big_red"
        and not v["stampede_used"][me.seat]
        and len(me.mine) <= 3
    )


# --- melds ---------------------------------------------------------------------


def _plan_melds(me: Seat, answering: bool = False) -> dict[str, Any] | None:
    """New melds from the hand (and pouch), then lay-offs, then Wild swaps by level."""
    table = [list(m) for m in me.table]
    free = [t for t in me.mine if me.face(t).action is None]
    swaps: list[list[int]] = []
    if me.skill >= 2 and len(me.mine) > 2:
        swaps = _swaps(me, table, free)
    wilds = [t for t in free if me.face(t).wild]
    numbers = [t for t in free if me.face(t).number is not None]
    new = _plain_melds(me, numbers)
    used = {t for m in new for t in m}
    numbers = [t for t in numbers if t not in used]
    if me.skill >= 1 and wilds:
        for meld in _wild_melds(me, numbers, wilds):
            new.append(meld)
            numbers = [t for t in numbers if t not in meld]
            wilds = [t for t in wilds if t not in meld]
    table += new
    if me.skill >= 1:
        numbers = _lay_off(me, table, numbers)
    final_tiles = {t for m in table for t in m}
    if any(me.problem(m) is not None for m in table):
        return None
    swapped = [w for _, w in swaps]
    count = len([t for t in final_tiles if t in me.mine])  # swap tiles included, Wilds not
    if count == 0 or (answering and count < 3):
        return None
    given = {tile for tile, _ in swaps}  # each swap's tile goes to the table for a Wild
    left = len([t for t in me.mine if t not in final_tiles and t not in given])
    left += len([w for w in swapped if w not in final_tiles])
    action: dict[str, Any] = {"type": "meld", "table": table}
    if swaps:
        action["swaps"] = swaps
    if count >= 3 and not answering:
        rest = [t for t in me.mine if t not in final_tiles and t not in given]
        action["free"] = _free_choice(me, rest + [w for w in swapped if w not in final_tiles])
    return {"action": _with_call(me, action, left), "count": count, "left": left}


def _swaps(me: Seat, table: list[list[int]], free: list[int]) -> list[list[int]]:
    swaps: list[list[int]] = []
    for index, meld in enumerate(table):
        for wild in [t for t in meld if me.face(t).wild]:
            for tile in free:
                if me.face(tile).number is None or any(tile == s[0] for s in swaps):
                    continue
                candidate = [tile if t == wild else t for t in meld]
                if me.problem(candidate) is None:
                    table[index] = meld = candidate
                    swaps.append([tile, wild])
                    free.remove(tile)
                    free.append(wild)
                    break
    return swaps


def _plain_melds(me: Seat, numbers: list[int]) -> list[list[int]]:
    """Greedy: the longest run or group first, until no meld of 3+ is left."""
    left = list(numbers)
    melds: list[list[int]] = []
    while True:
        best = _longest(me, left)
        if best is None:
            return melds
        melds.append(best)
        left = [t for t in left if t not in best]


def _longest(me: Seat, tiles: list[int]) -> list[int] | None:
    best: list[int] | None = None
    by_number: dict[int, dict[str, int]] = {}
    by_colour: dict[str, dict[int, int]] = {}
    for t in sorted(tiles):
        f = me.face(t)
        assert f.number is not None and f.colour is not None
        by_number.setdefault(f.number, {}).setdefault(f.colour, t)
        by_colour.setdefault(f.colour, {}).setdefault(f.number, t)
    for colours in by_number.values():
        if len(colours) >= 3 and (best is None or len(colours) > len(best)):
            best = list(colours.values())
    for numbers in by_colour.values():
        run: list[int] = []
        for n in range(1, 15):
            if n in numbers:
                run.append(numbers[n])
                continue
            if len(run) >= 3 and (best is None or len(run) > len(best)):
                best = run
            run = []
    return best


def _wild_melds(me: Seat, numbers: list[int], wilds: list[int]) -> list[list[int]]:
    """Two tiles that a Wild completes: a pair for a group, or a run with a gap."""
    melds: list[list[int]] = []
    left = list(numbers)
    wilds = list(wilds)
    while wilds:
        found = None
        for i, a in enumerate(left):
            for b in left[i + 1 :]:
                if me.problem([a, b, wilds[0]]) is None:
                    found = [a, b, wilds[0]]
                    break
            if found:
                break
        if found is None:
            return melds
        melds.append(found)
        left = [t for t in left if t not in found]
        wilds.pop(0)
    return melds


def _may_join(me: Seat, meld: list[int], tile: int) -> bool:
    """A cheap first look before the full check: same colour as a run, number as a group."""
    face = me.face(tile)
    reals = [me.face(t) for t in meld if not me.face(t).wild]
    if all(r.number == face.number for r in reals):
        return True
    return all(r.colour == face.colour for r in reals)


def _lay_off(me: Seat, table: list[list[int]], numbers: list[int]) -> list[int]:
    left = list(numbers)
    changed = True
    while changed:
        changed = False
        for tile in list(left):
            for index, meld in enumerate(table):
                if _may_join(me, meld, tile) and me.problem(meld + [tile]) is None:
                    table[index] = meld + [tile]
                    left.remove(tile)
                    changed = True
                    break
    return left


# Last: Big Red's going-out look (``tempo``) uses the review's search (``best``), which
# builds on this module's ``Seat`` and ``_plan_melds``; imported once they exist.
from . import tempo  # noqa: E402
