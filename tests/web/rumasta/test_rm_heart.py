"""The black three heart raced through the site: the layer first, an opponent first,
a computer after its reaction delay, and the 3-second hold on the next turn."""

from __future__ import annotations

import pytest

from games.bots.rumasta import delay_for, reaction_delay
from games.engine import rumasta as rm
from games.services import turns
from games.web.rumasta.views import TOO_LATE
from tests.engine.rumasta.rm_helpers import build, ids, names
from tests.web.rumasta.conftest import drive, held, post, put_state, state_of

pytestmark = pytest.mark.django_db


def i_lay_a_black_three(client, crafted, level="easy"):
    game = crafted(["3S 9D 8C 5H", "4S 6S 7C"], level=level, step="play", red3s=["3H 3D"])
    post(client, game, "discard", pile=0, cards=held(game, "3S"))
    post(client, game, "discard", pile=1, cards=held(game, "9D"))
    assert state_of(game).phase == "heart"
    return game


def a_computer_lays_one(client, crafted, level="easy"):
    game = crafted(["4S 6S 7C"], players=2, level=level)
    state = build(["4S 6S 7C", "3S 9D 8C 5H"], turn=1, step="play", red3s=["", "3H"])
    state.move_no = game.version
    state, _ = rm.apply(state, 1, {"type": "discard", "cards": ids(state, "3S 9D", 1)})
    put_state(game, state, keep_moves=True)
    game.awaiting_computer = True  # as the service marks a window with a computer in it
    game.save()
    return game


def test_the_layer_first_keeps_the_red_threes(client, crafted):
    game = i_lay_a_black_three(client, crafted)
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    assert 'data-testid="heart-button"' in page and "every 300ms" in page
    drive(game)  # not due yet: the computer waits for its reaction time
    assert state_of(game).phase == "heart"
    post(client, game, "heart")
    state = state_of(game)
    assert state.heart_result["winner"] == "heart" and sorted(names(state.red3s[0])) == ["3D", "3H"]
    assert "pressed the heart in time" in client.get(f"/rumasta/g/{game.id}/").content.decode()


def test_a_computer_calls_out_at_its_deadline(client, crafted, clock):
    game = i_lay_a_black_three(client, crafted, level="expert")
    clock(reaction_delay("expert") - 0.3)
    drive(game)
    assert state_of(game).phase == "heart"
    clock(reaction_delay("expert") + 0.1)
    drive(game)  # the table's poll: the call-out lands at its deadline
    state = state_of(game)
    assert state.heart_result["winner"] == "call_out" and state.heart_result["by"] == 1
    assert sorted(names(state.red3s[1])) == ["3D", "3H"] and state.red3s[0] == []
    late = post(client, game, "heart", version=game.version)
    assert late.status_code == 200 and TOO_LATE in late.content.decode()  # lost, not a fault
    assert "called out" in client.get(f"/rumasta/g/{game.id}/").content.decode()


def test_a_press_after_the_deadline_loses_even_with_no_poll(client, crafted, clock):
    game = i_lay_a_black_three(client, crafted, level="medium")
    clock(reaction_delay("medium") + 0.1)
    response = post(client, game, "heart")  # the computer's due call-out goes first
    assert response.status_code == 200 and TOO_LATE in response.content.decode()
    assert state_of(game).heart_result["winner"] == "call_out"


def test_an_opponent_first_takes_the_computers_red_threes(client, crafted):
    game = a_computer_lays_one(client, crafted)
    page = client.get(f"/rumasta/g/{game.id}/").content.decode()
    assert 'data-testid="call-out-button"' in page
    post(client, game, "call_out")
    state = state_of(game)
    assert state.heart_result == {**state.heart_result, "winner": "call_out", "by": 0}
    assert names(state.red3s[0]) == ["3H"] and state.red3s[1] == []


def test_a_computer_layer_hearts_after_its_delay(client, crafted, clock):
    game = a_computer_lays_one(client, crafted, level="easy")
    clock(2.0)
    drive(game)
    assert state_of(game).phase == "heart"
    clock(2.6)
    drive(game)
    assert state_of(game).heart_result["winner"] == "heart"


def test_the_next_turn_is_held_three_seconds(client, crafted, clock):
    game = crafted(["4S 6S 7C 9H", "KD KS", "3S 9D 8C 5H"], turn=2, step="play")
    state = state_of(game)
    state, _ = rm.apply(state, 2, {"type": "discard", "cards": ids(state, "3S 9D", 2)})
    put_state(game, state, keep_moves=True)
    assert state.turn == 0
    response = post(client, game, "draw")
    assert response.status_code == 409 and "Wait a moment" in response.content.decode()
    assert state_of(game).phase == "heart"


def test_delays_shrink_with_the_level_and_only_apply_in_a_window():
    state = build(["3S 9D 8C 5H", "4S 6S"], step="play")
    assert delay_for(rm.view(state, 1), "easy") == 0.0
    state, _ = rm.apply(state, 0, {"type": "discard", "cards": ids(state, "3S 9D")})
    shown = rm.view(state, 1)
    assert [delay_for(shown, lv) for lv in ("easy", "medium", "expert")] == [2.5, 1.5, 0.8]
    assert rm.timed_window(state) == 0 and rm.hold_seconds(state, 1, {"type": "draw"}) == 3.0
    assert rm.hold_seconds(state, 1, {"type": "call_out"}) == 0.0


def test_the_computers_turn_is_queued_for_its_deadline(
    client, crafted, monkeypatch, django_capture_on_commit_callbacks
):
    queued: list[float] = []
    monkeypatch.setattr(turns, "_queue", lambda _id, _version, wait: queued.append(wait))
    game = crafted(["3S 9D 8C 5H", "4S 6S 7C"], level="medium", step="play")
    post(client, game, "discard", pile=0, cards=held(game, "3S"))
    with django_capture_on_commit_callbacks(execute=True):
        post(client, game, "discard", pile=1, cards=held(game, "9D"))
    assert 1.0 < queued[-1] <= 1.5  # medium: 1.5 s after the window opened


def test_a_window_waiting_for_me_skips_the_replay(client, crafted):
    """The opponent's black 3 shows at once, not after earlier moves' frames: the clock runs."""
    game = a_computer_lays_one(client, crafted)
    public = rm.view(state_of(game), None)
    for _ in range(2):  # two logged moves: the page would step through the first as a frame
        game.version += 1
        game.moves.create(seq=game.version, seat=1, action={"type": "draw"}, public_view=public)
    game.save()
    earlier = game.version - 1
    board = client.get(f"/rumasta/g/{game.id}/board/?at={earlier}", HTTP_HX_REQUEST="true")
    html = board.content.decode()
    assert board.status_code == 200 and 'data-testid="call-out-button"' in html
