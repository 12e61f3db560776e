"""What the puzzle page shows, built from the position and the attempt only.

While an attempt is open nothing here reads the puzzle's answer (its
solution, tiles or value): those reach the page only once the attempt is over.
A Romanian opening puzzle draws its board with the Romanian table's pieces
(``romanian_board``); the rest of the page is shared by both games.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.web.tile_rummy import presenters
from games.web.tile_rummy.hint import drawn_rack, drawn_sets

from . import romanian, romanian_board
from .models import Attempt, Puzzle
from .themes import THEMES, theme_name

SETS_TEMPLATE = "games/tile_rummy/_drawn_sets.html"
PROMPTS = {
    "most": "Lay as many tiles from your rack as you can this turn. Rearrange the table freely.",
    "out": "Go out this turn: lay every tile of your rack. Rearrange the table freely.",
    "open": (
        "You have drawn and not opened yet. Open with the most tiles, then the most points: "
        "new combinations from your rack, one a run at least, worth {threshold} or more in all, "
        "keeping one tile to discard."
    ),
}
CAPTIONS = {
    False: {
        "rack": "Your rack",
        "yours": "Your table",
        "best": "The best arrangement (tiles from your rack have a dashed border)",
        "best_label": "The best arrangement",
        "nothing": "You laid nothing.",
    },
    True: {
        "rack": "Your rack",
        "yours": "Your table (the opening you laid)",
        "best": "The best arrangement: one best opening",
        "best_label": "The best opening",
        "nothing": "You laid no opening.",
    },
}


def urls(puzzle: Puzzle) -> dict[str, str]:
    return {
        name: reverse(f"puzzles:{name}", args=[puzzle.id])
        for name in ("move", "reset", "confirm", "hint", "give_up", "retry", "puzzle")
    }


def prompt(puzzle: Puzzle) -> str:
    return PROMPTS[puzzle.kind].format(threshold=romanian.threshold_of(puzzle))


def board_context(attempt: Attempt, error: str = "") -> dict[str, Any]:
    """The board: the draft and the rack while open; the two answers side by side after."""
    puzzle = attempt.puzzle
    context: dict[str, Any] = {
        "puzzle": puzzle,
        "attempt": attempt,
        "prompt": prompt(puzzle),
        "urls": urls(puzzle),
        "error": error,
        "hint_themes": [theme_name(t) for t in puzzle.themes] if attempt.hinted else [],
        "result": result_context(attempt) if attempt.over else None,
        "how_to_url": reverse(f"{puzzle.game}:how_to_play"),
    }
    if puzzle.romanian:
        context.update(romanian_board.board_context(attempt))
    else:
        context.update(_tile_rummy_board(attempt))
    return context


def _tile_rummy_board(attempt: Attempt) -> dict[str, Any]:
    puzzle = attempt.puzzle
    draft = attempt.draft or {"table": puzzle.table, "placed": []}
    placed = set(draft["placed"])
    from .solving import puzzle_view  # the same view the draft rules are given

    return {
        "sets": presenters.sets_context(draft["table"], placed),
        "rack": presenters.rack_context(puzzle_view(puzzle)["rack"], placed),
        "placed_count": len(placed),
        "draft_active": bool(attempt.draft) and draft["table"] != puzzle.table,
    }


def result_context(attempt: Attempt) -> dict[str, Any]:
    """The finished attempt: the player's table beside the best arrangement, and the numbers."""
    assert attempt.over, "the answer is shown only after the attempt"
    puzzle = attempt.puzzle
    captions = CAPTIONS[puzzle.romanian]
    if attempt.answer:
        did = f"You laid {_tiles(attempt.laid or 0)} worth {attempt.laid_value}."
    else:
        did = "You showed the answer without laying anything."
    best = f"The most possible: {_tiles(puzzle.tiles)} worth {puzzle.value}."
    change = None
    if attempt.rating_before is not None and attempt.rating_after is not None:
        change = round(attempt.rating_after - attempt.rating_before)
    return {
        "solved": attempt.status == Attempt.SOLVED,
        "hinted": attempt.hinted,
        "differs": bool(attempt.answer) and _as_sets(attempt.answer) != _as_sets(puzzle.solution),
        "did": did,
        "best_line": best,
        **_drawings(attempt),
        "captions": captions,
        "sets_template": SETS_TEMPLATE,
        "rating_change": change,
        "rating_after": round(attempt.rating_after) if attempt.rating_after else None,
        "themes": [{"slug": t, "name": theme_name(t)} for t in puzzle.themes if t in THEMES],
    }


def _drawings(attempt: Attempt) -> dict[str, Any]:
    """The rack, the player's answer and the best one, drawn by the puzzle's game."""
    puzzle = attempt.puzzle
    if puzzle.romanian:
        return {
            "yours": romanian_board.drawn(attempt.answer) if attempt.answer else None,
            "best": romanian_board.drawn(puzzle.solution),
            "rack_drawn": romanian_board.drawn_rack(puzzle.rack),
        }
    rack = set(puzzle.rack)
    return {
        "yours": drawn_sets(attempt.answer, rack) if attempt.answer else None,
        "best": drawn_sets(puzzle.solution, rack),
        "rack_drawn": drawn_rack(puzzle.rack, set()),
    }


def _as_sets(table: list[list[int]]) -> list[list[int]]:
    """A table or opening whatever order its sets and tiles were laid in."""
    return sorted(sorted(s) for s in table)


def _tiles(n: int) -> str:
    return f"{n} tile{'s' if n != 1 else ''}"
