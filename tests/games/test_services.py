"""The one door that changes a game: locking, versions, the move log, computer turns."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games import services
from games.engine import tile_rummy as tr
from games.models import Game, GameStatus, Move
from games.services import computers
from games.tasks import run_computer_turns, sweep_computer_turns
from tests.engine.helpers import build
from tests.games.conftest import put_state

pytestmark = pytest.mark.django_db

PEOPLE = [
    services.SeatSpec("You", device_key="dev-a"),
    services.SeatSpec("Ada", device_key="dev-b"),
]


def two_people(seed: int = 7) -> Game:
    return services.create_game("tile_rummy", {"players": 2}, PEOPLE, seed=seed)


def replay(game: Game) -> tr.State:
    state = tr.new_game(game.config, game.seed)
    for move in game.moves.order_by("seq"):
        state, _ = tr.apply(state, move.seat, move.action)
    return state


def test_a_move_is_logged_and_the_log_replays_to_the_snapshot() -> None:
    game = two_people()
    for _ in range(6):
        state = services.load_state(game)
        game = services.play(game.id, state.turn, {"type": "draw"}, game.version)
    assert game.version == 6
    assert list(game.moves.values_list("seq", flat=True)) == [1, 2, 3, 4, 5, 6]
    assert tr.to_json(replay(game)) == game.state


def test_a_stale_version_is_refused_and_nothing_changes() -> None:
    game = two_people()
    turn = services.load_state(game).turn
    services.play(game.id, turn, {"type": "draw"}, 0)
    game.refresh_from_db()
    before = (game.version, game.state)
    with pytest.raises(services.StaleVersion):
        services.play(game.id, 1 - turn, {"type": "draw"}, 0)
    game.refresh_from_db()
    assert (game.version, game.state) == before
    assert game.moves.count() == 1


def test_an_illegal_move_is_refused_with_the_engines_reason() -> None:
    game = two_people()
    turn = services.load_state(game).turn
    with pytest.raises(services.IllegalMove) as refused:
        services.play(game.id, 1 - turn, {"type": "draw"}, 0)
    assert refused.value.message == "It isn't your turn."
    game.refresh_from_db()
    assert game.version == 0 and not game.moves.exists()


def test_the_public_view_in_the_log_holds_no_rack() -> None:
    game = two_people()
    turn = services.load_state(game).turn
    services.play(game.id, turn, {"type": "draw"}, 0)
    public = Move.objects.get(game=game).public_view
    assert public["rack"] is None
    assert "pool" not in public and "seed" not in str(public.keys())


def test_game_over_marks_the_game_finished() -> None:
    game = two_people()
    state = build(racks=["R1 R2 R3", "B5"], opened=[True, True], leftover_to=1, target=50)
    put_state(game, state)
    game = services.play(game.id, 0, {"type": "play", "table": [state.racks[0]]}, 0)
    assert game.status == GameStatus.FINISHED
    with pytest.raises(services.NotAllowed):
        services.play(game.id, 1, {"type": "next_round"}, game.version)


def test_computer_turns_run_until_a_person_must_act(django_capture_on_commit_callbacks) -> None:
    seats = [
        services.SeatSpec("You", device_key="d"),
        services.SeatSpec("Bot", computer_level="easy"),
        services.SeatSpec("Bot 2", computer_level="medium"),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game("tile_rummy", {"players": 3}, seats, seed=11)
    game.refresh_from_db()
    assert services.load_state(game).turn == 0
    assert not game.awaiting_computer
    with django_capture_on_commit_callbacks(execute=True):
        game = services.play(game.id, 0, {"type": "draw"}, game.version)
    game.refresh_from_db()
    assert services.load_state(game).turn == 0
    assert list(game.moves.values_list("seat", flat=True))[-3:] == [0, 1, 2]


def test_a_computer_task_for_an_old_version_does_nothing() -> None:
    seats = [
        services.SeatSpec("You", device_key="d"),
        services.SeatSpec("Bot", computer_level="easy"),
    ]
    game = services.create_game("tile_rummy", {"players": 2}, seats, seed=3)
    state = services.load_state(game)
    if state.turn == 1:  # let the bot's first turn happen so we hold a human turn
        run_computer_turns(str(game.id), 0)
        game.refresh_from_db()
    version = game.version
    assert run_computer_turns(str(game.id), version + 5) is False
    assert run_computer_turns(str(game.id), version) is False  # a person is to act
    game.refresh_from_db()
    assert game.version == version


def test_the_sweep_resumes_a_stalled_computer_turn(django_capture_on_commit_callbacks) -> None:
    seats = [
        services.SeatSpec("Bot", computer_level="easy"),
        services.SeatSpec("You", device_key="d"),
    ]
    game = services.create_game("tile_rummy", {"players": 2}, seats, seed=5)
    put_state(game, build(racks=["R1", "B1"], pool_top="Y7"))  # seat 0 (a computer) to play
    Game.objects.filter(id=game.id).update(awaiting_computer=True, updated="2000-01-01T00:00:00Z")
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_computer_turns() == 1
    game.refresh_from_db()
    assert game.version == 1 and game.moves.get().seat == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_concurrent_submits_of_one_move_apply_once() -> None:
    """The one that loses the row lock finds the move made: the same move at the same version
    (a resend whose answer was lost looks the same) is answered with the game, not played
    again (games/services/replayed.py); a different move would be refused as stale."""
    game = two_people(seed=21)
    turn = services.load_state(game).turn
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def submit() -> None:
        barrier.wait()
        try:
            answered = services.play(game.id, turn, {"type": "draw"}, 0)
            outcomes.append(f"answered at v{answered.version}")
        except services.StaleVersion:
            outcomes.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    game.refresh_from_db()
    assert outcomes == ["answered at v1", "answered at v1"]
    assert game.version == 1 and game.moves.count() == 1


def test_a_refused_computer_move_falls_back_to_the_engines_timeout(monkeypatch) -> None:
    seats = [
        services.SeatSpec("Bot", computer_level="easy"),
        services.SeatSpec("You", device_key="d"),
    ]
    game = services.create_game("tile_rummy", {"players": 2}, seats, seed=5)
    put_state(game, build(racks=["R1 R2", "B1"], pool_top="Y7"))
    monkeypatch.setattr(computers, "choose_for", lambda kind: lambda view, level: {"type": "bogus"})
    assert services.run_computer_turn(game.id, game.version) is True
    game.refresh_from_db()
    assert game.moves.get().action == tr.TIMEOUT_ACTION
