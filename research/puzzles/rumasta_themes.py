"""What a Rumasta first-meld puzzle teaches: its themes, its hint, its first rating.

``first-melds`` is the game's own theme (its page practises the game; the catalogue
names it), on every puzzle by design, so the "no theme on more than 40% of a bank"
rule leaves it out. Beside it each puzzle has **one main theme**, the first of
``MAIN`` it shows. Three are *needs*, found by searching again with some melds left
out (``needs``): the optimum is out of reach without them.

* ``canastas``: the answer closes a meld of seven at once (a Canasta or a Rumasta);
* ``same-rank``: the answer lays two melds of one rank;
* ``reach-minimum``: the greedy cannot reach the minimum at all;
* ``most-points``: the greedy lays as many cards, but fewer points;
* ``runs-over-sets`` (a need): a run through a rank the hand holds three or more of;
* ``wild-gaps`` (a need): a wild filling a gap inside a run;
* ``pairs-and-wilds`` (a need): a meld of two naturals and a wild;
* ``more-melds``: none of these (a better mix of plain melds).

The hint (data: the site's ``puzzles.rumasta.hint_text`` puts it into words) nudges
toward the main theme: the minimum and how many melds reach it, a meld of seven to
close, more points for as many cards, a rank better spent in a run, a gap in a run
of a colour, a pair with a wild, two melds of one rank, or how many melds.

The first rating: ``rating`` below (a small additive formula over measured
features); ``find`` (how many collections the exact search visits before it first
holds the optimum), a measure the formula does not read, checks it
(``tests/puzzles/test_rumasta_puzzles.py``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from games.engine.rumasta import melds as rules
from games.engine.rumasta.cards import FACES

from .rumasta_search import Core, reachable_without

Melds = list[list[int]]
Hint = dict[str, Any]
LOW, HIGH = 900, 2400
GAME_THEME = "first-melds"
# The main themes, in the order they are picked: the rarer first, so that none holds
# more than 40% of the bank (measured on the first build: see docs/puzzles.md).
MAIN = (
    "canastas",
    "same-rank",
    "reach-minimum",
    "most-points",
    "runs-over-sets",
    "wild-gaps",
    "pairs-and-wilds",
)
OTHER = "more-melds"
THEMES = (GAME_THEME, *MAIN, OTHER)


def _naturals(meld: list[int]) -> list[int]:
    return [c for c in meld if FACES[c].natural]


def _gap_runs(answer: Melds) -> list[list[int]]:
    """Runs whose naturals leave a place empty between them (a wild fills it)."""
    out = []
    for meld in answer:
        if rules.kind(meld) != "run":
            continue
        places = sorted(p for c in _naturals(meld) if (p := FACES[c].run_pos) is not None)
        if places[-1] - places[0] + 1 > len(places):
            out.append(meld)
    return out


def _set_ranks(answer: Melds) -> Counter[int]:
    return Counter(FACES[_naturals(m)[0]].rank for m in answer if rules.kind(m) == "set")


def _gapped(core: Core) -> bool:
    return core.kind == "run" and core.use[-1] - core.use[0] + 1 > len(core.use)


def needs(hand: list[int], minimum: int, optimum: tuple[int, int]) -> set[str]:
    """What the optimum cannot be reached without (a search with those melds left out
    falls short): a wild in a run's gap, a meld of two naturals and a wild, a run
    through a rank the hand holds three or more of."""
    held = Counter(FACES[c].run_pos for c in hand if FACES[c].run_pos is not None)
    tests: dict[str, Callable[[Core], bool]] = {
        "wild-gaps": lambda c: not _gapped(c),
        "pairs-and-wilds": lambda c: c.naturals > 2,
        "runs-over-sets": lambda c: c.kind == "set" or all(held[p] < 3 for p in c.use),
    }
    return {
        name
        for name, allow in tests.items()
        if reachable_without(hand, minimum, optimum, allow) is False
    }


def flags_of(
    answer: Melds, greedy: tuple[int, int], optimum: tuple[int, int], needed: set[str]
) -> set[str]:
    """Every main theme the puzzle shows (``main_theme`` picks one)."""
    found = set(needed)
    if any(n >= 2 for n in _set_ranks(answer).values()):
        found.add("same-rank")
    if any(len(m) >= rules.CLOSED for m in answer):
        found.add("canastas")
    if greedy[0] == 0:
        found.add("reach-minimum")
    elif greedy[0] == optimum[0]:
        found.add("most-points")
    return found


def themes_of(flags: set[str]) -> list[str]:
    """The game's theme and the first main theme of ``MAIN`` the puzzle shows."""
    main = next((t for t in MAIN if t in flags), OTHER)
    return sorted({GAME_THEME, main})


def hint_of(hand: list[int], answer: Melds, minimum: int, theme: str) -> Hint:
    """One nudge toward the main theme's point (see the module's docstring), never the answer."""
    if theme == "reach-minimum":
        return {"key": "minimum", "minimum": minimum, "melds": len(answer)}
    if theme in ("canastas", "most-points", "pairs-and-wilds"):
        return {"key": {"canastas": "seven", "most-points": "points"}.get(theme, "pair")}
    if theme == "same-rank":
        twice = [r for r, n in _set_ranks(answer).items() if n >= 2]
        return {"key": "rank-twice", "rank": _rank_text(max(twice))}
    if theme == "wild-gaps":
        gaps = _gap_runs(answer)
        return {"key": "gap", "colour": FACES[_naturals(gaps[0])[0]].colour}
    if theme == "runs-over-sets":
        held = Counter(FACES[c].rank for c in hand if FACES[c].run_pos is not None)
        ranks = [FACES[c].rank for m in answer if rules.kind(m) == "run" for c in _naturals(m)]
        split = [r for r in ranks if held[r] >= 3]
        if split:
            return {"key": "run-over-set", "rank": _rank_text(split[0])}
    return {"key": "melds", "melds": len(answer)}


def _rank_text(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def rating(features: dict[str, Any]) -> int:
    """A first guess at the rating from what the build measured; players' results move it.

    900, plus 50 for each card the answer lays beyond the best of the medium computer
    and the greedy (up to 8), 5 a point beyond them when the cards tie (up to 25
    points), 120 when the greedy cannot reach the minimum at all, 130 for each meld
    beyond two (melds to fit together), 15 for each card laid beyond eight, 40 for
    each doubling of the cores the hand offers (choices to weigh), 100 when the answer
    only just reaches the minimum (within 10), 60 for each need (``needs``) and 80
    for two melds of one rank. Clamped to 900-2400. On the first build's 60 puzzles
    its Spearman rho with ``find`` was 0.68 (0.52 before melds weighed more).
    """
    gain_cards, gain_points = features["gain"]
    score = 900 + 50 * min(gain_cards, 8)
    if gain_cards == 0:
        score += 5 * min(gain_points, 25)
    score += 120 * features["greedy_fails"] + 130 * max(features["melds"] - 2, 0)
    score += 15 * max(features["cards"] - 8, 0)
    score += 40 * round(math.log2(max(features["cores"], 1)))
    score += 100 * (features["slack"] <= 10)
    score += 60 * len(features["needs"]) + 80 * ("same-rank" in features["flags"])
    return max(LOW, min(score, HIGH))
