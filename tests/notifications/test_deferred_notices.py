"""A seat whose page polled a moment ago is told later, not never (issue 34 item 8).

Seen in Rumasta and Tile Rummy: move, close the tab, the others answer within
30 s; now it is your turn and nobody tells you. The decision is deferred until
the page has been silent for 30 s, and is then made again for that seat alone.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import time_machine
from django.core import mail
from django.test import Client

from games import services
from games.engine.registry import engine_for
from notifications import in_process, tasks, turns
from notifications.models import TurnNotice
from tests.notifications.nf_helpers import (
    Sink,
    acting,
    board_poll,
    fresh,
    pass_turn_to,
    table_of_two,
)

pytestmark = pytest.mark.django_db
REAL_LATER = in_process.later  # conftest collects the second looks; one test wants the timer


@pytest.fixture
def clock() -> Iterator[Any]:
    """The clock stands still unless the test moves it (presence marks use time.time())."""
    with time_machine.travel(time.time(), tick=False) as traveller:
        yield traveller


def _mails_to(address: str) -> list[Any]:
    return [m for m in mail.outbox if address in m.to]


def _ben_moves_from_his_page(client: Client, game: Any, ben: Any, capture: Any) -> Any:
    """Ben's page polls, he makes his move there, and closes the tab."""
    board_poll(client, game, ben)
    with capture(execute=True):
        services.play(game.id, 1, engine_for(game.kind).TIMEOUT_ACTION, game.version)
    return fresh(game)


def _turn_comes_to_ben_at_his_table(client: Client, capture: Any) -> tuple[Any, Any]:
    """Ben's page polls, then the others play until it is his turn."""
    game, (ana, ben) = table_of_two()
    board_poll(client, game, ben)
    return pass_turn_to(game, 1, capture), ben


def test_moved_closed_the_tab_and_the_others_answered_fast_still_gets_told(
    clock: Any, client: Client, deferred: Any, env_smtp: Sink,
    django_capture_on_commit_callbacks: Any,
) -> None:
    game, (ana, ben) = table_of_two()
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    env_smtp.messages.clear()
    game = _ben_moves_from_his_page(client, game, ben, django_capture_on_commit_callbacks)
    clock.shift(5)  # the others answer within seconds
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    assert [m for m in env_smtp.messages if m["To"] == ben.email] == []  # polled 5 s ago
    [(wait, game_id, version, seat)] = deferred
    assert (game_id, version, seat) == (str(game.id), game.version, 1)
    assert 25 <= wait <= 27  # 30 s of silence from his last poll, and a margin
    clock.shift(wait)
    deferred.run()
    [sent] = [m for m in env_smtp.messages if m["To"] == ben.email]  # through real SMTP
    assert sent["Subject"] == "Your turn: Rumbaroo"
    assert TurnNotice.objects.filter(game=game, seat_index=1, version=game.version).count() == 1
    assert deferred == []


def test_asked_again_twice_it_is_still_one_email(
    clock: Any, client: Client, deferred: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, ben = _turn_comes_to_ben_at_his_table(client, django_capture_on_commit_callbacks)
    clock.shift(31)
    assert len(deferred) == 1
    twice = [*deferred, *deferred]
    deferred[:] = twice
    deferred.run()
    in_process.tell_once(game.id, game.version, (1,))
    assert len(_mails_to(ben.email)) == 1
    assert TurnNotice.objects.filter(game=game, seat_index=1).count() == 1


def test_no_email_if_the_seat_moved_in_the_meantime(
    clock: Any, client: Client, deferred: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, ben = _turn_comes_to_ben_at_his_table(client, django_capture_on_commit_callbacks)
    clock.shift(10)
    _ben_moves_from_his_page(client, game, ben, django_capture_on_commit_callbacks)
    clock.shift(25)
    first_look = [d for d in deferred if d[2] == game.version]
    assert len(first_look) == 1
    deferred[:] = first_look
    deferred.run()
    assert _mails_to(ben.email) == []
    assert not TurnNotice.objects.filter(game=game, seat_index=1).exists()


def test_a_page_that_keeps_polling_is_asked_about_again_until_it_is_silent(
    clock: Any, client: Client, deferred: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, ben = _turn_comes_to_ben_at_his_table(client, django_capture_on_commit_callbacks)
    clock.shift(20)
    board_poll(client, game, ben)  # still looking at the table
    clock.shift(11)
    deferred.run()
    assert _mails_to(ben.email) == []
    [(wait, *_)] = deferred
    assert 19 <= wait <= 21  # 30 s after the second poll
    clock.shift(wait)
    deferred.run()
    assert len(_mails_to(ben.email)) == 1


def test_with_a_broker_the_second_look_is_a_countdown_task(
    clock: Any, client: Client, monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    queued: list[tuple[tuple[Any, ...], float]] = []
    monkeypatch.setattr(
        tasks.tell_seat_later, "apply_async",
        lambda args, countdown: queued.append((args, countdown)),
    )
    game, ben = _turn_comes_to_ben_at_his_table(client, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    assert tasks.tell_turn.run(str(game.id), game.version) == 0  # what a worker runs
    [(args, countdown)] = queued
    assert args == (str(game.id), game.version, 1) and 30 <= countdown <= 31
    clock.shift(countdown)
    assert tasks.tell_seat_later.run(*args) == 1  # the e-mail is queued (run eagerly here)
    assert len(_mails_to(ben.email)) == 1


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_a_timer_in_the_process_takes_the_second_look(
    client: Client, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    monkeypatch.setattr(in_process, "later", REAL_LATER)
    monkeypatch.setattr(turns, "PRESENT_SECONDS", 1.0)
    monkeypatch.setattr(turns, "DEFER_MARGIN", 0.2)
    game, (ana, ben) = table_of_two()
    board_poll(client, game, ben)
    before = {t.ident for t in threading.enumerate()}
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    assert _mails_to(ben.email) == []
    timers = [t for t in threading.enumerate()
              if t.name == "turn-notice-later" and t.ident not in before]
    assert len(timers) == 1
    timers[0].join(10)
    assert len(_mails_to(ben.email)) == 1
    assert acting(game) == {1}
