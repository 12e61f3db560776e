"""The embedded default (no broker): decide and deliver in a thread of this process.

Without a worker the receivers start a daemon thread once the mover's response
has gone; it decides and delivers here, one try each, and a seat to ask about
again gets a timer (``later``). Kept apart from the Celery tasks, which never
call back into it, so the receivers import both and nothing imports the receivers:
no circle, and no import inside a function to hide one.
"""

from __future__ import annotations

import logging
import threading
from uuid import UUID

from django.db import close_old_connections, connection

from notifications import turns
from notifications.tasks import DELIVER, deliveries, failed

log = logging.getLogger(__name__)


def tell_once(game_id: UUID | str, version: int, seats: tuple[int, ...] | None = None) -> None:
    """Decide and deliver here, one try each; a seat to ask about again gets a timer."""
    plan = turns.decide(game_id, version, seats)
    for again in plan.later:
        later(again.wait, str(game_id), version, again.seat_index)
    for decision in plan.tell:
        for name, args in deliveries(decision):
            try:
                DELIVER[name](*args)
            except Exception as exc:  # noqa: BLE001 - one try by design; the move is committed
                channel = "e-mail" if name == "email" else name
                failed(channel, args[0], f"game {game_id}, one try without a worker: {exc!r}")


def start(game_id: str, version: int) -> None:
    """Tell the seats now to act, in a daemon thread (the request never waits on it)."""
    threading.Thread(
        target=_in_thread, args=(game_id, version), name="turn-notice", daemon=True
    ).start()


def later(wait: float, game_id: str, version: int, seat: int) -> None:
    """Ask again about one seat in ``wait`` seconds, in this process (no broker, no countdown).

    A restart in between loses the second look; the embedded default is one
    process for a laptop or a demo, and production uses the countdown task.
    """
    timer = threading.Timer(wait, _in_thread, args=(game_id, version, (seat,)))
    timer.name, timer.daemon = "turn-notice-later", True
    timer.start()


def _in_thread(game_id: str, version: int, seats: tuple[int, ...] | None = None) -> None:
    try:
        tell_once(game_id, version, seats)
    except Exception:  # noqa: BLE001 - a thread's failure is logged, never raised into a request
        log.exception("turn notice for %s v%s failed", game_id, version)
    finally:
        close_old_connections()
        connection.close()
