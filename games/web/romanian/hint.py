"""Romanian Tile Rummy's Hint: this turn's best play put in the seat's draft (computers only).

The hint is ``games.bots.romanian.best.best_play`` run on the seat's own view
(its rack and the table), so it can show nothing the seat could not see. The
play goes into the seat's draft, as if the player had laid it tile by tile:
Confirm lays it, and any tile can still be moved, sent back or swapped first.
Beside it the hint names the discard that keeps the most options
(``keep.live_counts``: unseen tiles that would make a combination of three
with two tiles left on the rack), counted on the rack the play leaves.

Asking marks the game for good (``services.mark_hint_used``, conditional on
the version the page was drawn at, so a stale or forged request changes
nothing), and a marked game is kept off the leaderboards. Online tables, the
daily challenge and guided games never offer one. A hint is for a turn's
laying and its discard: it is offered once the tile is taken (and for the
first discard), not while choosing between the wall and the row, whose next
tile the seat cannot see.

The answer (counts and the suggested discard; the play itself is the draft)
is cached for this turn (game, seat, version) and gone once a move is made.
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext

from games import services
from games.bots.romanian.best import BestPlay, Steps, best_play, position_of
from games.bots.romanian.keep import best_discards, live_counts
from games.engine.romanian import TILE_COUNT, face_of, sort_tiles
from games.engine.romanian.tiles import tile_view
from games.engine.romanian.view import meld_view
from games.models import Game, Seat
from games.table_flow import TableFlow
from games.table_flow import View as PageView
from games.web import hints
from games.web.romanian import presenters

# The amount of search decides the hint (the same answer on a busy server). A CPU-time
# cap is only a safety net far above the usual cost; hitting it is logged.
HINT_STEPS = 200_000
HINT_SECONDS = 5.0
HINT_PHASES = ("play", "first_discard")
log = logging.getLogger(__name__)
LAID_MARK = gettext_noop("%(tile)s, laid this turn")


def board_context(
    game: Game, seat: Seat, view: dict[str, Any], draft: Any, **extra: Any
) -> dict[str, Any]:
    """The table's context plus the Hint button and this turn's hint, if one was asked for."""
    context = presenters.board_context(game, seat, view, draft, **extra)
    now = bool(context.get("my_turn")) and view["phase"] in HINT_PHASES
    context["hint"] = hints.offer(game, seat, now, _shown)
    return context


def make_view(flow: TableFlow) -> PageView:
    """The Hint POST view for ``flow``'s table (a factory: views.py and this module don't
    import each other); the play it finds is the seat's draft, read again for the board."""
    return hints.make_view(flow, give_hint, refresh_draft=True)


def give_hint(game: Game, seat: Seat, view: dict[str, Any], version: int | None) -> None:
    """Work out the best play for the seat's turn, mark the game, put the play in the
    seat's draft and keep the counts and the discard for this turn."""
    own_turn = seat.index in view["to_act"] and view["phase"] in HINT_PHASES
    not_yours = _("A hint is for your own turn, once you have taken your tile.")
    asked = hints.check_asked(game, version, own_turn, not_yours)
    found = None
    if view["phase"] == "play":
        found = _search(game, view)
    hints.mark_used(game, asked)
    rack = [t["id"] for t in view["rack"] or []]
    if found is not None and found.tiles:
        play = found
        services.update_draft(game.id, seat.index, asked, lambda draft, v: _draft(play))
        rack = [t for t in rack if t not in set(found.placed)]
    hints.keep(game, seat, _stored(found, view, rack))


def _search(game: Game, view: dict[str, Any]) -> BestPlay:
    steps = Steps(HINT_STEPS, HINT_SECONDS)
    found = best_play(position_of(view), steps)
    if steps.timed_out:
        hints.warn_cap(log, "Romanian", game, HINT_SECONDS, steps.used)
    return found


def _draft(play: BestPlay) -> dict[str, Any]:
    """The play as the table's draft (``games.web.romanian.drafts``): no discard taken."""
    return {"take": None, "melds": play.melds, "add": play.add, "replace": play.replace}


def seen_tiles(view: dict[str, Any]) -> list[int]:
    """Every tile this seat has seen where it lies now: rack, table, row, first discard."""
    seen = [t["id"] for t in view["rack"] or []]
    seen += [t["id"] for melds in view["melds"] for m in melds for t in m["tiles"]]
    seen += [t["id"] for t in view["discards"]]
    if view["first_discard"]:
        seen.append(view["first_discard"]["id"])
    return seen


def discard_advice(rack: list[int], seen: list[int]) -> dict[str, Any] | None:
    """The discard keeping the most live tiles: one tile of a best face, and its count."""
    if len(rack) < 2:
        return None
    counts = live_counts(rack, seen)
    faces = best_discards(counts)
    tile = next(t for t in sort_tiles(rack) if str(face_of(t)) in faces)
    return {"tile": tile, "live": counts[str(face_of(tile))]}


def _stored(found: BestPlay | None, view: dict[str, Any], rack: list[int]) -> dict[str, Any]:
    """What is cached: counts and tile ids from the seat's own rack only."""
    return {
        "phase": view["phase"],
        "tiles": found.tiles if found else 0,
        "points": found.points if found else 0,
        "exact": found.exact if found else True,
        "opened": bool(view["opened"][view["seat"]]),
        "threshold": view["options"]["threshold"],
        "discard": discard_advice(rack, seen_tiles(view)),
    }


def _shown(stored: dict[str, Any]) -> dict[str, Any]:
    discard = stored.get("discard")
    label = presenters.face_label(str(face_of(discard["tile"]))) if discard else ""
    return {**stored, "discard_label": label}


# --- read-only tiles for the review -----------------------------------------------------


def drawn_sets(table: list[list[int]], marked: set[int]) -> list[list[dict[str, Any]]]:
    """Combinations to draw read-only: each tile's face, shape and spoken label, a joly
    with the tile it stands for; ``marked`` tiles (from the rack) are outlined and say so."""
    return [
        [_drawn(tile, tile["id"] in marked) for tile in meld_view(ids, 0, _nobody())["tiles"]]
        for ids in table
    ]


def drawn_rack(rack: list[int], laid: set[int]) -> list[list[dict[str, Any]]]:
    """A rack to draw read-only, colour then number, as one row (never read as a set)."""
    return [[_drawn(tile_view(t), t in laid, on_rack=True) for t in sort_tiles(list(rack))]]


def _nobody() -> list[int]:
    """``meld_view`` wants who laid each tile; a drawing says nothing of it."""
    return [-1] * TILE_COUNT


def _drawn(tile: dict[str, Any], marked: bool, on_rack: bool = False) -> dict[str, Any]:
    """``marked``: on a rack, a tile laid this turn; on the table, one from the rack."""
    shown = presenters.tile_context(tile)
    label = shown["label"]
    if marked and on_rack:
        label = _(LAID_MARK) % {"tile": label}
    elif marked:  # the rack is this game's "tablă" in Romanian
        label = pgettext("Romanian Tile Rummy", "%(tile)s, from your rack") % {"tile": label}
    return {
        "id": tile["id"],
        "css": shown["css"],
        "label": label,
        "big": shown["big"],
        "small": shown["small"],
        "marked": marked,
    }
