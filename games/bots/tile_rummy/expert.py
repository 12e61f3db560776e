"""The Tile Rummy expert's choice of move once it is on the table: play beyond the turn.

The placement optimum (``best``) answers "what can I lay now?";
this module answers "what should I lay now?":

* **go out in one turn** whenever the whole rack fits the table, jokers too
  (a search that keeps only states able to place every tile: quick to say no);
* **keep jokers** on the rack for the go-out (with a joker almost any last
  tile finds a place, which is what ends the long endgames where both
  players lay one tile and draw one) unless the joker brings at least
  three more tiles down now or takes the rack out;
* **among moves laying as many tiles, keep the tiles with partners** (a pair
  waits for its third) and lay the loners, then the most points; it
  **counts the tiles it has seen**: a pair whose every possible third has
  both copies on the table or its rack waits for nothing and is a loner;
* **dump points when in danger**: a tile held when an opponent goes out
  costs its face (a joker 30), so once an opponent is down to
  ``DANGER_TILES`` or the pool is nearly dry it lays the most tiles and
  points it can, jokers first;
* like the placement optimum, when a search runs out of steps it **looks
  again around the table's jokers** (``jokers``): at 2,000 steps
  a move the whole-table search alone laid nothing, or less than the
  optimum, in 8% of the positions of a seeded game.

Measured against the baseline that lays the placement optimum every turn and
nothing else, both at 2,000 search steps and both taking the second look
around the jokers (all figures here from before 2026-12-07, when a limit
counted the steps of all passes together; it now counts each pass alone, see
``search.Budget``, and these were not measured again):

* games to 200, seats alternated (``python -m bench.benchmark --game tile_rummy
  --baseline-games 200 --node-limit 2000 --first-seed S`` for S = 70,000 and
  70,200, chosen before any was played): this version 110 and 102 wins of
  200 (+0.4 and -0.0 points a round, 72 and 69 rounds a game), together 212
  of 400, 53.0% [48.1%, 57.8%]. The version before it (pairs kept without
  counting what it has seen) won 111.5 and 100.5 of the same 200s, also 212
  of 400, and over S = 60,000 and 60,200 102 and 98.5, 200.5 of 400, 50.1%
  [45.2%, 55.0%] (-0.1 and +0.0 points a round, 66 rounds a game). It
  wins a little more than half, by a margin the interval cannot tell from
  level (the ceiling on any such margin is under ``Why so close``). An
  older version (jokers kept unless they let one tile down, shedding from
  four opponent tiles) won 73 of 160 over seeds 50,000-50,079 and
  50,200-50,279, 45.6% [38.1%, 53.4%]; before the
  baseline took the second look the expert won 336 of 400, a margin that
  was the baseline's search failing, not strategy. Against medium: 40 of 40
  (``--level-games 40 --level-pairs expert-medium``);
* round by round, paired by deal (``--paired-rounds N``,
  ``games/benchmarks/tile_rummy_rounds``): the first rounds of seeds 10-659,
  each in both seats, less the baseline against itself on the same deal:
  this version +1.3 ± 1.45 points a round over 1,300 rounds, the version
  before +0.5 ± 1.4 (directly against each other on the same deals, +0.8
  ± 1.1). The choices tried there, each over 600-800 rounds, all within
  ±1 point of each other: jokers laid at once (the same as before in all
  but a few rounds), no partner preference (-0.6), shedding from seven
  opponent tiles, keeping central numbers (1-2 and 10-13 are more often
  among the loser's last tiles than 4-7), keeping tiles with many unseen
  neighbours, and keeping the joker in danger while the rack is small (it
  changed 4 rounds of 800: by then the joker is seldom still on the rack).

Why so close: a 2-player round is a race the placement optimum already runs
well, and the prize for running it better is small. Measured with no
strategy in the way (``--tempo-rounds``, ``games/benchmarks/tile_rummy_tempo``:
the baseline against itself, one seat's first draws after opening simply
skipped, 2,000 rounds each): one draw skipped is worth +0.75 ± 2.2 points a
round, three +2.0 ± 2.5, and never drawing once opened (about 19 draws a
round, impossible in play) +14.6 ± 2.5. Every holding-back rule is a bet on
saving draws later or making the opponent draw, so a rule worth the +0.8
points a round that 55% of games takes would have to save about a draw
every round, net of what holding costs. Every tile the expert can lay goes
down, so what it can choose is only which tiles stay, and the long endgame
(both players at one to three tiles, laying one and drawing one) is decided
by which stuck tile finds a place first. Over two fifths of all points come
from the fifth of rounds the loser ends with 30 points or more, which is
what shedding in danger is for.

Measured and left out, against the every-turn optimum, by the score per round
(seeded games from 50,000; one round's difference has a spread of about 57
points, so only large effects show over 20-40 games):

* *trickling*: lay one tile of the best move and keep the rest as a reserve
  laid on later turns instead of drawing (each turn a tile laid instead of a
  tile drawn): 1 game won of 26, -8.5 points a round over 1,156 rounds. Tiles
  held are points paid when the opponent goes out, and one of its go-outs in
  six is from five tiles or more, before the expert sees danger;
* *a reserve of sets from the rack alone*, laid one a turn: it seldom applies
  after the opening (20 moves in 134 rounds); against easy it lost short
  games it used to win (12-8 instead of at least 17-3 over 20);
* *denying the go-out*: with the opponent at three tiles or fewer, deal it
  racks from the tiles not seen and hold back a tile (or draw) when that
  makes its going out next turn less likely than the points held cost. In
  43% of the baseline's go-outs the expert's move just before had made it
  possible, yet even told the opponent's real rack (an oracle) this changed
  the score by -0.05 a round over 517 rounds (the expert without it: -0.7
  over 1,254), and the sampled version doubled the time a game takes;
* laying jokers at once and dropping the partner preference (the baseline's
  own choice among moves laying as many tiles): -1.2 a round over 1,169
  rounds, within the noise of the expert without it.

Tried next by paired rounds (seeds 1,000-1,179 and 1,500-1,671, 704 rounds,
each variant compared deal by deal with this version, which scored +1.0 ±
2.0 a round over the baseline on them):

* *a reserve of one*: when it lays two tiles or more, keep back its cheapest
  natural tile (at most 5, or 9) if that tile still fits the table left, so
  a later turn lays it instead of drawing: -1.1 ± 2.5 (at most 9: -2.0 ±
  2.9; with a reserve of at most 3 kept in danger too: -0.2 ± 3.1). It goes
  out less often (50.0% of rounds against 51.6%);
* *points before tiles in danger* (opponent at one or two tiles, its own
  rack four or more): +0.4 ± 0.6 (it changed 17 rounds of 704);
* jokers laid once they bring one natural tile (the version before): +0.0
  ± 1.3; shedding from four opponent tiles: -1.0 ± 1.2.

Kept as players in ``games/benchmarks/tile_rummy_variants`` and measured
there (``--variant-rounds N --variants ...``: each variant and this version
in both seats against the baseline on the same deals; points a round over
the baseline, then over this version):

* *a safe reserve of one* (``reserve5``/``9``/``13``): when it lays two
  tiles or more far from danger, it keeps back its cheapest natural tile
  (worth at most 5, 9, 13) if that tile still fits the table it leaves and
  the other copy of its face is in sight, so the opponent cannot take its
  place. Over 600 seeds from 10,000 (1,200 rounds; this version +0.9 ±
  1.5): +0.5 ± 1.9, -0.1 ± 2.1 and +0.6 ± 2.2; over this version -0.4 ±
  1.3, -1.0 ± 1.7 and -0.3 ± 1.9 (206, 362 and 450 rounds scored
  differently). A draw it saves is worth too little (see above) to pay for
  the tile held;
* *not counting what it has seen* (``blind``, the version before this
  one): every pair on the rack kept, even one whose thirds are all in
  sight. Counting changed 3 rounds of 2,000 (seeds 45,000-45,999), +0.07 ±
  0.11 a round: kept, because it is right and costs nothing, not because it
  wins;
* *points traded for tiles* (``tiles30``/``20``/``14``: a tile laid weighs
  30, 20 or 14 plus its face instead of 1,000, no partner preference), over
  seeds 40,000-40,999 (2,000 rounds; this version +0.4 ± 1.2): +0.4 ± 0.7,
  +0.6 ± 0.7 and +0.4 ± 0.7; over this version -0.0 ± 1.1, +0.2 ± 1.1 and
  +0.0 ± 1.1 (326-343 rounds differ). Closer to the baseline, so steadier,
  but no better than this version.

Played out to the end of the round instead (``--lookahead-rounds``,
``games/benchmarks/tile_rummy_lookahead``: each alternative the expert had,
two play-outs on deals dealt again from the tiles it cannot see, 130 seeds),
no kind of alternative beats its move on average: a draw instead of laying
-12.3 ± 1.2 points a round (-3.5 with the opponent at seven tiles or more),
holding back one cheap laid tile -2.9 ± 1.2 (-1.0 ± 1.9 at seven or more),
the baseline's move -3.7 ± 5.6. What lookahead could still win lies in single
decisions two play-outs cannot tell from noise.

At 2,000 steps the placement search lays less than a 60,000-step search in
about 3% of moves (33 tiles in 952 moves over 40 seeded rounds), in the
same positions for both bots, so it costs neither side more than the other;
the expert's own shortfalls outside danger are its joker kept on purpose.

Every search has its own step budget, the same as the baseline's single
search; the expert runs two to eight of them a move (on the site
``tile_rummy.EXPERT_NODES`` each, with one CPU-time safety net for the
move that is never reached in the benchmark). Pure Python, deterministic for
a view and a step limit, so the move is the same on a busy machine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.tile_rummy import COLOURS, TileRummyView, face_of, tile_value

from .jokers import around_jokers, fresh
from .search import (
    PLACEMENT_WEIGHTS,
    Budget,
    Weights,
    anytime_arrangement,
)

Table = list[list[int]]
LayDown = Callable[[Table, list[int]], Table | None]

# An opponent with this many tiles or fewer may go out within a turn or two:
# holding points (a joker is 30) back then risks paying for them.
DANGER_TILES = 6
# With this few tiles left to draw the round may be thrown in, where every
# tile held is points lost: lay what it can.
LOW_POOL = 6

# A rack joker laid counts this much against 1,000 and a little for each natural
# tile: it goes down only if it brings at least three more tiles with it.
KEEP_JOKER = -2500
# Among moves laying as many tiles, how much less a tile is worth laying for each
# rack tile it could make a set with (at most three counted).
PARTNER_WEIGHT = 12


@dataclass(frozen=True)
class Situation:
    """What the expert knows beyond the table and its rack, from the view."""

    opponent_tiles: int  # the fewest tiles any opponent holds
    pool: int  # tiles left to draw


def choose(
    table: Table,
    rack: Sequence[int],
    situation: Situation,
    budget: Budget,
    lay_down: LayDown,
    report: dict[str, Any] | None = None,
) -> tuple[Table | None, str]:
    """The new table to play (None: draw) and why, for a seat that may touch the table.

    ``lay_down(table, tiles)`` is a quick legal move laying some of ``tiles``
    (rack sets and lay-offs) or None: each search starts from it and only
    looks for better, so a search starved of budget still plays it. ``report``,
    if given, gets ``finished``: the main search ran to the end (exact)."""
    out = go_out(table, rack, budget)
    if out is not None:
        return out, "out"
    if in_danger(situation):
        return improve(table, rack, PLACEMENT_WEIGHTS, budget, lay_down, report), "danger"
    weights = keeping_weights(rack, table)
    return improve(table, rack, weights, budget, lay_down, report), "search"


def improve(
    table: Table,
    tiles: Sequence[int],
    weights: Weights,
    budget: Budget,
    lay_down: LayDown,
    report: dict[str, Any] | None = None,
) -> Table | None:
    """The best table laying some of ``tiles`` under ``weights`` that the budget finds,
    never worse than the quick lay-down; None if nothing can be laid."""
    best = lay_down(table, list(tiles))
    score = objective(table, best, weights) if best is not None else None
    found = anytime_arrangement(table, tiles, face_of, weights, fresh(budget), score)
    if report is not None:
        report["finished"] = found.exact
    if found.placed and (score is None or found.score > score):
        best, score = found.sets, found.score
    if not found.exact:
        around = around_jokers(table, tiles, weights, budget, score)
        if around is not None:
            best = around
    return best


def keeping_weights(rack: Sequence[int], table: Table | None = None) -> Weights:
    """Most tiles first; among moves laying as many, keep the tiles with the most
    partners on the rack (a pair waits for its third), lay the loners. Given the
    table, a pair counts only while a tile that would complete it may still come:
    a pair whose every third is in sight (both copies on the table or the rack)
    waits for nothing."""
    keys = [face_key(t) for t in rack if not face_of(t).wild]
    seen = Counter(seen_faces(rack, table)) if table is not None else None
    partners: Counter[tuple[str, int]] = Counter()
    for i, (c1, n1) in enumerate(keys):
        for c2, n2 in keys[i + 1 :]:
            pair = (n1 == n2 and c1 != c2) or (c1 == c2 and 0 < abs(n1 - n2) <= 2)
            if pair and (seen is None or _alive((c1, n1), (c2, n2), seen)):
                partners[(c1, n1)] += 1
                partners[(c2, n2)] += 1
    return Weights(
        lambda c, n: 1000 + PARTNER_WEIGHT * (3 - min(partners[(COLOURS[c], n)], 3)) + n,
        lambda n: 0,
        KEEP_JOKER,
    )


def seen_faces(rack: Sequence[int], table: Table) -> list[tuple[str, int]]:
    """The natural faces a seat has in sight: its rack and the table, a copy each."""
    return [face_key(t) for t in [*rack, *(t for s in table for t in s)] if not face_of(t).wild]


def _alive(a: tuple[str, int], b: tuple[str, int], seen: Counter[tuple[str, int]]) -> bool:
    """Can a third tile still come for the pair ``a``, ``b``: is a copy of some face
    that completes it neither on the table nor on the rack?"""
    return any(seen[face] < 2 for face in _thirds(a, b))


def _thirds(a: tuple[str, int], b: tuple[str, int]) -> list[tuple[str, int]]:
    """The faces that make a set of three with the pair ``a``, ``b``."""
    (c1, n1), (c2, n2) = a, b
    if n1 == n2:
        return [(c, n1) for c in COLOURS if c not in (c1, c2)]
    low, high = min(n1, n2), max(n1, n2)
    if high - low == 2:
        return [(c1, low + 1)]
    return [(c1, n) for n in (low - 1, high + 1) if 1 <= n <= 13]


def objective(table: Table, new_table: Table, weights: Weights) -> int:
    """The search's objective for a new table (count weights: no per-position joker value)."""
    before = {t for s in table for t in s}
    total = 0
    for t in (t for s in new_table for t in s if t not in before):
        face = face_of(t)
        if face.wild:
            total += weights.rack_joker
        else:
            total += weights.real(COLOURS.index(face.colour or ""), face.number or 0)
    return total


# The go-out search skips the narrowest beams: its floor (every rack tile) cuts so
# much that they mostly repeat the later passes' work. The same go-outs on 168 seeded
# mid-game and 500 reference positions; the expert's move p99 on the crowded reference
# positions 199 -> 158 ms of CPU, on mid-game ones 111 -> 97 ms (the exact pass alone
# was quicker on mid-game tables but slower on crowded ones: 249 ms).
GO_OUT_WIDTHS: tuple[int | None, ...] = (256, None)


def go_out(table: Table, rack: Sequence[int], budget: Budget) -> Table | None:
    """The whole rack laid, if the table takes it: a search that keeps only states
    able to place every tile, so it is quick to say no (then once more around the
    table's joker sets, if that search did not finish)."""
    everything = len(rack) * 1000 + sum(min(tile_value(t), 30) for t in rack) - 1
    found = anytime_arrangement(
        table, rack, face_of, PLACEMENT_WEIGHTS, fresh(budget), everything, GO_OUT_WIDTHS
    )
    if len(found.placed) == len(rack):
        return found.sets
    if not found.exact:
        return around_jokers(table, rack, PLACEMENT_WEIGHTS, budget, everything)
    return None


def situation_of(view: TileRummyView) -> Situation:
    """The opponents' fewest tiles and the pool, from a seat's view."""
    counts = [n for i, n in enumerate(view.get("rack_counts") or []) if i != view.get("seat")]
    return Situation(min(counts, default=99), int(view.get("pool_count") or 0))


def in_danger(situation: Situation) -> bool:
    return situation.opponent_tiles <= DANGER_TILES or situation.pool <= LOW_POOL


def face_key(tile: int) -> tuple[str, int]:
    face = face_of(tile)
    return (face.colour or "", face.number or 0)
