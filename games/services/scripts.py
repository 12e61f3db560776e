"""Games played to a script: the guided first games (the ``tutorials`` app).

A game whose config carries ``"tutorial"`` follows a script: every move a person makes is
checked against the script's step before the engine judges it (a move the step does not
ask for is refused with the step's explanation, and the game, the seat's draft too, is
left as it was), the computers play the script's moves instead of their bots' choices,
and the table shows the step's line of guidance. The engine still judges every move, so
a guided game is a real game, played through this same door.

The platform only asks; the tutorials app, above it, answers: it registers its
:class:`Script` at start (``tutorials.apps.TutorialsConfig.ready``), as the players app
registers the online tables' name screen, so the import runs one way.
"""

from __future__ import annotations

from typing import Any, Protocol

from games.models import Game, Seat
from games.task_queue import Registered

MARK = "tutorial"  # the config key a guided game carries (its value names the tutorial)


class Script(Protocol):
    """What a guided game's script answers for the platform."""

    def refusal(self, game: Game, seat: int, action: dict[str, Any], state: Any) -> str | None:
        """Why the script turns ``action`` away (in the reader's language), or None when it
        is the move the step asks for; the engine then judges it as any move."""
        ...

    def computer_action(self, game: Game, seat: int, state: Any) -> dict[str, Any] | None:
        """The move the script plays for the computer ``seat`` now; None: the computer waits
        (a guided game's computers never play a bot's move)."""
        ...

    def guide(self, game: Game, seat: Seat) -> dict[str, Any] | None:
        """What the table shows of the script to ``seat`` (its ``template`` and the step's
        line), or None."""
        ...


script = Registered[Script]("script (tutorials.apps.TutorialsConfig.ready registers it)")


class ScriptRefused(Exception):
    """A move the script turned away; ``writes`` answers it as an illegal move."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def follows_script(game: Game) -> bool:
    """Whether ``game`` is a guided game."""
    return bool(isinstance(game.config, dict) and game.config.get(MARK))


def check(game: Game, seat: int, action: dict[str, Any], state: Any) -> None:
    """Refuse a move of a guided game that its script's step does not ask for."""
    if not follows_script(game):
        return
    reason = script.get().refusal(game, seat, action, state)
    if reason is not None:
        raise ScriptRefused(reason)


def computer_action(game: Game, seat: int, state: Any) -> dict[str, Any] | None:
    """The script's move for a computer seat of a guided game; None: it waits (or, outside a
    guided game, its bot moves)."""
    if not follows_script(game):
        return None
    return script.get().computer_action(game, seat, state)


def guide(game: Game, seat: Seat) -> dict[str, Any] | None:
    """What the table shows of a guided game's script; None for every other game."""
    if not follows_script(game):
        return None
    return script.get().guide(game, seat)
