"""The Rumbaroo play that sheds the most tiles before an opponent moves: a pure function.

``best_play(view, steps)`` reads only the seat's view (its own hand and pouch,
the table and the pile) and looks at every *line*: the moves the seat can make
in a row before any opponent acts. With two players a Hop or a Boomerang (a Hop
there) gives the seat another turn at once, and so does a meld of three or more
tiles from the hand when its free action makes the opponent miss a turn; at
larger tables a turn is just one move. A line is then

* some Hop/Boomerang discards (each fitting the pile left by the one before),
* at most one meld (every meld of a line can be laid as one, so one is enough),
  the largest for the tiles left (``placement.best_placement``: an exact search
  over every rearrangement of the table), laid first when it earns a free turn,
  last otherwise,
* and a last discard of any tile that fits.

Lines are compared by the tiles the seat still holds at their end (hand and
pouch), then their points, then the fewest turns. Nothing drawn is counted: the
pool is hidden, so a line never relies on a lucky tile, and an opponent's answer
(a Croc Snap back, a Mob's tile) is not guessed either. When no line sheds a
tile the best play is to draw.

At three or more players a Boomerang sends the tile under it back to whoever
played it, so a Boomerang on the seat's own last discard sheds nothing.

Bounded by steps, never by time: the melds' search and the lines share one
``Steps`` budget. Each meld search first rearranges only parts of the table:
the melds near the seat's tiles, then those and the melds holding a Wild, then
each time the melds next to the last part too; then the whole table for the
tiles less one (each left out in turn, with a few steps each); then the whole
table for all (exact). Each part is a floor, and a floor laying every tile some
meld could hold (``placement.most_placed``) is the answer: nothing more is
searched. The largest
meld and every single discard are always counted; when the steps run out the
best line found so far stands (the bots' own meld plan at worst) and ``exact``
is False (the review says "at least"). The same view and budget always give the
same answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.engine.melds import Face, why_not
from games.engine.rumbaroo import RumbarooSeatView
from games.engine.rumbaroo.boxes import BILLABONG, BOOMERANG, HOP, RULES, TileFace

from . import Seat, _plan_melds
from .placement import Aborted, Memo, Placement, Steps, best_placement, most_placed

parse = cache(TileFace.parse)
Move = dict[str, Any]
# The search steps a hint may spend (a review gets four times as many). On the turns of 15
# seeded computer games per table (Joey 2p, Big Red 2p, Wallaby 4p, Joey 4p, Big Red 4p:
# 4,021 positions) 48 stop at this limit, 11 tiles short of the unlimited answer in all,
# at most 0.36 s of CPU each; at the review's 160,000 steps Big Red 4p keeps 15 cut of 978.
# Re-measured 2026-12-07 (``--rumbaroo-budget-positions 1000``): sparse tables (12 tiles or
# fewer, 718 turns) lose nothing to it; crowded ones did (unlimited needed up to 6 million
# steps) until the meld search covered the tightest tile first, stopped at its bound and
# tried parts of the table first: on the 247 middle and crowded turns of those 1,000 (bots
# of 2026-12-07) 0 tiles short at this limit and the review's (were 20 on 9 and 12 on 4),
# 5 and 3 cut (were 25 and 15); the unlimited search at most 0.5 million steps (was 6.0).
PLAY_STEPS = 40_000
# The whole table for the hand less one tile: each tile left out gets this many steps, for
# hands of up to SPARE_TILES tiles.
SPARE_STEPS = 2_000
SPARE_TILES = 6


@dataclass(frozen=True)
class BestPlay:
    """A line of moves and where it leaves the seat."""

    moves: list[Move]  # JSON-able: meld / discard / draw, in the order to play them
    left: int  # tiles held (hand and pouch) when the line ends
    points: int  # what those tiles would cost (the known ones)
    turns: int  # turns the line takes (all before an opponent moves)
    out: bool  # the line empties hand and pouch: the round is won
    exact: bool  # the search finished: no line sheds more


@dataclass
class _Seat:
    """The view, read: faces by id, own tiles, the pile, and the table."""

    faces: dict[int, TileFace]
    own: list[int]
    table: list[list[int]]
    top: int
    colour: str
    players: int
    pool: int
    seat: int
    top_by: int | None
    big_red: bool

    def face(self, tile: int) -> TileFace:
        return self.faces[tile]

    def value(self, tile: int) -> int:
        face = self.faces[tile]
        if face.wild:
            return 30
        if face.action is not None:
            return 30 if self.big_red else 20
        return face.number or 0

    def fits(self, tile: int, top: int, colour: str) -> bool:
        """The pile's rule as the table shows it (the engine judges the move itself)."""
        face, under = self.faces[tile], self.faces[top]
        if face.wild or face.action == BILLABONG:
            return True
        if face.colour == colour:
            return True
        if face.number is not None and face.number == under.number:
            return True
        return face.action is not None and face.action == under.action

    def again(self, tile: int) -> bool:
        """Playing ``tile`` gives the seat the next turn too (two players: Hop, Boomerang)."""
        return self.players == 2 and self.faces[tile].action in (HOP, BOOMERANG)


def read_view(view: RumbarooSeatView) -> _Seat:
    faces: dict[int, TileFace] = {}
    for tile in [*view["hand"], *view["pouch"], *view["pile"]]:
        faces[tile["id"]] = parse(tile["face"])
    for meld in view["table"]:
        for tile in meld["tiles"]:
            faces[tile["id"]] = parse(tile["face"])
    return _Seat(
        faces=faces,
        own=[t["id"] for t in [*view["hand"], *view["pouch"]]],
        table=[list(m) for m in view["table_ids"]],
        top=view["top"]["id"],
        colour=view["colour"],
        players=view["players"],
        pool=view["pool_count"],
        seat=view["seat"],
        top_by=view["top_by"],
        big_red=view["difficulty"] == "big_red",
    )


def best_play(view: RumbarooSeatView, steps: Steps | None = None) -> BestPlay:
    """The best line for the seat of ``view`` at the start of its turn (phase "play")."""
    me = read_view(view)
    steps = steps or Steps()
    melds = _Melds(me, steps, floor=_floor(view, me))
    best: tuple[tuple[int, int, int], BestPlay] | None = None

    def consider(plays: Iterator[BestPlay]) -> None:
        nonlocal best
        for play in plays:
            key = (play.left, play.points, play.turns)
            if best is None or key < best[0]:
                best = (key, play)

    # Outside the budget, so a search cut short still has them: the largest meld found
    # (at worst the bots' plan) and each single discard.
    consider(_lines(me, [], melds, None))
    consider(
        _line(me, [], [t], _flies_back(me, [t])) for t in me.own if me.fits(t, me.top, me.colour)
    )
    try:
        # First the lines whose meld is the whole hand's (no search), then every line.
        for quick in (True, False):
            for discards in _discard_lines(me, steps):
                need = best[1].left if best is not None else None
                consider(_lines(me, discards, melds, need, quick))
    except Aborted:
        pass
    draw = _draw(me)
    found = draw
    if best is not None and best[0] <= (draw.left, draw.points, draw.turns):
        found = best[1]
    return BestPlay(
        found.moves, found.left, found.points, found.turns, found.out, not steps.ran_out
    )


class _Melds:
    """The largest meld for a set of own tiles, searched once per set (the whole hand first)."""

    def __init__(self, me: _Seat, steps: Steps, floor: Placement | None) -> None:
        self.me, self.steps = me, steps
        self.cache: dict[tuple[int, ...], Placement | None] = {}
        self.memo: Memo = {}  # one table: every search shares what it solved
        self.whole = self._search(self._meldable(me.own), floor)

    def _meldable(self, tiles: list[int]) -> tuple[int, ...]:
        return tuple(sorted(t for t in tiles if self.me.face(t).action is None))

    def _search(self, tiles: tuple[int, ...], floor: Placement | None = None) -> Placement | None:
        """Parts of the table first (quick floors, ``_neighbourhoods``), the whole table for
        the tiles less one, then the whole table (exact). A floor laying every tile that
        could meld at all is the answer: the rest is not searched."""
        if tiles not in self.cache:
            most = most_placed(self.me.table, tiles, self._meld_face)
            found = floor
            try:
                for near, kept in _neighbourhoods(self.me, tiles):
                    if found is not None and len(found.placed) >= most:
                        break
                    found = _more(found, self._near(near, kept, tiles))
                if found is None or len(found.placed) < most - 1:
                    found = self._all_but_one(tiles, most, found)
                if found is None or len(found.placed) < most:
                    found = _more(found, self._whole_table(tiles))
            except Aborted:
                pass
            self.cache[tiles] = found if found is not None and found.placed else None
        return self.cache[tiles]

    def _near(
        self, near: list[list[int]], kept: list[list[int]], tiles: tuple[int, ...]
    ) -> Placement:
        local = best_placement(near, tiles, self._meld_face, self.steps, self.memo)
        return Placement([*local.table, *kept], local.placed, local.points)

    def _all_but_one(
        self, tiles: tuple[int, ...], most: int, found: Placement | None
    ) -> Placement | None:
        """The whole table for the tiles less one, each left out in turn with its own few
        steps (``SPARE_STEPS``): a search for every tile bar one stops at the first table
        laying them all, while the whole hand's may have to rule out every table first."""
        for i in range(len(tiles) if len(tiles) <= SPARE_TILES else 0):
            fewer = tiles[:i] + tiles[i + 1 :]
            room = self.steps.limit - self.steps.used if self.steps.limit is not None else None
            spare = Steps(SPARE_STEPS if room is None else max(0, min(SPARE_STEPS, room)))
            with suppress(Aborted):  # this tile's share is spent: the next one
                found = _more(
                    found, best_placement(self.me.table, fewer, self._meld_face, spare, self.memo)
                )
            try:
                self.steps.spend(spare.used)
            except Aborted:
                return found  # the steps ran out (``steps.ran_out``): nothing more is searched
            if found is not None and len(found.placed) >= most - 1:
                break
        return found

    def _whole_table(self, tiles: tuple[int, ...]) -> Placement:
        return best_placement(self.me.table, tiles, self._meld_face, self.steps, self.memo)

    def _meld_face(self, tile: int) -> Face:
        return self.me.face(tile).meld_face()

    def for_tiles(
        self, tiles: list[int], discarded: set[int], quick: bool = False
    ) -> Placement | None:
        """The largest meld without ``discarded``: the whole hand's when it uses none of them.
        ``quick``: no new search (the whole hand's meld less those tiles, if still valid)."""
        whole = self.whole
        if whole is None:
            return None
        if not discarded & set(whole.placed):
            return whole
        if quick or self.steps.ran_out:
            return _without(self.me, whole, discarded)
        return self._search(self._meldable(tiles))


def _without(me: _Seat, placement: Placement, gone: set[int]) -> Placement | None:
    """``placement`` with the ``gone`` tiles taken back out of its melds, when every meld
    left behind is still valid (a tile laid at a run's end, a group's fourth); else None."""
    table = [[t for t in meld if t not in gone] for meld in placement.table]
    if any(why_not([me.face(t).meld_face() for t in meld], RULES) for meld in table if meld):
        return None
    placed = [t for t in placement.placed if t not in gone]
    if not placed:
        return None
    points = sum(me.value(t) for t in placed)
    return Placement([m for m in table if m], placed, points)


def _more(a: Placement | None, b: Placement) -> Placement:
    """The placement laying more own tiles, then more points (``b`` on a tie: it is exact)."""
    if a is None or (len(b.placed), b.points) >= (len(a.placed), a.points):
        return b
    return a


def _neighbourhoods(
    me: _Seat, tiles: tuple[int, ...]
) -> Iterator[tuple[list[list[int]], list[list[int]]]]:
    """Growing parts of the table to rearrange (the rest kept whole), each a quick floor
    before the whole table: the melds near the own tiles, then those and every meld
    holding a Wild, then each time also the melds near the tiles of the last part.
    Most melds a hand can make move only a few table melds, found long before the whole
    table's search would."""
    near, kept = _near_melds(me, me.table, tiles, wilds=False)
    with_wilds, _far = _near_melds(me, me.table, tiles)
    while kept:
        yield near, kept
        spread = tuple(t for m in near for t in m)
        reached, _far = _near_melds(me, me.table, spread, wilds=False, reach=1)
        grown = [m for m in me.table if m in with_wilds or m in reached]
        if len(grown) == len(near):
            return
        near, kept = grown, [m for m in me.table if m not in grown]


def _near_melds(
    me: _Seat, table: list[list[int]], tiles: tuple[int, ...], wilds: bool = True, reach: int = 2
) -> tuple[list[list[int]], list[list[int]]]:
    """The table melds an own tile could join or take apart (a tile of the same number, or
    of the same colour within ``reach``; with ``wilds``, any meld holding a Wild), and the
    others, kept whole."""
    faces = [me.face(t) for t in tiles if not me.face(t).wild]

    def near(meld: list[int]) -> bool:
        for tile in meld:
            face = me.face(tile)
            if face.wild:
                if wilds:
                    return True
                continue
            for own in faces:
                same_colour = (
                    own.colour == face.colour
                    and abs((own.number or 0) - (face.number or 0)) <= reach
                )
                if own.number == face.number or same_colour:
                    return True
        return False

    close = [m for m in table if near(m)]
    return close, [m for m in table if not near(m)]


def _discard_lines(me: _Seat, steps: Steps) -> Iterator[list[int]]:
    """Every run of discards: tiles that give another turn, then maybe one that does not.

    Tiles with the same face are tried once (they play alike)."""

    def grow(line: list[int], top: int, colour: str) -> Iterator[list[int]]:
        steps.spend(1)
        yield line
        if line and not me.again(line[-1]):
            return
        tried: set[str] = set()
        for tile in me.own:
            face = me.face(tile)
            if tile in line or face.text in tried or not me.fits(tile, top, colour):
                continue
            tried.add(face.text)
            yield from grow([*line, tile], tile, face.colour or colour)

    yield from grow([], me.top, me.colour)


def _lines(
    me: _Seat, discards: list[int], melds: _Melds, need: int | None, quick: bool = False
) -> Iterator[BestPlay]:
    """The line of ``discards`` alone, and with the largest meld of the tiles left.

    ``need``: the tiles left by the best line so far; a meld that could not match it
    even at the whole hand's largest is not searched. ``quick``: no meld search at all."""
    rest = [t for t in me.own if t not in discards]
    flown = _flies_back(me, discards)
    if discards:
        yield _line(me, [], discards, flown)
    whole = melds.whole
    if not rest or whole is None:
        return
    if need is not None and len(me.own) - len(discards) - len(whole.placed) > need:
        return
    last_again = not discards or (me.again(discards[-1]) and me.players == 2)
    if not last_again and (me.players != 2 or len(whole.placed) < 3):
        return  # no meld may follow these discards: none is searched for
    meld = melds.for_tiles(rest, set(discards), quick)
    if meld is None:
        return
    free_turn = me.players == 2 and len(meld.placed) >= 3
    if free_turn or last_again:
        yield _line(me, meld, discards, flown, meld_first=free_turn)


def _flies_back(me: _Seat, discards: list[int]) -> int:
    """A Boomerang at three or more players sends the tile under it back to who played it:
    the seat's own last discard comes back (never a Boomerang, nor the starting tile)."""
    if me.players == 2 or len(discards) != 1 or me.face(discards[0]).action != BOOMERANG:
        return 0
    mine = me.top_by == me.seat and me.face(me.top).action != BOOMERANG
    return 1 if mine else 0


def _line(
    me: _Seat,
    meld: Placement | list[int],
    discards: list[int],
    flown: int,
    meld_first: bool = False,
) -> BestPlay:
    placed = meld.placed if isinstance(meld, Placement) else []
    gone = set(placed) | set(discards)
    left_tiles = [t for t in me.own if t not in gone]
    left = len(left_tiles) + flown
    points = sum(me.value(t) for t in left_tiles) + flown * me.value(me.top)
    steps: list[Move] = [_discard_move(me, t) for t in discards]
    if isinstance(meld, Placement):
        move: Move = {"type": "meld", "table": meld.table, "placed": list(placed)}
        steps = [move, *steps] if meld_first else [*steps, move]
    _calls_and_free(me, steps)
    return BestPlay(steps, left, points, len(steps), left == 0, True)


def _discard_move(me: _Seat, tile: int) -> Move:
    face = me.face(tile)
    move: Move = {"type": "discard", "tile": tile, "again": me.again(tile)}
    if face.wild or face.action == BILLABONG:
        move["colour"] = "R"  # the colour is free; nothing in the line depends on it
    return move


def _calls_and_free(me: _Seat, moves: list[Move]) -> None:
    """Mark the Rumbaroo! call on the move that drops the seat to one tile, and pick each
    meld's free action: a missed turn when more of the line follows, else two tiles drawn."""
    held = len(me.own)
    for i, move in enumerate(moves):
        held -= len(move["placed"]) if move["type"] == "meld" else 1
        move["call"] = held == 1
        if move["type"] == "meld":
            more = i + 1 < len(moves)
            move["free"] = "skip" if more and len(move["placed"]) >= 3 else None
            if move["free"] is None and len(move["placed"]) >= 3 and held:
                move["free"] = "draw"


def _draw(me: _Seat) -> BestPlay:
    """No line sheds a tile: draw (or pass, with the pool empty)."""
    left = len(me.own) + (1 if me.pool else 0)
    move: Move = {"type": "draw", "call": False}
    return BestPlay([move], left, sum(me.value(t) for t in me.own), 1, False, True)


def _floor(view: RumbarooSeatView, me: _Seat) -> Placement | None:
    """The bots' own meld plan (new melds, Wild melds, lay-offs): what a search cut short
    still has in hand."""
    plan = _plan_melds(Seat(view, 1))
    if plan is None:
        return None
    table = plan["action"]["table"]
    own = set(me.own)
    placed = sorted(t for m in table for t in m if t in own)
    return Placement([list(m) for m in table], placed, sum(me.value(t) for t in placed))
