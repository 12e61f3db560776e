"""The most a Romanian seat can lay this turn, from its own view alone: a pure function.

``best_play(position, steps)`` is what a hint shows and what a post-game review
compares each turn with: the play laying the most tiles from the rack, then
the most points, then the fewest jolys. Points are the opening's counting:
each tile as it reads where it lies (2-9 five, 10-13 ten, a 1 five low, ten
high, 25 in a group), a joly as the tile it stands for. One tile always stays
back for the discard that ends the turn. It decides nothing about keeping
tiles for later; that is the computer players' business.

* Before opening: the opening with the most tiles among those worth the
  threshold with a run, by the bots' own exact search
  (``opening.search_opening``). Laying more on the turn one opens (other
  combinations, tiles on one's own new melds) only makes a larger opening, so
  that search covers the whole turn.
* After opening: new combinations, tiles added to melds (anyone's; only one's
  own on the turn one opened) and jolys replaced, each freed joly then laid
  in a new combination. A depth-first search over those choices
  (``additions.meld_options`` for each meld, ``opening.opening_candidates``
  for new combinations), pruned by the most tiles and points still layable.
* A discard taken from the row that must be laid at once (an older one, or
  the last one to open with under the house option) must lie in a new
  combination with two tiles of the rack as it was before the take.

Bounded by ``Steps``: a number of search nodes decides the answer, so it is
the same on a busy machine; a CPU-time cap is only a safety net, and
``exact`` says the search finished (nothing lays more).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from games.engine.romanian.melding import in_order
from games.engine.romanian.tiles import face_of

from .additions import face_points, meld_options
from .opening import face_bound, opening_candidates, opening_melds, search_opening
from .search import JOLY, Packing

FREED = "F"  # a joly freed from the table this turn: it must go into a new combination
CPU_EVERY = 256  # steps between reads of the CPU clock (the safety net)
TableMeld = tuple[int, int, tuple[int, ...]]  # owner, index, tile ids
Key = tuple[int, int, int]


@dataclass
class Steps:
    """The amount of search that decides an answer: ``limit`` search nodes.

    ``cpu_cap`` (seconds of this thread's CPU time, which stands still while other
    processes run) is only a safety net far above the usual cost; ``timed_out``
    says it stopped a search, whose answer then depends on the machine."""

    limit: int
    cpu_cap: float | None = None
    used: int = 0
    timed_out: bool = False
    deadline: float | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        if self.cpu_cap is not None:
            self.deadline = time.thread_time() + self.cpu_cap

    @property
    def left(self) -> int:
        return max(self.limit - self.used, 0) if not self.timed_out else 0

    def spend(self, count: int = 1) -> bool:
        """Count ``count`` nodes; False once the limit or the safety net is reached. The
        clock is read on the first step and then every ``CPU_EVERY`` steps."""
        self.used += count
        if self.timed_out or self.used > self.limit:
            return False
        first = self.used == count
        if first or self.used // CPU_EVERY != (self.used - count) // CPU_EVERY:
            return self.check_clock()
        return True

    def check_clock(self) -> bool:
        """False (and ``timed_out``) once this thread's CPU time passed the safety net."""
        if self.deadline is not None and time.thread_time() >= self.deadline:
            self.timed_out = True
        return not self.timed_out


@dataclass(frozen=True)
class Position:
    """What the search may know: the seat's own rack and the table, nothing hidden."""

    rack: tuple[int, ...]
    table: tuple[TableMeld, ...] = ()
    seat: int = 0
    opened: bool = False
    own_melds_only: bool = False  # opened this turn: only one's own melds may be touched
    threshold: int = 50
    taken: int | None = None  # a taken discard that must lie in a new combination
    before_take: tuple[int, ...] = ()  # the rack before that take


@dataclass(frozen=True)
class BestPlay:
    """A whole turn's laying, as the engine's ``meld`` action takes it."""

    melds: list[list[int]]
    add: list[list[Any]]  # [owner, meld index, [ids]]
    replace: list[list[int]]  # [owner, meld index, joly, tile]
    tiles: int  # tiles from the rack laid
    points: int
    exact: bool  # the search finished: nothing lays more
    table: list[list[int]] = field(default_factory=list)  # the melds made or changed, as laid

    @property
    def placed(self) -> list[int]:
        """The rack tiles this play lays (a freed joly is the table's, not the rack's)."""
        freed = {r[2] for r in self.replace}
        out = [t for m in self.melds for t in m if t not in freed]
        out += [t for _o, _i, ids in self.add for t in ids]
        return sorted(out + [r[3] for r in self.replace])

    def action(self) -> dict[str, Any]:
        """The engine action (and the table's draft, less its ``take``)."""
        return {"type": "meld", "melds": self.melds, "add": self.add, "replace": self.replace}


def position_of(view: dict[str, Any]) -> Position:
    """The seat's position now, read from its own view (the hint's)."""
    seat = view["seat"]
    opened = bool(view["opened"][seat])
    return Position(
        rack=tuple(t["id"] for t in view["rack"] or []),
        table=table_of(view),
        seat=seat,
        opened=opened,
        own_melds_only=opened and bool(view["opened_this_turn"]),
        threshold=view["options"]["threshold"],
    )


def table_of(view: dict[str, Any]) -> tuple[TableMeld, ...]:
    return tuple(
        (owner, index, tuple(t["id"] for t in meld["tiles"]))
        for owner, melds in enumerate(view["melds"])
        for index, meld in enumerate(melds)
    )


def best_play(position: Position, steps: Steps) -> BestPlay:
    """The best play (``tiles == 0``: nothing to lay); ``exact`` if the search finished."""
    room = len(position.rack) - 1
    if room <= 0:
        return _nothing(True)
    if not position.opened and position.taken is None:
        return _opening(position, room, steps)
    return _Search(position, room, steps).best()


def _nothing(exact: bool) -> BestPlay:
    return BestPlay([], [], [], 0, 0, exact)


def _faces(tiles: tuple[int, ...] | list[int]) -> Counter[str]:
    return Counter(str(face_of(t)) for t in tiles)


def _opening(position: Position, room: int, steps: Steps) -> BestPlay:
    """The bots' exact most-tiles opening search, within the steps left."""
    if not steps.check_clock():  # the opening search is bounded by steps alone: look first
        return _nothing(False)
    budget = steps.left
    packing, used = search_opening(_faces(position.rack), position.threshold, room, budget)
    steps.spend(max(used, 1))
    exact = packing.complete and not steps.timed_out
    return _from_packing(position, packing, exact) if packing.combos else _nothing(exact)


def _from_packing(position: Position, packing: Packing, exact: bool) -> BestPlay:
    melds = opening_melds(position.rack, packing)
    return BestPlay(melds, [], [], packing.tiles, packing.value, exact, [list(m) for m in melds])


# --- after opening (or a take that must be laid): the depth-first search -------------------


@dataclass(frozen=True)
class Item:
    """One choice: a change to one table meld, or one new combination."""

    need: Counter[str]  # faces it takes (FREED: a joly freed this turn)
    tiles: int  # rack tiles it lays
    points: int
    jolys: int  # rack jolys it lays
    meld: int | None = None  # the table meld it changes (index into Position.table)
    swaps: tuple[tuple[int, str], ...] = ()  # jolys it frees: (joly id, face put in)
    faces: tuple[str, ...] = ()  # a new combination's faces, or the faces added to a meld
    run: bool = False  # a new run (an opening needs one)
    forced: bool = False  # a new combination that can hold the taken discard


class _Search:
    """Disjoint items laying the most tiles, then points, then fewest jolys, within steps."""

    def __init__(self, position: Position, room: int, steps: Steps) -> None:
        self.position = position
        self.room = room
        self.steps = steps
        self.opening = not position.opened  # a take to open with (house option)
        self.pool = _faces(position.rack)
        meld_items = [] if self.opening else self._meld_items()
        freeable = {joly for item in meld_items for joly, _face in item.swaps}
        self.items = meld_items + self._combo_items(len(freeable))
        self.best_key: Key | None = None
        self.best_items: list[Item] = []
        self.complete = True

    def best(self) -> BestPlay:
        start = [j for j, item in enumerate(self.items) if self._fits(item, self.pool, 0)]
        self._dfs(start, Counter(self.pool), [], 0, 0, 0, 0)
        exact = self.complete and not self.steps.timed_out
        if not self.best_items:
            return _nothing(exact)
        return _Ids(self.position).play(self.best_items, exact)

    # the choices ---------------------------------------------------------------------------

    def _meld_items(self) -> list[Item]:
        items = []
        for m, (owner, _index, ids) in enumerate(self.position.table):
            if self.position.own_melds_only and owner != self.position.seat:
                continue
            faces = [str(face_of(t)) for t in ids]
            for option in meld_options(ids, faces, self.pool):
                added = option.added
                need = option.need
                jolys = added.count(JOLY)
                items.append(Item(need, need.total(), option.points, jolys, m, option.swaps, added))
        return items

    def _combo_items(self, freeable: int) -> list[Item]:
        """New combinations, each joly in it either the rack's or (if any) a freed one."""
        rack_jolys = self.pool[JOLY]
        pool = Counter(self.pool)
        pool[JOLY] = min(rack_jolys + freeable, 2)
        taken = str(face_of(self.position.taken)) if self.position.taken is not None else None
        own = _faces(self.position.before_take)
        items = []
        for combo in sorted(opening_candidates(pool), key=lambda c: (-len(c.faces), c.faces)):
            jolys = combo.need[JOLY]
            reals = Counter(f for f in combo.faces if f != JOLY)
            for freed in range(min(jolys, freeable) + 1):
                mine = jolys - freed
                if mine > rack_jolys:
                    continue
                need = reals + Counter({JOLY: mine, FREED: freed})
                laid = {i for i, f in enumerate(combo.faces) if f != JOLY}
                joly_at = [i for i, f in enumerate(combo.faces) if f == JOLY]
                # the rack's jolys take the best places (face_points sorts them)
                points = face_points(combo.faces, laid | set(joly_at[:mine]))
                forced = taken is not None and _holds_taken(need, taken, own)
                run = combo.kind == "run"
                tiles = len(combo.faces) - freed
                items.append(
                    Item(+need, tiles, points, mine, faces=combo.faces, run=run, forced=forced)
                )
        return items

    # the search ------------------------------------------------------------------------

    def _fits(self, item: Item, left: Counter[str], tiles: int) -> bool:
        if tiles + item.tiles > self.room:
            return False
        return all(left[f] >= k for f, k in item.need.items() if f != FREED)

    def _dfs(
        self,
        fit: list[int],
        left: Counter[str],
        chosen: list[Item],
        tiles: int,
        points: int,
        jolys: int,
        freed: int,
    ) -> None:
        if not self.steps.spend():
            self.complete = False
            return
        key = (tiles, points, -jolys)
        if self._valid(chosen, points, freed) and (self.best_key is None or key > self.best_key):
            self.best_key, self.best_items = key, list(chosen)
        if not fit or self._hopeless(fit, left, chosen, tiles, points, jolys):
            return
        for n, j in enumerate(fit):
            item = self.items[j]
            gives = len(item.swaps)
            if item.need[FREED] > freed:  # no freed joly left for it (melds come first)
                continue
            rest = left - item.need
            used = {c.meld for c in chosen} | {item.meld}
            nxt = [
                k
                for k in fit[n + 1 :]
                if self._fits(self.items[k], rest, tiles + item.tiles)
                and (self.items[k].meld is None or self.items[k].meld not in used)
            ]
            if item.meld is None and self._fits(item, rest, tiles + item.tiles):
                nxt.insert(0, j)  # a new combination may be laid twice (both copies)
            chosen.append(item)
            self._dfs(
                nxt,
                rest,
                chosen,
                tiles + item.tiles,
                points + item.points,
                jolys + item.jolys,
                freed + gives - item.need[FREED],
            )
            chosen.pop()
            if not self.complete:
                return

    def _valid(self, chosen: list[Item], points: int, freed: int) -> bool:
        """Every freed joly laid; an opening with a run at the threshold; the taken discard in."""
        if not chosen or freed:
            return False
        if self.opening and (points < self.position.threshold or not any(c.run for c in chosen)):
            return False
        return self.position.taken is None or any(c.forced for c in chosen)

    def _hopeless(
        self,
        fit: list[int],
        left: Counter[str],
        chosen: list[Item],
        tiles: int,
        points: int,
        jolys: int,
    ) -> bool:
        """True when nothing below this node can beat the best so far (or be valid)."""
        items = [self.items[j] for j in fit]
        if self.opening and not any(c.run for c in chosen) and not any(i.run for i in items):
            return True
        taken_in = self.position.taken is None or any(c.forced for c in chosen)
        if not taken_in and not any(i.forced for i in items):
            return True
        cover = {f: left[f] for i in items for f in i.need if f != FREED}
        more = min(self.room - tiles, sum(cover.values()))
        values = sorted((face_bound(f) for f, k in cover.items() for _ in range(k)), reverse=True)
        most = (tiles + more, points + sum(values[:more]), -jolys)
        if self.opening and most[1] < self.position.threshold:
            return True
        return self.best_key is not None and most <= self.best_key


def _holds_taken(need: Counter[str], taken: str, own: Counter[str]) -> bool:
    """A new combination holding the taken face, with two more tiles of the rack as it
    was before the take (a freed joly is not one of them)."""
    if not need[taken]:
        return False
    others = need - Counter([taken])
    return sum(min(k, own[f]) for f, k in others.items() if f != FREED) >= 2


# --- from faces back to tile ids -----------------------------------------------------------


class _Ids:
    """Hands out the rack's tile ids for the faces of a plan: the taken discard into the
    combination that must hold it (beside tiles from before the take), freed jolys into
    the new combinations that take them."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.by_face: dict[str, list[int]] = {}
        before = set(position.before_take)
        for tile in sorted(position.rack, key=lambda t: (t not in before, t)):
            self.by_face.setdefault(str(face_of(tile)), []).append(tile)
        self.freed: list[int] = []

    def take(self, face: str) -> int:
        if face == FREED:
            return self.freed.pop(0)
        return self.by_face[face].pop(0)

    def play(self, items: list[Item], exact: bool) -> BestPlay:
        forced = next((i for i in items if i.forced), None)
        first = self._start_forced(forced) if forced is not None else None
        melds, adds, replaces, table = [], [], [], []
        for item in items:
            if item.meld is None:
                continue
            owner, index, ids = self.position.table[item.meld]
            swapped = list(ids)
            for joly, face in item.swaps:
                tile = self.take(face)
                replaces.append([owner, index, joly, tile])
                swapped[swapped.index(joly)] = tile
                self.freed.append(joly)
            added = [self.take(f) for f in item.faces]
            if added:
                adds.append([owner, index, added])
            table.append(in_order(swapped + added))
        for item in [i for i in items if i.meld is None]:
            if item is forced and first is not None:  # once: the same item may be laid twice
                start, faces = first
                first = None
                meld = in_order(start + self._ids(faces, item.need[FREED]))
            else:
                meld = in_order(self._ids(list(item.faces), item.need[FREED]))
            melds.append(meld)
            table.append(meld)
        tiles = sum(i.tiles for i in items)
        points = sum(i.points for i in items)
        return BestPlay(melds, adds, replaces, tiles, points, exact, table)

    def _start_forced(self, item: Item) -> tuple[list[int], list[str]]:
        """The taken discard and tiles from before the take, handed out before any other
        choice can use them; the combination's jolys wait (a freed one is not free yet)."""
        taken = self.position.taken
        assert taken is not None
        faces = list(item.faces)
        face = str(face_of(taken))
        self.by_face[face].remove(taken)
        faces.remove(face)
        ids = [taken] + [self.take(f) for f in faces if f != JOLY]
        return ids, [f for f in faces if f == JOLY]

    def _ids(self, faces: list[str], freed: int) -> list[int]:
        """Ids for faces of a new combination, ``freed`` of its jolys freed ones."""
        ids = []
        for face in faces:
            if face == JOLY and freed:
                ids.append(self.take(FREED))
                freed -= 1
            else:
                ids.append(self.take(face))
        return ids
