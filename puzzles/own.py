"""Puzzles from a player's own games ("Learn from your mistakes"): private, one per misplayed turn.

When a seat's review of a finished round is kept (``games.signals.review_ready``), every
turn where the player laid at least ``MISSED_BY`` tiles fewer than the review's exact best
becomes a puzzle for that seat's owner alone: the rack and the table the seat saw at the
start of that turn (the review holds nothing else), and the review's best as the answer.
Which turns fit, and how a turn reads as a position, is the game's own puzzle module's
(``own_position``); a game without one has no such puzzles.

Private puzzles live beside the bank but outside it: ``Puzzle.objects`` (every list, draw,
count, theme, the daily and Storm) sees only the bank, and a private puzzle is reached
only through ``visible(solver)``, so anyone else asking for one gets a 404. Attempts at
them are never rated (the player has seen the position before, in the game, and the
rating compares players on the shared bank): they count as practice.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max, Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from games import catalogue
from games.models import Game, Move

from .errors import PuzzleError
from .models import OWN_FIRST_ID, START_RATING, Attempt, Puzzle, Solver

log = logging.getLogger(__name__)
MISSED_BY = 2  # tiles fewer than the best that make a turn worth a puzzle
ID_TRIES = 5  # two workers numbering at once: the loser takes the next number


# --- who may see what ----------------------------------------------------------------


def visible(solver: Solver) -> QuerySet[Puzzle]:
    """The puzzles ``solver`` may open: the bank and its own, never someone else's."""
    return Puzzle.every.filter(Q(owner__isnull=True) | Q(owner=solver))


def mine(solver: Solver) -> QuerySet[Puzzle]:
    return Puzzle.every.filter(owner=solver)


def is_private(puzzle: Puzzle) -> bool:
    return puzzle.owner_id is not None


# --- making them from a review -------------------------------------------------------


def from_review(game: Game, seat_index: int, round_no: int, data: dict[str, Any]) -> list[Puzzle]:
    """The private puzzles a kept review yields (none again for a turn already made)."""
    adapter = _adapter(game.kind)
    if adapter is None or not hasattr(adapter, "own_position"):
        return []
    owner = seat_owner(game, seat_index)
    if owner is None:
        return []
    made = []
    for turn in data.get("turns", []):
        if not misplayed(turn):
            continue
        position = adapter.own_position(turn)
        if position is None:
            continue
        origin = _origin(game, seat_index, round_no, turn)
        puzzle = _make(owner, game.kind, position, origin, _key(game, seat_index, round_no, turn))
        if puzzle is not None:
            made.append(puzzle)
    return made


def misplayed(turn: dict[str, Any]) -> bool:
    """Laid at least ``MISSED_BY`` tiles fewer than the exact best (a search cut short
    proves nothing, so an inexact best makes no puzzle)."""
    best = turn.get("best")
    if not best or not best.get("exact"):
        return False
    return best["tiles"] - len(turn.get("laid", [])) >= MISSED_BY


def seat_owner(game: Game, seat_index: int) -> Solver | None:
    """The solver of the person in the seat: its account's, else its guest device's.
    A computer's seat, or a program's, has nobody to learn from it."""
    seat = game.seats.filter(index=seat_index).first()
    if seat is None or seat.is_computer or seat.is_program:
        return None
    if seat.user_id is not None:
        solver, _created = Solver.objects.get_or_create(user_id=seat.user_id)
        return solver
    if not seat.device_key:
        return None
    try:
        with transaction.atomic():
            solver, _created = Solver.objects.get_or_create(
                user__isnull=True, device_key=seat.device_key
            )
            return solver
    except IntegrityError:  # the device's first puzzle page made it at the same moment
        return Solver.objects.get(user__isnull=True, device_key=seat.device_key)


def game_names() -> list[str]:
    """The games whose reviews make these puzzles, in the reader's language."""
    return [
        catalogue.kind_name(entry.kind)
        for entry in catalogue.with_puzzles()
        if hasattr(_adapter(entry.kind), "own_position")
    ]


def _adapter(kind: str) -> Any:
    entry = catalogue.find(kind)
    if entry is None or entry.puzzles is None:
        return None
    return catalogue.load(entry.puzzles.adapter)


def _key(game: Game, seat_index: int, round_no: int, turn: dict[str, Any]) -> str:
    """One turn of one seat: the same turn never makes two puzzles, whoever asks again."""
    return f"{game.id}:{seat_index}:{round_no}:{turn['seq']}"


def _origin(game: Game, seat_index: int, round_no: int, turn: dict[str, Any]) -> dict[str, Any]:
    move = Move.objects.filter(game=game, seq=turn["seq"]).only("created").first()
    played = move.created if move else game.created
    return {
        "game": str(game.id),
        "seat": seat_index,
        "round": round_no,
        "turn": turn["number"],
        "seq": turn["seq"],
        "laid": len(turn.get("laid", [])),
        "played": played.isoformat(),
    }


def _make(
    owner: Solver, kind: str, position: dict[str, Any], origin: dict[str, Any], key: str
) -> Puzzle | None:
    """Keep the puzzle once its answer passes the game's own judge at the stored optimum."""
    if Puzzle.every.filter(origin_key=key).exists():
        return None
    puzzle = Puzzle(
        game=kind,
        difficulty=0,
        rating=START_RATING,
        source="",
        owner=owner,
        origin=origin,
        origin_key=key,
        made_at=timezone.now(),
        **position,
    )
    if not sound(puzzle):
        log.warning("own puzzle from %s not kept: its answer is not its optimum", key)
        return None
    for _try in range(ID_TRIES):
        try:
            with transaction.atomic():
                puzzle.id = _next_id()
                puzzle.save(force_insert=True)
                return puzzle
        except IntegrityError:
            if Puzzle.every.filter(origin_key=key).exists():
                return None  # made meanwhile by another worker
    log.warning("own puzzle from %s not kept: no free number", key)
    return None


def sound(puzzle: Puzzle) -> bool:
    """The stored answer, judged as any player's would be, reaches the stored optimum."""
    adapter = puzzle.adapter
    try:
        _table, tiles, value = adapter.judge(puzzle, adapter.answer_draft(puzzle.solution))
    except PuzzleError:
        return False
    return (tiles, value) == (puzzle.tiles, puzzle.value)


def _next_id() -> int:
    top = Puzzle.every.filter(id__gte=OWN_FIRST_ID).aggregate(top=Max("id"))["top"]
    return (top or OWN_FIRST_ID - 1) + 1


# --- the "Learn from your mistakes" page ----------------------------------------------


def listing(solver: Solver) -> list[dict[str, Any]]:
    """The solver's own puzzles, newest game turn first, each with where it came from and
    how the solver's latest try went."""
    puzzles = list(mine(solver).order_by("-made_at", "-id"))
    latest = _latest_status(solver, [p.id for p in puzzles])
    return [_row(p, latest.get(p.id)) for p in puzzles]


def _latest_status(solver: Solver, ids: list[int]) -> dict[int, str]:
    tries = Attempt.objects.filter(solver=solver, puzzle_id__in=ids, storm=None).order_by("id")
    return dict(tries.values_list("puzzle_id", "status"))  # the last one wins


def _row(puzzle: Puzzle, status: str | None) -> dict[str, Any]:
    origin = puzzle.origin or {}
    return {
        "id": puzzle.id,
        "url": reverse("puzzles:puzzle", args=[puzzle.id]),
        "game_name": catalogue.kind_name(puzzle.game),
        "round": origin.get("round"),
        "turn": origin.get("turn"),
        "laid": origin.get("laid", 0),
        "played": _played(origin),
        "review_url": _review_url(origin),
        "status": status,
    }


def _played(origin: dict[str, Any]) -> datetime | None:
    played = origin.get("played")
    return datetime.fromisoformat(played) if played else None


def _review_url(origin: dict[str, Any]) -> str:
    if not origin.get("game"):
        return ""
    return reverse("reviews:round", kwargs={"game_id": origin["game"], "round_no": origin["round"]})


def origin_line(puzzle: Puzzle) -> dict[str, Any] | None:
    """Where a private puzzle came from, for its page's header (None for the bank's)."""
    if not is_private(puzzle):
        return None
    return _row(puzzle, None)
