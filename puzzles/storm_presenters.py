"""What the Storm pages show: the rules, the run being played, a finished run and the bests.

The board is the puzzle page's own (``presenters.board_context``: the game's template,
draft and drawings, never the answer while the puzzle is open) with the run's URLs in
place of the puzzle's, so a tap or an answer reaches ``puzzles.storm`` and its clock.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import catalogue
from leaderboards.periods import utc_today

from . import storm
from .models import Attempt, Solver, StormRun
from .presenters import board_context

RECENT = 5  # finished runs listed on the start page


def rules() -> list[str]:
    """The rules in words, built from the numbers ``storm`` plays by (one truth)."""
    minutes = int(storm.DURATION.total_seconds() // 60)
    cost = storm.MISS_COST.seconds
    grace = storm.GRACE.seconds
    bonus = [storm.time_bonus(k) for k in (3, 6, 9)]
    return [
        ngettext(
            "You have %(minutes)s minute: solve as many puzzles as you can.",
            "You have %(minutes)s minutes: solve as many puzzles as you can.",
            minutes,
        )
        % {"minutes": minutes},
        _("The first puzzles are easy; each one after is a little harder."),
        _("A puzzle is solved when you lay the most tiles it allows (then the most points)."),
        _(
            "Each solve is worth 1 point. From your third solve in a row on, each is worth 2: "
            "that is the combo bonus."
        ),
        _(
            "A combo also buys time: %(first)s seconds at 3 in a row, %(second)s at 6, then "
            "%(later)s at 9, 12, 15 and so on."
        )
        % {"first": bonus[0], "second": bonus[1], "later": bonus[2]},
        _(
            "A valid answer short of the best, or a pass, costs %(cost)s seconds and the combo, "
            "and the next puzzle comes at once. An answer that breaks the rules is sent back "
            "with the reason and costs nothing but the time it took."
        )
        % {"cost": cost},
        _(
            "The clock is kept on our server. An answer that reaches us more than %(grace)s "
            "seconds after the time is up does not count; within those seconds it counts but "
            "adds no time."
        )
        % {"grace": grace},
        _("No puzzle comes twice in one run. Storm puzzles are not rated."),
    ]


def urls(run: StormRun) -> dict[str, str]:
    """The board's buttons for the run's puzzle in play (its number is in every URL, so an
    answer meant for an earlier puzzle is told apart and refused)."""
    args = [run.pk, run.dealt]
    return {
        "move": reverse("puzzles:storm_move", args=args),
        "reset": reverse("puzzles:storm_reset", args=args),
        "confirm": reverse("puzzles:storm_answer", args=args),
        "give_up": reverse("puzzles:storm_pass", args=args),
    }


def play_context(run: StormRun, solver: Solver, error: str = "") -> dict[str, Any]:
    """The run's puzzle in play, the score, the combo and the clock."""
    attempt = run.current
    assert attempt is not None and run.ended_at is None
    context = board_context(attempt, error)
    left = storm.seconds_left(run)
    context.update(
        {
            "urls": urls(run),
            "run": run,
            "solver": solver,
            "give_up_label": _("Pass (costs %(seconds)s s)") % {"seconds": storm.MISS_COST.seconds},
            "give_up_key": "P",
            "seconds_left": f"{left:.1f}",
            "clock": clock(left),
            "grace_ms": int(storm.GRACE.total_seconds() * 1000),
            "refresh_after": storm.GRACE.seconds + 1,  # the result, once the grace is over
            "closing": left <= 0,
            "feedback": feedback(run.last),
            "stylesheets": stylesheets(),
        }
    )
    return context


def stylesheets() -> list[str]:
    """Every puzzle game's own sheets: the next puzzle, swapped into the page after an
    answer, may be another game's than the one the page was loaded with."""
    sheets: list[str] = []
    for entry in catalogue.with_puzzles():
        assert entry.puzzles is not None
        for sheet in catalogue.load(entry.puzzles.adapter).STYLESHEETS:
            if sheet not in sheets:
                sheets.append(sheet)
    return sheets


def clock(seconds: float) -> str:
    """``m:ss``, rounded up as a countdown shows it (0.2 s left is still 0:01)."""
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"


def feedback(last: dict[str, Any] | None) -> str:
    """What the previous answer earned, in a sentence ("" before the first answer)."""
    if not last:
        return ""
    if last["solved"]:
        said = ngettext("Solved: +%(points)s point.", "Solved: +%(points)s points.", last["points"])
        said %= {"points": last["points"]}
        if last["seconds"]:
            said += " " + _("Combo %(combo)s: +%(seconds)s seconds.") % last
        return said
    cost = {"cost": -last["seconds"]}
    if last.get("answered", True):
        return _("Not the most: %(cost)s seconds off the clock; the combo starts again.") % cost
    return _("Passed: %(cost)s seconds off the clock; the combo starts again.") % cost


def start_context(solver: Solver) -> dict[str, Any]:
    """The start page: the rules, the solver's bests and latest runs."""
    recent = storm.finished(solver).order_by("-id")[:RECENT]
    return {"rules": rules(), "records": storm.records(solver), "recent": list(recent)}


def run_context(run: StormRun, solver: Solver) -> dict[str, Any]:
    """A finished run: its numbers, whether it beat the bests, its puzzles to review."""
    before = storm.records(solver, leave_out=run)
    attempts = run.attempts.select_related("puzzle").order_by("id")
    return {
        "run": run,
        "records": storm.records(solver),
        "new_best": run.score > before.best,
        # the daily best is today's (UTC): a run from another day no longer competes
        "best_today": run.day == utc_today() and run.score > before.today,
        "puzzles": [_reviewed(run, a) for a in attempts],
    }


def _outcome(run: StormRun, attempt: Attempt) -> str:
    """How a run's puzzle ended. An unanswered one that is not the last was passed; the
    last one tells by when the run closed: at its deadline (the time ran out), after it
    (a pass whose cost ended the run) or before it (a new run or a sign-in ended it)."""
    if attempt.status == Attempt.SOLVED:
        return pgettext("a puzzle attempt", "solved")
    if attempt.answer:
        return _("not the most")
    if attempt.pk != run.current_id or (run.ended_at and run.ended_at > run.ends_at):
        return _("passed")
    if run.ended_at == run.ends_at:
        return _("the time ran out")
    return _("not answered")


def _reviewed(run: StormRun, attempt: Attempt) -> dict[str, Any]:
    return {
        "number": attempt.puzzle_id,
        "rating": round(attempt.puzzle.rating),
        "outcome": _outcome(run, attempt),
        "solved": attempt.status == Attempt.SOLVED,
        "url": reverse("puzzles:attempt", args=[attempt.pk]) if attempt.over else "",
    }
