"""The wilds the cards still to come will need: a tighter bound for Rumasta's best-play
search (``best.py``, issue 41 item 5).

The plain bound counts the best cards still to come as if each could be melded; in a
big hand where nearly every card must go down for a better play, the search then
spends tens of thousands of nodes arranging the low cards before it finds that the
high ones are short of wilds. Here a card still to come is *needy* when no meld without
a wild could hold it: fewer than two more of its rank to come and no set of its rank
being built, no two run neighbours of its colour (to come or in a run being built), and
no run being built that it extends within that run's own wilds (for a run of one
natural, up to the card above its farthest partner: the wilds owed between them may
serve it). Any meld holding a needy card holds a wild that no meld being built has
counted yet (their gaps below the cards to come, a set's third card, a lone run's gap
to its partner), and one wild serves at most four needy cards (a run's
naturals come in pieces of at most two between its wilds: ``n <= 2 (w + 1) <= 4 w``; a
set holds at most two of them). So melding ``a`` needy cards takes ``ceil(a / 4)``
wilds beyond those already owed, and the bound below never cuts a better play.
"""

from __future__ import annotations

from collections.abc import Sequence

from .build import CLOSED, RUN, SET, Build

FOURS = 4  # the most needy cards one wild can serve


def needy_split(
    cards: Sequence[tuple[int, int, int, bool]], builds: list[Build], wilds: int
) -> tuple[list[int], list[int]]:
    """The hand's cards still to come, as (free, needy) point values, each high first.

    ``cards`` are (run place, colour, points, is a pile's top card); top cards are only
    partners here (the bound counts them apart)."""
    set_ranks = 0
    near = [0, 0]  # run places, by colour, a card joins a run being built without a wild
    runs = [0, 0]  # run places, by colour, of the cards to come and the runs being built
    ranks: dict[int, int] = {}
    for build in builds:
        if build.naturals + build.wilds >= CLOSED:
            continue
        if build.kind == SET:
            set_ranks |= 1 << build.key
        elif build.kind == RUN and build.naturals:
            runs[build.key] |= build.mask
            lo, hi = max(0, build.lo - 1 - build.wilds), build.hi + 1 + build.wilds
            if build.naturals == 1 and build.own is None:  # owed wilds reach its partner
                hi = build.hi + 2 + wilds  # and the partner's neighbour above
            near[build.key] |= ((1 << (hi - lo + 1)) - 1) << lo
    for pos, colour, _value, _top in cards:
        runs[colour] |= 1 << pos
        ranks[pos] = ranks.get(pos, 0) + 1
    free: list[int] = []
    needy: list[int] = []
    for pos, colour, value, top in cards:
        if top:
            continue
        mask = runs[colour]
        free_card = (
            ranks[pos] >= 3
            or set_ranks >> pos & 1
            or near[colour] >> pos & 1
            or _neighbours(mask, pos)
        )
        (free if free_card else needy).append(value)
    free.sort(reverse=True)
    needy.sort(reverse=True)
    return free, needy


def _neighbours(mask: int, pos: int) -> bool:
    """Two run places of ``mask`` next to ``pos`` (below, around or above it)."""
    below = pos >= 1 and mask >> (pos - 1) & 1
    above = mask >> (pos + 1) & 1
    if below and above:
        return True
    if below and pos >= 2 and mask >> (pos - 2) & 1:
        return True
    return bool(above and mask >> (pos + 2) & 1)


def demand_bound(
    free: list[int], needy: list[int], wild_sums: list[int], most: int, keep: int, owed: int
) -> int | None:
    """The most the hand's cards still to come and its wilds can add, ``most`` wilds at
    most, ``keep`` hand cards at most, ``owed`` wilds already needed by the melds being
    built; None when no count of wilds works."""
    best: int | None = None
    for wilds in range(owed, most + 1):
        usable = min(len(needy), FOURS * (wilds - owed))
        cap = keep - wilds
        if cap < 0:
            break
        total = wild_sums[wilds] + _top_sum(free, needy, usable, cap)
        if best is None or total > best:
            best = total
    return best


def _top_sum(free: list[int], needy: list[int], usable: int, cap: int) -> int:
    """The best ``cap`` values of ``free`` and the first ``usable`` of ``needy`` (both
    sorted high first): a merge that stops at ``cap``."""
    total = a = b = 0
    for _ in range(cap):
        if a < len(free) and (b >= usable or free[a] >= needy[b]):
            total += free[a]
            a += 1
        elif b < usable:
            total += needy[b]
            b += 1
        else:
            break
    return total
