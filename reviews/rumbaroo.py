"""Rumbaroo's post-game review: each of a seat's turns against the line that sheds most.

The round is replayed from the deal (``new_game(config, seed)``) through the
move log. At the start of each of the seat's turns only that seat's view
(``view(state, seat)``: its hand and pouch, the table, the pile, the others'
tile counts) goes to ``best_play`` (games/bots/rumbaroo/best.py): the line of
moves the seat could make before any opponent acts (two players: Hops,
Boomerangs and 3+ melds whose free action skips the opponent give another
turn) that leaves it fewest tiles, then fewest points. The seat's own result
is measured the same way: the tiles it held when an opponent next acted (or the
round ended), read from its own view. A missed go-out is a turn whose best line
empties the hand when the player did not go out; a missed call is the engine's
own penalty for ending a turn on one tile without Rumbaroo! (and, in Big Red, a
call made too early).

Everything kept is tile ids from the seat's own views, so the review shows
nothing the seat could not see then. The search is bounded by steps (four times
the hint's: a review runs in the background), so a review reads the same whenever
it is computed; a line found when the steps ran out is marked "at least".
"""

from __future__ import annotations

from typing import Any

from games.bots.rumbaroo.best import PLAY_STEPS, BestPlay, best_play
from games.bots.rumbaroo.placement import Steps
from games.engine import rumbaroo
from games.models import Game, GameStatus, Move
from reviews.rumbaroo_page import lede, present

__all__ = ["compute", "completed_rounds", "ended_round", "lede", "present", "review_turn"]

REVIEW_STEPS = 4 * PLAY_STEPS
PLAYING = ("play", "drawn", "croc")
Step = tuple[Move, rumbaroo.State, rumbaroo.State, list[dict[str, Any]]]


def completed_rounds(game: Game) -> list[int]:
    """The rounds that are over (an ended game's last round too): only those are reviewed,
    since a review of the round being played would be a hint."""
    state = rumbaroo.from_json(game.state)
    over = state.phase not in PLAYING or game.status != GameStatus.ACTIVE
    return list(range(1, state.round_no + (1 if over else 0)))


def ended_round(move: Move) -> int | None:
    """The round ``move`` ended, if it ended one (it left the table between rounds)."""
    after = move.public_view if isinstance(move.public_view, dict) else {}
    if after.get("phase") in ("round_over", "game_over"):
        return after.get("round_no")
    return None


def compute(game: Game, seat_index: int, round_no: int) -> dict[str, Any]:
    """Replay the game up to the end of ``round_no`` and review each of the seat's turns."""
    steps = _round_steps(game, round_no)
    turns: list[dict[str, Any]] = []
    for i, (move, before, _after, _events) in enumerate(steps):
        starts = before.phase == "play" and before.turn == seat_index
        if move.seat == seat_index and starts:
            turns.append(review_turn(steps, i, seat_index, len(turns) + 1))
    config = rumbaroo.Config.from_dict(game.config)
    return {
        "round": round_no,
        "difficulty": config.difficulty,
        "party": config.party,
        "players": config.players,
        "turns": turns,
        "summary": summary(turns),
    }


def _round_steps(game: Game, round_no: int) -> list[Step]:
    """Every move of round ``round_no`` with the states before and after it, and its events."""
    state = rumbaroo.new_game(game.config, game.seed)
    out: list[Step] = []
    moves = Move.objects.filter(game=game).order_by("seq").only("seq", "seat", "action")
    for move in moves.iterator():
        if state.round_no > round_no:
            break
        before = state
        state, events = rumbaroo.apply(before, move.seat, move.action)
        if before.round_no == round_no and before.phase in PLAYING:
            out.append((move, before, state, events))
    return out


def review_turn(steps: list[Step], start: int, seat: int, number: int) -> dict[str, Any]:
    """One turn: what the seat did, where it stood when an opponent next acted, the best line."""
    move, before, _after, _events = steps[start]
    seen = rumbaroo.view(before, seat)
    mine = _own_run(steps, start, seat)
    this_turn = _this_turn(steps, start, seat)
    last_after = steps[mine - 1][2]
    left = rumbaroo.holding(last_after, seat)
    went_out = last_after.round_winner == seat and last_after.end_reason == "out"
    best = _best(seen)
    penalties = [
        e
        for step in steps[start:this_turn]
        for e in step[3]
        if e.get("type") == "penalty" and e.get("seat") == seat
    ]
    return {
        "seq": move.seq,
        "number": number,
        "hand": [t["id"] for t in [*seen["hand"], *seen["pouch"]]],
        "table_before": [list(m) for m in seen["table_ids"]],
        "top": seen["top"]["id"],
        "did": [_did(step, seat) for step in steps[start:this_turn]],
        "left": left,
        "turns": _turns_in(steps, start, mine, seat),
        "went_out": went_out,
        "best": _stored(best),
        "best_play": left <= best.left,
        "missed_go_out": best.out and not went_out,
        "missed_call": sum(e["count"] for e in penalties if e.get("reason") == "no_call"),
        "false_call": sum(e["count"] for e in penalties if e.get("reason") == "false_call"),
    }


def _own_run(steps: list[Step], start: int, seat: int) -> int:
    """The index just past the seat's moves in a row from ``start`` (its turns before an
    opponent acts; the round's end stops them too)."""
    end = start
    while end < len(steps) and steps[end][0].seat == seat:
        end += 1
        if steps[end - 1][2].phase not in PLAYING:
            break
    return end


def _this_turn(steps: list[Step], start: int, seat: int) -> int:
    """The index just past this turn's moves (a draw and what follows it)."""
    end = start + 1
    while end < len(steps) and steps[end][0].seat == seat and steps[end][1].phase == "drawn":
        end += 1
    return end


def _turns_in(steps: list[Step], start: int, end: int, seat: int) -> int:
    return sum(1 for step in steps[start:end] if step[1].phase == "play" and step[1].turn == seat)


def _did(step: Step, seat: int) -> dict[str, Any]:
    """One move of the turn in ids the seat saw: what it laid, played or drew (never which)."""
    move, before, after, _events = step
    action = move.action
    kind = action.get("type")
    if kind == "meld":
        own = set(before.hands[seat]) | set(before.pouches[seat])
        table = [list(m) for m in after.table]
        return {
            "type": "meld",
            "placed": sorted(t for m in table for t in m if t in own),
            "table": table,
        }
    if kind == "discard":
        return {"type": "discard", "tile": action.get("tile"), "drawn": before.phase == "drawn"}
    if kind == "pass":
        return {"type": "keep"}
    if kind in ("draw", "timeout"):
        drew = len(after.pool) < len(before.pool)
        return {"type": "draw" if drew else "pass"}
    return {"type": str(kind)}


def _best(seen: rumbaroo.RumbarooView) -> BestPlay:
    assert rumbaroo.is_seated(seen)
    return best_play(seen, Steps(REVIEW_STEPS))


def _stored(best: BestPlay) -> dict[str, Any]:
    return {
        "moves": best.moves,
        "left": best.left,
        "points": best.points,
        "turns": best.turns,
        "out": best.out,
        "exact": best.exact,
    }


def summary(turns: list[dict[str, Any]]) -> dict[str, Any]:
    """The round in numbers: best plays, tiles behind the best lines, missed go-outs and calls."""
    return {
        "turns": len(turns),
        "best_turns": sum(1 for t in turns if t["best_play"]),
        "behind": sum(max(0, t["left"] - t["best"]["left"]) for t in turns),
        "exact": all(t["best"]["exact"] for t in turns),
        "missed_go_outs": [t["number"] for t in turns if t["missed_go_out"]],
        "missed_calls": [t["number"] for t in turns if t["missed_call"]],
        "false_calls": [t["number"] for t in turns if t["false_call"]],
    }
