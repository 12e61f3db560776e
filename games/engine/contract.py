"""The engine contract of ``base.py`` as types: what a game's rules module must expose.

Why a Protocol rather than a base class: an engine is a module, not an object,
and mypy checks a module against a Protocol when it is assigned to a variable of
that type (each engine's ``conformance.py`` does so), so a missing function or
a changed signature fails the type check, not a playout. Each engine fixes the two
parameters: its own ``State`` and the TypedDict its ``view`` returns (in the
engine's ``view_types.py``), so the site and the bots read a seat's view by name,
with its types; a bot reads its ``SeatView`` (seat and rack there, ``is_seated``).
TypedDicts, not classes: a view is sent as JSON, stored in the move
log and read by templates as a dict, so it stays one; the types only let mypy check
that every reader asks for keys the view has and uses what it finds there rightly.

At run time ``isinstance(module, Engine)`` checks only that every name is there
(``tests/contract/test_engine_protocol.py`` does, for every game in the catalogue).

Optional names the site looks up with ``getattr`` (so no Protocol can demand them):
``CLOCK_SECONDS``, ``CLOCK_MELD_BONUS``, ``CLOCK_ANSWER_SECONDS``, ``clock_seconds(state)``
and ``same_decision(before, after)`` for the online clock; see ``base.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

from .base import Action, Event, Result
from .choices import Listing

StateT = TypeVar("StateT")
ViewT_co = TypeVar("ViewT_co", covariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)

# One field's shape for ``games.action_schema``: ("int", low, high), ("table", …)…
FieldSpec = tuple[Any, ...]
ActionFields = Mapping[str, Mapping[str, FieldSpec]]


@runtime_checkable
class Engine(Protocol[StateT, ViewT_co]):
    """A game's rules module; ``StateT`` is its state, ``ViewT_co`` its seat view."""

    @property
    def TIMEOUT_ACTION(self) -> Action:
        """Legal for any seat in ``to_act``: a clock ran out or a bot failed."""
        ...

    @property
    def VIEW_ID_FIELDS(self) -> tuple[str, ...]:
        """View keys holding bare piece ids (besides ``{"id": …}``), for the contract tests."""
        ...

    @property
    def ACTION_FIELDS(self) -> ActionFields:
        """Each action type's fields, read by ``games.action_schema`` before ``apply``."""
        ...

    def new_game(self, config: dict[str, Any], seed: int) -> StateT: ...

    def apply(self, state: StateT, seat: int, action: Action) -> tuple[StateT, list[Event]]:
        """Raises ``IllegalAction``; never changes ``state``."""
        ...

    def view(self, state: StateT, seat: int | None) -> ViewT_co:
        """Only what ``seat`` may see (``None``: a spectator)."""
        ...

    def to_act(self, state: StateT) -> set[int]: ...

    def result(self, state: StateT) -> Result | None: ...

    def to_json(self, state: StateT) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> StateT: ...

    def all_ids(self, state: StateT) -> list[int]:
        """Every piece in every place: the contract tests check each is there once."""
        ...

    def hidden_from(self, state: StateT, seat: int | None) -> set[int]: ...


@runtime_checkable
class LegalMoves(Protocol[StateT_contra]):
    """An engine's ``legal`` module: the moves the API lists (see ``choices``)."""

    def legal_actions(self, state: StateT_contra, seat: int) -> Listing: ...
