"""The questions a Rumbaroo discard may need answered, and the action built from the answers.

Each tile asks at most one question: a Wild or Billabong the next colour, a
Pouch which tile to stash, a Dingo which table tile to steal, a Mob which
tile to pass on, an Outback Swap which opponent, a Didgeridoo which number;
at a Party table a Hop whether to play a Hop Pair, a Croc Snap whether to
stampede. Required answers (colour, opponent, number) are asked until given;
optional ones are asked once (the form sends ``asked``) and may be declined.
The options offered come only from the seat's view; the engine still judges
the move, so a forged answer is refused there.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engine.melds import why_not
from games.engine.rumbaroo import RULES, TileFace

View = dict[str, Any]
REQUIRED = ("colour", "target", "number")
INT_FIELDS = ("stash", "steal", "give", "target", "number", "pair")


class PromptError(ValueError):
    """An answer that could not be read at all (the message is for the player)."""


def question(view: View, tile: int) -> str | None:
    """Which choice discarding ``tile`` now involves, if any (None for a Croc Snap answer)."""
    face = _own(view).get(tile)
    if face is None or view["phase"] == "croc":
        return None
    action = face["action"]
    if face["wild"] or action == "BILLABONG":
        return "colour"
    simple = {"SWAP": "target", "DIDGERIDOO": "number"}
    if action in simple:
        return simple[action]
    options = {
        "POUCH": lambda: view["may_stash"] and _hand_except(view, tile),
        "DINGO": lambda: stealable(view),
        "MOB": lambda: _hand_except(view, tile),
        "HOP": lambda: view["party"] and view["phase"] == "play" and _other_hops(view, tile),
        "CROC": lambda: view["may_stampede"],
    }
    names = {"POUCH": "stash", "DINGO": "steal", "MOB": "give", "HOP": "pair", "CROC": "stampede"}
    if action in options and options[action]():
        return names[action]
    return None


def needs_asking(view: View, tile: int, answers: dict[str, Any]) -> str | None:
    """The question still open for this discard, given what the form sent."""
    if tile not in view["playable"]:
        return None  # not playable now: the engine says why
    choice = question(view, tile)
    if choice is None or choice in answers:
        return None
    if choice in REQUIRED or "asked" not in answers:
        return choice
    return None


def options(view: View, tile: int, choice: str, names: dict[int, str]) -> list[dict[str, Any]]:
    """What the prompt offers: each option's form value and what it shows."""
    if choice == "colour":
        return [{"value": c, "colour": c} for c in ("R", "B", "G", "Y")]
    if choice == "number":
        return [{"value": n, "label": str(n)} for n in range(1, 14)]
    if choice == "target":
        seat = view["seat"]
        return [{"value": s, "label": names[s]} for s in range(view["players"]) if s != seat]
    if choice in ("stash", "give"):
        return [{"value": t["id"], "tile": t} for t in _hand_except(view, tile)]
    if choice == "steal":
        return [{"value": t["id"], "tile": t} for t in stealable(view)]
    if choice == "pair":
        return [{"value": t["id"], "tile": t} for t in _other_hops(view, tile)]
    return [{"value": 1, "label": "Stampede!"}]


def answers_from(post: Any) -> dict[str, Any]:
    """The answers a form sent; an empty value means "no thanks" for an optional question."""
    answers: dict[str, Any] = {}
    for name in ("colour", *INT_FIELDS, "stampede", "asked"):
        if name in post:
            answers[name] = post.get(name, "")
    for name in INT_FIELDS:
        raw = answers.get(name)
        if raw is None or raw == "":
            continue
        try:
            answers[name] = int(raw)
        except ValueError as exc:
            raise PromptError(_("That answer could not be read.")) from exc
    return answers


def discard_action(tile: int, answers: dict[str, Any], call: bool) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "discard", "tile": tile}
    for name in ("colour", *INT_FIELDS):
        value = answers.get(name)
        if value is not None and value != "":
            action[name] = value
    if answers.get("stampede") == "1":
        action["stampede"] = True
    if call:
        action["call"] = True
    return action


def stealable(view: View) -> list[dict[str, Any]]:
    """Table tiles a Dingo may take: the meld left behind must stay valid."""
    out = []
    for meld in view["table"]:
        tiles = meld["tiles"]
        for tile in tiles:
            rest = [TileFace.parse(t["face"]).meld_face() for t in tiles if t is not tile]
            if why_not(rest, RULES) is None:
                out.append(tile)
    return out


def _own(view: View) -> dict[int, dict[str, Any]]:
    return {t["id"]: t for t in (view["hand"] or []) + (view["pouch"] or [])}


def _hand_except(view: View, tile: int) -> list[dict[str, Any]]:
    """Hand tiles other than the one played (the pouch is never stashed from or mobbed)."""
    return [t for t in view["hand"] or [] if t["id"] != tile]


def _other_hops(view: View, tile: int) -> list[dict[str, Any]]:
    return [t for t in _own(view).values() if t["id"] != tile and t["action"] == "HOP"]
