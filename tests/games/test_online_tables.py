"""Online tables: the clock the server keeps, the host's pause, the house, and the results.

Everything here goes through games.services (and the table's poll), with the
clock moved by time-machine rather than by waiting.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from accounts import device
from accounts.models import GameRecord, Outcome
from games import catalogue, online, services
from games.bots.registry import choose_for
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Move, Seat
from games.tasks import expire_clock, sweep_online_tables
from leaderboards.models import Result

pytestmark = pytest.mark.django_db

KIND = "rumbaroo"
CONFIG = {"difficulty": "joey", "players": 3, "target": 50}
KEYS = ("device-a", "device-b")


def online_game(seed: int = 7, people: int = 2, keys: tuple[str, ...] = KEYS) -> Game:
    """Two people (guest devices) and a computer, as a room would start it."""
    seats = [services.SeatSpec(f"Player {k[-1]}", device_key=k) for k in keys[:people]]
    seats += [
        services.SeatSpec("Joey", computer_level="joey") for _ in range(CONFIG["players"] - people)
    ]
    return services.create_game(KIND, dict(CONFIG), seats, seed=seed, online=True)


def fresh(game: Game) -> Game:
    return Game.objects.get(id=game.id)


def acting(game: Game) -> set[int]:
    engine = engine_for(game.kind)
    return engine.to_act(engine.from_json(fresh(game).state))


def person_to_act(seed: int = 7, keys: tuple[str, ...] = KEYS) -> tuple[Game, int]:
    """An online game (after any computer's opening turns) where a person must act."""
    for tried in range(seed, seed + 40):
        game = fresh(online_game(tried, keys=keys))
        people = {0, 1} & acting(game)
        if people:
            return game, min(people)
        game.delete()
    raise AssertionError("no seeded start where a person acts first")


def expire(game: Game) -> None:
    """The deadline passes (as the wall clock would) without anyone acting."""
    Game.objects.filter(id=game.id).update(deadline=timezone.now() - timedelta(seconds=1))


def test_the_clock_starts_for_the_person_to_act_and_a_move_restarts_it() -> None:
    game, seat = person_to_act()
    assert game.online and game.deadline is not None
    left = (game.deadline - timezone.now()).total_seconds()
    assert 15 < left <= 20  # Rumbaroo: 20 s a turn
    services.play(game.id, seat, {"type": "draw"}, game.version)
    after = fresh(game)
    assert after.version > game.version


def test_a_clock_that_runs_out_plays_the_timeout_once_and_counts_a_missed_turn() -> None:
    game, seat = person_to_act()
    with time_machine.travel(game.deadline + timedelta(seconds=1), tick=False):
        assert services.apply_due_timeouts(game.id) == 1
        assert services.apply_due_timeouts(game.id) == 0  # nothing more is due
    move = Move.objects.get(game=game, seq=game.version + 1)
    assert move.seat == seat and move.action == {"type": "timeout"}
    assert Seat.objects.get(game=game, index=seat).missed_turns == 1


def test_a_task_checks_the_stored_deadline_and_a_late_task_does_nothing() -> None:
    game, _seat = person_to_act()
    assert expire_clock(str(game.id), game.version) == 0  # not due yet: nothing happens
    assert fresh(game).version == game.version
    with time_machine.travel(game.deadline + timedelta(seconds=1), tick=False):
        assert expire_clock(str(game.id), game.version) == 1
        assert expire_clock(str(game.id), game.version) == 0  # a duplicate: the game moved on


def test_the_sweep_applies_a_clock_whose_task_was_lost() -> None:
    game, seat = person_to_act()
    with time_machine.travel(game.deadline + timedelta(seconds=30), tick=False):
        assert sweep_online_tables() >= 1
    assert Move.objects.filter(game=game, seq=game.version + 1, seat=seat).exists()


def test_the_first_request_after_the_deadline_applies_it_with_no_worker() -> None:
    client, game, seat = seated_client()
    url = f"/rumbaroo/g/{game.id}/board/?at={game.version + 1}"
    with time_machine.travel(game.deadline + timedelta(seconds=1), tick=False):
        response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert Move.objects.filter(game=game, seq=game.version + 1, action={"type": "timeout"}).exists()


def test_a_late_press_loses_to_the_clock_cleanly() -> None:
    game, seat = person_to_act()
    late = time_machine.travel(game.deadline + timedelta(seconds=1), tick=False)
    with late, pytest.raises(services.StaleVersion):
        services.play(game.id, seat, {"type": "draw"}, game.version)
    assert Move.objects.get(game=game, seq=game.version + 1).action == {"type": "timeout"}


def test_three_timeouts_in_a_row_hand_the_seat_to_the_house_and_it_can_be_taken_back() -> None:
    game, seat = person_to_act()
    for _ in range(3):
        row = Seat.objects.get(game=game, index=seat)
        assert not row.house_level
        wait_for_turn(game, seat)
        expire(game)
        assert services.apply_due_timeouts(game.id) >= 1
    row = Seat.objects.get(game=game, index=seat)
    assert row.house_level == "joey" and row.house_reason == "timeouts" and row.house_played
    services.take_back(game.id, seat)
    row.refresh_from_db()
    assert not row.house_level and row.missed_turns == 0 and row.house_played


def test_a_move_of_your_own_resets_the_run_of_timeouts() -> None:
    game, seat = person_to_act()
    expire(game)
    services.apply_due_timeouts(game.id)
    wait_for_turn(game, seat)
    game = fresh(game)
    services.play(game.id, seat, {"type": "draw"}, game.version)
    assert Seat.objects.get(game=game, index=seat).missed_turns == 0


def wait_for_turn(game: Game, seat: int, limit: int = 40) -> None:
    """Let the others time out (or the computers play) until ``seat`` must act."""
    for _ in range(limit):
        now = fresh(game)
        if seat in acting(game) and now.status == GameStatus.ACTIVE:
            return
        if now.awaiting_computer:
            services.run_computer_turn(game.id, now.version)
            continue
        expire(game)
        services.apply_due_timeouts(game.id)
    raise AssertionError("the seat never came round")


def test_pause_stops_everything_and_resume_gives_the_clock_back() -> None:
    game, seat = person_to_act()
    left = (game.deadline - timezone.now()).total_seconds()
    paused = services.pause(game.id, 3600)
    assert paused.deadline is None and paused.paused_until is not None
    with pytest.raises(services.Paused, match="Paused by the host until"):
        services.play(game.id, seat, {"type": "draw"}, game.version)
    with time_machine.travel(timezone.now() + timedelta(minutes=30), tick=False):
        assert services.apply_due_timeouts(game.id) == 0  # no clock runs while paused
        resumed = services.resume(game.id)
        back = (resumed.deadline - timezone.now()).total_seconds()
    assert abs(back - left) < 2
    assert fresh(game).version == game.version  # the same board, hands and turn
    services.play(game.id, seat, {"type": "draw"}, game.version)


def test_a_pause_is_at_most_seven_days_and_an_expired_one_closes_with_no_result() -> None:
    game, _seat = person_to_act()
    with pytest.raises(services.ServiceError):
        services.pause(game.id, 8 * 24 * 3600)
    services.pause(game.id)
    with time_machine.travel(timezone.now() + timedelta(days=7, minutes=1), tick=False):
        assert sweep_online_tables() >= 1
    assert fresh(game).status == GameStatus.ABANDONED
    assert not Result.objects.filter(game=game).exists()
    assert not GameRecord.objects.filter(game=game).exists()


def test_leaving_counts_a_loss_at_once_and_the_house_plays_on() -> None:
    game, seat = person_to_act()
    services.leave_seat(game.id, seat)
    row = Seat.objects.get(game=game, index=seat)
    assert row.house_reason == "left"
    assert GameRecord.objects.get(game=game, seat_index=seat).outcome == Outcome.ABANDONED
    after = fresh(game)
    assert after.awaiting_computer and after.deadline is None  # the house's turn, no clock
    assert services.run_computer_turn(game.id, after.version)
    assert Move.objects.get(game=game, seq=after.version + 1).seat == seat


def test_suspending_a_player_takes_the_name_off_and_the_house_plays_their_turns() -> None:
    game, seat = person_to_act()
    assert services.suspend_player(device_key=f"device-{'ab'[seat]}") == 1
    row = Seat.objects.get(game=game, index=seat)
    assert row.display_name == f"Player {seat + 1}" and row.house_reason == "suspended"
    assert GameRecord.objects.get(game=game, seat_index=seat).outcome == Outcome.ABANDONED
    with pytest.raises(services.NotAllowed):
        services.take_back(game.id, seat)


def test_a_house_win_is_shown_but_not_counted() -> None:
    game, seat = person_to_act()
    Seat.objects.filter(game=game, index=seat).update(house_played=True)
    other = 1 - seat
    from accounts import stats
    from leaderboards import results

    game = services.game_with_seats(game.id)
    stats.record_finish(game, [seat])
    results.record_finish(game, [seat])
    assert GameRecord.objects.get(game=game, seat_index=seat).outcome == Outcome.HOUSE_WIN
    assert not Result.objects.filter(game=game, seat_index=seat).exists()
    assert Result.objects.get(game=game, seat_index=other).difficulty == "online"


def only_the_first_lands(game: Game, seat: int, first: dict, second: dict, refusal: type) -> None:
    """Two answers drawn at the same version: the first is played, the second is refused
    with ``refusal``, and one move is logged."""
    services.play(game.id, seat, first, game.version)
    with pytest.raises(refusal):
        services.play(game.id, seat, second, game.version)
    assert Move.objects.filter(game=game, seq=game.version + 1).count() == 1


def test_two_devices_racing_on_one_answer_one_wins_the_other_is_refused() -> None:
    game, seat = person_to_act()
    only_the_first_lands(game, seat, {"type": "draw"}, {"type": "pass"}, services.ServiceError)


def test_two_devices_sending_the_same_answer_play_it_once() -> None:
    """The same move at the same version is one press (a resend whose answer was lost looks
    the same): the second is answered with the table, nothing played again
    (games/services/replayed.py)."""
    game, seat = person_to_act()
    version, draw = game.version, {"type": "draw"}
    played = services.play(game.id, seat, draw, version)
    again = services.play(game.id, seat, draw, version)
    assert again.version == played.version
    assert Move.objects.filter(game=game, seq__gt=version).count() == played.version - version


def test_the_poll_answers_nothing_new_until_the_table_changes_and_then_the_board() -> None:
    client, game, seat = seated_client()
    page = client.get(f"/rumbaroo/g/{game.id}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-testid="clock"' in html and "seen=" in html
    seen = html.split("seen=", 1)[1].split('"', 1)[0]
    poll = f"/rumbaroo/g/{game.id}/board/?at={game.version + 1}&seen={seen}"
    assert client.get(poll, headers={"HX-Request": "true"}).status_code == 204
    services.pause(game.id, 600)
    board = client.get(poll, headers={"HX-Request": "true"})
    assert board.status_code == 200 and "Paused by the host until" in board.content.decode()


def test_a_table_against_computers_has_no_clock() -> None:
    seats = [
        services.SeatSpec("You", device_key="solo"),
        services.SeatSpec("J", computer_level="joey"),
    ]
    game = services.create_game(KIND, {**CONFIG, "players": 2}, seats, seed=3)
    assert fresh(game).deadline is None
    with pytest.raises(services.NotAllowed):
        services.pause(game.id, 60)


def guest_key(client: Client) -> str:
    """The device key the site gave this client (its signed guest cookie)."""
    client.get("/leaderboards/")
    request = RequestFactory().get("/")
    request.COOKIES[device.COOKIE_NAME] = client.cookies[device.COOKIE_NAME].value
    key = device.read_device_key(request)
    assert key
    return key


def seated_client() -> tuple[Client, Game, int]:
    """A guest's browser, and an online game where that guest must act now."""
    clients = [Client(), Client()]
    keys = tuple(guest_key(c) for c in clients)
    game, seat = person_to_act(keys=keys)
    return clients[seat], game, seat


@pytest.mark.parametrize("entry", list(catalogue.ready()), ids=lambda e: e.kind)
def test_every_how_to_play_page_states_its_clock(client: Client, entry: Any) -> None:
    lengths = online.clock_lengths(entry.kind)
    page = client.get(reverse(f"{entry.url_name}:how_to_play")).content.decode()
    assert f"{lengths['turn']} seconds for a turn" in page
    if lengths["meld"]:
        assert f"{lengths['meld']} seconds more once you" in page
    if lengths["answer"]:
        assert f"{lengths['answer']} seconds to answer" in page


def test_two_answers_to_one_croc_snap_race_one_wins_the_other_is_refused_cleanly() -> None:
    game, seat = croc_snap_waiting()
    # The snapped player answers from two devices at once: "take" and the clock's answer.
    take, timeout = {"type": "take"}, {"type": "timeout"}
    only_the_first_lands(game, seat, take, timeout, services.StaleVersion)
    assert not Move.objects.filter(game=game, seq=game.version + 2).exists()


def croc_snap_waiting() -> tuple[Game, int]:
    """An online Big Red table of three people, played like bots until a Croc Snap waits."""
    config = {"difficulty": "big_red", "players": 3, "target": 50}
    engine, choose = engine_for(KIND), choose_for(KIND)
    for seed in range(1, 40):
        seats = [services.SeatSpec(f"P{i}", device_key=f"croc-{i}") for i in range(3)]
        game = services.create_game(KIND, config, seats, seed=seed, online=True)
        for _ in range(120):
            game = fresh(game)
            state = engine.from_json(game.state)
            acting = engine.to_act(state)
            if state.phase == "croc":
                return game, min(acting)
            if not acting:
                break
            seat = min(acting)
            action = choose(engine.view(state, seat), "big_red") or engine.TIMEOUT_ACTION
            services.play(game.id, seat, action, game.version)
        game.delete()
    raise AssertionError("no Croc Snap came up")


def test_a_pause_stops_the_house_too_and_resume_sets_it_going() -> None:
    game, seat = person_to_act()
    services.leave_seat(game.id, seat)  # the house's turn now
    services.pause(game.id, 600)
    paused = fresh(game)
    assert not paused.awaiting_computer  # the sweep leaves it alone
    assert not services.run_computer_turn(game.id, paused.version)
    services.resume(game.id)
    resumed = fresh(game)
    assert resumed.awaiting_computer and resumed.version == paused.version
    assert services.run_computer_turn(game.id, resumed.version)
