"""The pieces of a game's own table views that several games write alike.

``games.table_flow`` holds what every table does; each game's ``views.py`` keeps
the POST views that are its own. Some of those read the same in several games:
seating you beside named computers, moving a picked tile in the draft, a draft
step such as Reset, a move built from the form that may be refused before it is
played, and the table of POST-only views. They are built here, so a game's
``views.py`` says only what differs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from django.views.decorators.http import require_POST

from games import services
from games.table_flow import person_seat

if TYPE_CHECKING:
    from uuid import UUID

    from django.http import HttpResponse

    from games.models import Game, Seat
    from games.table_flow import Change, Mover, TableFlow, TableRequest, View

# Builds a move from the form, or raises a ServiceError with the reason it is refused.
Build = Callable[["TableRequest", "Game", "Seat"], dict[str, Any]]


def you_and_computers(
    request: TableRequest, names: Iterable[str], level: str, label: str = ""
) -> list[services.SeatSpec]:
    """The setup's seating: the person asking, then a computer at ``level`` per name.

    With ``label``, each name carries it in brackets, "Ada (easy)": the seat's stored
    name, which ``games.table_flow.seat_name`` shows in the reader's language.
    """
    names = [f"{name} ({label})" for name in names] if label else names
    bots = [services.SeatSpec(name, computer_level=level) for name in names]
    return [person_seat(request), *bots]


def posted(views: Mapping[str, View]) -> dict[str, View]:
    """A game's own table views by URL name, each answering POST only (else 405)."""
    return {name: require_POST(view) for name, view in views.items()}


def draft_step(flow: TableFlow, name: str, change: Change) -> View:
    """A POST that changes the seat's draft by ``change`` and redraws the board's form."""

    @flow.refusals
    def view(request: TableRequest, game_id: UUID) -> HttpResponse:
        return flow.draft_change(request, game_id, change)

    view.__name__ = name
    return view


def tile_move(
    flow: TableFlow,
    mover: Mover,
    refused: type[Exception],
    guard: Callable[[dict[str, Any]], None] | None = None,
) -> View:
    """The POST that moves a picked tile in the seat's draft by the game's ``mover`` rule."""

    @flow.refusals
    def move_tile(request: TableRequest, game_id: UUID) -> HttpResponse:
        return flow.draft_move(request, game_id, mover, refused, guard)

    return move_tile


def built_move(flow: TableFlow, name: str, build: Build) -> View:
    """A POST that plays the move ``build(request, game, seat)`` makes from the form; a
    ServiceError it raises (a missing pick, an unconfirmed draft) is refused with the board."""

    @flow.refusals
    def view(request: TableRequest, game_id: UUID) -> HttpResponse:
        game, seat = flow.game_for_post(request, game_id)
        try:
            action = build(request, game, seat)
        except services.ServiceError as exc:
            return flow.refuse(request, game, seat, exc)
        return flow.act(request, game, seat, action)

    view.__name__ = name
    return view
