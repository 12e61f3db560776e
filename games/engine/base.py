"""The engine contract every game module follows.

Each game is one module exposing::

    new_game(config: dict, seed: int) -> State
    apply(state, seat, action) -> tuple[State, list[Event]]   # raises IllegalAction
    view(state, seat | None) -> dict      # only what that seat may see
    to_act(state) -> set[int]
    result(state) -> Result | None
    to_json(state) -> dict / from_json(data) -> State
    TIMEOUT_ACTION: Action   # legal for any seat in to_act: a clock ran out or a bot failed
    all_ids(state) -> list[int]          # every piece in every place (conservation)
    hidden_from(state, seat) -> set[int] # the pieces that seat may not see now
    VIEW_ID_FIELDS: tuple[str, ...]      # view keys holding bare piece ids (besides {"id": …})

Optional, for the online clock the site enforces: ``CLOCK_SECONDS`` (a turn),
``CLOCK_MELD_BONUS`` (added once when the player starts melding),
``CLOCK_ANSWER_SECONDS`` (a quick answer to another's move, where a game has one) and
``clock_seconds(state)`` when the length depends on what is being answered, and
``same_decision(before, after)``: True when a move left the same question open (a
turn played in steps, or one question several seats answer), so the clock carries
on; without it every move asks a new question with a full clock (RULINGS).

The contract test suite (tests/contract/) checks all of it for every game
in the catalogue, from seeded random and bot playouts.

States are plain data, JSON round-trippable, never mutated by ``apply``.
All randomness is derived from the seed so a move log replays exactly.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

Action = dict[str, Any]
Event = dict[str, Any]


class IllegalAction(Exception):
    """A refused action; ``code`` is stable for programs, ``message`` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Result:
    """Scores once a round (or the whole game) is over."""

    round_scores: list[int]
    totals: list[int]
    winners: list[int] = field(default_factory=list)
    game_over: bool = False


def derived_rng(seed: int, *parts: object) -> random.Random:
    """A generator for a later random event, fixed by the seed and where it happens.

    Hashing keeps streams for different rounds/moves independent of each other,
    so replaying a log reproduces every shuffle without storing the generator.
    """
    text = ":".join(str(p) for p in (seed, *parts))
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def require(condition: bool, code: str, message: str) -> None:
    """Raise ``IllegalAction`` unless ``condition`` holds: keeps rule checks one line each."""
    if not condition:
        raise IllegalAction(code, message)


def require_int(value: object, low: int, high: int, code: str, message: str) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else ``IllegalAction``.

    Why it hands the value back: an action is untyped JSON, so the number the rules go
    on with is known to be an ``int`` only once it is checked, and ``require`` cannot say
    so to the type checker. A bool is not a number here (``type(value) is int``).
    """
    if type(value) is not int or not low <= value <= high:
        raise IllegalAction(code, message)
    return value
