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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.catalogue import gettext_noop, shown

Action = dict[str, Any]
Event = dict[str, Any]

__all__ = [
    "Action",
    "BadConfig",
    "Event",
    "IllegalAction",
    "Message",
    "Result",
    "derived_rng",
    "events_for",
    "gettext_noop",
    "hidden_from_seat",
    "joined",
    "pgettext",
    "require",
    "require_int",
    "require_round_over",
    "scored",
]


class Message(str):
    """A message for people: the English text itself (a ``str``, so everything that read
    the engines' messages as text reads it unchanged: tests, logs, the API's English),
    plus what it is made of, for the site to say it in the reader's language.

    ``template`` is the English marked for translation (with :func:`gettext_noop`, or
    :func:`pgettext` when it needs a ``context``); ``params`` are the values of its
    ``%(name)s`` placeholders. A value may itself be a ``Message`` (a reason, a tile's
    name), translated too; anything else is shown as it is (numbers, tile codes).
    :attr:`shown` is the reader's language, through the translator the site registered
    with the catalogue.
    """

    template: str
    params: Mapping[str, object]
    context: str | None

    def __new__(
        cls, template: str, params: Mapping[str, object] | None = None, context: str | None = None
    ) -> Message:
        values = dict(params or {})
        self = super().__new__(cls, template % values if values else template)
        self.template, self.params, self.context = template, values, context
        return self

    def render(self, translate: Callable[[str, str | None], str]) -> str:
        text = translate(self.template, self.context)
        if not self.params:
            return text
        values = {
            name: value.render(translate) if isinstance(value, Message) else value
            for name, value in self.params.items()
        }
        return text % values

    @property
    def shown(self) -> str:
        """In the reader's language (English until the site registers its gettext)."""
        return self.render(shown)


def pgettext(context: str, text: str, **params: object) -> Message:
    """Mark ``text`` as words for people that need ``context`` (one English word, two
    Romanian ones: a tile's colour), with its values by name. Named as Django's is, so
    ``makemessages`` finds it; it translates nothing here: the site does, when it shows
    the message."""
    return Message(text, params, context)


def joined(parts: Sequence[Message], separator: str = "; ") -> Message:
    """Several messages read as one (every problem of a table), each translated."""
    names = [f"part{i}" for i in range(len(parts))]
    template = separator.join(f"%({name})s" for name in names)
    return Message(template, dict(zip(names, parts, strict=True)))


class IllegalAction(Exception):
    """A refused action; ``code`` is stable for programs, ``message`` is for people.

    ``message`` is the English (formatted, as before); ``template`` and ``params`` say
    what it is made of, and ``shown_message`` is it in the reader's language. The
    engines pass a template marked with ``gettext_noop`` and its values by name:
    ``IllegalAction("too_low", gettext_noop("Worth %(value)s."), value=value)``.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        text = message if isinstance(message, Message) and not params else Message(message, params)
        super().__init__(text)
        self.code = code
        self.message: Message = text

    @property
    def template(self) -> str:
        return self.message.template

    @property
    def params(self) -> Mapping[str, object]:
        return self.message.params

    @property
    def shown_message(self) -> str:
        return self.message.shown


class BadConfig(IllegalAction, ValueError):
    """A setup the game refuses (code ``bad_config``); a ``ValueError`` too, as a bad
    config always was for the engines' callers."""

    def __init__(self, message: str, **params: object) -> None:
        super().__init__("bad_config", message, **params)


@dataclass(frozen=True)
class Result:
    """Scores once a round (or the whole game) is over."""

    round_scores: list[int]
    totals: list[int]
    winners: list[int] = field(default_factory=list)
    game_over: bool = False


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The move log as one seat may read it: an event's ``private`` part (a tile drawn, a
    card passed) only for the event's own seat."""
    out = []
    for event in events:
        if "private" in event and event.get("seat") != seat:
            event = {k: v for k, v in event.items() if k != "private"}
        out.append(event)
    return out


def hidden_from_seat(
    face_down: Iterable[int], held: Sequence[Iterable[int]], seat: int | None, laid_open: bool
) -> set[int]:
    """What ``seat`` may not see: the face-down pieces always, and what every other seat
    holds until the round is scored and hands are ``laid_open`` (the contract's
    ``hidden_from``, which the games answer alike)."""
    hidden = set(face_down)
    if not laid_open:
        for other, pieces in enumerate(held):
            if other != seat:
                hidden.update(pieces)
    return hidden


def scored(
    round_scores: Sequence[int], totals: Sequence[int], winners: Sequence[int], phase: str
) -> Result:
    """A scored round's :class:`Result`, copied out of the state (a result never shares a
    list with the state it came from), over for good once the phase is ``game_over``."""
    return Result(list(round_scores), list(totals), list(winners), phase == "game_over")


def derived_rng(seed: int, *parts: object) -> random.Random:
    """A generator for a later random event, fixed by the seed and where it happens.

    Hashing keeps streams for different rounds/moves independent of each other,
    so replaying a log reproduces every shuffle without storing the generator.
    """
    text = ":".join(str(p) for p in (seed, *parts))
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def require(condition: bool, code: str, message: str, **params: object) -> None:
    """Raise ``IllegalAction`` unless ``condition`` holds: keeps rule checks one line each.

    ``message`` is marked with ``gettext_noop``; its values come by name (``params``)."""
    if not condition:
        raise IllegalAction(code, message, **params)


def require_int(
    value: object, low: int, high: int, code: str, message: str, **params: object
) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else ``IllegalAction``.

    Why it hands the value back: an action is untyped JSON, so the number the rules go
    on with is known to be an ``int`` only once it is checked, and ``require`` cannot say
    so to the type checker. A bool is not a number here (``type(value) is int``).
    """
    if type(value) is not int or not low <= value <= high:
        raise IllegalAction(code, message, **params)
    return value


def require_round_over(phase: str) -> None:
    """Next round is asked for only once a round is over: every game refuses it alike."""
    require(
        phase == "round_over", "round_not_over", gettext_noop("The round is still being played.")
    )
