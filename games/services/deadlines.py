"""The online clock's rules that are not moves: when it runs out, what it is reset to, and
queueing its countdown.

Online games (``Game.online``) keep a ``deadline`` for the people to act. It is
stored with the game, so whoever looks first after it passes — the countdown
task, the beat sweep, or the next request — applies the engine's
``TIMEOUT_ACTION`` under the usual version check, once (``clock``). See
games/online.py for the rules that are not writes.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games import live, task_queue
from games import online as online_rules
from games import pace as game_pace
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus

log = logging.getLogger("games.services")


def _clock_ran_out(game: Game) -> bool:
    """An online clock whose deadline has passed on an active, running table."""
    return bool(
        game.online
        and game.status == GameStatus.ACTIVE
        and game.paused_until is None
        and game.deadline is not None
        and game.deadline <= timezone.now()
    )


def _people_to_act(game: Game, state: Any) -> set[int]:
    """Seats a person (or their program) must act for now; the house and computers act alone."""
    acting = engine_for(game.kind).to_act(state)
    return {s.index for s in game.seats.all() if not s.automated and s.index in acting}


def _next_deadline(game: Game, engine: Any, state: Any) -> Any:
    """The clock after a move: kept while the same people answer the same question, else fresh.

    RULINGS: every decision a seat is newly asked for gets its own full clock.
    Who acts is not enough to tell: after the doubla the same seats play on,
    and a cut, a first turn or Next round may fall to whoever acted before. So
    the engine names it (``same_decision``): one question several seats answer,
    or one turn played in steps, keeps its clock; anything else starts afresh.
    """
    if not game.online or game.paused_until is not None:
        return None
    people = _people_to_act(game, state)
    if not people:
        return None
    before = engine.from_json(game.state)
    if (
        game.deadline is not None
        and people <= _people_to_act(game, before)
        and _same_decision(engine, before, state)
    ):
        return game.deadline  # the same question (others answered, or a step of one turn)
    return _fresh_deadline(engine, state, game.config, game)


def _same_decision(engine: Any, before: Any, after: Any) -> bool:
    """The engine's word on whether a move left the same question open.

    An engine that names none (one whose every move ends a turn) asks anew
    after every move, the safe reading of the rule.
    """
    same = getattr(engine, "same_decision", None)
    return bool(same is not None and same(before, after))


def _fresh_deadline(engine: Any, state: Any, config: Any = None, game: Game | None = None) -> Any:
    """A full clock for whoever acts now (days per move at a correspondence table, counted
    from the end of the vacation of anyone to act who is on one)."""
    seconds = game_pace.move_seconds(config) or online_rules.turn_seconds(engine, state)
    start = timezone.now()
    if game is not None and game_pace.is_correspondence(config):
        people = _people_to_act(game, state)
        users = [s.user_id for s in game.seats.all() if s.index in people and s.user_id]
        start = max([start, *game_pace.away_until(users).values()])
    return start + timedelta(seconds=seconds)


def _queue_clock_on_commit(game: Game) -> None:
    """Called once the game's deadline is set: the clock task runs at it."""
    game_id, version, deadline = str(game.id), game.version, game.deadline
    assert deadline is not None, "a clock is queued only for a deadline"
    wait = max(0.0, (deadline - timezone.now()).total_seconds())
    transaction.on_commit(lambda: queue_clock(game_id, version, wait))


def queue_clock(game_id: str, version: int, wait: float) -> None:
    """Count down to a deadline in a task; a broker failure is logged (the sweep covers it).

    Only short waits become countdown tasks (a turn's clock): anything longer
    than the broker's visibility timeout would be handed out twice, so pauses
    are the beat sweep's job. Eager tasks run at once; the task then finds the
    deadline not yet passed and does nothing, and the table's next request applies it.

    A table has one countdown on its way, not one for every move: a move whose deadline
    comes no sooner than the countdown already queued for the table queues nothing, and
    that countdown, once due, counts down again to the deadline it then finds
    (``clock._count_down_again``). Each countdown travels in ``TASK_HOP_SECONDS`` hops
    (rummy_site.celery), so a countdown a move cost the workers a task every hop for the
    whole clock (livebench, 500 people seats: 34 of 136 CPU seconds; 9 without them).
    """
    if wait > online_rules.LONGEST_COUNTDOWN:
        return
    if not task_queue.in_process() and _sooner_on_its_way(game_id, wait):
        return
    try:
        task_queue.tasks().clock(game_id, version, wait + online_rules.CLOCK_GRACE)
    except Exception:  # noqa: BLE001 - any broker failure: the beat sweep applies it
        if task_queue.in_process():
            raise
        _forget_countdown(game_id)
        with about_game(game_id):
            log.exception("could not queue the clock at v%s; the sweep will", version)


COUNTDOWN_KEY = "clock:countdown:"  # when the table's countdown on its way is due (epoch s)
COUNTDOWN_SOON = 1.0  # s: a countdown due this soon may be running already: queue another
COUNTDOWN_KEPT = 60.0  # s the mark outlives its countdown's time (a busy or restarted worker)


def _sooner_on_its_way(game_id: str, wait: float) -> bool:
    """Whether a countdown queued for this table is due by ``wait`` from now (and not so
    soon that it may be running already); if not, this one is marked as on its way."""
    now = time.time()
    due = now + wait
    key = COUNTDOWN_KEY + game_id
    try:
        marked = cache.get(key)
        if isinstance(marked, float) and now + COUNTDOWN_SOON < marked <= due:
            return True
        cache.set(key, due, wait + COUNTDOWN_KEPT)
    except Exception:  # noqa: BLE001 - no cache: every move queues its own, as before
        log.warning("could not read or mark a table's countdown", exc_info=True)
    return False


def _forget_countdown(game_id: str) -> None:
    """The countdown marked was never queued: the next move queues its own."""
    try:
        cache.delete(COUNTDOWN_KEY + game_id)
    except Exception:  # noqa: BLE001 - the mark then lapses by itself
        log.warning("could not clear a table's countdown mark", exc_info=True)


def _extend_clock_for_melding(game: Game, draft_was_empty: bool) -> None:
    """The first tile of a meld earns the mover the engine's melding bonus, once a turn.

    The row keeps the version it was given at: a draft reverted to nothing and begun
    again is empty once more, and would otherwise earn the bonus again and again.
    """
    if not (draft_was_empty and game.online and game.deadline is not None):
        return
    bonus = online_rules.meld_bonus(engine_for(game.kind))
    if not bonus:
        return
    first = Game.objects.filter(id=game.id, version=game.version).exclude(
        meld_bonus_version=game.version
    )
    if first.update(
        deadline=F("deadline") + timedelta(seconds=bonus),
        meld_bonus_version=game.version,
        updated=timezone.now(),
    ):
        live.notify_on_commit(game.id)
