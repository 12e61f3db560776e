"""What the puzzle page shows, built from the position and the attempt only.

While an attempt is open nothing here reads the puzzle's answer (its
solution, tiles or value): those reach the page only once the attempt is over.
The board itself is the puzzle's game's own (``Puzzle.adapter``: its template,
draft and drawings); the rest of the page is one for every game.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import catalogue

from .models import Attempt, Puzzle
from .themes import THEMES, theme_name


def urls(puzzle: Puzzle) -> dict[str, str]:
    return {
        name: reverse(f"puzzles:{name}", args=[puzzle.id])
        for name in ("move", "reset", "confirm", "hint", "give_up", "retry", "puzzle")
    }


def board_context(attempt: Attempt, error: str = "") -> dict[str, Any]:
    """The board: the draft and the rack while open; the two answers side by side after."""
    puzzle = attempt.puzzle
    game = puzzle.adapter
    context: dict[str, Any] = {
        "puzzle": puzzle,
        "game_name": catalogue.kind_name(puzzle.game),  # in the reader's language
        "attempt": attempt,
        "prompt": status_line(attempt),
        "game_meta": game.meta(puzzle),
        # A game whose pieces are not tiles words the task itself (``KIND_LABEL``).
        "kind_label": getattr(game, "KIND_LABEL", None) or puzzle.get_kind_display(),
        "board_template": game.TEMPLATE,
        "board_class": game.BOARD_CLASS,
        "stylesheets": game.STYLESHEETS,
        "announce_status": game.ANNOUNCES_STATUS,
        "rack_skip": game.RACK_SKIP,
        "urls": urls(puzzle),
        "error": error,
        "hint": hint_line(puzzle) if attempt.hinted and not attempt.over else "",
        "result": result_context(attempt) if attempt.over else None,
        "how_to_url": reverse(f"{puzzle.game}:how_to_play"),
    }
    context.update(game.board_context(attempt))
    return context


def hint_line(puzzle: Puzzle) -> str:
    """The nudge the Hint button gives: the puzzle's own stored hint in the reader's words
    (its game's ``hint_text``), else its themes named (a puzzle from a player's own game).
    Never the answer, and never the gain over a first idea (read only after the attempt)."""
    words = getattr(puzzle.adapter, "hint_text", None)
    text = words(puzzle.hint) if words is not None and puzzle.hint else ""
    if text:
        return text
    names = ", ".join(str(theme_name(t)) for t in puzzle.themes)
    return _("Think about %(themes)s.") % {"themes": names} if names else ""


def status_line(attempt: Attempt) -> str:
    """The line above the board: the question while the attempt is open, then its outcome.

    The question speaks of the position as it stands ("You have drawn and not
    opened yet…"), which is no longer true once the answer is in.
    """
    if not attempt.over:
        return attempt.puzzle.adapter.prompt(attempt.puzzle)
    if attempt.status == Attempt.SOLVED:
        return _("Solved. Your answer and the best one are below.")
    if not attempt.answer:
        return _("Answer shown. The best one is below.")
    return _("Not the most this time. Your answer and the best one are below.")


def result_context(attempt: Attempt) -> dict[str, Any]:
    """The finished attempt: the player's answer beside the best one, and the numbers."""
    assert attempt.over, "the answer is shown only after the attempt"
    puzzle = attempt.puzzle
    words = getattr(puzzle.adapter, "result_words", _tile_words)
    if attempt.answer:
        did = words("did", attempt.laid or 0, attempt.laid_value)
    else:
        did = _("You showed the answer without laying anything.")
    best = words("best", puzzle.tiles, puzzle.value)
    change = None
    if attempt.rating_before is not None and attempt.rating_after is not None:
        change = round(attempt.rating_after - attempt.rating_before)
    return {
        "solved": attempt.status == Attempt.SOLVED,
        "hinted": attempt.hinted,
        "differs": bool(attempt.answer) and differs(puzzle, attempt.answer or []),
        "did": did,
        "best_line": best,
        **puzzle.adapter.drawings(puzzle, attempt.answer),
        "captions": puzzle.adapter.CAPTIONS,
        "rating_change": change,
        "rating_after": round(attempt.rating_after) if attempt.rating_after else None,
        "themes": [{"slug": t, "name": theme_name(t)} for t in puzzle.themes if t in THEMES],
    }


def _tile_words(which: str, count: int, value: Any) -> str:
    """The result's two lines in tiles; a game of cards has its own (``result_words``)."""
    if which == "did":
        return ngettext(
            "You laid %(count)s tile worth %(value)s.",
            "You laid %(count)s tiles worth %(value)s.",
            count,
        ) % {"count": count, "value": value}
    return ngettext(
        "The most possible: %(count)s tile worth %(value)s.",
        "The most possible: %(count)s tiles worth %(value)s.",
        count,
    ) % {"count": count, "value": value}


def differs(puzzle: Puzzle, answer: list[list[int]]) -> bool:
    """Whether the player's table is another arrangement than the stored one, as the eye
    sees it: the two copies of a face (and the two jokers) are interchangeable, so
    swapping one for its twin is the same arrangement, not a different one."""
    return _by_faces(puzzle, answer) != _by_faces(puzzle, puzzle.solution)


def _by_faces(puzzle: Puzzle, table: list[list[int]]) -> list[list[str]]:
    """A table or opening as faces ("R7", a joker "J"), whatever order it was laid in."""
    face_of = puzzle.adapter.face_of
    return sorted(sorted(str(face_of(t)) for t in s) for s in table)
