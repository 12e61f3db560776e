"""Playing the computers' turns: one move when its task runs, or those due in a timed window."""

from __future__ import annotations

import logging
from uuid import UUID

from games.access import game_with_seats
from games.bots.registry import choose_for
from games.engine.registry import engine_for
from games.log_context import about_game
from games.models import Game, GameStatus
from games.services import scripts, turns
from games.services.errors import IllegalMove, StaleVersion, TooSoon
from games.services.rows import load_state
from games.services.windows import _wait, _window_opened
from games.services.writes import write_move

log = logging.getLogger("games.services")


def run_due_computer_turns(game_id: UUID | str, limit: int = 12) -> int:
    """Play the computer moves whose deadline has passed in a timed window (a poll, a press)."""
    with turns._driving():
        return _run_due(game_id, limit)


def _run_due(game_id: UUID | str, limit: int) -> int:
    played = 0
    while played < limit:
        game = Game.objects.filter(id=game_id, awaiting_computer=True).first()
        if game is None or _window_opened(game, load_state(game)) is None:
            break
        if not run_computer_turn(game.id, game.version):
            break
        played += 1
    return played


def run_computer_turn(game_id: UUID | str, version: int) -> bool:
    """Play one computer move if the game is still at ``version``; idempotent.

    A duplicate or late task finds the version moved on and does nothing.
    """
    with about_game(game_id):
        game = game_with_seats(game_id)
        if game is None or game.version != version or game.status != GameStatus.ACTIVE:
            return False
        return _computer_move(game, version)


def _computer_move(game: Game, version: int) -> bool:
    if game.paused_until is not None:
        return False  # resume queues the turn again
    engine = engine_for(game.kind)
    state = engine.from_json(game.state)
    seats = turns._computer_seats_to_act(game, state)
    if not seats:
        return False
    # In a timed window the quickest computer goes first, once its deadline has come.
    waits = sorted(((_wait(game, state, s), s.index, s) for s in seats), key=lambda w: w[:2])
    (_delay, left), _index, seat = waits[0]
    if left > 0:
        turns._queue(str(game.id), version, left)
        return False
    if scripts.follows_script(game):
        # A guided game's computers play its script, and only when it says (a doubla
        # question every seat answers at once waits for the person's answer first).
        action = scripts.computer_action(game, seat.index, state)
        if action is None:  # nothing to wait for until the person moves (the sweep too)
            Game.objects.filter(id=game.id, version=version).update(awaiting_computer=False)
            return False
    else:
        # A bot with no answer for a seat that must act gets the move a clock would make.
        action = choose_for(game.kind)(engine.view(state, seat.index), seat.level)
        action = action or engine.TIMEOUT_ACTION
    try:
        write_move(game.id, seat.index, action, version, loaded=game, automated=True)
    except IllegalMove:
        log.exception("computer move refused in %s; falling back", game.id)
        write_move(game.id, seat.index, engine.TIMEOUT_ACTION, version, loaded=game, automated=True)
    except (StaleVersion, TooSoon):
        return False
    return True
