"""Turn an engine view (plus the seat's draft) into what the table template shows.

Templates render only this, and this is built only from ``view(state, seat)``
or a move's public view, so no hidden tile can reach a page.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core.by_language import kept_by_language, said_once
from games.engine import tile_rummy
from games.engine.registry import engine_for
from games.models import Game, Move, Seat
from games.table_flow import recent_moves, seat_name
from games.table_urls import TableUrls
from games.templatetags.tile_markup import tile_markup
from games.web.spectator import is_spectator
from games.web.tile_rummy.log import (
    COLOUR_NAME,
    Teller,
    laid_tiles,
    round_ending,
    table_ids,
    tile_words,
)
from games.web.words import names_for

View = dict[str, Any]
COLOUR_LABEL = COLOUR_NAME
# Each colour also has its own shape, so colour-blind players can tell them apart.
COLOUR_SHAPE = {"R": "●", "B": "■", "Y": "▲", "K": "◆"}
COLOUR_ORDER = {"R": 0, "B": 1, "Y": 2, "K": 3}
LOG_LENGTH = 8
TILE_TEMPLATE = "games/tile_rummy/_tile.html"
URL_NAMESPACE = "tile_rummy"  # the catalogue's url_name for this game


@kept_by_language
def tile_context(tile: dict[str, Any], placed: bool = False, fresh: bool = False) -> dict[str, Any]:
    """A tile as drawn: number, shape, one spoken label, and keys for either rack order."""
    label = tile_words(tile)  # "red 7", "joker (as 8)"
    if tile["joker"]:
        shape, colour, number = "☺", 9, 99
    else:
        shape, colour, number = (
            COLOUR_SHAPE[tile["colour"]],
            COLOUR_ORDER[tile["colour"]],
            tile["number"],
        )
    if placed:
        label = _("%(tile)s, placed this turn") % {"tile": label}
    elif fresh:
        label = _("%(tile)s, just laid") % {"tile": label}
    return {
        **tile,
        "label": label,
        "shape": shape,
        "placed": placed,
        "fresh": fresh,
        "by_colour": f"{colour}{number:02d}{tile['id']:03d}",
        "by_number": f"{number:02d}{colour}{tile['id']:03d}",
    }


def tile_html(tile: dict[str, Any], group: str = "tile", still: bool = False) -> str:
    """A tile's markup (``_tile.html``), rendered once per look and then reused.

    A board draws 14 to 100 tiles, and rendering the tile template for each was
    most of the cost of drawing a board (about 0.1 ms a tile), yet a tile looks
    the same every time it is in the same state: the 106 tiles × placed/fresh ×
    rack/table are a few hundred looks. The key is everything the template reads,
    all of it the seat may see (a tile's face, never where a hidden tile lies).
    ``still``: a spectator's plain face (games.web.spectator), not a tile to pick.
    """
    return tile_markup(TILE_TEMPLATE, tile, group, still=still)


def sets_context(
    table: list[list[int]],
    placed: set[int],
    fresh: set[int] | None = None,
    still: bool = False,
) -> list[dict[str, Any]]:
    fresh = fresh or set()
    sets = []
    for index, ids in enumerate(table):
        shown = tile_rummy.set_view(ids)
        tiles = [tile_context(t, t["id"] in placed, t["id"] in fresh) for t in shown["tiles"]]
        for t in tiles:
            t["html"] = tile_html(t, "table_tile", still)
        sets.append(
            {
                "index": index,
                "number": index + 1,
                "tiles": tiles,
                "kind": shown["kind"],
                "valid": shown["kind"] is not None,
                "value": shown["value"],
                "fresh": any(t["fresh"] for t in tiles),
            }
        )
    return sets


def players_context(view: View, seats: list[Seat], me: int | None) -> list[dict[str, Any]]:
    """Each player's chip, with one sentence for screen readers ("Me (you), 14 tiles, 0 points").

    Your own chip reads "Me", the name the rules give the person's seat; sentences
    elsewhere (the log, the status line) still say "you".
    """
    acting = set(view["to_act"]) if view["phase"] == "play" else set()
    players = []
    for s in seats:
        mine = s.index == me
        name = pgettext("your own seat", "Me") if mine else seat_name(s.display_name)
        count, total = view["rack_counts"][s.index], view["totals"][s.index]
        spoken = [
            pgettext("your own seat", "Me (you)") if mine else name,
            ngettext("%(count)s tile", "%(count)s tiles", count) % {"count": count},
            ngettext("%(count)s point", "%(count)s points", abs(total)) % {"count": total},
        ]
        if view["opened"][s.index]:
            spoken.append(pgettext("a player", "opened"))
        if s.index in acting:
            spoken.append(pgettext("a player", "to play"))
        players.append(
            {
                "index": s.index,
                "name": name,
                "is_me": s.index == me,
                "count": count,
                "opened": view["opened"][s.index],
                "total": total,
                "acting": s.index in acting,
                "level": s.computer_level,
                "spoken": ", ".join(spoken),
            }
        )
    return players


def board_context(
    game: Game, seat: Seat, view: View, draft: dict[str, Any] | None
) -> dict[str, Any]:
    """The interactive table at the game's current version."""
    seats = list(game.seats.all())
    me = seat.index
    history = recent_moves(game, game.version, LOG_LENGTH)
    names = names_for(seats, me)
    players = players_context(view, seats, me)
    return {
        **form_context(game, seat, view, draft, history),
        "players": players,
        "round": round_context(view, seats, me),
        "acting_name": next((p["name"] for p in players if p["acting"]), ""),
        "last_line": others_last_line(history, names, me),
        "log": log_lines(game, history, names),
        "frame": None,
    }


def form_context(
    game: Game,
    seat: Seat,
    view: View,
    draft: dict[str, Any] | None,
    history: list[Move] | None = None,
) -> dict[str, Any]:
    """What the board's form shows (the sets, the rack, the turn buttons), and no more.

    A draft move (a tile tapped somewhere, Reset) changes only this, so it is
    answered with the form alone (``TableFlow.draft_form``): no players, log or
    round to build, and the recent moves are read only for the "just laid"
    highlight, which shows when no draft is under way. Anything the form's
    markup uses belongs here, or a draft move would draw the form without it.
    """
    me = seat.index
    placed = set(draft["placed"]) if draft else set()
    original = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    table = draft["table"] if draft else original
    my_turn = view["phase"] == "play" and me in view["to_act"]
    draft_active = table != original
    fresh: set[int] = set()
    if not draft_active and original:  # an empty table has nothing just laid: no read
        history = recent_moves(game, game.version, LOG_LENGTH) if history is None else history
        fresh = laid_since(history, me, view)
    return {
        "game": game,
        "seat": seat,
        "version": game.version,
        "view": view,
        "urls": TableUrls(URL_NAMESPACE, game.id),
        "my_turn": my_turn,
        "sets": sets_context(table, placed, fresh),
        "rack": rack_context(view["rack"], placed),
        "draft_active": draft_active,
        "placed_count": len(placed),
        "waiting": not my_turn and view["phase"] == "play",
    }


def rack_context(rack: list[dict[str, Any]], placed: set[int]) -> list[dict[str, Any]]:
    """The rack, colour then number (the page's script re-sorts by number if asked)."""
    tiles = [tile_context(t) for t in rack if t["id"] not in placed]
    for t in tiles:
        t["html"] = tile_html(t)
    return sorted(tiles, key=lambda t: t["by_colour"])


def frame_context(game: Game, seat: Seat, view: View, move: Move) -> dict[str, Any]:
    """A read-only picture of the table right after someone else's move."""
    seats = list(game.seats.all())
    public = move.public_view
    history = recent_moves(game, move.seq, LOG_LENGTH)
    before = history[-2].public_view if len(history) > 1 else None
    log = log_lines(game, history, names_for(seats, seat.index))
    spectator = is_spectator(seat, seats)
    return {
        "game": game,
        "seat": seat,
        "version": move.seq,
        "view": public,
        "my_turn": False,
        "players": players_context(public, seats, seat.index),
        "sets": sets_context(
            [[t["id"] for t in s["tiles"]] for s in public["table"]],
            set(),
            laid_tiles(before, public),
            still=spectator,
        ),
        "rack": rack_context(view["rack"], set()),
        "draft_active": False,
        "placed_count": 0,
        "round": None,
        "waiting": True,
        "acting_name": "",
        "last_line": "",
        "log": log,
        "frame": {"caption": log[-1] if log else ""},
        "spectator": spectator,
    }


def log_lines(game: Game, rows: list[Move], names: list[str]) -> list[str]:
    """One readable line per move, oldest first (the extra first row only serves as "before")."""
    teller = Teller(names)
    lines = []
    for i, row in enumerate(rows):
        if i == 0 and row.seq > 1:
            continue
        earlier = rows[i - 1] if i > 0 else None

        def say(row: Move = row, earlier: Move | None = earlier) -> str:
            before = earlier.public_view if earlier is not None else _first_view(game)
            return teller.line(row.action, row.seat, before, row.public_view)

        key = ("tile-rummy-log", game.id, row.seq, tuple(names))
        lines.append(said_once(key, say))
    return lines


def _first_view(game: Game) -> View:
    """The public table as dealt, for the game's first move (the deal is fixed by the seed)."""
    engine = engine_for(game.kind)
    return engine.view(engine.new_game(game.config, game.seed), None)


def laid_since(rows: list[Move], me: int, view: View) -> set[int]:
    """Tiles others laid since this seat last acted (or the round began): the highlight."""
    base: View | None = None
    for row in reversed(rows):
        if row.seat == me or row.action.get("type") == "next_round":
            base = row.public_view
            break
    if base is None and rows and rows[0].seq > 1:
        base = rows[0].public_view  # older than the log: count only what it shows
    return table_ids(view) - table_ids(base)


def others_last_line(rows: list[Move], names: list[str], me: int) -> str:
    """What the last player did, when that was not this seat: said before "Your turn"."""
    if len(rows) < 1 or rows[-1].seat == me or rows[-1].action.get("type") == "next_round":
        return ""
    before = rows[-2].public_view if len(rows) > 1 else None
    return Teller(names).line(rows[-1].action, rows[-1].seat, before, rows[-1].public_view)


def round_context(view: View, seats: list[Seat], me: int) -> dict[str, Any] | None:
    if view["phase"] == "play":
        return None
    names = names_for(seats, me)
    rows = [
        {
            "name": names[s.index],
            "score": view["round_scores"][s.index],
            "total": view["totals"][s.index],
            "left": [tile_context(t) for t in view["final_racks"][s.index]],
            "winner": s.index in view["winners"],
        }
        for s in seats
    ]
    return {
        "rows": rows,
        "game_over": view["phase"] == "game_over",
        "i_won": me in view["winners"],
        "why": round_ending(view, names),
    }
