"""The live process's beats and who a socket is: one task of the process beats for every
connection (``live.beats``), and a socket's account comes from its session cookie as a
page's would, read once when it opens (no Channels middleware keeps it)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from games import presence
from live import beats, consumers, people
from live.beats import Beats
from matchmaking import watching
from rooms.people import Person
from tests.talk.conftest import account

from .conftest import fresh, run, seat_of, socket, table, visitor

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_beat_is_due_a_period_after_it_joins_and_again_a_period_after_it_ran(
    monkeypatch: Any,
) -> None:
    now = [100.0]
    monkeypatch.setattr(beats, "monotonic", lambda: now[0])
    heard: list[str] = []
    first, second = (lambda: heard.append("a")), (lambda: heard.append("b"))

    async def scenario() -> list[list[Any]]:
        every = Beats(20.0)
        every.join(first)
        now[0] = 110.0
        every.join(second)
        found = [every.due_now()]
        now[0] = 120.0
        found.append(every.due_now())
        now[0] = 130.0
        found.append(every.due_now())
        every.leave(first)
        now[0] = 141.0
        found.append(every.due_now())
        every.leave(second)
        return found

    assert run(scenario) == [[], [first], [second], []]


def test_one_task_beats_for_every_connection_and_a_failing_beat_costs_no_other(
    monkeypatch: Any,
) -> None:
    monkeypatch.setattr(beats, "TICK_SECONDS", 0.01)
    heard: list[int] = []

    def broken() -> None:
        raise RuntimeError("the cache is down")

    async def scenario() -> tuple[int, int]:
        every = Beats(0.02)
        tasks_before = len(asyncio.all_tasks())
        for n in range(50):
            every.join(lambda n=n: heard.append(n))
        every.join(broken)
        tasks_during = len(asyncio.all_tasks())
        await asyncio.sleep(0.3)
        for beat in list(every._due):
            every.leave(beat)
        return tasks_during - tasks_before, len(every)

    more_tasks, left = run(scenario)
    assert more_tasks == 1  # one task for 51 connections, not one each
    assert left == 0
    assert set(heard) == set(range(50)) and len(heard) >= 100  # each beat, more than once


def test_a_seat_and_a_spectator_beat_from_the_process_task_until_they_close(
    monkeypatch: Any,
) -> None:
    monkeypatch.setattr(beats, "TICK_SECONDS", 0.01)
    monkeypatch.setattr(consumers, "TABLE_BEATS", Beats(0.05))
    seated, watcher = visitor(), visitor()  # made here: a client's page load reads the database
    game = table([seated, visitor()])
    marks: list[tuple[str, int | None, str]] = []
    touches: list[str] = []
    monkeypatch.setattr(presence, "mark_for", lambda g, u, d: marks.append((g, u, d)))
    monkeypatch.setattr(watching, "touch_as", lambda v, g: touches.append(v))

    async def scenario() -> tuple[int, int]:
        seat, spectator = socket(seated, game), socket(watcher, game)
        assert (await seat.connect())[0] and (await spectator.connect())[0]
        await asyncio.sleep(0.4)
        open_now = len(consumers.TABLE_BEATS)
        await seat.disconnect()
        await spectator.disconnect()
        return open_now, len(consumers.TABLE_BEATS)

    open_now, left = run(scenario)
    assert (open_now, left) == (2, 0)
    key = next(s.device_key for s in fresh(game).seats.all() if s.index == seat_of(game, seated))
    assert len(marks) >= 3 and set(marks) == {(game.id.hex, None, key)}
    assert len(touches) >= 3 and len(set(touches)) == 1


def test_an_account_is_known_by_its_session_and_a_stale_session_names_nobody() -> None:
    """Signed in: the socket is the account's. After the password changed elsewhere, the
    old session no longer names the account (as for a page): only its device is left."""
    kim, kim_user = account("kim")
    scope = {"path": "/live/me/", "headers": [(b"cookie", _cookies(kim).encode())]}
    before = people.admit(scope)
    kim_user.set_password("a brand new password 2026")
    kim_user.save()
    after = people.admit(scope)
    assert before is not None and before.person == Person(kim_user.pk, "")
    assert after is not None and after.person.user_id is None and after.person.device_key


def test_a_person_channel_admits_by_who_not_by_the_request() -> None:
    guest = visitor()
    listener = people.admit(
        {"path": "/live/me/", "headers": [(b"cookie", _cookies(guest).encode())]}
    )
    assert listener is not None
    assert listener.person == Person(None, listener.person.device_key)
    assert listener.person.device_key and not hasattr(listener, "request")


def _cookies(client: Any) -> str:
    return "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())


def test_many_beats_due_at_once_run_in_hops_of_a_few(monkeypatch: Any) -> None:
    """A socket opening waits behind one hop of beats, not every beat due."""
    now = [0.0]
    monkeypatch.setattr(beats, "monotonic", lambda: now[0])
    monkeypatch.setattr(beats, "TICK_SECONDS", 0.01)
    monkeypatch.setattr(beats, "HOP", 7)
    hops: list[int] = []
    real = beats._run_each
    monkeypatch.setattr(beats, "_run_each", lambda due: hops.append(len(due)) or real(due))

    async def scenario() -> None:
        every = Beats(0.5)
        members = [lambda: None for _ in range(20)]
        for beat in members:
            every.join(beat)
        now[0] = 1.0  # all twenty due in the same tick, then not again before 1.5
        await asyncio.sleep(0.1)
        for beat in members:
            every.leave(beat)

    run(scenario)
    assert hops == [7, 7, 6]
