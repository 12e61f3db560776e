"""Romanian Tile Rummy's post-game review: each of a seat's turns against the most it could
have laid, and its discard against the one keeping the most options.

The round is replayed from the deal (``new_game(config, seed)``) through the move
log. A turn runs from the tile taken (the face-down draw, or discards taken from
the row) to the discard that ends it. For each of the seat's turns only that
seat's view at that moment goes to the search (``view(state, seat)``: its own
rack and the table; a take adds the discards it took, which lay face up): never
another rack or the wall. The search is ``games.bots.romanian.best.best_play``
(the most tiles laid, then the most points, then the fewest jolys; before
opening, the bots' own exact most-tiles opening at the threshold with a run).
What the seat laid is the difference between its rack once the tile was taken
and its rack at the discard. A missed go-out is a turn whose best play leaves a
single tile (discard it and the round is won) when the player did not go out.

The take itself (wall or row, and which discard) is not judged: the wall's next
tile is hidden, so no search could say what a draw was worth. The discard is
judged by ``games.bots.romanian.keep.live_counts``: the unseen tiles that would
make a combination of three with two tiles left on the rack, for the discard
made and for the best one, on the rack the player had at that moment.

Everything kept is tile ids from the seat's own views, so the review can show
nothing the seat could not see then.
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.bots.romanian.additions import face_points
from games.bots.romanian.best import Position, Steps, best_play, position_of, table_of
from games.bots.romanian.keep import best_discards, live_counts
from games.engine import romanian
from games.engine.romanian import face_of, sort_tiles
from games.models import Game, GameStatus, Move
from games.web.romanian.hint import HINT_STEPS, drawn_rack, drawn_sets, seen_tiles
from games.web.romanian.presenters import face_label

log = logging.getLogger(__name__)
View = dict[str, Any]
Table = list[list[int]]
Turn = dict[str, Any]

# Per turn: the amount of search decides the review (twice the hint's), so it reads the
# same whenever it is computed. A CPU-time cap is only a safety net for the worker, far
# above the usual cost; when hit it is logged and the turn is marked "at least".
NODE_LIMIT = 2 * HINT_STEPS
TURN_SECONDS: float | None = 30.0
SETS_TEMPLATE = "games/_drawn_sets.html"
OVER = ("round_over", "game_over")
PLAYED_CAPTION = {
    "laid": gettext_lazy("What you played"),
    "nothing": gettext_lazy("The table (you laid nothing)"),
    "first_discard": gettext_lazy("The table (your first turn is only a discard)"),
}


def lede() -> str:
    """The review page's first line, in this game's terms (the discard is judged too)."""
    return _(
        "Each of your turns against the most you could have laid, and each discard against the "
        "one keeping the most options, worked out from what you could see then: your own rack "
        "and the table."
    )


def completed_rounds(game: Game) -> list[int]:
    """The rounds that are over (an ended game's last round too): only those are reviewed,
    since a review of the round being played would be a hint."""
    state = romanian.from_json(game.state)
    over = state.phase in OVER or game.status != GameStatus.ACTIVE
    return list(range(1, state.round_no + (1 if over else 0)))


def ended_round(move: Move) -> int | None:
    """The round ``move`` ended, if it ended one (it left the table between rounds)."""
    after = move.public_view if isinstance(move.public_view, dict) else {}
    if after.get("phase") in OVER:
        return after.get("round_no")
    return None


def compute(game: Game, seat_index: int, round_no: int) -> dict[str, Any]:
    """Replay the game up to the end of ``round_no`` and review each of the seat's turns."""
    state = romanian.new_game(game.config, game.seed)
    follower = _Follower(game, seat_index)
    moves = Move.objects.filter(game=game).order_by("seq").only("seq", "seat", "action")
    for move in moves.iterator():
        if state.round_no > round_no:
            break
        before = state
        state, _events = romanian.apply(before, move.seat, move.action)
        if before.round_no == round_no and move.seat == seat_index:
            follower.see(before, state, move)
    return {"round": round_no, "turns": follower.turns, "summary": summary(follower.turns)}


class _Follower:
    """Follows one seat's turns through the replay: where each began, how it ended."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.turns: list[Turn] = []
        self.start: dict[str, Any] | None = None

    def see(self, before: romanian.State, after: romanian.State, move: Move) -> None:
        kind = (move.action or {}).get("type")
        if before.phase == "first_discard":
            seen = romanian.view(before, self.seat)
            self.start = {"seq": move.seq, "action": "first_discard", "view": seen}
            self._finish(seen, after)
        elif before.phase == "draw":
            self.start = self._begin(before, after, move, kind)
            if self.start is not None and kind == "timeout":  # drawn and discarded at once
                self._finish(self.start["view"], after)
        elif before.phase == "play" and kind in ("discard", "timeout") and self.start:
            self._finish(romanian.view(before, self.seat), after)

    def _begin(
        self, before: romanian.State, after: romanian.State, move: Move, kind: str | None
    ) -> dict[str, Any] | None:
        """The turn's start: the seat's view once its tile is taken (None: no play came)."""
        start: dict[str, Any] = {"seq": move.seq, "action": kind, "took": []}
        if kind == "take":
            seen = romanian.view(before, self.seat)
            index = move.action["index"]
            took = [d["id"] for d in seen["discards"][index:]]
            opened = bool(seen["opened"][self.seat])
            must = index < len(seen["discards"]) - 1 or not opened
            own = tuple(t["id"] for t in seen["rack"] or [])
            start["view"] = seen
            start["took"] = took
            start["position"] = Position(
                rack=own + tuple(took),
                table=table_of(seen),
                seat=self.seat,
                opened=opened,
                threshold=seen["options"]["threshold"],
                taken=took[0] if must else None,
                before_take=own,
            )
            return start
        drawn = after  # the face-down draw; a timeout drew the same tile, then discarded
        if kind == "timeout" and before.wall:
            drawn, _events = romanian.apply(before, self.seat, {"type": "draw"})
        if drawn.phase != "play" or drawn.turn != self.seat:
            return None  # the wall was empty: the round ended without a turn
        start["view"] = romanian.view(drawn, self.seat)
        start["position"] = position_of(start["view"])
        return start

    def _finish(self, at_discard: View, after: romanian.State) -> None:
        start, self.start = self.start, None
        assert start is not None
        turn = review_turn(start, at_discard, after, self.seat, len(self.turns) + 1)
        if turn.pop("timed_out", False):
            log.warning(
                "Romanian review of game %s (seat %s, move %s) hit the %s s CPU safety cap",
                self.game.id,
                self.seat,
                start["seq"],
                TURN_SECONDS,
                extra={"level": "review"},
            )
        self.turns.append(turn)


def review_turn(
    start: dict[str, Any], at_discard: View, after: romanian.State, seat: int, number: int
) -> Turn:
    """One turn, from the seat's own views when it began and when it discarded."""
    first = start["action"] == "first_discard"
    position: Position | None = start.get("position")
    rack = list(position.rack) if position else [t["id"] for t in at_discard["rack"]]
    left = {t["id"] for t in at_discard["rack"] or []}
    laid = sorted(t for t in rack if t not in left)
    played = [m for m in _table(at_discard) if set(m) & set(laid)]
    discarded = after.first_discard if first else after.discards[-1]
    went_out = after.phase in OVER and after.round_winner == seat
    best, timed_out = (None, False) if position is None else _best(position, laid, played)
    return {
        "timed_out": timed_out,
        "seq": start["seq"],
        "number": number,
        "action": start["action"],
        "took": start.get("took", []),
        "opened": bool(start["view"]["opened"][seat]),
        "threshold": start["view"]["options"]["threshold"],
        "rack": rack,
        "table_before": _table(start["view"]),
        "laid": laid,
        "laid_points": _points(played, set(laid)),
        "played_table": played or None,
        "best": best,
        "discarded": discarded,
        "went_out": went_out,
        "missed_go_out": bool(best and best["tiles"] == len(rack) - 1 and not went_out),
        "discard": _discard(at_discard, discarded),
    }


def _best(position: Position, laid: list[int], played: Table) -> tuple[dict[str, Any], bool]:
    """The search's best play (the player's own when it was better: a search cut short),
    and whether the safety net stopped the search."""
    steps = Steps(NODE_LIMIT, TURN_SECONDS)
    found = best_play(position, steps)
    best = {
        "table": found.table,
        "placed": found.placed,
        "tiles": found.tiles,
        "points": found.points,
        "exact": found.exact,
    }
    mine = (len(laid), _points(played, set(laid)))
    if laid and mine > (best["tiles"], best["points"]):
        best = {"table": played, "placed": laid, "tiles": mine[0], "points": mine[1]}
        best["exact"] = found.exact
    return best, steps.timed_out


def _discard(at_discard: View, discarded: int) -> dict[str, Any] | None:
    """The discard made and the one keeping the most live tiles (None: no choice)."""
    rack = [t["id"] for t in at_discard["rack"] or []]
    if len(rack) < 2:
        return None
    counts = live_counts(rack, seen_tiles(at_discard))
    faces = best_discards(counts)
    mine = str(face_of(discarded))
    kept = [t for t in sort_tiles(rack) if str(face_of(t)) in faces]
    best = discarded if mine in faces else kept[0]
    return {
        "tile": discarded,
        "live": counts[mine],
        "best_tile": best,
        "best_live": counts[str(face_of(best))],
    }


def summary(turns: list[Turn]) -> dict[str, Any]:
    """The round in numbers: tiles and points laid against the most possible, missed
    go-outs, and discards that kept the most live tiles."""
    plays = [t for t in turns if t["best"] is not None]
    discards = [t["discard"] for t in turns if t["discard"] is not None]
    return {
        "turns": len(plays),
        "laid_tiles": sum(len(t["laid"]) for t in plays),
        "best_tiles": sum(t["best"]["tiles"] for t in plays),
        "laid_points": sum(t["laid_points"] for t in plays),
        "best_points": sum(t["best"]["points"] for t in plays),
        "best_turns": sum(1 for t in plays if _laid_best(t)),
        "missed_go_outs": [t["number"] for t in plays if t["missed_go_out"]],
        "discards": len(discards),
        "best_discards": sum(1 for d in discards if d["live"] >= d["best_live"]),
    }


def _laid_best(turn: Turn) -> bool:
    best = turn["best"]
    return best is None or (len(turn["laid"]), turn["laid_points"]) >= (
        best["tiles"],
        best["points"],
    )


def _table(view: View) -> Table:
    return [list(ids) for _owner, _index, ids in table_of(view)]


def _points(melds: Table, laid: set[int]) -> int:
    """What the laid tiles are worth where they lie (the opening's counting)."""
    total = 0
    for meld in melds:
        faces = [str(face_of(t)) for t in meld]
        total += face_points(faces, {i for i, t in enumerate(meld) if t in laid})
    return total


# --- for the page ------------------------------------------------------------------------


def present(data: dict[str, Any]) -> dict[str, Any]:
    """What the review page shows: a summary and, per turn, sentences and two tables."""
    return {
        "sets_template": SETS_TEMPLATE,
        "summary": _summary_lines(data["summary"]),
        "turns": [_turn_context(t) for t in data["turns"]],
    }


def _summary_lines(s: dict[str, Any]) -> list[str]:
    lines = [
        _(
            "You laid %(tiles)s (%(points)s) in %(turns)s; the most you could have laid, "
            "turn by turn, was %(best_tiles)s (%(best_points)s)."
        )
        % {
            "tiles": _tiles(s["laid_tiles"]),
            "points": _points_phrase(s["laid_points"]),
            "turns": _turns(s["turns"]),
            "best_tiles": _tiles(s["best_tiles"]),
            "best_points": _points_phrase(s["best_points"]),
        },
        ngettext(
            "You made the best play on %(best)s of your %(count)s turn.",
            "You made the best play on %(best)s of your %(count)s turns.",
            s["turns"],
        )
        % {"best": s["best_turns"], "count": s["turns"]},
    ]
    missed = s["missed_go_outs"]
    if missed:
        lines.append(
            ngettext(
                "You missed a go-out on turn %(turns)s.",
                "You missed a go-out on turns %(turns)s.",
                len(missed),
            )
            % {"turns": ", ".join(str(n) for n in missed)}
        )
    if s["discards"]:
        lines.append(
            ngettext(
                "Your discard kept the most live tiles on %(best)s of %(count)s discard.",
                "Your discard kept the most live tiles on %(best)s of %(count)s discards.",
                s["discards"],
            )
            % {"best": s["best_discards"], "count": s["discards"]}
        )
        lines.append(
            _(
                "A live tile is one you had not seen (on your rack, the table or the discards) "
                "that would make a combination of three with two tiles left on your rack."
            )
        )
    return lines


def _turn_context(turn: Turn) -> dict[str, Any]:
    best = turn["best"]
    first = turn["action"] == "first_discard"
    laid = set(turn["laid"])
    caption = "first_discard" if first else ("laid" if laid else "nothing")
    played = turn["played_table"] or ([] if first else turn["table_before"])
    return {
        "seq": turn["seq"],
        "number": turn["number"],
        "did": " ".join(_did(turn)),
        "could": " ".join(_could(turn)),
        "best_play": _flag_best(turn),
        "missed_go_out": turn["missed_go_out"],
        "rack": drawn_rack(turn["rack"], laid),
        "laid_any": bool(laid),
        "played": drawn_sets(played, laid),
        "played_caption": PLAYED_CAPTION[caption],
        "best": drawn_sets(best["table"], set(best["placed"])) if best and best["tiles"] else None,
    }


def _flag_best(turn: Turn) -> bool:
    """The "best play" mark: the most laid, or for the first turn the best discard."""
    discard = turn["discard"]
    if turn["best"] is None:
        return discard is None or discard["live"] >= discard["best_live"]
    return _laid_best(turn)


def _did(turn: Turn) -> list[str]:
    if turn["action"] == "first_discard":
        return [_("You began the round by discarding %(tile)s.") % {"tile": _label(turn)}]
    took = turn["took"]
    if turn["action"] == "take":
        start = _("You took %(tiles)s from the discards.") % {"tiles": _tiles(len(took))}
    elif turn["action"] == "timeout":
        start = _("Your time ran out: the game drew from the wall for you.")
    else:
        start = _("You drew from the wall.")
    values = {"tiles": _tiles(len(turn["laid"])), "points": _points_phrase(turn["laid_points"])}
    if turn["went_out"]:
        lay = _("You laid %(tiles)s (%(points)s) and went out.") % values
    elif turn["laid"]:
        lay = _("You laid %(tiles)s (%(points)s).") % values
    else:
        lay = _("You laid nothing.")
    end = [] if turn["went_out"] else [_("You discarded %(tile)s.") % {"tile": _label(turn)}]
    return [start, lay, *end]


def _could(turn: Turn) -> list[str]:
    out = []
    best = turn["best"]
    if best is not None:
        out.append(_best_sentence(turn, best))
    discard = turn["discard"]
    if discard is not None and not turn["went_out"]:
        out.append(_discard_sentence(discard))
    return out


def _best_sentence(turn: Turn, best: dict[str, Any]) -> str:
    if not best["tiles"]:
        if not best["exact"]:
            return _("The search found nothing to lay within its limit.")
        if turn["opened"]:
            return _("No play was possible.")
        return _("No opening worth %(threshold)s points with a run was possible.") % {
            "threshold": turn["threshold"]
        }
    if _laid_best(turn):
        return _("That was the best play.")
    values = {"tiles": _tiles(best["tiles"]), "points": _points_phrase(best["points"])}
    if not best["exact"]:
        return _("The most you could lay: at least %(tiles)s (%(points)s).") % values
    return _("The most you could lay: %(tiles)s (%(points)s).") % values


def _discard_sentence(discard: dict[str, Any]) -> str:
    if discard["live"] >= discard["best_live"]:
        return ngettext(
            "Your discard kept the most options: %(count)s live tile.",
            "Your discard kept the most options: %(count)s live tiles.",
            discard["live"],
        ) % {"count": discard["live"]}
    return ngettext(
        "Your discard kept %(count)s live tile; discarding %(tile)s would have kept %(best)s.",
        "Your discard kept %(count)s live tiles; discarding %(tile)s would have kept %(best)s.",
        discard["live"],
    ) % {
        "count": discard["live"],
        "tile": face_label(str(face_of(discard["best_tile"]))),
        "best": discard["best_live"],
    }


def _label(turn: Turn) -> str:
    return face_label(str(face_of(turn["discarded"])))


# How many tiles, turns, points: each a whole phrase in the reader's language ("20 de piese").


def _tiles(n: int) -> str:
    return ngettext("%(count)s tile", "%(count)s tiles", n) % {"count": n}


def _turns(n: int) -> str:
    return ngettext("%(count)s turn", "%(count)s turns", n) % {"count": n}


def _points_phrase(n: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", n) % {"count": n}
