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


def caption(move: Move, names: list[str]) -> str:
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
        return f"{name} ran out of time."
    if kind == "next_round":
        return "A new round was dealt."
    return f"{name} moved."


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
