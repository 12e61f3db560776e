"""Turn a Rumbaroo view (plus the seat's draft) into what the table template shows.

Everything here is built from ``view(state, seat)``, a move's public view or
the seat's own draft, so no hidden tile can reach a page. Each colour has its
own shape and each action tile its own picture (static/img/actions/), so
nothing depends on telling colours apart.
"""

from __future__ import annotations

import functools
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core.by_language import kept_by_language, said_once
from games import catalogue
from games.engine.melds import Reading, read
from games.engine.registry import engine_for
from games.engine.rumbaroo import KIND, RULES, TileFace
from games.models import Game, Move, Seat
from games.table_flow import recent_moves, seat_name, you
from games.web.rumbaroo import drafts, prompts
from games.web.rumbaroo.log import COLOUR_NAMES, Teller, and_list, ending, tile_label
from games.web.spectator import is_spectator
from games.web.words import names_for

View = dict[str, Any]
PLAYING = ("play", "drawn", "croc")
COLOUR_NAME = COLOUR_NAMES  # in the reader's words
# ◆ is black in Tile Rummy, so green has its own shape here: one shape, one colour, site-wide.
COLOUR_SHAPE = {"R": "●", "B": "■", "G": "♣", "Y": "▲"}
COLOUR_ORDER = {"R": 0, "B": 1, "G": 2, "Y": 3}
LOG_LENGTH = 8


@kept_by_language
def tile_context(
    tile: dict[str, Any], placed: bool = False, run_colour: str = "", fresh: bool = False
) -> dict[str, Any]:
    """A tile as drawn: big text or an action's picture, a colour shape, one spoken label
    (also its hover title), a CSS colour class, and keys for either hand order."""
    label = tile_label(tile)
    icon = ""
    if tile["wild"]:
        big, small, css = "W", "★", "c-W"
        if tile.get("stands_for"):
            number = tile["stands_for"]
            colour = COLOUR_NAME.get(run_colour)
            if colour:
                number_words = pgettext("a tile: its colour and number", "%(colour)s %(number)s")
                stands = number_words % {"colour": colour, "number": number}
            else:
                stands = str(number)
            label = _("%(tile)s (as %(stands_for)s)") % {"tile": label, "stands_for": stands}
            small = str(number)
    elif tile["action"] is not None:
        big, icon = "", tile["action"].lower()
        small = COLOUR_SHAPE.get(tile["colour"] or "", "≈")
        css = f"c-{tile['colour'] or 'N'} action"
    else:
        big, small, css = str(tile["number"]), COLOUR_SHAPE[tile["colour"]], f"c-{tile['colour']}"
    spoken = label
    if placed:
        spoken = _("%(tile)s, placed this turn") % {"tile": label}
    elif fresh:
        spoken = _("%(tile)s, just laid") % {"tile": label}
    colour = COLOUR_ORDER.get(tile["colour"] or "", 4)
    number = tile["number"] or (20 if tile["action"] else 30)
    return {
        **tile,
        "label": label,
        "spoken": spoken,
        "big": big,
        "icon": icon,
        "small": small,
        "css": css + (" fresh" if fresh else ""),
        "placed": placed,
        "fresh": fresh,
        "by_colour": f"{colour}{number:02d}{tile['id']:03d}",
        "by_number": f"{number:02d}{colour}{tile['id']:03d}",
    }


@functools.lru_cache(maxsize=4096)
def _reading(faces: tuple[str, ...]) -> Reading | None:
    """How a meld of these faces reads, kept: the same melds lie on every board of a table."""
    return read([TileFace.parse(face).meld_face() for face in faces], RULES)


def meld_context(
    index: int,
    ids: list[int],
    faces: dict[int, dict[str, Any]],
    movable: set[int],
    original: set[int],
    fresh: set[int] | frozenset[int] = frozenset(),
) -> dict[str, Any]:
    """One meld of the (draft) table, in reading order when it reads as a run or group."""
    tiles = [faces[t] for t in ids]
    reading = _reading(tuple(t["face"] for t in tiles))
    shown: list[tuple[dict[str, Any], int | None]] = [(t, None) for t in tiles]
    if reading is not None:
        shown = [(tiles[i], n) for i, n in zip(reading.order, reading.numbers, strict=True)]
    colour = ""
    if reading is not None and reading.kind == "run":
        colour = next((t["colour"] for t in tiles if t["colour"]), "")
    out = []
    for tile, number in shown:
        data = {**tile, "stands_for": number} if tile["wild"] else tile
        out.append(tile_context(data, tile["id"] in movable, colour, tile["id"] in fresh))
    wilds = [t["id"] for t in tiles if t["wild"] and t["id"] in original]
    return {
        "index": index,
        "number": index + 1,
        "tiles": out,
        "kind": reading.kind if reading else None,
        "valid": reading is not None,
        "wilds": wilds,
    }


def players_context(view: View, seats: list[Seat], me: int) -> list[dict[str, Any]]:
    acting = set(view["to_act"]) if view["phase"] in PLAYING else set()
    players = []
    for s in seats:
        name = you() if s.index == me else seat_name(s.display_name)
        count, total = view["hand_counts"][s.index], view["totals"][s.index]
        spoken = [
            name,
            ngettext("%(count)s tile in hand", "%(count)s tiles in hand", count) % {"count": count},
            ngettext("%(count)s point", "%(count)s points", abs(total)) % {"count": total},
        ]
        if view["pouch_counts"][s.index] > 0:
            spoken.append(_("a tile in the pouch"))
        if view["skips"][s.index]:
            spoken.append(pgettext("a player", "misses a turn"))
        if s.index in acting:
            spoken.append(pgettext("a player", "to play"))
        players.append(
            {
                "index": s.index,
                "name": name,
                "is_me": s.index == me,
                "count": count,
                "pouch": view["pouch_counts"][s.index] > 0,
                "total": total,
                "skips": view["skips"][s.index],
                "acting": s.index in acting,
                "spoken": ", ".join(spoken),
            }
        )
    return players


def board_context(
    game: Game,
    seat: Seat,
    view: View,
    draft: dict[str, Any] | None,
    prompt: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The interactive table at the game's current version."""
    seats = list(game.seats.all())
    me = seat.index
    phase = view["phase"]
    my_turn = phase in PLAYING and me in view["to_act"]
    can_meld = my_turn and (phase == "play" or (phase == "croc" and view["party"]))
    if not can_meld:
        draft = {**drafts.fresh(view), "call": bool(draft and draft.get("call"))}
    faces = drafts.known_faces(view)
    table = draft["table"] if draft else view["table_ids"]
    movable = drafts.movable_back(draft, view)
    original = {t for m in view["table_ids"] for t in m}
    on_table = drafts.on_table(draft, view)
    hand = [t for t in view["hand"] or [] if t["id"] not in on_table]
    hand += [faces[w] for w in drafts.swapped_wilds(draft) if w not in on_table]
    count = drafts.from_hand(draft, view)
    rows = recent_moves(game, game.version, LOG_LENGTH)
    names = names_for(seats, me)
    changed = drafts.changed(draft, view)
    fresh = set() if changed else laid_since(rows, me, view)
    return {
        **_common(game, seat, view, seats),
        "my_turn": my_turn,
        "can_meld": can_meld,
        "can_discard": my_turn and phase == "play",
        "melds": [meld_context(i, m, faces, movable, original, fresh) for i, m in enumerate(table)],
        "hand": sorted((tile_context(t) for t in hand), key=lambda t: t["by_colour"]),
        "pouch": [tile_context(t) for t in view["pouch"] or [] if t["id"] not in on_table],
        "draft_active": changed,
        "from_hand": count,
        "free": _free(view, seats, me) if can_meld and phase == "play" and count >= 3 else None,
        "called": bool(view["called"] or (draft and draft.get("call"))),
        "call_locked": bool(view["called"]),
        "drawn": _drawn(view) if my_turn and phase == "drawn" else None,
        "croc": _croc(view) if my_turn and phase == "croc" else None,
        "prompt": prompt,
        "round": round_context(view, seats, me),
        "waiting": phase in PLAYING and not my_turn,
        "frame": None,
        "last_line": others_last_line(game, rows, names, me),
        "log": log_lines(game, names, rows),
    }


def frame_context(game: Game, seat: Seat, view: View, move: Move) -> dict[str, Any]:
    """A read-only picture of the table right after one move, with that move's line."""
    seats = list(game.seats.all())
    public = move.public_view
    names = names_for(seats, seat.index)
    faces = {t["id"]: t for m in public["table"] for t in m["tiles"]}
    rows = recent_moves(game, move.seq, LOG_LENGTH)
    log = log_lines(game, names, rows)
    before = rows[-2].public_view if len(rows) > 1 else _first_view(game)
    fresh = _table_ids(public) - _table_ids(before)
    return {
        **_common(game, seat, public, seats),
        "version": move.seq,
        "my_turn": False,
        "can_meld": False,
        "can_discard": False,
        "melds": [
            meld_context(i, m, faces, set(), set(), fresh)
            for i, m in enumerate(public["table_ids"])
        ],
        "hand": [tile_context(t) for t in view["hand"] or []],
        "pouch": [tile_context(t) for t in view["pouch"] or []],
        "draft_active": False,
        "from_hand": 0,
        "free": None,
        "called": False,
        "call_locked": False,
        "drawn": None,
        "croc": None,
        "prompt": None,
        "round": None,
        "waiting": True,
        "frame": {"caption": log[-1] if log else ""},
        "last_line": "",
        "log": log,
        "spectator": is_spectator(seat, seats),
    }


def _common(game: Game, seat: Seat, view: View, seats: list[Seat]) -> dict[str, Any]:
    colour = view["colour"]
    players = players_context(view, seats, seat.index)
    return {
        "game": game,
        "seat": seat,
        "version": game.version,
        "view": view,
        "players": players,
        "acting_name": "".join(p["name"] for p in players if p["acting"]),  # "Waiting for…"
        "top": tile_context(view["top"]),
        "colour": {"code": colour, "name": COLOUR_NAME[colour], "shape": COLOUR_SHAPE[colour]},
        "reversed": view["direction"] == -1,
        "level_name": catalogue.get(KIND).shown_level(view["difficulty"]),
    }


def prompt_context(game: Game, seat: Seat, view: View, tile: int, choice: str) -> dict[str, Any]:
    """The question a discard asks (see ``prompts``), with each option ready to draw."""
    own = {t["id"]: t for t in (view["hand"] or []) + (view["pouch"] or [])}
    names = names_for(list(game.seats.all()), seat.index)
    options = prompts.options(view, tile, choice, names)
    for option in options:
        if "tile" in option:
            option["tile"] = tile_context(option["tile"])
        if "colour" in option:
            code = option["colour"]
            option.update(name=COLOUR_NAME[code], shape=COLOUR_SHAPE[code])
    return {
        "choice": choice,
        "tile": tile_context(own[tile]),
        "options": options,
        "optional": choice not in prompts.REQUIRED,
    }


def _free(view: View, seats: list[Seat], me: int) -> dict[str, Any]:
    """The free action's choices; the default is what the engine does when none is named."""
    nxt = (me + view["direction"]) % view["players"]
    names = names_for(seats, me)
    targets = [{"seat": s, "name": names[s], "default": s == nxt} for s in range(len(seats))]
    return {"targets": [t for t in targets if t["seat"] != me]}


def _drawn(view: View) -> dict[str, Any] | None:
    tile = next((t for t in view["hand"] or [] if t["id"] == view["drawn"]), None)
    return tile_context(tile) if tile else None


def _croc(view: View) -> dict[str, Any]:
    own = {t["id"]: t for t in (view["hand"] or []) + (view["pouch"] or [])}
    answers = [tile_context(own[t]) for t in view["playable"] if t in own]
    return {"count": view["croc"], "answers": answers, "party": view["party"]}


def round_context(view: View, seats: list[Seat], me: int) -> dict[str, Any] | None:
    if view["phase"] in PLAYING or view["round_scores"] is None:
        return None
    names = names_for(seats, me)
    rows = [
        {
            "name": names[s.index],
            "score": view["round_scores"][s.index],
            "total": view["totals"][s.index],
            "left": [tile_context(t) for t in (view["final_hands"] or [[]] * len(seats))[s.index]],
            "winner": s.index == view["round_winner"],
            "game_winner": s.index in view["winners"] and view["phase"] == "game_over",
        }
        for s in seats
    ]
    how = ending(view["end_reason"], names[view["round_winner"]])
    if view["end_reason"] == "out":
        headline = _("%(ending)s (+10 for going out).") % {"ending": how}
    else:
        headline = _("%(ending)s (no going-out bonus).") % {"ending": how}
    champions = [names[s] for s in view["winners"]]
    return {
        "rows": rows,
        "game_over": view["phase"] == "game_over",
        "i_won": me in view["winners"],
        "headline": headline,
        "champions": _each_and(champions),
        "champions_count": len(champions),
        "round_no": view["round_no"],
    }


def _each_and(names: list[str]) -> str:
    """Names joined each by the reader's "and": "Joey 1 and Joey 2 and Joey 3"."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = and_list([text, name])
    return text


def _first_view(game: Game) -> View:
    """The public table as dealt, for the game's first move (the deal is fixed by the seed)."""
    engine = engine_for(game.kind)
    return engine.view(engine.new_game(game.config, game.seed), None)


def log_lines(game: Game, names: list[str], rows: list[Move]) -> list[str]:
    """One readable line per move, oldest first (the extra first row only serves as "before")."""
    teller = Teller(names)
    lines = []
    for i, row in enumerate(rows):
        if i == 0 and row.seq > 1:
            continue  # only read as the "before" of the next move
        earlier = rows[i - 1] if i > 0 else None

        def say(row: Move = row, earlier: Move | None = earlier) -> str:
            before = earlier.public_view if earlier is not None else _first_view(game)
            prev = earlier.action if earlier is not None and earlier.seat == row.seat else None
            return teller.line(row.action, row.seat, before, row.public_view, prev)

        key = ("rumbaroo-log", game.id, row.seq, tuple(names))
        lines.append(said_once(key, say))
    return lines


def _table_ids(view: View | None) -> set[int]:
    return {t["id"] for m in (view or {}).get("table", []) for t in m["tiles"]}


def laid_since(rows: list[Move], me: int, view: View) -> set[int]:
    """Tiles others put on the table since this seat last acted (or the round began)."""
    base: View | None = None
    for row in reversed(rows):
        if row.seat == me or row.action.get("type") == "next_round":
            base = row.public_view
            break
    if base is None and rows and rows[0].seq > 1:
        base = rows[0].public_view  # older than the log: count only what it shows
    return _table_ids(view) - _table_ids(base)


def others_last_line(game: Game, rows: list[Move], names: list[str], me: int) -> str:
    """What the last player did, when that was not this seat: said before "Your turn"."""
    if not rows or rows[-1].seat == me or rows[-1].action.get("type") == "next_round":
        return ""
    last = rows[-1]
    before = rows[-2].public_view if len(rows) > 1 else _first_view(game)
    prev = rows[-2].action if len(rows) > 1 and rows[-2].seat == last.seat else None
    return Teller(names).line(last.action, last.seat, before, last.public_view, prev)
