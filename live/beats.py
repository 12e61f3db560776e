"""The live process's beats: every connection's "still here", from one task a period.

A connection tells the site now and then that it is still open (a seat's page is open,
a spectator is counted, a person still listens). One sleeping task per connection did
that, and an idle connection's task, its coroutine and its timer were a tenth of what
the connection cost the process's memory; each beat also waited its own turn on
asgiref's one thread for database work. Here one task per period wakes every
:data:`TICK_SECONDS`, takes the connections whose beat is due and runs their beats in
hops of :data:`HOP` to that thread (each still on its own: one failing never costs the
others; a socket opening meanwhile waits behind one hop, not all of them).
A connection's first beat comes one period after it joins, as its own task's did.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from time import monotonic

from channels.db import database_sync_to_async

log = logging.getLogger(__name__)

TICK_SECONDS = 1.0  # how often a period's task looks for beats due
HOP = 50  # beats run in one hop at most: a socket opening waits behind no more than these

Beat = Callable[[], None]  # a connection's beat: sync, may read and write the database


class Beats:
    """The beats of every connection of this process that beats every ``seconds``."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._due: dict[Beat, float] = {}
        self._task: asyncio.Task[None] | None = None

    def join(self, beat: Beat) -> None:
        """``beat`` runs every ``seconds`` from now until :meth:`leave`."""
        self._due[beat] = monotonic() + self.seconds
        loop = asyncio.get_running_loop()
        task = self._task
        if task is None or task.done() or task.get_loop() is not loop:
            self._task = loop.create_task(self._run())

    def leave(self, beat: Beat) -> None:
        self._due.pop(beat, None)

    def __len__(self) -> int:
        return len(self._due)

    async def _run(self) -> None:
        while self._due:
            await asyncio.sleep(TICK_SECONDS)
            ready = self.due_now()
            for start in range(0, len(ready), HOP):
                try:
                    await database_sync_to_async(_run_each)(ready[start : start + HOP])
                except Exception:  # noqa: BLE001 - the hop itself failed: the next tick beats
                    log.warning("live connections' beats could not run", exc_info=True)
        self._task = None

    def due_now(self) -> list[Beat]:
        """The beats due, each then due again a period later."""
        now = monotonic()
        ready = [beat for beat, due in self._due.items() if due <= now]
        for beat in ready:
            self._due[beat] = now + self.seconds
        return ready


def _run_each(beats: list[Beat]) -> None:
    for beat in beats:
        try:
            beat()
        except Exception:  # noqa: BLE001 - a missed beat is retried with the next one
            log.warning("a live connection's beat failed", exc_info=True)
