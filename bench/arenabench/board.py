"""What a person reads off any game's table page, and how a game's own page is worked.

Every game's board says the same things the same way (``templates/games/_board.html``):
its version (``data-version``), whether it shows one of the others' moves one frame at a
time (``board-frame``), the poll that brings the next (``board/?at=N``), whether the
seat has something to do (``data-turn="mine"``, or the form between rounds that posts to
``next-round/``); at Game over, the tournament's poll to the next table and the way back
to the event (``templates/rooms/_game_over.html``). That much is read here, for any game.

How a move is made with a game's own forms is the game's: its benchmark module (the
catalogue's ``GameEntry.benchmark``) may name a page adapter (``ARENA_PAGES``, a
:class:`Pages`) that reads the seat's view off the page in the shape the game's computer
player reads and says the computer's choice as the page's clicks. :func:`pages_for`
finds it. A game without one has its moves made through ``games.services`` instead
(``bench.arenabench.people``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

VERSION = re.compile(r'data-version="(\d+)"')
TURN = re.compile(r'data-turn="(\w+)"')
POLL = re.compile(r'hx-get="([^"]*/board/\?at=(\d+)[^"]*)"[^>]*?\s+hx-trigger="([^"]+)"')
FOLLOW = re.compile(r'data-testid="event-next" hx-get="([^"]+)"')
BACK = re.compile(r'href="([^"]+)" data-testid="back-to-event"')


@dataclass
class Board:
    """One seat's table page, as any game's says it."""

    version: int
    mine: bool  # the page offers this seat something to do (a turn, or Next round)
    round_over: bool = False  # the something is Next round
    game_over: bool = False
    follow_url: str = ""  # Game over: the poll that sends the player to their next table
    back_url: str = ""  # Game over: back to the tournament


@dataclass(frozen=True)
class Click:
    """One form the person submits: the table's URL name (``discard``, ``move``…) and its
    fields (the version is added when it is sent)."""

    name: str
    data: dict[str, str]


class Pages(Protocol):
    """A game's table page as a person works it: made with the tournament's options (the
    options every table is dealt with). ``read`` answers the game's own reading of a page
    (None for a page that is no table), which the other methods take back."""

    def read(self, page: str) -> Any | None: ...

    def view(self, board: Any) -> dict[str, Any]:
        """The seat's view in the shape the game's computer player reads."""
        ...

    def clicks(self, action: dict[str, Any], board: Any) -> list[Click] | None:
        """The page's forms that make ``action``, in order; None when the page can't."""
        ...

    def stuck(self, board: Any) -> Click:
        """What a person presses who can't make the computer's move (a draw, say)."""
        ...

    def undo(self, board: Any) -> Click | None:
        """A half-built move the page still shows, taken back before the turn starts."""
        ...

    def answer(self, action: dict[str, Any], step: Click, page: str) -> Click | None:
        """The question ``page`` asks after ``step`` (if any), answered as ``action`` says."""
        ...


def pages_for(kind: str) -> Callable[[Mapping[str, Any]], Pages] | None:
    """The game's page adapter, as its benchmark module names it; None if it has none."""
    from bench.benchmarks import per_game
    from games import catalogue

    module = per_game.for_kind(kind)
    named = getattr(module, "ARENA_PAGES", None) if module is not None else None
    return catalogue.load(named) if named else None


def version_of(page: str) -> int | None:
    found = VERSION.search(page)
    return int(found.group(1)) if found else None


def poll_of(page: str) -> tuple[str, int, str] | None:
    """The board's own poll: (its URL, the version it asks for, its hx-trigger)."""
    found = POLL.search(page)
    if not found:
        return None
    return html.unescape(found.group(1)), int(found.group(2)), found.group(3)


def read(page: str) -> Board | None:
    """The seat's table as its page shows it (None for a page that is no table)."""
    version = version_of(page)
    if version is None:
        return None
    over = 'data-testid="event-next"' in page or 'data-testid="back-to-event"' in page
    follow, back = FOLLOW.search(page), BACK.search(page)
    live = not over and "board-frame" not in page
    round_over = live and '/next-round/"' in page
    turn = TURN.search(page)
    return Board(
        version=version,
        mine=round_over or (live and turn is not None and turn.group(1) == "mine"),
        round_over=round_over,
        game_over=over,
        follow_url=html.unescape(follow.group(1)) if follow else "",
        back_url=html.unescape(back.group(1)) if back else "",
    )
