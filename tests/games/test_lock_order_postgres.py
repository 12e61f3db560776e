"""A Confirm racing a tap from a second device on the same seat (PostgreSQL only).

A move takes the game's row lock (its conditional UPDATE) and then the seat's (it
clears the mover's draft, or counts a missed turn); a tap under the lock takes the
game's and then the seat's. One order everywhere means the two can only wait for
each other, never deadlock (which the site would show as a 503). The forced
interleavings hold each side at the point where a wrong order would bite; the
free race repeats the two requests many times. Nothing is lost either: the
Confirm always applies, the tap either lands before it or is refused as stale,
and no draft outlives the move.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection
from django.db.models.signals import post_save

from games import services
from games.engine import tile_rummy as tr
from games.models import Game, Move, Seat
from games.web.tile_rummy import drafts as tile_drafts
from tests.engine.helpers import build
from tests.games.conftest import put_state

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only: row locks"),
]

ROUNDS = 30
HOLD = 0.3  # seconds one side waits at its critical point: well past the other's lock request


def _game(online: bool = False, seed: int = 5) -> Game:
    """Two people at Tile Rummy; seat 0 to act with R10 R11 R12 already drafted as a meld."""
    people = [
        services.SeatSpec("A", device_key="a" * 32),
        services.SeatSpec("B", device_key="b" * 32),
    ]
    game = services.create_game("tile_rummy", {"players": 2}, people, seed=seed, online=online)
    game = put_state(game, build(racks=["R10 R11 R12 B3 Y3", "K1 K2 K5"], pool_top="Y9 Y8"))
    for face, target in (("R10", "new"), ("R11", "0"), ("R12", "0")):
        services.update_draft(game.id, 0, game.version, _tap(_tile(game, face), target))
    return Game.objects.get(id=game.id)


def _tile(game: Game, face: str) -> int:
    return next(t for t in tr.from_json(game.state).racks[0] if str(tr.face_of(t)) == face)


def _tap(tile: int, target: str = "new") -> Callable[[Any, Any], Any]:
    return lambda draft, view: tile_drafts.move_tile(draft, view, tile, target)


def _confirm(game: Game, table: list[list[int]], outcomes: dict[str, Any]) -> None:
    """What Confirm does: the drafted table (read before the tap) as a play, at that version."""
    try:
        services.play(game.id, 0, {"type": "play", "table": table}, game.version)
        outcomes["confirm"] = "applied"
    except BaseException as exc:  # noqa: BLE001 - the test reports whatever happened
        outcomes["confirm"] = exc
    finally:
        connection.close()


def _second_device_tap(game: Game, outcomes: dict[str, Any], wait: threading.Event | None) -> None:
    """A tap from another device, done under the lock (as on an online table or after a race)."""
    if wait is not None:
        assert wait.wait(5), "the Confirm never reached its critical point"
    try:
        services.update_draft(game.id, 0, game.version, _tap(_tile(game, "B3")))
        outcomes["tap"] = "applied"
    except services.StaleVersion:
        outcomes["tap"] = "stale"
    except BaseException as exc:  # noqa: BLE001 - a deadlock surfaces here or in the Confirm
        outcomes["tap"] = exc
    finally:
        connection.close()


@contextmanager
def _held_after_save(model: type, on: threading.Event) -> Iterator[None]:
    """While it runs, the first save of ``model`` signals ``on`` and holds its transaction."""

    def hold(**_: Any) -> None:
        if not on.is_set():
            on.set()
            time.sleep(HOLD)

    post_save.connect(hold, sender=model, weak=False)
    try:
        yield
    finally:
        post_save.disconnect(hold, sender=model)


def _race(game: Game, wait: threading.Event | None = None) -> dict[str, Any]:
    outcomes: dict[str, Any] = {}
    barrier = threading.Barrier(2)
    table = Seat.objects.get(game=game, index=0).turn_draft["table"]

    def confirm() -> None:
        barrier.wait()
        _confirm(game, table, outcomes)

    def tap() -> None:
        barrier.wait()
        _second_device_tap(game, outcomes, wait)

    threads = [threading.Thread(target=confirm), threading.Thread(target=tap)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return outcomes


def _assert_nothing_lost(game: Game, outcomes: dict[str, Any]) -> None:
    assert outcomes.get("confirm") == "applied", outcomes
    assert outcomes.get("tap") in {"applied", "stale"}, outcomes
    after = Game.objects.get(id=game.id)
    assert after.version == game.version + 1 and after.moves.count() == 1
    assert Seat.objects.get(game=game, index=0).turn_draft is None  # no draft outlives the move
    on_table = {t for meld in tr.from_json(after.state).table for t in meld}
    assert {_tile(game, f) for f in ("R10", "R11", "R12")} <= on_table


def test_a_tap_arriving_while_a_confirm_holds_the_game_waits_and_is_refused_as_stale() -> None:
    """The Confirm has written the game and is about to clear the seat's draft."""
    game = _game()
    written = threading.Event()
    with _held_after_save(Move, written):
        outcomes = _race(game, wait=written)
    _assert_nothing_lost(game, outcomes)
    assert outcomes["tap"] == "stale"


def test_a_confirm_that_resets_missed_turns_takes_the_game_before_the_seat() -> None:
    """Online: a person's own move resets their run of timeouts, a write to the seat."""
    game = _game(online=True)
    Seat.objects.filter(game=game, index=0).update(missed_turns=1)
    game = Game.objects.get(id=game.id)
    saved = threading.Event()
    with _held_after_save(Seat, saved):
        outcomes = _race(game, wait=saved)
    _assert_nothing_lost(game, outcomes)
    assert Seat.objects.get(game=game, index=0).missed_turns == 0


@pytest.mark.parametrize("online", [False, True], ids=["offline", "online"])
def test_confirm_and_tap_raced_many_times_never_deadlock_or_lose_a_move(online: bool) -> None:
    for round_number in range(ROUNDS):
        game = _game(online=online, seed=round_number)
        outcomes = _race(game)
        _assert_nothing_lost(game, outcomes)
