"""The task queue the platform calls: an interface, implemented and registered at app start.

The services queue computer turns and clock countdowns; the Celery tasks that run
them call the services back. So the services (and ``games.access``, which asks
whether tasks run in-process) name only this protocol, and ``games.tasks``
implements it (``games.apps.GamesConfig.ready`` registers it): the dependency
runs one way, tasks → services, with no import inside a function to hide a circle.
It imports nothing of the site, so anything in the platform may use it.
"""

from __future__ import annotations

from typing import Protocol


class TaskQueue(Protocol):
    """Where the services hand work that runs after the commit (a worker, or in-process)."""

    def in_process(self) -> bool:
        """Eager (no broker): a queued task runs inside the call that queues it."""
        ...

    def computer_turn(self, game_id: str, version: int, countdown: float = 0.0) -> None:
        """Play the computers' next move of the game at ``version``, ``countdown`` s on."""
        ...

    def clock(self, game_id: str, version: int, countdown: float) -> None:
        """Apply the game's clock at ``version`` once ``countdown`` seconds have passed."""
        ...


class Registered[T]:
    """The one implementation of an interface, installed at app start (a later one replaces it).

    For an interface the platform (or an app) calls and a module above it
    implements, so that the dependency runs one way.
    """

    def __init__(self, what: str) -> None:
        self._what = what
        self._held: list[T] = []

    def register(self, implementation: T) -> None:
        self._held[:] = [implementation]

    def get(self) -> T:
        """The registered implementation; an app set-up that registered none is a bug."""
        if not self._held:
            raise RuntimeError(f"no {self._what} registered")
        return self._held[0]


_queue = Registered[TaskQueue]("task queue (games.apps.GamesConfig.ready registers it)")
register = _queue.register


def tasks() -> TaskQueue:
    """The registered queue."""
    return _queue.get()


def in_process() -> bool:
    """Eager Celery (no broker): computer turns run inside the commit of the move before."""
    return tasks().in_process()
