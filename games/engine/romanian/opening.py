"""The opening meld on its own: combinations from the rack, a run among them, the threshold.

Kept apart from ``melding.lay`` (which calls it) so that a position that is
only a rack (an opening puzzle) is judged by exactly the rules of a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Message, gettext_noop, require
from ..melds import why_not
from .tiles import RULES, face_of, reading_of


def valid_combination(tiles: list[int], label: str) -> None:
    """``label`` names the combination for people (a ``Message``: "Combination 2")."""
    reason = why_not([face_of(t) for t in tiles], RULES)
    require(
        reason is None,
        "invalid_meld",
        gettext_noop("%(label)s is not a combination: %(reason)s."),
        label=label,
        reason=reason,
    )


def combination_label(index: int) -> Message:
    return Message(gettext_noop("Combination %(number)s"), {"number": index + 1})


def opening_value(melds: Sequence[list[int]], threshold: int) -> int:
    """The opening's worth, once every combination, the run and the threshold are checked."""
    readings = []
    for i, meld in enumerate(melds):
        valid_combination(meld, combination_label(i))
        readings.append(reading_of(meld))
    require(
        any(r is not None and r.kind == "run" for r in readings),
        "opening_needs_run",
        gettext_noop("The opening meld must include at least one run."),
    )
    total = sum(r.value for r in readings if r is not None)
    require(
        total >= threshold,
        "opening_threshold",
        gettext_noop(
            "The opening meld must be worth at least %(threshold)s points; "
            "this one is worth %(total)s."
        ),
        threshold=threshold,
        total=total,
    )
    return total


def judge_opening(
    rack: Sequence[int], melds: Sequence[list[int]], threshold: int
) -> tuple[int, int]:
    """(tiles laid, value) of an opening from ``rack`` alone that keeps a tile to discard.

    Raises ``IllegalAction`` with the game's own code and message otherwise.
    """
    laid = [t for meld in melds for t in meld]
    require(bool(laid), "empty_meld", gettext_noop("Lay at least one tile."))
    require(len(set(laid)) == len(laid), "duplicate", gettext_noop("A tile can be laid only once."))
    require(
        set(laid) <= set(rack),
        "not_in_rack",
        gettext_noop("You can only lay tiles from your own rack."),
    )
    require(
        len(rack) - len(laid) >= 1,
        "keep_one",
        gettext_noop("A turn ends with a discard: keep one tile to discard."),
    )
    return len(laid), opening_value(melds, threshold)
