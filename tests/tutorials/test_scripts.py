"""Each guided first game is a real game its engine checks move by move (issue 42, item 1).

For every tutorial: its deal is a state the engine accepts (every piece in one place, the
JSON round trip exact); walked from that deal to its end, every step's example is the move
the step asks for and the engine plays it, every computer answer is legal, the end is a
round's end and never the game's (a guided game counts for nobody); and every step's
mistake is refused by the script with the step's own explanation. Then the same walk
through the service door: a mistake is refused (422) with the explanation and leaves the
game exactly as it was, its draft too.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.engine.registry import engine_for
from games.models import Game, Seat
from tests.games.conftest import snapshot
from tutorials.registry import TUTORIALS
from tutorials.steps import Tutorial

KINDS = sorted(TUTORIALS)


def _conserved(engine: Any, state: Any) -> None:
    ids = engine.all_ids(state)
    assert len(ids) == len(set(ids)), "a piece in two places"
    assert engine.from_json(engine.to_json(state)) == state


@pytest.mark.parametrize("kind", KINDS)
def test_the_deal_is_a_state_the_engine_accepts(kind: str) -> None:
    tutorial = TUTORIALS[kind]
    engine = engine_for(kind)
    state = tutorial.deal()
    _conserved(engine, state)
    fresh = engine.new_game(tutorial.config, tutorial.seed)
    assert sorted(engine.all_ids(state)) == sorted(engine.all_ids(fresh)), "the game's own box"
    assert 0 in engine.to_act(state), "the person starts (a doubla question: with the others)"
    assert tutorial.deal() == state, "the same deal every time"


def walk(tutorial: Tutorial) -> Any:
    """Play the script through the engine alone: the steps' examples and the answers."""
    engine = engine_for(tutorial.kind)
    state = tutorial.deal()
    version = 0
    for number, step in enumerate(tutorial.steps, 1):
        assert tutorial.at(version).step == number - 1 and tutorial.at(version).answer is None
        assert 0 in engine.to_act(state), f"step {number}: not the person's turn"
        assert step.example is not None and step.mistake is not None
        move = step.example(state)
        assert step.refusal(move, state, 0) is None, f"step {number}: its example is refused"
        wrong = step.mistake(state)
        assert step.refusal(wrong, state, 0), f"step {number}: its mistake is accepted"
        state, _ = engine.apply(state, 0, move)
        version += 1
        _conserved(engine, state)
        for answer in step.answers:
            place = tutorial.at(version)
            assert place.answer == answer
            assert answer.seat in engine.to_act(state), f"after step {number}: not its turn"
            state, _ = engine.apply(state, answer.seat, answer.action(state))
            version += 1
            _conserved(engine, state)
    assert version == tutorial.end
    assert tutorial.at(version).step == len(tutorial.steps)
    return state


@pytest.mark.parametrize("kind", KINDS)
def test_the_script_walks_from_its_deal_to_its_end_through_the_engine(kind: str) -> None:
    tutorial = TUTORIALS[kind]
    engine = engine_for(kind)
    end = walk(tutorial)
    outcome = engine.result(end)
    # It ends with a round or mid-round, never with the game (a guided game counts nowhere).
    assert outcome is None or not outcome.game_over


@pytest.mark.parametrize("kind", KINDS)
def test_every_step_refuses_its_mistake_with_its_own_explanation(kind: str) -> None:
    tutorial = TUTORIALS[kind]
    engine = engine_for(kind)
    state = tutorial.deal()
    for step in tutorial.steps:
        assert step.mistake is not None and step.example is not None
        said = step.refusal(step.mistake(state), state, 0)
        hinted = [str(words) for judge, words in step.hints if judge(step.mistake(state), state, 0)]
        assert said == (hinted[0] if hinted else str(step.wrong))
        state, _ = engine.apply(state, 0, step.example(state))
        for answer in step.answers:
            state, _ = engine.apply(state, answer.seat, answer.action(state))


# --- through the service door ----------------------------------------------------------


def _guided_game(kind: str) -> Game:
    tutorial = TUTORIALS[kind]
    seats = [services.SeatSpec("You", device_key="d" * 40)]
    seats += [services.SeatSpec(name, computer_level=level) for name, level in tutorial.computers]
    config = {**tutorial.config, services.SCRIPT_MARK: kind}
    return services.create_game(kind, config, seats, seed=tutorial.seed, dealt=tutorial.deal())


@pytest.mark.django_db
@pytest.mark.parametrize("kind", KINDS)
def test_through_the_services_mistakes_are_refused_and_undone_and_the_computers_follow_the_script(
    kind: str, django_capture_on_commit_callbacks: Any
) -> None:
    tutorial = TUTORIALS[kind]
    engine = engine_for(kind)
    with django_capture_on_commit_callbacks(execute=True):
        game = _guided_game(kind)
    game.refresh_from_db()
    assert game.version == 0 and not game.awaiting_computer, "a computer waits for the person"
    for step in tutorial.steps:
        game.refresh_from_db()
        state = engine.from_json(game.state)
        assert step.mistake is not None and step.example is not None
        before = snapshot(game)
        # A turn half built on the page (the draft) goes back with the refused move.
        Seat.objects.filter(game=game, index=0).update(turn_draft={"version": game.version})
        with pytest.raises(services.IllegalMove) as refused:
            services.play(game.id, 0, step.mistake(state), game.version)
        assert refused.value.message == step.refusal(step.mistake(state), state, 0)
        assert refused.value.code == "script"
        assert snapshot(game) == before, "a refused step leaves the game as it was, undone"
        with django_capture_on_commit_callbacks(execute=True):
            services.play(game.id, 0, step.example(state), game.version)
    game.refresh_from_db()
    assert game.version == tutorial.end, "the computers played exactly the script's answers"
    assert game.status == "active"
    state = engine.from_json(game.state)
    assert state == walk(tutorial), "the same end as the engine's own walk"
    with pytest.raises(services.IllegalMove) as over:
        services.play(game.id, 0, {"type": "next_round"}, game.version)
    assert "guided game is over" in over.value.message
