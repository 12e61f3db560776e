"""Tile Rummy's post-game review: each of a seat's turns against the most it could have laid.

The round is replayed from the deal (``new_game(config, seed)``) through the
move log. For each of the seat's turns only that seat's view at that moment
(``view(state, seat)``: its own rack and the table, never another rack or the
pool) goes to the expert's exact search, ``best_play``; what the seat laid is
the difference between its own rack before and after the turn. A missed
go-out is a turn whose best play empties the rack when the player did not go out.

Everything kept is tile ids taken from those two views, so the review can show
nothing the seat could not see then. The comparison is by the search's own
measure: the most tiles, then the most points shed from the rack.
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.bots.tile_rummy.best import PLACEMENT_NODES, best_play
from games.bots.tile_rummy.search import Budget
from games.engine import tile_rummy
from games.models import Game, GameStatus, Move
from games.web.tile_rummy.hint import drawn_rack, drawn_sets

log = logging.getLogger(__name__)
View = dict[str, Any]
Table = list[list[int]]

# Per turn: the amount of search decides the review (twice the hint's, which the
# exact search never needed on the reference positions), so it reads the same
# whenever it is computed. A CPU-time cap is only a safety net for the worker, far
# above the usual cost (the p99 is 0.4 s of CPU); when hit it is logged and the
# turn is marked "at least".
NODE_LIMIT = 2 * PLACEMENT_NODES
TURN_SECONDS: float | None = 30.0
SETS_TEMPLATE = "games/_drawn_sets.html"
PLAYED_CAPTION = {
    "play": gettext_lazy("What you played"),
    "draw": gettext_lazy("The table (you drew a tile)"),
    "pass": gettext_lazy("The table (you passed)"),
}


def completed_rounds(game: Game) -> list[int]:
    """The rounds that are over (an ended game's last round too): only those are reviewed,
    since a review of the round being played would be a hint."""
    state = tile_rummy.from_json(game.state)
    over = state.phase != "play" or game.status != GameStatus.ACTIVE
    return list(range(1, state.round_no + (1 if over else 0)))


def ended_round(move: Move) -> int | None:
    """The round ``move`` ended, if it ended one (it left the table between rounds)."""
    after = move.public_view if isinstance(move.public_view, dict) else {}
    if after.get("phase") in ("round_over", "game_over"):
        return after.get("round_no")
    return None


def compute(game: Game, seat_index: int, round_no: int) -> dict[str, Any]:
    """Replay the game up to the end of ``round_no`` and review each of the seat's turns."""
    state = tile_rummy.new_game(game.config, game.seed)
    turns: list[dict[str, Any]] = []
    moves = Move.objects.filter(game=game).order_by("seq").only("seq", "seat", "action")
    for move in moves.iterator():
        if state.round_no > round_no:
            break
        before = state
        state, _events = tile_rummy.apply(before, move.seat, move.action)
        if before.round_no == round_no and before.phase == "play" and move.seat == seat_index:
            seen_before = tile_rummy.view(before, seat_index)
            seen_after = tile_rummy.view(state, seat_index)
            turn = review_turn(seen_before, seen_after, move.seq, len(turns) + 1)
            if turn.pop("timed_out", False):
                log.warning(
                    "Tile Rummy review of game %s (seat %s, move %s) hit the %s s CPU safety cap",
                    game.id,
                    seat_index,
                    move.seq,
                    TURN_SECONDS,
                    extra={"level": "review"},
                )
            turns.append(turn)
    return {"round": round_no, "turns": turns, "summary": summary(turns)}


def review_turn(before: View, after: View, seq: int, number: int) -> dict[str, Any]:
    """One turn, from the seat's own views just before and just after it."""
    rack = _ids(before["rack"])
    left = set(_ids(after["rack"]))
    laid = sorted(t for t in rack if t not in left)
    went_out = bool(laid) and not left
    best, timed_out = _best(before, laid, _table(after["table"]))
    return {
        "timed_out": timed_out,
        "seq": seq,
        "number": number,
        "action": "play" if laid else ("draw" if len(left) > len(rack) else "pass"),
        "opened": bool(before["may_touch_table"]),
        "rack": rack,
        "table_before": _table(before["table"]),
        "laid": laid,
        "laid_points": _points(laid),
        "played_table": _table(after["table"]) if laid else None,
        "best": best,
        "went_out": went_out,
        "missed_go_out": best is not None and best["tiles"] == len(rack) and not went_out,
    }


def _best(before: View, laid: list[int], played: Table) -> tuple[dict[str, Any] | None, bool]:
    """The search's best play (the player's own when it was better: a search cut
    short), and whether the safety net stopped the search."""
    budget = Budget.capped(NODE_LIMIT, TURN_SECONDS)
    found = best_play(before, budget)
    best = None
    if found is not None:
        best = {
            "table": found.table,
            "placed": found.placed,
            "tiles": found.tiles,
            "points": found.points,
            "exact": found.exact,
        }
    mine = (len(laid), _points(laid))
    if laid and (best is None or mine > (best["tiles"], best["points"])):
        exact = best["exact"] if best else False
        best = {"table": played, "placed": laid, "tiles": mine[0], "points": mine[1]}
        best["exact"] = exact
    return best, budget.timed_out


def summary(turns: list[dict[str, Any]]) -> dict[str, Any]:
    """The round in numbers: tiles and points laid against the most possible, missed go-outs."""
    return {
        "turns": len(turns),
        "laid_tiles": sum(len(t["laid"]) for t in turns),
        "best_tiles": sum(t["best"]["tiles"] if t["best"] else 0 for t in turns),
        "laid_points": sum(t["laid_points"] for t in turns),
        "best_points": sum(t["best"]["points"] if t["best"] else 0 for t in turns),
        "best_turns": sum(1 for t in turns if _was_best(t)),
        "missed_go_outs": [t["number"] for t in turns if t["missed_go_out"]],
    }


def _was_best(turn: dict[str, Any]) -> bool:
    best = turn["best"]
    return best is None or (len(turn["laid"]), turn["laid_points"]) >= (
        best["tiles"],
        best["points"],
    )


# --- for the page ------------------------------------------------------------------------


def present(data: dict[str, Any]) -> dict[str, Any]:
    """What the review page shows: a summary and, per turn, a sentence and two tables."""
    return {
        "sets_template": SETS_TEMPLATE,
        "summary": _summary_lines(data["summary"]),
        "turns": [_turn_context(t) for t in data["turns"]],
    }


def _summary_lines(s: dict[str, Any]) -> list[str]:
    laid = _(
        "You laid %(tiles)s (%(points)s) in %(turns)s; the most you could have laid, "
        "turn by turn, was %(best_tiles)s (%(best_points)s)."
    ) % {
        "tiles": _tiles(s["laid_tiles"]),
        "points": _points_phrase(s["laid_points"]),
        "turns": _turns(s["turns"]),
        "best_tiles": _tiles(s["best_tiles"]),
        "best_points": _points_phrase(s["best_points"]),
    }
    best = ngettext(
        "You made the best play on %(best)s of your %(count)s turn.",
        "You made the best play on %(best)s of your %(count)s turns.",
        s["turns"],
    ) % {"best": s["best_turns"], "count": s["turns"]}
    lines = [laid, best]
    missed = s["missed_go_outs"]
    if missed:
        turns = ", ".join(str(n) for n in missed)
        lines.append(
            ngettext(
                "You missed a go-out on turn %(turns)s.",
                "You missed a go-out on turns %(turns)s.",
                len(missed),
            )
            % {"turns": turns}
        )
    return lines


def _turn_context(turn: dict[str, Any]) -> dict[str, Any]:
    best = turn["best"]
    return {
        "seq": turn["seq"],
        "number": turn["number"],
        "did": _did(turn),
        "could": _could(turn),
        "best_play": _was_best(turn),
        "missed_go_out": turn["missed_go_out"],
        "rack": drawn_rack(turn["rack"], set(turn["laid"])),
        "laid_any": bool(turn["laid"]),
        "played": drawn_sets(turn["played_table"] or turn["table_before"], set(turn["laid"])),
        "played_caption": PLAYED_CAPTION[turn["action"]],
        "best": drawn_sets(best["table"], set(best["placed"])) if best else None,
    }


def _did(turn: dict[str, Any]) -> str:
    if turn["action"] == "draw":
        return _("You drew a tile.")
    if turn["action"] == "pass":
        return _("You passed (the pool was empty).")
    values = {"tiles": _tiles(len(turn["laid"])), "points": _points_phrase(turn["laid_points"])}
    if turn["went_out"]:
        return _("You laid %(tiles)s (%(points)s) and went out.") % values
    return _("You laid %(tiles)s (%(points)s).") % values


def _could(turn: dict[str, Any]) -> str:
    best = turn["best"]
    if best is None:
        if turn["opened"]:
            return _("No play was possible.")
        return _("No opening worth 30 was possible.")
    if _was_best(turn):
        return _("That was the best play.")
    values = {"tiles": _tiles(best["tiles"]), "points": _points_phrase(best["points"])}
    if not best["exact"]:
        return _("The most you could lay: at least %(tiles)s (%(points)s).") % values
    return _("The most you could lay: %(tiles)s (%(points)s).") % values


# How many tiles, turns, points: each a whole phrase in the reader's language ("20 de piese"),
# which the sentences above place where their word order wants it.


def _tiles(n: int) -> str:
    return ngettext("%(count)s tile", "%(count)s tiles", n) % {"count": n}


def _turns(n: int) -> str:
    return ngettext("%(count)s turn", "%(count)s turns", n) % {"count": n}


def _points_phrase(n: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", n) % {"count": n}


def _ids(tiles: list[dict[str, Any]] | None) -> list[int]:
    return [t["id"] for t in tiles or []]


def _table(sets: list[dict[str, Any]]) -> Table:
    return [[t["id"] for t in s["tiles"]] for s in sets]


def _points(tiles: list[int]) -> int:
    return sum(tile_rummy.tile_value(t) for t in tiles)
