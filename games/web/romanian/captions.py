"""One readable line for each move shown as a frame of the others' turns.

Read from the move's action and its public view only. A doubla answer is
told without saying whether it was a declaration, so nobody learns who holds
a pair before everyone has answered (the engine's ruling).
"""

from __future__ import annotations

from typing import Any

from games.engine.romanian import face_of
from games.models import Move


def _label(tile: int) -> str:
    face = face_of(tile)
    if face.wild:
        return "a joly"
    colour = {"R": "red", "B": "blue", "Y": "yellow", "K": "black"}[face.colour or "R"]
    return f"{colour} {face.number}"


def caption(move: Move, names: list[str], before: dict[str, Any] | None = None) -> str:
    """The move in words; ``before`` (the public view the move was made in) lets a
    timeout say what the clock did for the player."""
    name = names[move.seat] if move.seat is not None and move.seat < len(names) else "Someone"
    action: dict[str, Any] = move.action or {}
    public = move.public_view or {}
    kind = action.get("type")
    if kind in ("doubla", "decline") and public.get("phase") in ("doubla", "doubla_swap"):
        return f"{name} answered the doubla question."
    if kind == "decline":
        return f"{name} keeps their doubla."
    if kind == "swap":
        other = action.get("with")
        partner = names[other] if isinstance(other, int) and other < len(names) else "someone"
        return f"{name} offered {partner} a blind doubla swap."
    if kind == "discard" and isinstance(action.get("tile"), int):
        return f"{name} discarded {_label(action['tile'])}."
    if kind == "draw":
        if public.get("phase") in ("round_over", "game_over"):
            return "The wall is empty: the round is over."
        return f"{name} drew from the wall."
    if kind == "take":
        return _take(name, action, public)
    if kind == "meld":
        count = _laid(action)
        return f"{name} laid {count} tile{'s' if count != 1 else ''}."
    if kind == "timeout":
        return f"{name} ran out of time{_timed_out(move.seat, public, before)}."
    if kind == "next_round":
        return "A new round was dealt."
    return f"{name} moved."


def _timed_out(seat: int, public: dict[str, Any], before: dict[str, Any] | None) -> str:
    """What the engine's timeout did (see ``games.engine.romanian``'s TIMEOUT_ACTION).

    A doubla prompt is declined, so saying "no doubla" tells nothing a timeout
    does not: the clock never declares. The tile discarded lies face up anyway.
    """
    prior = before or {}
    phase = prior.get("phase")
    if phase == "doubla":
        return " and declared no doubla"
    if phase == "doubla_swap":
        return " and offered no doubla swap"
    if phase == "round_over":
        return " and a new round was dealt"
    if phase == "first_discard" and public.get("first_discard"):
        return f" and discarded {_label(public['first_discard']['id'])}"
    if phase not in ("draw", "play"):
        return ""
    if phase == "draw" and public.get("wall_count") == prior.get("wall_count"):
        return " and the wall is empty: the round is over"
    mine = [d for d in public.get("discards") or [] if d.get("by") == seat]
    if not mine:
        return ""
    drew = ", drew from the wall" if phase == "draw" else ""
    return f"{drew} and discarded {_label(mine[-1]['id'])}"


def _laid(action: dict[str, Any]) -> int:
    count = sum(len(m) for m in action.get("melds") or [])
    count += sum(len(a[2]) for a in action.get("add") or [])
    return count + len(action.get("replace") or [])


def _take(name: str, action: dict[str, Any], public: dict[str, Any]) -> str:
    takes = public.get("takes") or []
    faces = takes[-1]["faces"] if takes else []
    what = "a discard"
    if faces:
        first = faces[0]
        tile = "a joly" if first == "J" else _label_face(first)
        more = len(faces) - 1
        what = tile + (f" and the {more} after it" if more else "")
    laid = _laid(action)
    tail = f" and laid {laid} tiles" if laid else ""
    return f"{name} took {what} from the row{tail}."


def _label_face(face: str) -> str:
    colour = {"R": "red", "B": "blue", "Y": "yellow", "K": "black"}.get(face[0], "")
    return f"{colour} {face[1:]}"
