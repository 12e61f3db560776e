"""What the puzzle page shows, built from the position and the attempt only.

While an attempt is open nothing here reads the puzzle's answer (its
solution, tiles or value): those reach the page only once the attempt is over.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.web.tile_rummy import presenters
from games.web.tile_rummy.hint import drawn_sets

from .models import Attempt, Puzzle
from .themes import THEMES, theme_name

SETS_TEMPLATE = "games/tile_rummy/_drawn_sets.html"
PROMPTS = {
    "most": "Lay as many tiles from your rack as you can this turn. Rearrange the table freely.",
    "out": "Go out this turn: lay every tile of your rack. Rearrange the table freely.",
}


def urls(puzzle: Puzzle) -> dict[str, str]:
    return {
        name: reverse(f"puzzles:{name}", args=[puzzle.id])
        for name in ("move", "reset", "confirm", "hint", "give_up", "retry", "puzzle")
    }


def board_context(attempt: Attempt, error: str = "") -> dict[str, Any]:
    """The board: the draft table and the rack while open; the two tables side by side after."""
    puzzle = attempt.puzzle
    draft = attempt.draft or {"table": puzzle.table, "placed": []}
    placed = set(draft["placed"])
    from .solving import puzzle_view  # the same view the draft rules are given

    view = puzzle_view(puzzle)
    context: dict[str, Any] = {
        "puzzle": puzzle,
        "attempt": attempt,
        "prompt": PROMPTS[puzzle.kind],
        "urls": urls(puzzle),
        "error": error,
        "sets": presenters.sets_context(draft["table"], placed),
        "rack": presenters.rack_context(view["rack"], placed),
        "placed_count": len(placed),
        "draft_active": bool(attempt.draft) and draft["table"] != puzzle.table,
        "hint_themes": [theme_name(t) for t in puzzle.themes] if attempt.hinted else [],
        "result": result_context(attempt) if attempt.over else None,
        "how_to_url": reverse("tile_rummy:how_to_play"),
    }
    return context


def result_context(attempt: Attempt) -> dict[str, Any]:
    """The finished attempt: the player's table beside the best arrangement, and the numbers."""
    assert attempt.over, "the answer is shown only after the attempt"
    puzzle = attempt.puzzle
    rack = set(puzzle.rack)
    solved = attempt.status == Attempt.SOLVED
    if attempt.answer:
        did = f"You laid {_tiles(attempt.laid or 0)} worth {attempt.laid_value}."
    else:
        did = "You showed the answer without laying anything."
    best = f"The most possible: {_tiles(puzzle.tiles)} worth {puzzle.value}."
    change = None
    if attempt.rating_before is not None and attempt.rating_after is not None:
        change = round(attempt.rating_after - attempt.rating_before)
    return {
        "solved": solved,
        "hinted": attempt.hinted,
        "did": did,
        "best_line": best,
        "yours": drawn_sets(attempt.answer, rack) if attempt.answer else None,
        "best": drawn_sets(puzzle.solution, rack),
        "rack_drawn": presenters_rack(puzzle.rack),
        "sets_template": SETS_TEMPLATE,
        "rating_change": change,
        "rating_after": round(attempt.rating_after) if attempt.rating_after else None,
        "themes": [{"slug": t, "name": theme_name(t)} for t in puzzle.themes if t in THEMES],
    }


def _tiles(n: int) -> str:
    return f"{n} tile{'s' if n != 1 else ''}"


def presenters_rack(rack: list[int]) -> list[list[dict[str, Any]]]:
    from games.web.tile_rummy.hint import drawn_rack

    return drawn_rack(rack, set())
