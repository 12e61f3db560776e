"""What High Card's board template shows, from a seat's view (or a move's public one).

TableFlow asks for ``waiting`` (computers to move: poll) and the board reads
``game``, ``version`` and ``frame`` (None live, a caption while others' moves
are shown); the rest is this game's own.
"""

from __future__ import annotations

from typing import Any

from games.models import Game, Move, Seat
from tests.fifth_game.engine import value


def board_context(
    game: Game, seat: Seat, view: dict[str, Any], draft: dict[str, Any] | None
) -> dict[str, Any]:
    my_turn = view["phase"] == "play" and seat.index in view["to_act"]
    return {
        **_table(game, seat, view),
        "version": game.version,
        "my_turn": my_turn,
        "waiting": view["phase"] == "play" and not my_turn,
        "round": round_context(game, seat, view),
        "frame": None,
    }


def frame_context(game: Game, seat: Seat, view: dict[str, Any], move: Move) -> dict[str, Any]:
    """The table right after ``move``: its public view, with the seat's hand as it is now."""
    public = {**move.public_view, "hand": view["hand"]}
    caption = move_lines(game, [move], _names(game, seat))[-1]
    live = {"version": move.seq, "my_turn": False, "waiting": True, "round": None}
    return {**_table(game, seat, public), **live, "frame": {"caption": caption}}


def round_context(game: Game, seat: Seat, view: dict[str, Any]) -> dict[str, str] | None:
    if view["phase"] != "game_over":
        return None
    names = _names(game, seat)
    if len(view["winners"]) > 1:
        return {"verdict": "A tie."}
    winner = view["winners"][0]
    return {"verdict": "You win!" if winner == seat.index else f"{names[winner]} wins."}


def move_lines(game: Game, rows: list[Move], names: list[str]) -> list[str]:
    """A line per move: who played what (a timeout plays the lowest card)."""
    return [_line(row, names) for row in rows]


def _line(row: Move, names: list[str]) -> str:
    card = row.action.get("card")
    played = f"played a {value(card)}" if card is not None else "ran out of time"
    return f"{names[row.seat]} {played}."


def _names(game: Game, seat: Seat) -> list[str]:
    return ["You" if s.index == seat.index else s.display_name for s in game.seats.all()]


def _table(game: Game, seat: Seat, view: dict[str, Any]) -> dict[str, Any]:
    names = _names(game, seat)
    players = [
        {"index": i, "name": name, "total": view["totals"][i], "acting": i in view["to_act"]}
        for i, name in enumerate(names)
    ]
    trick = [{"name": names[p["seat"]], **p["card"]} for p in view["trick"]]
    hand = view["hand"] or []
    return {
        "game": game,
        "seat": seat,
        "view": view,
        "players": players,
        "trick": trick,
        "hand": hand,
    }
