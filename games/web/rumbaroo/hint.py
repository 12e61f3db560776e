"""Rumbaroo's Hint: the best line for this turn, in games against computers only.

The hint is ``best_play`` (games/bots/rumbaroo/best.py) run on the seat's own
view, so it can show nothing the seat could not see: the line of moves that
leaves the fewest tiles before an opponent acts. Its first move is put on the
table the way a player would: a meld becomes the seat's draft (the new table,
with the Rumbaroo! call pressed when the meld leaves one tile, and the free
action set to "misses a turn" when the line goes on), which the player can
confirm or change; a discard is named and pictured, with the call pressed when
it is owed. Asking marks the game for good (``services.mark_hint_used``,
conditional on the version the page was drawn at, so a stale or forged request
changes nothing), and a marked game is kept off the leaderboards. Online
tables, the daily challenge and guided games never offer one.

Bounded by search steps (``HINT_STEPS``), never by a clock: the same position
gets the same hint on a busy server. The answer is cached for this turn (game,
seat, version), so it stays while the player moves tiles, and goes with the turn.
"""

from __future__ import annotations

from typing import Any

from games import services
from games.bots.rumbaroo.best import PLAY_STEPS, BestPlay, best_play
from games.bots.rumbaroo.placement import Steps
from games.engine.rumbaroo import is_seated
from games.models import Game, Seat
from games.table_flow import TableFlow
from games.table_flow import View as PageView
from games.web import hints
from games.web.rumbaroo import drafts
from games.web.rumbaroo import presenters as rp
from games.web.rumbaroo.lines import faces_of, line_phrase, tile_dict, tiles_phrase

HINT_STEPS = PLAY_STEPS


def board_context(
    game: Game, seat: Seat, view: dict[str, Any], draft: Any, **extra: Any
) -> dict[str, Any]:
    """The table's context plus the Hint button and this turn's hint, if one was asked for."""
    context = rp.board_context(game, seat, view, draft, **extra)
    my_turn = bool(context.get("my_turn")) and view["phase"] == "play"
    context["hint"] = hints.offer(game, seat, my_turn, lambda stored: _shown(stored, view))
    shown = context["hint"]["shown"]
    if shown is not None and context.get("free") and shown["skip"]:
        context["free"] = {**context["free"], "skip": True}
    return context


def make_view(flow: TableFlow) -> PageView:
    """The Hint POST view for ``flow``'s table (a factory, so views.py and this module
    don't import each other); a meld it lays out is the seat's draft, read again."""
    return hints.make_view(flow, give_hint, refresh_draft=True)


def give_hint(game: Game, seat: Seat, view: dict[str, Any], version: int | None) -> None:
    """Work out the best line, mark the game, keep the answer and lay its first move out."""
    own_turn = view["phase"] == "play" and seat.index in view["to_act"] and is_seated(view)
    asked = hints.check_asked(game, version, own_turn)
    found = best_play(view, Steps(HINT_STEPS))
    hints.mark_used(game, asked)
    hints.keep(game, seat, _stored(found))
    first = found.moves[0]
    if first["type"] == "meld" or first.get("call"):
        services.update_draft(game.id, seat.index, asked, _drafted(first))


def _drafted(first: dict[str, Any]) -> Any:
    """The draft change that lays the first move out: a meld's table, and the call."""

    def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
        new = drafts.fresh(view)
        if first["type"] == "meld":
            new["table"] = [list(m) for m in first["table"]]
        new["call"] = bool(first.get("call"))
        return new

    return change


def _stored(found: BestPlay) -> dict[str, Any]:
    """What is cached: tile ids only (the seat's own tiles and the table)."""
    return {
        "moves": found.moves,
        "left": found.left,
        "turns": found.turns,
        "out": found.out,
        "exact": found.exact,
    }


def _shown(stored: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The hint in words, and the tile to play when the line starts with a discard."""
    faces = faces_of(view["difficulty"], view["party"])
    first = stored["moves"][0]
    tile = None
    if first["type"] == "discard":
        tile = rp.tile_context(tile_dict(first["tile"], faces))
    return {
        **stored,
        "line": line_phrase(stored["moves"], faces, view["players"] == 2),
        "left_words": tiles_phrase(stored["left"]),
        "first": first["type"],
        "tile": tile,
        "skip": first.get("free") == "skip",
    }
