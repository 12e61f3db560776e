"""Turn a Romanian view (plus the seat's draft) into what the table template shows.

Everything here is built from ``view(state, seat)``, a move's public view or
the seat's own draft, so no hidden tile can reach a page: another rack is
only ever a count, until the Round complete screen lays every rack open.
Each colour also has its own shape (as on the Tile Rummy table).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext, pgettext_lazy

from core.by_language import kept_by_language
from games.engine.registry import engine_for
from games.engine.romanian.tiles import reading_of
from games.models import Game, Move, Seat
from games.table_flow import is_you
from games.web.romanian import drafts
from games.web.romanian.captions import COLOUR_NAME, caption, colour_number
from games.web.words import and_list, names_for, said

View = dict[str, Any]
COLOUR_SHAPE = {"R": "●", "B": "■", "Y": "▲", "K": "◆"}
COLOUR_ORDER = {"R": 0, "B": 1, "Y": 2, "K": 3}
# The nothing-melded penalty in the How to play page's words (a bare "−100 + rack" misleads).
PENALTY_TEXT = {
    "flat200": gettext_lazy("a flat 200 points"),
    "rack100": gettext_lazy("100 points plus what is left on the rack"),
}
# How a round ended when nobody went out (the round panel's headline).
ENDINGS = {
    "wall": gettext_lazy("The wall ran out: nobody went out."),
    "turn_cap": gettext_lazy("The round ran too long and was stopped: nobody went out."),
}
# A doubla is only ever said as high (7-13) or low (1-6).
HEIGHTS = {"high": pgettext_lazy("doubla", "high"), "low": pgettext_lazy("doubla", "low")}
DECLARED = {
    "high": gettext_lazy("declared a high doubla"),
    "low": gettext_lazy("declared a low doubla"),
}
KINDS = {"run": pgettext_lazy("combination", "run"), "group": pgettext_lazy("combination", "group")}


def face_label(face: str) -> str:
    """``"R7"`` → ``"red 7"``; ``"J"`` → ``"joly"``."""
    if face == "J" or not face:
        return _("joly")
    if face[0] not in COLOUR_NAME:
        return face[1:]
    return colour_number(face[0], face[1:])


def height_text(height: str | None) -> str:
    """A doubla's height in the reader's language ("high", "low")."""
    return str(HEIGHTS.get(height or "", height or ""))


@kept_by_language
def tile_context(tile: dict[str, Any], **flags: Any) -> dict[str, Any]:
    """A tile as drawn: number and shape, a spoken label, and a CSS colour class."""
    if tile["joly"]:
        stands = tile.get("stands_for")
        label = _("joly (as %(tile)s)") % {"tile": face_label(stands)} if stands else _("joly")
        big, small = "☺", _stands_text(stands) if stands else "J"
        css, colour, number = "c-J", 9, 99
    else:
        label = face_label(tile["face"])
        big, small, css = str(tile["number"]), COLOUR_SHAPE[tile["colour"]], f"c-{tile['colour']}"
        colour, number = COLOUR_ORDER[tile["colour"]], tile["number"]
    return {
        **tile,
        "label": label,
        "big": big,
        "small": small,
        "css": css,
        "by_colour": f"{colour}{number:02d}{tile['id']:03d}",
        "by_number": f"{number:02d}{colour}{tile['id']:03d}",
        **flags,
    }


def _stands_text(face: str) -> str:
    colour = face[0] if face[:1].isalpha() else ""
    number = face[1:] if colour else face
    return f"={number}{COLOUR_SHAPE.get(colour, '')}"


def _plain(tile: dict[str, Any]) -> dict[str, Any]:
    """A joly off its meld (freed, or in a combination being built) stands for nothing yet."""
    return {k: v for k, v in tile.items() if k != "stands_for"}


def known_tiles(view: View) -> dict[int, dict[str, Any]]:
    """Every tile this seat may see, by id: rack, row of discards, melds."""
    tiles = list(view["rack"] or []) + list(view["discards"])
    tiles += [t for seat_melds in view["melds"] for m in seat_melds for t in m["tiles"]]
    return {t["id"]: t for t in tiles}


def options_context(view: View) -> dict[str, Any]:
    options = view["options"]
    return {
        "threshold": options["threshold"],
        "penalty": str(PENALTY_TEXT.get(options["penalty"], options["penalty"])),
        "discard_counts": options["discard_counts"],
        "rounds": options["rounds"],
    }


def players_context(
    view: View, seats: list[Seat], me: int, draft: drafts.Draft | None, can_lay: bool
) -> list[dict[str, Any]]:
    names = names_for(seats, me)
    acting = set(view["to_act"]) if view["phase"] not in ("round_over", "game_over") else set()
    return [
        {
            "index": s.index,
            "name": names[s.index],
            "is_me": s.index == me,
            "count": view["rack_counts"][s.index],
            "opened": view["opened"][s.index],
            "announced": view["announced"][s.index],
            "total": view["totals"][s.index],
            "acting": s.index in acting,
            "dealer": s.index == view["dealer"],
            "doubla": view["doubla"]["declared"][s.index],
            "doubla_text": height_text(view["doubla"]["declared"][s.index]),
            "melds": melds_context(view, s.index, draft, can_lay, names[s.index]),
            "spoken": _spoken(view, s.index, names[s.index], s.index in acting),
        }
        for s in seats
    ]


def _spoken(view: View, seat: int, name: str, acting: bool) -> str:
    """One line a screen reader says for a player's chip."""
    count = view["rack_counts"][seat]
    total = view["totals"][seat]
    words = [
        name,
        ngettext("%(count)s tile", "%(count)s tiles", count) % {"count": count},
        # English says "points" for any total (a total may be below zero).
        ngettext("%(count)s points", "%(count)s points", abs(total)) % {"count": total},
    ]
    if view["opened"][seat]:
        words.append(pgettext("a player's state", "opened"))
    if seat == view["dealer"]:
        words.append(pgettext("a player's state", "dealer"))
    declared = view["doubla"]["declared"][seat]
    if declared:
        words.append(str(DECLARED[declared]) if declared in DECLARED else declared)
    if acting:
        words.append(pgettext("a player's state", "to play"))
    return ", ".join(words)


def melds_context(
    view: View, owner: int, draft: drafts.Draft | None, can_lay: bool, name: str
) -> list[dict[str, Any]]:
    """One player's melds as the draft would leave them (additions and replacements shown)."""
    draft = draft or drafts.fresh()
    faces = known_tiles(view)
    out = []
    for index, meld in enumerate(view["melds"][owner]):
        swapped = {r[2]: r[3] for r in draft["replace"] if r[0] == owner and r[1] == index}
        tiles = []
        for t in meld["tiles"]:
            if t["id"] in swapped:
                tiles.append(tile_context(faces[swapped[t["id"]]], placed=True))
            else:
                tiles.append(tile_context(t))
        added = [a[2] for a in draft["add"] if a[0] == owner and a[1] == index]
        tiles += [tile_context(faces[t], placed=True) for ids in added for t in ids]
        jolys = [
            {
                "id": t["id"],
                "label": tile_context(t)["label"],
                "target": f"j:{owner}:{index}:{t['id']}",
            }
            for t in meld["tiles"]
            if t["joly"] and t["id"] not in swapped
        ]
        out.append(
            {
                "index": index,
                "number": index + 1,
                "owner_name": name,
                "target": f"m:{owner}:{index}",
                "tiles": tiles,
                "kind": "run" if meld["kind"] == "run" else "set",
                "value": meld["value"],
                "jolys": jolys if can_lay else [],
                "can_add": can_lay,
                "changed": bool(swapped or added),
            }
        )
    return out


def new_melds_context(
    draft: drafts.Draft | None, faces: dict[int, dict[str, Any]]
) -> list[dict[str, Any]]:
    """The new combinations being built, each with whether it reads as one and its value."""
    out = []
    for index, ids in enumerate((draft or drafts.fresh())["melds"]):
        reading = reading_of([t for t in ids])
        shown = [ids[i] for i in reading.order] if reading else ids
        out.append(
            {
                "index": index,
                "number": index + 1,
                "target": f"n:{index}",
                "tiles": [tile_context(_plain(faces[t]), placed=True) for t in shown],
                "valid": reading is not None,
                "kind": reading.kind if reading else None,
                "kind_text": str(KINDS.get(reading.kind, reading.kind)) if reading else "",
                "value": reading.value if reading else 0,
            }
        )
    return out


def opening_context(view: View, new_melds: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Before opening: how far the combinations being built go toward the threshold."""
    if view["seat"] is None or view["opened"][view["seat"]] or not new_melds:
        return None
    valid = [m for m in new_melds if m["valid"]]
    total = sum(m["value"] for m in valid)
    threshold = view["options"]["threshold"]
    has_run = any(m["kind"] == "run" for m in valid)
    return {
        "total": total,
        "threshold": threshold,
        "has_run": has_run,
        "enough": has_run and total >= threshold and len(valid) == len(new_melds),
    }


def doubla_pairs(view: View) -> list[dict[str, Any]]:
    """The pairs of identical numbered tiles in this rack that could be declared."""
    rack = [t for t in view["rack"] or [] if not t["joly"]]
    counts = Counter(t["face"] for t in rack)
    pairs = []
    for face in sorted(counts, key=lambda f: (f[0], int(f[1:]))):
        if counts[face] < 2:
            continue
        ids = [t["id"] for t in rack if t["face"] == face][:2]
        tile = tile_context(next(t for t in rack if t["face"] == face))
        height = "high" if int(face[1:]) >= 7 else "low"
        pairs.append(
            {
                "value": f"{ids[0]}-{ids[1]}",
                "tile": tile,
                "height": height,
                "height_text": height_text(height),
            }
        )
    return pairs


def doubla_context(view: View, seats: list[Seat], me: int) -> dict[str, Any] | None:
    """The doubla prompt (declare a pair or not) and then the blind swap between declarers."""
    phase = view["phase"]
    if phase not in ("doubla", "doubla_swap"):
        return None
    names = names_for(seats, me)
    asking = me in view["to_act"]
    declared = [
        {"name": names[s], "height": h, "height_text": height_text(h)}
        for s, h in enumerate(view["doubla"]["declared"])
        if h
    ]
    partners = [
        {"seat": s, "name": names[s], "height": h, "height_text": height_text(h)}
        for s, h in enumerate(view["doubla"]["declared"])
        if h and s != me
    ]
    mine = view["doubla"]["my_pair"]
    return {
        "phase": phase,
        "asking": asking,
        "pairs": doubla_pairs(view) if phase == "doubla" and asking else [],
        "declared": declared,
        "partners": partners if phase == "doubla_swap" and asking else [],
        "my_pair": [tile_context(t) for t in mine] if mine else [],
    }


def discards_context(
    view: View, names: list[str], draft: drafts.Draft | None, can_take: bool
) -> list[dict[str, Any]]:
    chosen = (draft or {}).get("take")
    last = len(view["discards"]) - 1
    opened = view["seat"] is not None and view["opened"][view["seat"]]
    return [
        {
            **tile_context(t),
            "index": i,
            "by": names[t["by"]],
            "last": i == last,
            # Before opening (house option) only the last discard may be taken, to open with.
            "can_take": can_take and (opened or i == last),
            "chosen": chosen is not None and i >= chosen,
        }
        for i, t in enumerate(view["discards"])
    ]


def board_context(
    game: Game, seat: Seat, view: View, draft: dict[str, Any] | None
) -> dict[str, Any]:
    """The interactive table at the game's current version."""
    seats = list(game.seats.all())
    me = seat.index
    phase = view["phase"]
    my_turn = me in view["to_act"] and phase in ("first_discard", "draw", "play")
    if not my_turn:
        draft = None
    took = bool(draft and draft.get("take") is not None)
    can_lay = my_turn and (phase == "play" or took)
    faces = {**known_tiles(view)}
    own = drafts.in_hand(draft, view)
    taken = set(drafts.taken_ids(draft, view))
    freed = set(drafts.freed_jolys(draft))
    rack = [tile_context(_plain(faces[t]), taken=t in taken, freed=t in freed) for t in own]
    new_melds = new_melds_context(draft, faces)
    names = names_for(seats, me)
    players = players_context(view, seats, me, draft, can_lay)
    return {
        **_common(game, seat, view, seats),
        "my_turn": my_turn,
        # Who the table waits for ("Waiting for Bea…"), as the line has always read them.
        "acting_names": "".join(p["name"] for p in players if p["acting"]),
        "can_lay": can_lay,
        "can_discard": my_turn and phase in ("first_discard", "play"),
        "can_draw": my_turn and phase == "draw",
        "may_take": bool(view["may_take"]),
        "players": players,
        "discards": discards_context(view, names, draft, bool(view["may_take"])),
        "rack": rack,
        "new_melds": new_melds,
        "opening": opening_context(view, new_melds),
        "take": _take_context(view, draft),
        "draft_active": drafts.changed(draft),
        "placed_count": len(drafts.placed_ids(draft)),
        "doubla": doubla_context(view, seats, me),
        "round": round_context(view, seats, me),
        "waiting": phase not in ("round_over", "game_over") and me not in view["to_act"],
        "frame": None,
    }


def _take_context(view: View, draft: drafts.Draft | None) -> dict[str, Any] | None:
    """What the chosen discard brings, and what it asks of the player."""
    if not draft or draft.get("take") is None or view["phase"] != "draw":
        return None
    index = draft["take"]
    if not 0 <= index < len(view["discards"]):
        return None
    tile = tile_context(view["discards"][index])
    last = index == len(view["discards"]) - 1
    opened = view["opened"][view["seat"]]
    return {
        "tile": tile,
        "after": len(view["discards"]) - index - 1,
        "needs_combination": not last or not opened,
        "opening": not opened,
    }


def frame_context(game: Game, seat: Seat, view: View, move: Move) -> dict[str, Any]:
    """A read-only picture of the table right after someone else's move."""
    seats = list(game.seats.all())
    public = move.public_view
    names = names_for(seats, seat.index)
    own = {t["id"]: t for t in view["rack"] or []}
    return {
        **_common(game, seat, public, seats),
        "version": move.seq,
        "my_turn": False,
        "can_lay": False,
        "can_discard": False,
        "can_draw": False,
        "may_take": False,
        "players": players_context(public, seats, seat.index, None, False),
        "discards": discards_context(public, names, None, False),
        "rack": [tile_context(t) for t in own.values()],
        "new_melds": [],
        "opening": None,
        "take": None,
        "draft_active": False,
        "placed_count": 0,
        "doubla": None,
        "round": None,
        "waiting": True,
        "frame": {"caption": caption(move, names, view_before(game, move))},
    }


def view_before(game: Game, move: Move) -> View | None:
    """The public table ``move`` was made in: read only for a timeout, whose caption says
    what the clock did (the phase it ran out in), so other frames cost no query."""
    if (move.action or {}).get("type") != "timeout":
        return None
    if move.seq <= 1:
        return first_view(game)
    rows = Move.objects.filter(game=game, seq=move.seq - 1).values_list("public_view", flat=True)
    return rows.first()


def first_view(game: Game) -> View:
    """The public table as dealt (the deal is fixed by the seed): the first move's "before"."""
    engine = engine_for(game.kind)
    return engine.view(engine.new_game(game.config, game.seed), None)


def _common(game: Game, seat: Seat, view: View, seats: list[Seat]) -> dict[str, Any]:
    first = view["first_discard"]
    return {
        "game": game,
        "seat": seat,
        "version": game.version,
        "view": view,
        "options": options_context(view),
        "first_discard": tile_context(first) if first else None,
        "spare": {
            "face": view["spare"]["face"],
            "label": face_label(view["spare"]["face"]),
            "stack": view["spare"]["stack"],
        },
        "announcements": _announcements(view, names_for(seats, seat.index)),
    }


def _announcements(view: View, names: list[str]) -> list[str]:
    out = []
    for s, announced in enumerate(view["announced"]):
        if announced:
            count = view["rack_counts"][s]
            values = {"name": names[s], "count": count}
            if is_you(names[s]):
                line = ngettext(
                    "You are down to %(count)s tile.", "You are down to %(count)s tiles.", count
                )
            else:
                line = ngettext(
                    "%(name)s is down to %(count)s tile.",
                    "%(name)s is down to %(count)s tiles.",
                    count,
                )
            out.append(line % values)
    return out


def result_line(winners: list[int], names: list[str], me: int) -> str:
    """Who won the game, for this viewer: the viewer is "You", never one of the others.

    A spectator (``me`` is no seat) reads every winner by name.
    """
    if not winners:
        return ""  # a round is over, not the game
    others = [names[s] for s in winners if s != me]
    if me in winners:
        if not others:
            return _("You win!")
        return _("You share the win with %(names)s!") % {"names": and_list(others)}
    if len(others) == 1:
        return _("%(name)s wins the game.") % {"name": others[0]}
    return _("%(names)s share the win.") % {"names": and_list(others)}


def round_context(view: View, seats: list[Seat], me: int) -> dict[str, Any] | None:
    """Round complete (or Game over): every player's melded value, rack and penalty."""
    if view["phase"] not in ("round_over", "game_over") or not view["breakdown"]:
        return None
    names = names_for(seats, me)
    rows = []
    for row in view["breakdown"]:
        s = row["seat"]
        rows.append(
            {
                **row,
                "name": names[s],
                "total": view["totals"][s],
                "rack_tiles": [tile_context(t) for t in row["rack_tiles"]],
                "champion": view["phase"] == "game_over" and s in view["winners"],
            }
        )
    winner = view["round_winner"]
    if winner is not None:
        you_won, values = is_you(names[winner]), {"name": names[winner]}
        if view["all_at_once"]:
            headline = said(
                you_won,
                gettext_noop("You went out with every tile at once."),
                gettext_noop("%(name)s went out with every tile at once."),
                values,
            )
        else:
            headline = said(
                you_won, gettext_noop("You went out."), gettext_noop("%(name)s went out."), values
            )
    else:
        headline = str(ENDINGS.get(view["end_reason"] or "", _("The round is over.")))
    history = [
        {"number": i + 1, "scores": scores} for i, scores in enumerate(view["round_history"])
    ]
    return {
        "rows": rows,
        "game_over": view["phase"] == "game_over",
        "i_won": me in view["winners"],
        "headline": headline,
        "result": result_line(view["winners"], names, me),
        "round_no": view["round_no"],
        "rounds": view["rounds"],
        "history": history,
        "names": names,
    }
