"""What the moves the Tile Rummy expert passes over are worth, played out to the round's end.

The paired rounds (``tile_rummy_rounds``) say whether a whole strategy scores
more; this asks which single decisions could. At each of the expert's moves
once it has opened, every alternative it had is played out to the end of the
round ``samples`` times, both sides then playing the baseline (the placement
optimum every turn): the baseline's own move (jokers laid, no partner
preference), a draw instead of laying, and the same move less one of its two
cheapest natural tiles. Each play-out starts from a deal the expert could
believe: the opponent's rack dealt again from the tiles it cannot see and the
pool shuffled, the same deals for every alternative, so their difference is
the decision's and not the deal's. The rounds themselves follow the expert's
own move, so the decisions are the ones it meets.

Printed: each alternative's round score less the expert's move's, in points,
by kind and by how many tiles the opponent holds, with a 95% interval. A kind
whose mean is above zero is a rule the expert could learn; a rollout player
choosing by so few play-outs mostly picks noise (about 40 points a play-out).

Measured (``--lookahead-rounds 100 --lookahead-samples 2 --node-limit 2000
--progress-every 5``, first seeds 3,000 and 3,100 side by side, stopped after
60 and 70 seeds: 260 rounds, 5,213 alternatives), points a round against the
expert's own move, by the opponent's tiles (1-3 / 4-6 / 7+):

* a draw instead of laying: -12.3 ± 1.2 (-25.3 ± 2.1 / -12.7 ± 2.2 / -3.5 ± 2.0);
* one of its two cheapest laid tiles held back: -2.9 ± 1.2 (-6.6 ± 1.9 /
  -2.7 ± 2.3 / -1.0 ± 1.9);
* the baseline's move where it lays other tiles (mostly its joker, with the
  opponent at 7+): -3.7 ± 5.6 over 160.

No kind is better than the expert's move on average in any band, which is
why the paired rounds find no holding-back rule that wins.
"""

from __future__ import annotations

import copy
import random
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

from games.bots.tile_rummy.best import read_view
from games.bots.tile_rummy.expert import improve, keeping_weights
from games.bots.tile_rummy.search import Budget
from games.engine import tile_rummy as tr

from .tile_rummy_rounds import interval
from .tile_rummy_strength import Player, baseline_player, level_player

Action = dict[str, Any]
Differences = dict[tuple[str, str], list[float]]
HOLDS = 2  # the cheapest laid natural tiles each tried as the one held back


def deal_again(state: tr.State, seat: int, rng: random.Random) -> tr.State:
    """A copy where what ``seat`` cannot see (the other racks, the pool) is dealt anew."""
    new = copy.deepcopy(state)
    others = [i for i in range(len(new.racks)) if i != seat]
    unseen = [*new.pool, *(t for i in others for t in new.racks[i])]
    rng.shuffle(unseen)
    for i in others:
        size = len(new.racks[i])
        new.racks[i] = sorted(unseen[:size], key=tr.sort_key)
        unseen = unseen[size:]
    new.pool = unseen
    return new


def round_score(state: tr.State, seat: int, events: list[dict[str, Any]], player: Player) -> int:
    """``seat``'s round score less the other's once ``player`` has played every seat out."""
    while True:
        for event in events:
            if event["type"] in ("round_over", "game_over"):
                scores = event["scores"]
                return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
        turn = state.turn
        state, events = tr.apply(state, turn, player(tr.view(state, turn)))


def values(
    state: tr.State, seat: int, actions: list[Action], samples: int, player: Player, key: str
) -> list[float]:
    """Each action's mean round score over the same ``samples`` deals."""
    totals = [0.0] * len(actions)
    for k in range(samples):
        dealt = deal_again(state, seat, random.Random(f"{key}-{k}"))
        for i, action in enumerate(actions):
            after, events = tr.apply(dealt, seat, action)
            totals[i] += round_score(after, seat, events, player)
    return [t / samples for t in totals]


def alternatives(
    view: dict[str, Any], expert: Player, baseline: Player, node_limit: int
) -> list[tuple[str, Action]]:
    """The expert's move first, then the other moves it had, each once (before it has
    opened, only its move: an opening is the most tiles worth 30, not a choice to weigh)."""
    table, rack, touch = read_view(view)
    chosen = expert(view)
    if not touch:
        return [("expert", chosen)]
    found = [("expert", chosen), ("baseline", baseline(view)), ("draw", {"type": "draw"})]
    before = {t for s in table for t in s}
    laid = _laid(before, chosen)
    if 2 <= len(laid) < len(rack):
        naturals = sorted((t for t in laid if not tr.face_of(t).wild), key=tr.tile_value)
        for tile in naturals[:HOLDS]:
            rest = [t for t in rack if t != tile]
            smaller = improve(
                table, rest, keeping_weights(rest, table), Budget(node_limit), lambda *_: None
            )
            if smaller is not None:
                found.append(("hold one", {"type": "play", "table": smaller}))
    unique: dict[tuple[int, ...], tuple[str, Action]] = {}
    for kind, action in found:  # the same tiles laid another way leave the same round
        unique.setdefault(_laid(before, action), (kind, action))
    return list(unique.values())


def _laid(before: set[int], action: Action) -> tuple[int, ...]:
    """The rack tiles an action lays, sorted; a draw lays none."""
    return tuple(sorted(t for s in action.get("table", []) for t in s if t not in before))


def band(tiles: int) -> str:
    return "opponent 1-3" if tiles <= 3 else "opponent 4-6" if tiles <= 6 else "opponent 7+"


def decision(
    state: tr.State, expert: Player, baseline: Player, node_limit: int, samples: int, key: str
) -> tuple[Action, list[tuple[str, str, float]]]:
    """The expert's move for the seat to play, and what each alternative scores less it."""
    seat = state.turn
    view = tr.view(state, seat)
    options = alternatives(view, expert, baseline, node_limit)
    if len(options) < 2:
        return options[0][1], []
    scores = values(state, seat, [a for _, a in options], samples, baseline, key)
    opponent = band(min(n for i, n in enumerate(view["rack_counts"]) if i != seat))
    pairs = zip(options[1:], scores[1:], strict=True)
    return options[0][1], [(kind, opponent, s - scores[0]) for (kind, _), s in pairs]


def decisions(
    seeds: int, first_seed: int, samples: int, node_limit: int
) -> Iterator[tuple[int, list[tuple[str, str, float]]]]:
    """Per seed, (alternative kind, opponent band, its score less the expert move's)."""
    expert, baseline = level_player("expert", node_limit), baseline_player(node_limit)
    for seed in range(first_seed, first_seed + seeds):
        found: list[tuple[str, str, float]] = []
        for seat in (0, 1):
            state = tr.new_game({"players": 2, "target": 200, "max_rounds": 100}, seed)
            while state.phase == "play":
                turn = state.turn
                if turn != seat:
                    state, _ = tr.apply(state, turn, baseline(tr.view(state, turn)))
                    continue
                key = f"{seed}-{seat}-{state.move_no}"
                move, rows = decision(state, expert, baseline, node_limit, samples, key)
                found += rows
                state, _ = tr.apply(state, seat, move)
        yield seed, found


def table_lines(differences: Differences) -> list[str]:
    lines = [f"{'alternative':<10} {'opponent':<14} {'decisions':>9} {'pts v expert':>20}"]
    for (kind, where), found in sorted(differences.items()):
        mean, half = interval(found)
        lines.append(f"{kind:<10} {where:<14} {len(found):>9} {mean:>+11.1f} ±{half:<7.1f}")
    return lines


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Print what each kind of alternative is worth against the expert's own move."""
    seeds, samples = options["lookahead_rounds"], options["lookahead_samples"]
    node_limit, every = options["node_limit"], options.get("progress_every") or 0
    out(
        f"Tile Rummy lookahead: first rounds of seeds {options['first_seed']}-"
        f"{options['first_seed'] + seeds - 1}, the expert in each seat, {samples} play-outs "
        f"per alternative, search limit {node_limit} steps"
    )
    differences: Differences = defaultdict(list)
    started = time.perf_counter()
    for done, (_, found) in enumerate(
        decisions(seeds, options["first_seed"], samples, node_limit), 1
    ):
        for kind, where, diff in found:
            differences[(kind, where)].append(diff)
            differences[(kind, "any")].append(diff)
        if every and done % every == 0 and done < seeds:
            out(f"  after {done} seeds, {time.perf_counter() - started:.0f} s:")
            for line in table_lines(differences):
                out(f"  {line}")
    for line in table_lines(differences):
        out(line)
    out(f"{time.perf_counter() - started:.0f} s")
