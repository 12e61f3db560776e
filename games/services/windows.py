"""Timed windows: how long an action is held back and when a computer's answer is due.

An engine may expose ``timed_window(state) -> int | None`` (actions applied since
a timed window opened, e.g. a race to answer a card just laid) and
``hold_seconds(state, seat, action) -> float`` (how long after it opened that
action must wait); a bot may expose ``delay_for(view, level) -> float`` (its
reaction time, counted from the window's opening). Deadlines are judged from
the opening move's time, so with or without a task queue the result is the same.
A table of computers alone has no one to race: its delays are skipped.
"""

from __future__ import annotations

import time
from typing import Any

from django.utils import timezone
from django.utils.formats import get_format
from django.utils.translation import gettext as _

from games import catalogue
from games import pace as game_pace
from games.engine.registry import engine_for
from games.models import Game, Move, Seat
from games.services.errors import TooSoon


def _now() -> float:
    """The clock deadlines are judged by (one place, so tests can move it)."""
    return time.time()


def _window_opened(game: Game, state: Any) -> float | None:
    """When the open timed window opened (a timestamp), or None."""
    age_of = getattr(engine_for(game.kind), "timed_window", None)
    age = age_of(state) if age_of else None
    if age is None:
        return None
    created = Move.objects.filter(game=game, seq=game.version - age)
    when = created.values_list("created", flat=True).first() or game.updated
    return when.timestamp()


def _wait(game: Game, state: Any, seat: Seat) -> tuple[float, float]:
    """(the computer's delay, seconds left before it is due) in a timed window."""
    opened = _window_opened(game, state)
    if opened is None or all(s.is_computer for s in game.seats.all()):
        return 0.0, 0.0
    delay_for = getattr(catalogue.load(catalogue.get(game.kind).bot), "delay_for", None)
    view = engine_for(game.kind).view(state, seat.index)
    delay = float(delay_for(view, seat.level)) if delay_for else 0.0
    return delay, opened + delay - _now()


def _check_hold(game: Game, engine: Any, seat: int, action: dict[str, Any]) -> None:
    left, correspondence = _held_for(game, engine, seat, action)
    if left > 0 and correspondence:
        raise TooSoon(_("The others have until this move's time ends to answer."), "held")
    if left > 0:
        seconds = f"{left:.1f}".replace(".", get_format("DECIMAL_SEPARATOR"))  # Romanian: 2,5
        message = _("Wait a moment: the others have %(seconds)s s more to answer.")
        raise TooSoon(message % {"seconds": seconds}, "held")


def _held_for(game: Game, engine: Any, seat: int, action: dict[str, Any]) -> tuple[float, bool]:
    """(seconds ``action`` is still held back, whether by a correspondence window).

    Live: a few seconds after the window opened. Correspondence: the window stays
    open until every seat in it answered (the engine then shuts it) or the move's
    time ends.
    """
    hold_of = getattr(engine, "hold_seconds", None)
    if hold_of is None:
        return 0.0, False
    state = engine.from_json(game.state)
    hold = hold_of(state, seat, action)
    opened = _window_opened(game, state) if hold > 0 else None
    if opened is None:
        return 0.0, False
    left = max(0.0, opened + hold - _now())
    if left == 0 and game_pace.is_correspondence(game.config) and game.deadline is not None:
        return max(0.0, (game.deadline - timezone.now()).total_seconds()), True
    return left, False


def hold_left(game: Game, seat: int, action: dict[str, Any]) -> float:
    """Seconds before ``play`` stops holding ``action`` back (0: not held); reads only.

    For the API's dry run and legal listing (issue 29), so a program can wait
    instead of being refused with 409 ``held``; the same answer ``_check_hold`` uses.
    """
    return _held_for(game, engine_for(game.kind), seat, action)[0]
