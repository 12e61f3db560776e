"""What a game's web side gives the site: one :class:`GameWeb` per game, and :func:`web_for`.

Each game's web package (``games/web/<kind>/__init__.py``) exports one object,
``WEB = GameWeb(...)``, naming every piece the platform and the apps use: its
table flow, setup form and seating rule (the setup page and the API deal with
them), its room adapter, its replay adapter, its seat view's model (the API's
OpenAPI document), its URLconf and its pages' templates. Nothing outside the
package names one of its modules or a private name in it; everything asks
:func:`web_for` instead.

The setup and How to play views are the platform's (``games.web.pages``), as
are the table's (``games.table_flow``): a game declares only what differs.

The catalogue stays pure Python (the engine and bot registries read it), so it
holds only the package's dotted path (``GameEntry.web``); this module imports
the package on first use and checks that what it exports is a :class:`GameWeb`.
A piece a game may lack is typed ``… | None`` here, and its callers check it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from games import catalogue

if TYPE_CHECKING:
    from django import forms
    from django.http import HttpRequest
    from django.urls import URLPattern, URLResolver
    from pydantic import BaseModel

    from games.models import Game, Move, Seat
    from games.services import SeatSpec
    from games.table_flow import TableFlow

# The setup form's seating: the person's seat, then the computers the form asked for.
SeatRule = Callable[["HttpRequest", Any], "list[SeatSpec]"]


class RoomAdapter(Protocol):
    """A game in a room (``room.py``): its options without seats or levels, and the
    engine config for a seat count (None when the game refuses that many). A module
    may also set ``SEATS_NOTE``, a line shown under the seat count."""

    @property
    def OptionsForm(self) -> type[forms.Form]: ...  # a module's class, read-only

    def engine_config(self, options: dict[str, Any], seats: int, /) -> dict[str, Any] | None: ...


class ReplayAdapter(Protocol):
    """A game's replay frames (``replay.py``): the board at a move, the round's panel,
    the pieces a seat holds and how one is drawn, and the moves told as lines."""

    @property
    def STYLESHEETS(self) -> tuple[str, ...]: ...  # module constants, read-only

    @property
    def PIECE_TEMPLATE(self) -> str: ...

    def frame(self, game: Game, seat: Seat, view: Any, move: Move, /) -> dict[str, Any]: ...

    def round_panel(self, game: Game, seat: Seat, view: Any, /) -> dict[str, Any] | None: ...

    def held(self, view: Any, /) -> list[dict[str, Any]]: ...

    def piece(self, piece: dict[str, Any], /) -> dict[str, Any]: ...

    def move_lines(self, game: Game, rows: list[Move], names: list[str], /) -> list[str]: ...


class UrlConf(Protocol):
    """The game's pages (``urls.py``), mounted under its catalogue prefix."""

    @property
    def urlpatterns(self) -> Sequence[URLPattern | URLResolver]: ...


SETUP_PAGE = "games/setup.html"


@dataclass(frozen=True)
class Pages:
    """The game's templates for the pages the platform serves it (games.web.pages).

    ``how_to_play`` extends ``games/how_to_play.html`` and writes the rules; ``setup``
    extends ``games/setup.html`` where the game has words or looks of its own, or is
    that page itself. Both are rendered with ``entry`` (its catalogue entry); setup
    with ``form`` too.
    """

    how_to_play: str
    setup: str = SETUP_PAGE


@dataclass(frozen=True)
class GameWeb:
    """Everything a game's web package must provide, each piece by name.

    ``flow``: the table (games.table_flow.TableFlow); ``setup_form``: the setup
    page's form, whose ``engine_config()`` the API and house rules reuse;
    ``seats``: the setup's seating rule ``(request, valid form) -> [SeatSpec]``;
    ``room``, ``replay``: the adapters above; ``api_view``: the seat view's
    pydantic model (the ``VIEW`` the OpenAPI document publishes); ``urls``: the
    game's URLconf (``games.web.pages.urls(flow, moves)``: setup, How to play and
    the table); ``pages``: the templates of its setup and How to play pages. A
    package passes them in this order, on one line (each field has its own type,
    so a type checker tells them apart).
    """

    flow: TableFlow
    setup_form: type[forms.Form]
    seats: SeatRule
    room: RoomAdapter
    replay: ReplayAdapter
    api_view: type[BaseModel]
    urls: UrlConf
    pages: Pages


class NotAGameWeb(TypeError):
    """A web package whose ``WEB`` is missing or is not a :class:`GameWeb`."""


@cache
def web_for(kind: str) -> GameWeb:
    """The web side of ``kind`` (``UnknownGame`` for a kind the catalogue doesn't list)."""
    package = catalogue.get(kind).web
    web = getattr(import_module(package), "WEB", None)
    if not isinstance(web, GameWeb):
        raise NotAGameWeb(f"{package}.WEB is not a GameWeb")
    return web
