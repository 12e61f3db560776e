"""What a Rumbaroo review page shows: the round in numbers and, per turn, two sentences
and the tiles (the hand, the table after the turn, the best line's table and discards).

Only ids kept in the review (from the seat's own views) are drawn; their faces come
from the game's box, which the How to play page lists in full.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.web.rumbaroo.lines import Faces, faces_of, line_phrase, tile_dict, tile_name
from games.web.rumbaroo.lines import tiles_phrase as _tiles
from games.web.rumbaroo.presenters import meld_context, tile_context

SETS_TEMPLATE = "games/rumbaroo/_review_sets.html"
TURN_TEMPLATE = "games/rumbaroo/_review_turn.html"
Row = dict[str, Any]


def present(data: dict[str, Any]) -> dict[str, Any]:
    """The page's context: summary lines and each turn's words and pictures."""
    faces = faces_of(data["difficulty"], data["party"])
    two = data["players"] == 2
    return {
        "sets_template": SETS_TEMPLATE,
        "turn_template": TURN_TEMPLATE,  # the shared page's own wording is Tile Rummy's
        "summary": summary_lines(data["summary"]),
        "turns": [_turn(t, faces, two) for t in data["turns"]],
    }


def lede() -> str:
    """The review page's first line, in Rumbaroo's terms."""
    return _(
        "Each of your turns against the line of plays that leaves you fewest tiles before "
        "an opponent plays, worked out from what you could see then: your hand, the table "
        "and the pile."
    )


def summary_lines(s: dict[str, Any]) -> list[str]:
    best = ngettext(
        "You made the best play on %(best)s of your %(count)s turn.",
        "You made the best play on %(best)s of your %(count)s turns.",
        s["turns"],
    ) % {"best": s["best_turns"], "count": s["turns"]}
    lines = [best]
    if s["behind"]:
        tiles = _tiles(s["behind"])
        if s["exact"]:
            text = _("Turn by turn, the best lines would have left you %(tiles)s fewer in all.")
        else:
            text = _(
                "Turn by turn, the best lines would have left you at least %(tiles)s fewer in all."
            )
        lines.append(text % {"tiles": tiles})
    if s["missed_go_outs"]:
        turns = s["missed_go_outs"]
        lines.append(
            ngettext(
                "You missed a go-out on turn %(turns)s.",
                "You missed a go-out on turns %(turns)s.",
                len(turns),
            )
            % {"turns": _listed(turns)}
        )
    if s["missed_calls"]:
        turns = s["missed_calls"]
        lines.append(
            ngettext(
                "You forgot to call Rumbaroo! on turn %(turns)s.",
                "You forgot to call Rumbaroo! on turns %(turns)s.",
                len(turns),
            )
            % {"turns": _listed(turns)}
        )
    if s["false_calls"]:
        turns = s["false_calls"]
        lines.append(
            ngettext(
                "You called Rumbaroo! too early on turn %(turns)s.",
                "You called Rumbaroo! too early on turns %(turns)s.",
                len(turns),
            )
            % {"turns": _listed(turns)}
        )
    return lines


def _turn(turn: dict[str, Any], faces: Faces, two: bool) -> dict[str, Any]:
    shed = {t for d in turn["did"] for t in _shed(d)}
    best = turn["best"]
    return {
        "seq": turn["seq"],
        "number": turn["number"],
        "did": did_sentence(turn, faces),
        "could": could_sentence(turn, faces, two),
        "best_play": turn["best_play"],
        "missed_go_out": turn["missed_go_out"],
        "missed_call": turn["missed_call"],
        "rack": [_row(turn["hand"], shed, faces, "hand")],
        "laid_any": bool(shed),
        "played": _picture(turn["table_before"], turn["did"], faces),
        "played_caption": _("The table and the pile after your turn"),
        "best": _picture(turn["table_before"], best["moves"], faces),
    }


def _shed(move: dict[str, Any]) -> list[int]:
    if move["type"] == "meld":
        return list(move["placed"])
    if move["type"] == "discard" and move.get("tile") is not None:
        return [move["tile"]]
    return []


def _row(tiles: list[int], marked: set[int], faces: Faces, kind: str) -> Row:
    return {
        "kind": kind,
        "tiles": [tile_context(tile_dict(t, faces), placed=t in marked) for t in tiles],
    }


def _picture(table: list[list[int]], moves: list[dict[str, Any]], faces: Faces) -> list[Row]:
    """The table after ``moves`` (own tiles dashed), then the tiles they sent to the pile."""
    placed: set[int] = set()
    for move in moves:
        if move["type"] == "meld":
            table = move["table"]
            placed |= set(move["placed"])
    known = {t: tile_dict(t, faces) for meld in table for t in meld}
    rows = [
        {"kind": "meld", "tiles": meld_context(i, m, known, placed, set())["tiles"]}
        for i, m in enumerate(table)
    ]
    pile = [m["tile"] for m in moves if m["type"] == "discard" and m.get("tile") is not None]
    if pile:
        rows.append(_row(pile, set(pile), faces, "pile"))
    return rows


def did_sentence(turn: dict[str, Any], faces: Faces) -> str:
    """What the player did this turn and where it left them, in one or two sentences."""
    words = [_move_done(d, faces) for d in turn["did"]]
    text = " ".join(w for w in words if w)
    if turn["went_out"] and turn["turns"] > 1:
        out = ngettext(
            "After %(turns)s turn in a row you went out.",
            "After %(turns)s turns in a row you went out.",
            turn["turns"],
        ) % {"turns": turn["turns"]}
        return f"{text} {out}"
    if turn["went_out"]:
        return f"{text} {_('You went out.')}"
    held = _tiles(turn["left"])
    if turn["turns"] > 1:
        after = ngettext(
            "After %(turns)s turn in a row you held %(tiles)s.",
            "After %(turns)s turns in a row you held %(tiles)s.",
            turn["turns"],
        ) % {"turns": turn["turns"], "tiles": held}
    else:
        after = _("You then held %(tiles)s.") % {"tiles": held}
    parts = [text, after]
    if turn["missed_call"]:
        parts.append(
            ngettext(
                "You ended on one tile without calling Rumbaroo! and drew %(count)s tile.",
                "You ended on one tile without calling Rumbaroo! and drew %(count)s tiles.",
                turn["missed_call"],
            )
            % {"count": turn["missed_call"]}
        )
    if turn["false_call"]:
        parts.append(
            ngettext(
                "You called Rumbaroo! with more than one tile left and drew %(count)s tile.",
                "You called Rumbaroo! with more than one tile left and drew %(count)s tiles.",
                turn["false_call"],
            )
            % {"count": turn["false_call"]}
        )
    return " ".join(parts)


def _move_done(move: dict[str, Any], faces: Faces) -> str:
    kind = move["type"]
    if kind == "meld":
        n = len(move["placed"])
        return ngettext(
            "You melded %(count)s tile from your hand.",
            "You melded %(count)s tiles from your hand.",
            n,
        ) % {"count": n}
    if kind == "discard":
        tile = tile_name(move["tile"], faces)
        if move.get("drawn"):
            return _("You played it (the %(tile)s) on the pile.") % {"tile": tile}
        return _("You played the %(tile)s on the pile.") % {"tile": tile}
    if kind == "draw":
        return _("You drew a tile.")
    if kind == "keep":
        return _("You kept it.")
    if kind == "pass":
        return _("You passed (the pool was empty).")
    return ""


def could_sentence(turn: dict[str, Any], faces: Faces, two: bool) -> str:
    """The best line in words, and how many fewer tiles it leaves."""
    best = turn["best"]
    if turn["best_play"]:
        return _("That was the best play.")
    line = line_phrase(best["moves"], faces, two)
    values = {"line": line, "tiles": _tiles(best["left"])}
    if best["out"]:
        if best["turns"] > 1:
            return ngettext(
                "Best: %(line)s. You go out in %(turns)s turn in a row.",
                "Best: %(line)s. You go out in %(turns)s turns in a row.",
                best["turns"],
            ) % {**values, "turns": best["turns"]}
        return _("Best: %(line)s. You go out.") % values
    fewer = _tiles(turn["left"] - best["left"])
    values["fewer"] = fewer
    if best["exact"]:
        return _("Best: %(line)s. That leaves %(tiles)s: %(fewer)s fewer.") % values
    return (
        _(
            "Better: %(line)s. That leaves %(tiles)s: at least %(fewer)s fewer "
            "(the search stopped at its limit)."
        )
        % values
    )


def _listed(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)
