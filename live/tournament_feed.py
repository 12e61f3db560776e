"""A tournament page's live news: its standings and rounds changed, a line of its talk.

Who may listen is who may see the page (``tournaments.services.may_see``: an open
event everyone, a friends-only one its creator's friends and players, one with an entry
code its players and whoever opened it with the code, kept in the session), judged
from the connection's own cookies when it opens.

What it hears:

- ``changed``: the event's page shows something new. Every change to an event already
  announces itself when it commits: ``tournaments.services`` bumps its ``version`` and
  publishes ``tournament-<id>`` on the table news' Redis channel (``games.live.notify``)
  for the waiting polls. Each live process holds one subscription to those channels
  (``tournament-*``) while it has a tournament page connected, and tells its own
  connections of that event (:class:`Feed`): no database read per connection, and no
  second publish by the committing process. Without Redis there is no live process
  (docs/live.md) and nothing to subscribe to; the page polls.
- ``talk``: a line of the event's talk (``live.talk_feed``), through the channel layer
  to the event's group, :func:`group_of`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import redis.asyncio as aioredis
from django.conf import settings

from games.live import CHANNEL
from live import viewer
from tournaments import seeing, services
from tournaments.models import Tournament

log = logging.getLogger(__name__)

PATTERN = f"{CHANNEL}tournament-*"
NEWS = re.compile(rf"^{re.escape(CHANNEL)}tournament-(\d+)$")  # not a talk key (…:talk)
READY_SECONDS = 2.0  # a connection waits this long at most for the subscription
RETRY_SECONDS = 1.0  # after the subscription broke, before subscribing again

Listener = Callable[[], Awaitable[None]]


def group_of(tournament_id: int) -> str:
    """The channel layer's group of the event's page (its talk's notices)."""
    return f"live.t.{int(tournament_id)}"


def admit(scope: Mapping[str, Any], tournament_id: int) -> bool:
    """Whether this connection may see the event's page (the page's own rule)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return False
    request = viewer.request_from_scope(scope)
    return services.may_see(tournament, seeing.user_id(request), seeing.codes(request))


def version_of(tournament_id: int) -> int | None:
    """The event's version now (a page's hello is answered against it)."""
    found = Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True)
    return next(iter(found), None)


class Feed:
    """This process's one subscription to the events' news, while any page listens.

    It runs on the live process's event loop, started by the first connection and
    cancelled when the last one goes. After it had to subscribe again (Redis went
    away), every connection is told its event changed: news may have been missed.
    """

    def __init__(self) -> None:
        self.listeners: dict[int, set[Listener]] = {}
        self.task: asyncio.Task[None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ready = asyncio.Event()

    async def watch(self, tournament_id: int, listener: Listener) -> None:
        """Call ``listener`` after each change to the event (from now on, once subscribed)."""
        self.listeners.setdefault(tournament_id, set()).add(listener)
        url = settings.LIVE_REDIS_URL
        if not url:
            return
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.loop is not loop:
            self.loop, self.ready = loop, asyncio.Event()
            self.task = loop.create_task(self._run(url, self.ready))
        try:
            await asyncio.wait_for(self.ready.wait(), READY_SECONDS)
        except TimeoutError:
            log.warning("tournament news: not subscribed yet (the page's poll covers it)")

    def unwatch(self, tournament_id: int, listener: Listener) -> None:
        found = self.listeners.get(tournament_id)
        if found is not None:
            found.discard(listener)
            if not found:
                del self.listeners[tournament_id]
        if not self.listeners and self.task is not None:
            self.task.cancel()
            self.task = None

    async def _run(self, url: str, ready: asyncio.Event) -> None:
        again = False
        while True:
            try:
                await self._listen(url, ready, again)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis went away: subscribe again shortly
                log.warning("tournament news: the subscription broke", exc_info=True)
            again = True
            await asyncio.sleep(RETRY_SECONDS)

    async def _listen(self, url: str, ready: asyncio.Event, again: bool) -> None:
        client = aioredis.Redis.from_url(url, health_check_interval=30)
        pubsub = client.pubsub()
        try:
            await pubsub.psubscribe(PATTERN)
            async for message in pubsub.listen():
                if message.get("type") == "psubscribe":  # Redis holds the pattern from here
                    ready.set()
                    if again:
                        await self._tell(list(self.listeners))
                elif message.get("type") == "pmessage":
                    await self._tell(_event_of(message.get("channel")))
        finally:
            await pubsub.aclose()
            await client.aclose()

    async def _tell(self, tournament_ids: list[int]) -> None:
        for tournament_id in tournament_ids:
            for listener in list(self.listeners.get(tournament_id, ())):
                try:
                    await listener()
                except Exception:  # noqa: BLE001 - one closed page must not cost the others
                    log.warning("tournament news: a page could not be told", exc_info=True)


def _event_of(channel: object) -> list[int]:
    name = channel.decode() if isinstance(channel, bytes) else str(channel)
    found = NEWS.match(name)
    return [int(found[1])] if found else []


feed = Feed()
