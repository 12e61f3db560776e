"""Rumasta first-meld puzzles: the hand, the draft of melds, the engine's judgement.

The position is a hand only: a seat that drew (option C) and whose side has not
melded this round, and the side's minimum (50, 90 or 120, by its score). The task:
lay the side's first meld from the hand — one or more melds at once — reaching the
minimum, with the most cards, then the most points (card values: the ones the
minimum counts), keeping three cards in hand (the rules refuse a meld that leaves
fewer, short of going out, which a first meld cannot be). Wilds, sevens (a Canasta
or a Rumasta closes at once) and two melds of one rank are all allowed as the rules
allow them; black 3s never meld here, and red 3s are never in a hand (laid at once).

The draft is ``{"melds": [[card ids]...]}``: a tap puts a card in a meld being built
(``new``, ``n:<i>``) or back in the hand (``rack``). Confirm hands the melds to the
engine as the one ``meld`` action they are, on a table holding that hand and the
side's score for that minimum, so the engine's own checks decide (each meld, the
minimum, three cards kept): nothing written again here. The module offers the names
every game's puzzle module has (see ``puzzles.tile_rummy``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from games.engine import rumasta as engine
from games.engine.base import IllegalAction
from games.engine.rumasta import melds as rules
from games.engine.rumasta.cards import FACES, sort_cards
from games.engine.rumasta.view import card_view
from games.web.rumasta.presenters import card

from .errors import PuzzleError
from .models import Attempt, Puzzle

DEFAULT_MINIMUM = 50
KEEP = 3
# A side score giving each minimum (the rules: 0-1,500 → 50, 1,501-2,500 → 90, 2,501+ → 120).
SCORE_FOR = {50: 0, 90: 2000, 120: 3000}
TEMPLATE = "puzzles/_rumasta_board.html"
SETS_TEMPLATE = "puzzles/_rumasta_sets.html"
STYLESHEETS = ("css/rumasta.css", "css/romanian.css")  # the cards; the opening's tally line
BOARD_CLASS = "rm-board ro-board"
ANNOUNCES_STATUS = False  # the running tally is read out after each tap instead
RACK_SKIP = gettext_lazy("Skip to your hand")
KIND_LABEL = gettext_lazy("First meld with the most cards")
PROMPT = ngettext_lazy(
    "You have drawn and your side has not melded yet. Lay its first meld from your hand: "
    "the most cards, then the most points, worth %(minimum)s or more in all, keeping three "
    "cards in hand.",
    "You have drawn and your side has not melded yet. Lay its first meld from your hand: "
    "the most cards, then the most points, worth %(minimum)s or more in all, keeping three "
    "cards in hand.",
    "minimum",
)
CAPTIONS = {
    "rack": gettext_lazy("Your hand"),
    "yours": gettext_lazy("Your first meld"),
    "best": gettext_lazy("The best arrangement: one best first meld"),
    "best_label": gettext_lazy("The best first meld"),
    "nothing": gettext_lazy("You laid no meld."),
}
# "first-melds" is on every puzzle here: its page is where this game's puzzles are
# practised; each puzzle has one main theme beside it (research/puzzles/rumasta_themes.py).
THEMES: dict[str, tuple[Any, Any]] = {
    "first-melds": (
        gettext_lazy("Rumasta first melds"),
        gettext_lazy(
            "Rumasta: reach your side's minimum from your hand with as many cards as you can."
        ),
    ),
    "canastas": (
        gettext_lazy("A meld of seven at once"),
        gettext_lazy("Rumasta: the best first meld closes a Canasta or a Rumasta."),
    ),
    "same-rank": (
        gettext_lazy("Two melds of one rank"),
        gettext_lazy("Rumasta: two melds of the same rank are allowed, and better here."),
    ),
    "reach-minimum": (
        gettext_lazy("Reaching the minimum"),
        gettext_lazy("Rumasta: the plain melds fall short of the minimum; a better mix does not."),
    ),
    "most-points": (
        gettext_lazy("As many cards, more points"),
        gettext_lazy("Rumasta: the cards laid are easy to count; the points take care."),
    ),
    "runs-over-sets": (
        gettext_lazy("Runs before sets"),
        gettext_lazy("Rumasta: a card you hold three of does more in a run."),
    ),
    "wild-gaps": (
        gettext_lazy("Wilds in a run's gap"),
        gettext_lazy("Rumasta: a wild fills a gap inside a run."),
    ),
    "pairs-and-wilds": (
        gettext_lazy("A pair and a wild"),
        gettext_lazy("Rumasta: two natural cards and a wild make a meld."),
    ),
    "more-melds": (
        gettext_lazy("A better mix of melds"),
        gettext_lazy("Rumasta: plain melds, better chosen."),
    ),
}
COLOUR_HINTS = {
    "red": gettext_lazy("A wild can fill a gap inside a red run."),
    "black": gettext_lazy("A wild can fill a gap inside a black run."),
}
HINTS = {
    "seven": gettext_lazy("You can close a meld of seven cards in your first meld."),
    "points": gettext_lazy(
        "The plain melds lay as many cards as the best, but fewer points: weigh what you keep."
    ),
    "pair": gettext_lazy("Two natural cards of a rank and a wild make a meld."),
}
Draft = dict[str, Any]


def result_words(which: str, count: int, value: Any) -> str:
    """The result's lines in cards (the presenters' default counts tiles)."""
    if which == "did":
        return ngettext(
            "You melded %(count)s card worth %(value)s.",
            "You melded %(count)s cards worth %(value)s.",
            count,
        ) % {"count": count, "value": value}
    return ngettext(
        "The most possible: %(count)s card worth %(value)s.",
        "The most possible: %(count)s cards worth %(value)s.",
        count,
    ) % {"count": count, "value": value}


def face_of(card_id: int) -> str:
    """What a card shows ("QH", a joker "JK"): two melds equal by faces are one answer."""
    return FACES[card_id].text


def minimum_of(puzzle: Puzzle) -> int:
    return puzzle.threshold or DEFAULT_MINIMUM


def prompt(puzzle: Puzzle) -> str:
    return PROMPT % {"minimum": minimum_of(puzzle)}


def meta(puzzle: Puzzle) -> str:
    minimum = minimum_of(puzzle)
    return ngettext(
        "first meld of at least %(minimum)s point",
        "first meld of at least %(minimum)s points",
        minimum,
    ) % {"minimum": minimum}


def hint_text(hint: dict[str, Any]) -> str:
    """The stored hint (``research/puzzles/rumasta_themes.py``) in the reader's words."""
    key = hint.get("key")
    if key in HINTS:
        return str(HINTS[key])
    if key == "gap" and hint.get("colour") in COLOUR_HINTS:
        return str(COLOUR_HINTS[hint["colour"]])
    if key == "rank-twice":
        return _("You may lay two melds of one rank: look at your cards of rank %(rank)s.") % {
            "rank": hint["rank"]
        }
    if key == "run-over-set":
        return _("One of your cards of rank %(rank)s does more in a run than in a set.") % {
            "rank": hint["rank"]
        }
    count = hint.get("melds", 0)
    if key == "minimum":
        return ngettext(
            "You can reach %(minimum)s with %(count)s meld: look past the plain ones.",
            "You can reach %(minimum)s with %(count)s melds: look past the plain ones.",
            count,
        ) % {"minimum": hint["minimum"], "count": count}
    if key == "melds":
        return ngettext(
            "Here the best answer lays %(count)s meld.",
            "Here the best answer lays %(count)s melds.",
            count,
        ) % {"count": count}
    return ""


# --- the draft -----------------------------------------------------------------------------


def melds_of(draft: Draft | None) -> list[list[int]]:
    return [list(m) for m in (draft or {}).get("melds", []) if m]


def placed(draft: Draft | None) -> list[int]:
    return [c for m in melds_of(draft) for c in m]


def in_hand(draft: Draft | None, puzzle: Puzzle) -> list[int]:
    laid = set(placed(draft))
    return [c for c in sort_cards(list(puzzle.rack)) if c not in laid]


def move(draft: Draft | None, puzzle: Puzzle, tile: int, target: str) -> Draft:
    """Put a card of the hand into a meld being built (``new``, ``n:<i>``) or back into
    the hand (``rack``); a card already in a meld moves from there."""
    if tile not in puzzle.rack:
        raise PuzzleError(_("That card is not in your hand."))
    melds = [[c for c in m if c != tile] for m in melds_of(draft)]
    if target == "new":
        melds.append([tile])
    elif target.startswith("n:"):
        index = _index(target[2:], len(melds_of(draft)))
        melds[index].append(tile)
    elif target != "rack":
        raise PuzzleError(_("Put the card in a meld, a new one, or back in your hand."))
    return {"melds": [m for m in melds if m]}


def _index(raw: str, count: int) -> int:
    if not raw.isdigit() or int(raw) >= count:
        raise PuzzleError(_("There is no such meld: start a new one."))
    return int(raw)


def judge(puzzle: Puzzle, draft: Draft | None) -> tuple[list[list[int]], int, int]:
    """(the melds, cards laid, their points), or ``PuzzleError`` with the engine's reason."""
    melds = melds_of(draft)
    if not melds:
        raise PuzzleError(_("Lay at least one meld first: pick a card, then + New meld."))
    try:
        engine.apply(_table(puzzle), 0, {"type": "meld", "melds": melds})
    except IllegalAction as exc:
        reason = _("Not a valid first meld: %(reason)s Nothing counted.") % {
            "reason": exc.shown_message
        }
        raise PuzzleError(reason) from exc
    cards = [c for m in melds for c in m]
    return melds, len(cards), sum(FACES[c].value for c in cards)


def _table(puzzle: Puzzle) -> engine.State:
    """A two-seat table in seat 0's play step: the puzzle's hand, nothing melded, the
    side score that gives the puzzle's minimum. Only what the meld rules read is set."""
    config = engine.Config.from_dict({"players": 2})
    state = engine.State(config=config, seed=0, totals=[SCORE_FOR[minimum_of(puzzle)], 0])
    state.phase, state.step, state.turn, state.turn_choice = "turn", "play", 0, "draw"
    state.hands, state.melds, state.red3s = [list(puzzle.rack), []], [[], []], [[], []]
    return state


def answer_draft(solution: list[list[int]]) -> Draft:
    """The stored answer as a draft ``judge`` reads."""
    return {"melds": [list(m) for m in solution]}


# --- the board -----------------------------------------------------------------------------


def _card(card_id: int) -> dict[str, Any]:
    shown = card(dict(card_view(card_id)))
    assert shown is not None
    return shown


def _meld_context(index: int, cards: list[int]) -> dict[str, Any]:
    shape = rules.kind(cards)
    return {
        "target": f"n:{index}",
        "number": index + 1,
        "cards": [_card(c) for c in cards],
        "valid": shape in ("set", "run"),
        "kind": shape,
        "closed": rules.closed(cards) and shape in ("set", "run"),
        "value": rules.meld_value(cards),
    }


def board_context(attempt: Attempt) -> dict[str, Any]:
    """The hand, the melds being built and the first meld's running tally."""
    puzzle = attempt.puzzle
    melds = melds_of(attempt.draft)
    new_melds = [_meld_context(i, m) for i, m in enumerate(melds)]
    hand = in_hand(attempt.draft, puzzle)
    total = sum(m["value"] for m in new_melds if m["valid"])
    laid = sum(len(m) for m in melds)
    minimum = minimum_of(puzzle)
    return {
        "new_melds": new_melds,
        "hand": [_card(c) for c in hand],
        "tally": {
            "total": total,
            "minimum": minimum,
            "cards": laid,
            "keeps": len(hand) >= KEEP,
            "enough": total >= minimum and len(hand) >= KEEP and bool(melds),
        },
        "placed_count": laid,
        "draft_active": bool(melds),
    }


def drawn(melds: list[list[int]]) -> list[list[dict[str, Any]]]:
    """Melds as small read-only cards, in the table's order (a run high to low)."""
    return [[_card(c) for c in rules.arrange(m)] for m in melds]


def drawings(puzzle: Puzzle, answer: list[list[int]] | None) -> dict[str, Any]:
    """The hand, the player's first meld and the best one."""
    return {
        "yours": drawn(answer) if answer else None,
        "best": drawn(puzzle.solution),
        "rack_drawn": [[_card(c) for c in sort_cards(list(puzzle.rack))]],
        "sets_template": SETS_TEMPLATE,
    }
