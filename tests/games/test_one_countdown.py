"""One countdown on its way a table, not one a move (games/services/deadlines.py, issue 37).

Each countdown task hops through the broker every ``TASK_HOP_SECONDS`` until it is due, so
a task queued by every move cost the workers a task every hop for every move's whole clock.
A move whose deadline comes no sooner than the countdown already queued for its table now
queues nothing; a sooner deadline, or a countdown that may be running already, queues one.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from games import task_queue
from games.services import deadlines

GAME = "0" * 31 + "1"


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, float]]:
    """A worker's view: countdowns go to a queue (here a list), not run in-process."""
    calls: list[tuple[str, int, float]] = []

    class Tasks:
        def clock(self, game_id: str, version: int, countdown: float) -> None:
            calls.append((game_id, version, countdown))

    monkeypatch.setattr(task_queue, "in_process", lambda: False)
    monkeypatch.setattr(task_queue, "tasks", lambda: Tasks())
    cache.clear()
    return calls


def test_a_later_deadline_waits_for_the_countdown_on_its_way(queued: list) -> None:
    deadlines.queue_clock(GAME, 1, 30.0)
    deadlines.queue_clock(GAME, 2, 31.0)
    deadlines.queue_clock(GAME, 3, 30.5)
    assert [version for _, version, _ in queued] == [1]


def test_a_sooner_deadline_queues_its_own_countdown(queued: list) -> None:
    deadlines.queue_clock(GAME, 1, 30.0)
    deadlines.queue_clock(GAME, 2, 10.0)  # a shorter clock: the one on its way is too late
    deadlines.queue_clock(GAME, 3, 20.0)  # no sooner than the 10 s one
    assert [version for _, version, _ in queued] == [1, 2]


def test_a_countdown_due_at_once_may_be_running_so_another_is_queued(queued: list) -> None:
    deadlines.queue_clock(GAME, 1, 0.5)
    deadlines.queue_clock(GAME, 2, 30.0)
    assert [version for _, version, _ in queued] == [1, 2]


def test_each_table_has_its_own(queued: list) -> None:
    other = "0" * 31 + "2"
    deadlines.queue_clock(GAME, 1, 30.0)
    deadlines.queue_clock(other, 1, 30.0)
    assert [game for game, _, _ in queued] == [GAME, other]


def test_a_countdown_the_broker_refused_is_not_waited_for(
    queued: list, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Down:
        def clock(self, *args: Any) -> None:
            raise ConnectionError("broker down")

    monkeypatch.setattr(task_queue, "tasks", lambda: Down())
    deadlines.queue_clock(GAME, 1, 30.0)  # logged; the sweep covers it
    monkeypatch.undo()
    monkeypatch.setattr(task_queue, "in_process", lambda: False)
    calls: list[int] = []

    class Up:
        def clock(self, game_id: str, version: int, countdown: float) -> None:
            calls.append(version)

    monkeypatch.setattr(task_queue, "tasks", lambda: Up())
    deadlines.queue_clock(GAME, 2, 31.0)
    assert calls == [2]


def test_in_process_every_move_queues_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    class Tasks:
        def clock(self, game_id: str, version: int, countdown: float) -> None:
            calls.append(version)

    monkeypatch.setattr(task_queue, "in_process", lambda: True)
    monkeypatch.setattr(task_queue, "tasks", lambda: Tasks())
    cache.clear()
    deadlines.queue_clock(GAME, 1, 30.0)
    deadlines.queue_clock(GAME, 2, 31.0)
    assert calls == [1, 2]
