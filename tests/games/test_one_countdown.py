"""One countdown on its way a table, not one a move (games/services/deadlines.py, issue 37).

Each countdown task hops through the broker every ``TASK_HOP_SECONDS`` until it is due, so
a task queued by every move cost the workers a task every hop for every move's whole clock.
A move whose deadline comes no sooner than the countdown already queued for its table now
queues nothing; a sooner deadline, or a countdown that may be running already, queues one.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from games import task_queue
from games.services import deadlines

GAME = "0" * 31 + "1"


class Broker:
    """The countdowns queued (game, version), or a refusal while ``down``."""

    def __init__(self) -> None:
        self.queued: list[tuple[str, int]] = []
        self.down = False

    def clock(self, game_id: str, version: int, countdown: float) -> None:
        if self.down:
            raise ConnectionError("broker down")
        self.queued.append((game_id, version))


@pytest.fixture
def broker(monkeypatch: pytest.MonkeyPatch) -> Broker:
    """A worker's view: countdowns go to a broker, not run in-process."""
    found = Broker()
    monkeypatch.setattr(task_queue, "in_process", lambda: False)
    monkeypatch.setattr(task_queue, "tasks", lambda: found)
    cache.clear()
    return found


def versions(broker: Broker) -> list[int]:
    return [version for _, version in broker.queued]


def test_a_later_deadline_waits_for_the_countdown_on_its_way(broker: Broker) -> None:
    deadlines.queue_clock(GAME, 1, 30.0)
    deadlines.queue_clock(GAME, 2, 31.0)
    deadlines.queue_clock(GAME, 3, 30.5)
    assert versions(broker) == [1]


def test_a_sooner_deadline_queues_its_own_countdown(broker: Broker) -> None:
    deadlines.queue_clock(GAME, 1, 30.0)
    deadlines.queue_clock(GAME, 2, 10.0)  # a shorter clock: the one on its way is too late
    deadlines.queue_clock(GAME, 3, 20.0)  # no sooner than the 10 s one
    assert versions(broker) == [1, 2]


def test_a_countdown_due_at_once_may_be_running_so_another_is_queued(broker: Broker) -> None:
    deadlines.queue_clock(GAME, 1, 0.5)
    deadlines.queue_clock(GAME, 2, 30.0)
    assert versions(broker) == [1, 2]


def test_each_table_has_its_own(broker: Broker) -> None:
    other = "0" * 31 + "2"
    deadlines.queue_clock(GAME, 1, 30.0)
    deadlines.queue_clock(other, 1, 30.0)
    assert [game for game, _ in broker.queued] == [GAME, other]


def test_a_countdown_the_broker_refused_is_not_waited_for(broker: Broker) -> None:
    broker.down = True
    deadlines.queue_clock(GAME, 1, 30.0)  # logged; the sweep covers it
    broker.down = False
    deadlines.queue_clock(GAME, 2, 31.0)
    assert versions(broker) == [2]


def test_in_process_every_move_queues_its_own(
    broker: Broker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(task_queue, "in_process", lambda: True)
    deadlines.queue_clock(GAME, 1, 30.0)
    deadlines.queue_clock(GAME, 2, 31.0)
    assert versions(broker) == [1, 2]
