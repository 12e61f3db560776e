"""Turn an engine view (plus the seat's draft) into what the table template shows.

Templates render only this, and this is built only from ``view(state, seat)``
or a move's public view, so no hidden tile can reach a page.
"""

from __future__ import annotations

from typing import Any

from games.engine import tile_rummy
from games.models import Game, Move, Seat

COLOUR_LABEL = {"R": "red", "B": "blue", "Y": "yellow", "K": "black"}
# Each colour also has its own shape, so colour-blind players can tell them apart.
COLOUR_SHAPE = {"R": "●", "B": "■", "Y": "▲", "K": "◆"}


def tile_context(tile: dict[str, Any], placed: bool = False) -> dict[str, Any]:
    if tile["joker"]:
        label = "joker"
        if tile.get("stands_for"):
            label += f" (as {tile['stands_for']})"
        shape = "☺"
    else:
        label = f"{COLOUR_LABEL[tile['colour']]} {tile['number']}"
        shape = COLOUR_SHAPE[tile["colour"]]
    return {**tile, "label": label, "shape": shape, "placed": placed}


def sets_context(table: list[list[int]], placed: set[int]) -> list[dict[str, Any]]:
    sets = []
    for index, ids in enumerate(table):
        shown = tile_rummy.set_view(ids)
        sets.append(
            {
                "index": index,
                "tiles": [tile_context(t, t["id"] in placed) for t in shown["tiles"]],
                "kind": shown["kind"],
                "valid": shown["kind"] is not None,
                "value": shown["value"],
            }
        )
    return sets


def players_context(
    view: dict[str, Any], seats: list[Seat], me: int | None
) -> list[dict[str, Any]]:
    acting = set(view["to_act"]) if view["phase"] == "play" else set()
    return [
        {
            "index": s.index,
            "name": "You" if s.index == me else s.display_name,
            "is_me": s.index == me,
            "count": view["rack_counts"][s.index],
            "opened": view["opened"][s.index],
            "total": view["totals"][s.index],
            "acting": s.index in acting,
            "level": s.computer_level,
        }
        for s in seats
    ]


def board_context(
    game: Game, seat: Seat, view: dict[str, Any], draft: dict[str, Any] | None
) -> dict[str, Any]:
    """The interactive table at the game's current version."""
    seats = list(game.seats.all())
    placed = set(draft["placed"]) if draft else set()
    original = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    table = draft["table"] if draft else original
    my_turn = view["phase"] == "play" and seat.index in view["to_act"]
    return {
        "game": game,
        "seat": seat,
        "version": game.version,
        "view": view,
        "my_turn": my_turn,
        "players": players_context(view, seats, seat.index),
        "sets": sets_context(table, placed),
        "rack": [tile_context(t) for t in view["rack"] if t["id"] not in placed],
        "draft_active": table != original,
        "placed_count": len(placed),
        "round": round_context(view, seats, seat.index),
        "waiting": not my_turn and view["phase"] == "play",
        "frame": None,
    }


def frame_context(game: Game, seat: Seat, view: dict[str, Any], move: Move) -> dict[str, Any]:
    """A read-only picture of the table right after someone else's move."""
    seats = list(game.seats.all())
    public = move.public_view
    name = seats[move.seat].display_name if move.seat != seat.index else "You"
    return {
        "game": game,
        "seat": seat,
        "version": move.seq,
        "view": public,
        "my_turn": False,
        "players": players_context(public, seats, seat.index),
        "sets": sets_context([[t["id"] for t in s["tiles"]] for s in public["table"]], set()),
        "rack": [tile_context(t) for t in view["rack"]],
        "draft_active": False,
        "placed_count": 0,
        "round": None,
        "waiting": True,
        "frame": {"caption": caption(move, name)},
    }


def caption(move: Move, name: str) -> str:
    kind = move.action.get("type")
    if kind == "draw":
        if move.public_view["pool_count"] or move.public_view["phase"] != "play":
            return f"{name} drew a tile." if name != "You" else "You drew a tile."
        return f"{name} passed."
    if kind == "play":
        before = Move.objects.filter(game_id=move.game_id, seq=move.seq - 1).first()
        old = (
            {t["id"] for s in before.public_view["table"] for t in s["tiles"]} if before else set()
        )
        new = [t for s in move.action["table"] for t in s if t not in old]
        faces = " ".join(str(tile_rummy.face_of(t)) for t in new)
        return f"{name} played {faces}."
    if kind == "next_round":
        return "A new round was dealt."
    if kind == "timeout":
        return "You ran out of time." if name == "You" else f"{name} ran out of time."
    return f"{name} moved."


def round_context(view: dict[str, Any], seats: list[Seat], me: int) -> dict[str, Any] | None:
    if view["phase"] == "play":
        return None
    rows = [
        {
            "name": "You" if s.index == me else s.display_name,
            "score": view["round_scores"][s.index],
            "total": view["totals"][s.index],
            "left": [tile_context(t) for t in view["final_racks"][s.index]],
            "winner": s.index in view["winners"],
        }
        for s in seats
    ]
    return {"rows": rows, "game_over": view["phase"] == "game_over", "i_won": me in view["winners"]}
