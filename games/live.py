"""News for open online tables: a seat's poll waits until its table changes.

Why a waiting poll rather than one a second or server-sent events: the board
already asks "anything after version N?" and answers 204 when not; letting
that same request wait (up to ``LIVE_WAIT_SECONDS``) for a Redis pub/sub
message about its table delivers a move to the other seats in milliseconds
instead of up to a second, keeps the page's htmx as it was, and needs no
ASGI server: a waiting request is a thread sleeping on an Event in a gthread
worker (gunicorn.conf.py sizes the threads). At most ``LIVE_MAX_WAITERS``
requests wait per process, so waiting pages can never take every thread; the
others answer at once and ask again a second later, which is also what every
page does when there is no Redis (the embedded default), with a short nap
loop instead of a message.

One listener thread per process holds the only subscription (a pattern over
every table); it wakes the requests waiting for the table a message names.
The database connection is given back before a request waits, so hundreds
of waiting seats hold no PostgreSQL connections.

With websockets on (``settings.LIVE_WEBSOCKETS``, a Redis ``CACHE_URL``), a commit
also hands the table to the live app's publisher (``board_news``, registered by
``live.apps``), which sends each connected audience its board; a page whose socket is
open holds its poll back, and the poll here is its fallback (docs/live.md).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from uuid import UUID

from django.conf import settings
from django.db import connection, transaction

from core import memo
from core.metrics import LIVE_WAITERS
from games.task_queue import Registered

if TYPE_CHECKING:  # for the type only: _redis imports the client where it is first used
    from django.http import HttpRequest
    from redis import Redis

    from games.models import Game, Seat

log = logging.getLogger(__name__)

CHANNEL = "rummy:table:"
NAP_SECONDS = 0.25  # the fallback loop's pause between looks, without Redis


def notify_on_commit(game_id: UUID | str, game: Game | None = None) -> None:
    """Tell the table's waiting seats, once the change they should see is committed.

    With websockets on (``settings.LIVE_WEBSOCKETS``) the live app's publisher also
    renders what each connected audience may see and sends it through the channel layer.
    A move passes its ``game`` as written, still inside its transaction: the boards are
    drawn from it now, reading the rows they share in this same transaction (no second
    transaction, no second read of the game), and sent once it commits. Rolled back,
    they are dropped with the commit hook that holds them.
    """
    key = str(game_id)
    drawn = _drawn_now(game) if game is not None else None
    transaction.on_commit(lambda: _changed(key, drawn))


def _drawn_now(game: Game) -> Any:
    if not settings.LIVE_WEBSOCKETS:
        return None
    try:
        drawn = boards_drawn.get()(game)
    except Exception:  # noqa: BLE001 - the move goes on; the publish reads after the commit
        log.warning("could not draw a table's boards for %s", game.id, exc_info=True)
        return None
    memo.keep(_DRAWN_KEY + (game.id.hex, game.version), drawn)
    return drawn


def board_drawn_for(request: HttpRequest, game: Game, seat: Seat) -> dict[str, Any] | None:
    """The board this move drew for the mover's own audience (its page listens on a
    socket), for the move's answer: the same drawing, not a second one. None when the move
    drew none for it (no socket of that audience, websockets off, outside the move's
    ``core.memo.shared_reads`` block)."""
    if not settings.LIVE_WEBSOCKETS:
        return None
    drawn = memo.kept(_DRAWN_KEY + (game.id.hex, game.version))
    if not drawn:
        return None
    group = audience_of.get()(request, game, seat)
    return next((message for name, message in drawn if name == group), None)


def _changed(game_id: str, drawn: Any = None) -> None:
    notify(game_id)
    if not settings.LIVE_WEBSOCKETS:
        return
    try:
        board_news.get()(game_id, drawn)
    except Exception:  # noqa: BLE001 - the move is committed; the sockets see the next one
        log.warning("could not publish a table's boards for %s", game_id, exc_info=True)


# --- websockets: the live app (above the platform) publishes, the pages link to it -------

# Sends each connected audience its board after a commit (live.publish): the boards drawn
# before the commit when a move passed them (None: it reads and draws them itself).
BoardNews = Callable[[str, Any], None]
board_news = Registered[BoardNews]("board news (live.apps.LiveConfig.ready registers it)")
# Draws each connected audience's board from a move's game inside its transaction.
BoardsDrawn = Callable[["Game"], Any]
boards_drawn = Registered[BoardsDrawn]("boards drawn (live.apps.LiveConfig.ready registers it)")

# The audience group a request's board is drawn for (live.viewer), None if it has none.
AudienceOf = Callable[["HttpRequest", "Game", "Seat"], str | None]
audience_of = Registered[AudienceOf]("audience of (live.apps.LiveConfig.ready registers it)")
_DRAWN_KEY = ("boards drawn",)

SOCKET_PREFIX = "live/games/"


def socket_path(game_id: UUID | str) -> str | None:
    """Where a table's page opens its websocket (live.routing), or None when they are off."""
    if not settings.LIVE_WEBSOCKETS:
        return None
    return f"/{SOCKET_PREFIX}{game_id}/"


def notify(game_id: UUID | str) -> None:
    """Publish "this table changed"; a failure is logged (pages then see it a second later)."""
    url = settings.LIVE_REDIS_URL
    if not url:
        return
    try:
        _redis().publish(f"{CHANNEL}{game_id}", b"1")
    except Exception:  # noqa: BLE001 - Redis down: the waiting polls time out and ask again
        log.warning("could not publish a table change for %s", game_id, exc_info=True)


def wait_for_change(game_id: UUID | str, changed: Callable[[], bool], seconds: float) -> bool:
    """Block until the table changes or ``seconds`` pass; True if it (may have) changed.

    ``changed()`` looks at the database; it is asked once more after this
    request is registered, so a change committed just before is never missed.
    """
    if seconds <= 0 or not _slots.acquire():
        return False
    LIVE_WAITERS.inc()  # metrics: polls waiting now, summed over a node's processes
    try:
        if settings.LIVE_REDIS_URL and _Listener.ensure():
            return _wait_for_message(str(game_id), changed, seconds)
        return _nap_until(changed, seconds)
    finally:
        LIVE_WAITERS.dec()
        _slots.release()


def _wait_for_message(game_id: str, changed: Callable[[], bool], seconds: float) -> bool:
    event = _Listener.register(game_id)
    try:
        if changed():
            return True
        connection.close()  # a sleeping seat holds no PostgreSQL connection
        return event.wait(seconds)
    finally:
        _Listener.unregister(game_id, event)


def _nap_until(changed: Callable[[], bool], seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(NAP_SECONDS)
        if changed():
            return True
    return False


class _Slots:
    """A counting limit on waiting requests that never blocks (settings may change in tests)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._used = 0

    def acquire(self) -> bool:
        with self._lock:
            if self._used >= settings.LIVE_MAX_WAITERS:
                return False
            self._used += 1
            return True

    def release(self) -> None:
        with self._lock:
            self._used -= 1


_slots = _Slots()


def _redis() -> Redis:
    """One client per process for publishing (redis-py pools its connections)."""
    global _client
    if _client is None:
        import redis

        _client = redis.Redis.from_url(settings.LIVE_REDIS_URL, socket_timeout=2)
    return _client


_client: Redis | None = None


class _Listener:
    """The process's one subscriber, waking the requests waiting on each table."""

    _lock = threading.Lock()
    _waiting: dict[str, set[threading.Event]] = {}
    _thread: threading.Thread | None = None
    _ready = threading.Event()

    @classmethod
    def ensure(cls) -> bool:
        """Start the listener in this process if it is not running; False if Redis is away."""
        with cls._lock:
            if cls._thread is None or not cls._thread.is_alive():
                cls._ready.clear()
                cls._thread = threading.Thread(target=cls._run, name="table-news", daemon=True)
                cls._thread.start()
        return cls._ready.wait(2)

    @classmethod
    def register(cls, game_id: str) -> threading.Event:
        event = threading.Event()
        with cls._lock:
            cls._waiting.setdefault(game_id, set()).add(event)
        return event

    @classmethod
    def unregister(cls, game_id: str, event: threading.Event) -> None:
        with cls._lock:
            waiting = cls._waiting.get(game_id)
            if waiting is not None:
                waiting.discard(event)
                if not waiting:
                    del cls._waiting[game_id]

    @classmethod
    def _wake(cls, game_id: str) -> None:
        with cls._lock:
            events = list(cls._waiting.get(game_id, ()))
        for event in events:
            event.set()

    @classmethod
    def _run(cls) -> None:
        try:
            import redis

            # Its own connection, with no read timeout: it sits idle between moves.
            subscriber = redis.Redis.from_url(settings.LIVE_REDIS_URL, health_check_interval=30)
            pubsub = subscriber.pubsub(ignore_subscribe_messages=True)
            pubsub.psubscribe(f"{CHANNEL}*")
            cls._ready.set()
            for message in pubsub.listen():
                channel = message.get("channel", b"")
                name = channel.decode() if isinstance(channel, bytes) else str(channel)
                cls._wake(name.removeprefix(CHANNEL))
        except Exception:  # noqa: BLE001 - Redis went away: wake everyone; the next wait restarts
            log.warning("table news listener stopped", exc_info=True)
        finally:
            cls._ready.clear()
            with cls._lock:
                games = list(cls._waiting)
            for game_id in games:
                cls._wake(game_id)
