"""Puzzle Storm: as many puzzles as you can in three minutes, the clock kept on the server.

Adapted from lichess's Puzzle Storm to puzzles that take longer than a chess tactic (a
table to rearrange, an opening to find). The rules, stated on the Storm page too:

- the clock starts at 3:00 when the run starts; the run's start and deadline are stored
  here and the page's countdown only shows them;
- the puzzles get harder: the k-th is near ``START + STEP * k`` (puzzle rating), and no
  puzzle is dealt twice in one run;
- a solve (the most tiles, then the most points) scores 1 point, and 2 from the third
  solve in a row on: the combo bonus. A combo of 3 adds 10 seconds, of 6 15 seconds, of
  9, 12, 15... 20 seconds each;
- a miss (a valid answer short of the best) or a pass costs 10 seconds and the combo,
  and the next puzzle comes at once; an answer that breaks the rules is refused with its
  reason and costs nothing (the clock runs on);
- anything arriving more than ``GRACE`` after the deadline is refused and the run ends
  there: an answer sent in the last instant still counts (the grace covers the trip),
  but earns no time.

Lichess moves on after one wrong move; here one answer is one "move", so a miss is a
whole wrong answer. Its combo pays time at 5, 12, 20, 30...; these puzzles are slower,
so the combo here pays sooner. Nothing is rated: a run's puzzles are attempts of their
own (``Attempt.storm``) that the rating, the stats and the other modes never count.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, Max, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from leaderboards.periods import utc_date, utc_today

from . import choosing, solving
from .errors import PuzzleError
from .models import Attempt, Puzzle, Solver, StormRun

DURATION = timedelta(minutes=3)
GRACE = timedelta(seconds=2)
MISS_COST = timedelta(seconds=10)
START = 1000.0  # the first puzzle's rating, about the easiest in the bank
STEP = 50.0  # each next puzzle aims this much higher
COMBO_POINTS_FROM = 3  # from the third solve in a row on, a solve scores 2
COMBO_EVERY = 3  # a combo pays time at every third solve in a row
COMBO_SECONDS = {3: 10, 6: 15}  # ... then 20 at 9, 12, 15...
COMBO_SECONDS_AFTER = 20


class StormError(PuzzleError):
    """An action the run refuses: not the caller's run, over, too late, or stale."""


def now() -> datetime:
    """The server's clock, the only one a run believes."""
    return timezone.now()


def time_bonus(combo: int) -> int:
    """The seconds a combo of ``combo`` solves in a row adds when it is reached."""
    if combo < COMBO_EVERY or combo % COMBO_EVERY:
        return 0
    return COMBO_SECONDS.get(combo, COMBO_SECONDS_AFTER)


def points_for(combo: int) -> int:
    """What a solve scores once the combo (counting it) is ``combo``."""
    return 2 if combo >= COMBO_POINTS_FROM else 1


# --- finding and closing runs ------------------------------------------------------------


def live_run(solver: Solver) -> StormRun | None:
    """The solver's run being played; one past its deadline and grace is closed first."""
    run = StormRun.objects.filter(solver=solver, ended_at=None).first()
    if run is None or settle(run):
        return None
    return run


def settle(run: StormRun) -> bool:
    """Close ``run`` if its time and grace are over (its open puzzle missed); True if over."""
    if run.ended_at is not None:
        return True
    if now() <= run.ends_at + GRACE:
        return False
    with transaction.atomic():
        locked = StormRun.objects.select_for_update().get(pk=run.pk)
        if locked.ended_at is None:
            _close(locked, locked.ends_at)
    run.refresh_from_db()
    return True


def holds(solver: Solver, puzzle: Puzzle) -> bool:
    """Whether the solver's running Storm has ``puzzle`` in play: its ordinary page must
    wait (there "Show the answer" would give the Storm answer away)."""
    run = live_run(solver)
    return run is not None and run.current is not None and run.current.puzzle_id == puzzle.id


def abandon(run: StormRun) -> None:
    """End a run now, where it stands (a newer run, or signing in, takes its place)."""
    _close(run, min(now(), run.ends_at))


def _close(run: StormRun, at: datetime) -> None:
    """End the run at ``at``; a puzzle left open is a miss (the clock ran out on it)."""
    current = run.current
    if current is not None and not current.over:
        current.status, current.finished_at = Attempt.MISSED, at
        current.save(update_fields=["status", "finished_at"])
    run.ended_at = at
    run.save()


# --- starting and dealing ----------------------------------------------------------------


def start(solver: Solver) -> StormRun:
    """A new run with its first puzzle. One still running ends first, where it stands
    (its puzzle a miss): starting again never skips a puzzle that has been shown."""
    with transaction.atomic():
        Solver.objects.select_for_update().get(pk=solver.pk)
        at = now()
        for old in StormRun.objects.select_for_update().filter(solver=solver, ended_at=None):
            abandon(old)
        run = StormRun.objects.create(
            solver=solver, day=utc_date(at), started_at=at, ends_at=at + DURATION
        )
        _deal(run, at)
    return run


def _deal(run: StormRun, at: datetime) -> None:
    """The run's next puzzle, or the end of the run when the bank has none left for it."""
    puzzle = pick(run, run.dealt)
    if puzzle is None:
        _close(run, at)
        return
    run.dealt += 1
    run.current = Attempt.objects.create(solver_id=run.solver_id, puzzle=puzzle, storm=run)
    run.save()


def pick(run: StormRun, k: int) -> Puzzle | None:
    """The k-th (0-based) puzzle: near ``START + STEP * k``, of a game drawn in proportion
    to the bank, unseen by the solver if it can be, and never one this run has had."""
    rng = random.Random(f"storm:{run.pk}:{k}")
    target = START + STEP * k
    fresh = Puzzle.objects.exclude(id__in=Attempt.objects.filter(storm=run).values("puzzle_id"))
    unseen = fresh.exclude(attempts__solver_id=run.solver_id)
    game = _game(rng)
    return (
        choosing.near(unseen.filter(game=game), target, rng)
        or choosing.near(unseen, target, rng)
        or choosing.near(fresh, target, rng)
    )


def _game(rng: random.Random) -> str:
    """A game drawn in proportion to its share of the bank (the easiest puzzles are mostly
    one game's: without this a run would open with that game alone)."""
    counts = dict(Puzzle.objects.values_list("game").annotate(n=Count("id")).order_by("game"))
    if not counts:
        return ""
    games = sorted(counts)
    return rng.choices(games, weights=[counts[g] for g in games])[0]


# --- playing -----------------------------------------------------------------------------


def _playing(run_id: int, seq: int, solver: Solver) -> tuple[StormRun, StormError | None]:
    """The run locked, with the reason it refuses an action now (None: go ahead).

    A run found past its deadline and grace is closed here, so the refusal is kept: the
    caller raises it only after the transaction has committed the close.
    """
    run = StormRun.objects.select_for_update().filter(pk=run_id, solver=solver).first()
    if run is None:
        raise StormError(_("That is not your Storm run."))
    if run.ended_at is not None:
        return run, StormError(_("This Storm run is over."))
    if now() > run.ends_at + GRACE:
        _close(run, run.ends_at)
        return run, StormError(_("Time was up: that came too late and counts for nothing."))
    if seq != run.dealt or run.current is None:
        return run, StormError(_("That puzzle is no longer in play: here is the current one."))
    return run, None


def move(run_id: int, seq: int, solver: Solver, tile: int | None, target: str) -> None:
    """A tap on the board of the run's puzzle ``seq`` (the table's own draft rules)."""
    with transaction.atomic():
        run, refusal = _playing(run_id, seq, solver)
        if refusal is None:
            assert run.current is not None
            solving.move(run.current, solver, tile, target)
    if refusal is not None:
        raise refusal


def reset(run_id: int, seq: int, solver: Solver) -> None:
    with transaction.atomic():
        run, refusal = _playing(run_id, seq, solver)
        if refusal is None:
            assert run.current is not None
            solving.reset(run.current, solver)
    if refusal is not None:
        raise refusal


def answer(run_id: int, seq: int, solver: Solver) -> StormRun:
    """Judge the run's puzzle ``seq`` by its game's rules: refused if invalid (nothing
    changes), else scored as a solve or a miss and the next puzzle dealt."""
    with transaction.atomic():
        run, refusal = _playing(run_id, seq, solver)
        if refusal is None:
            at = now()
            attempt = run.current
            assert attempt is not None
            puzzle = attempt.puzzle
            table, laid, value = puzzle.adapter.judge(puzzle, attempt.draft)
            attempt.answer, attempt.laid, attempt.laid_value = table, laid, value
            _score(run, attempt, (laid, value) == (puzzle.tiles, puzzle.value), at)
    if refusal is not None:
        raise refusal
    return run


def skip(run_id: int, seq: int, solver: Solver) -> StormRun:
    """Pass on the run's puzzle ``seq``: a miss, without an answer."""
    with transaction.atomic():
        run, refusal = _playing(run_id, seq, solver)
        if refusal is None:
            assert run.current is not None
            _score(run, run.current, False, now())
    if refusal is not None:
        raise refusal
    return run


def _score(run: StormRun, attempt: Attempt, solved: bool, at: datetime) -> None:
    """Finish the attempt, move the score, the combo and the clock, then deal or end."""
    attempt.status = Attempt.SOLVED if solved else Attempt.MISSED
    attempt.finished_at = at
    attempt.save()
    run.last = _solved(run, at) if solved else _missed(run)
    run.last["answered"] = attempt.answer is not None  # a pass has none
    if at < run.ends_at:
        _deal(run, at)
    else:
        _close(run, at)


def _solved(run: StormRun, at: datetime) -> dict[str, Any]:
    run.solved += 1
    run.combo += 1
    run.best_combo = max(run.best_combo, run.combo)
    points = points_for(run.combo)
    run.score += points
    seconds = time_bonus(run.combo) if at <= run.ends_at else 0  # none in the grace
    run.ends_at += timedelta(seconds=seconds)
    return {"solved": True, "points": points, "seconds": seconds, "combo": run.combo}


def _missed(run: StormRun) -> dict[str, Any]:
    run.missed += 1
    run.combo = 0
    run.ends_at -= MISS_COST
    return {"solved": False, "points": 0, "seconds": -MISS_COST.seconds, "combo": 0}


# --- records -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Records:
    best: int  # the personal best, over every finished run
    today: int  # the best of today's (UTC) finished runs
    runs: int


def records(solver: Solver, leave_out: StormRun | None = None) -> Records:
    """The solver's bests over finished runs (``leave_out`` not counted: "a new best?")."""
    runs = finished(solver)
    if leave_out is not None:
        runs = runs.exclude(pk=leave_out.pk)
    best = runs.aggregate(top=Max("score"))["top"] or 0
    today = runs.filter(day=utc_today()).aggregate(top=Max("score"))["top"] or 0
    return Records(best=best, today=today, runs=runs.count())


def finished(solver: Solver) -> QuerySet[StormRun]:
    return StormRun.objects.filter(solver=solver, ended_at__isnull=False)


def seconds_left(run: StormRun) -> float:
    """What the page's countdown starts from (never below zero)."""
    return max((run.ends_at - now()).total_seconds(), 0.0)
