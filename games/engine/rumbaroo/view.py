"""What one seat may see of a Rumbaroo table, and the move log redacted for it.

A seat sees its own hand and pouch, the table, the whole face-up discard
pile, and for everyone else only counts (hand size, whether the pouch holds
a tile). Never another hand, another pouch's tile, or the pool order.
"""

from __future__ import annotations

from ..melds import read
from .actions import can_discard
from .boxes import ACTION_NAMES, BOOMERANG, CROC, RULES
from .state import KIND, State, face_of, holding
from .turn import to_act
from .view_types import Hints, MeldView, RumbarooView, TileView

# A spectator may do nothing.
NO_HINTS: Hints = {"playable": [], "may_stash": False, "may_stampede": False}


def tile_view(state: State, tile: int, stands_for: int | None = None) -> TileView:
    face = face_of(state, tile)
    data: TileView = {
        "id": tile,
        "face": face.text,
        "colour": face.colour,
        "number": face.number,
        "action": face.action,
        "action_name": ACTION_NAMES.get(face.action or ""),
        "wild": face.wild,
    }
    if face.wild and stands_for is not None:
        data["stands_for"] = stands_for
    return data


def meld_view(state: State, tiles: list[int]) -> MeldView:
    reading = read([face_of(state, t).meld_face() for t in tiles], RULES)
    if reading is None:  # a draft may hold half-built melds
        return {"tiles": [tile_view(state, t) for t in tiles], "kind": None}
    pairs = zip(reading.order, reading.numbers, strict=True)
    return {"tiles": [tile_view(state, tiles[i], n) for i, n in pairs], "kind": reading.kind}


def view(state: State, seat: int | None) -> RumbarooView:
    cfg = state.config
    n = cfg.players
    finished = state.phase in ("round_over", "game_over")
    mine = seat is not None
    data: RumbarooView = {
        "kind": KIND,
        "seat": seat,
        "players": n,
        "difficulty": cfg.difficulty,
        "party": cfg.party,
        "target": cfg.target,
        "phase": state.phase,
        "turn": state.turn,
        "to_act": sorted(to_act(state)),
        "direction": state.direction,
        "round_no": state.round_no,
        "dealer": state.dealer,
        "move_no": state.move_no,
        "table": [meld_view(state, m) for m in state.table],
        "table_ids": [list(m) for m in state.table],
        "pile": [tile_view(state, t) for t in state.pile],
        "top": tile_view(state, state.pile[-1]),
        "top_by": state.pile_by[-1],
        "under_top_by": state.pile_by[-2] if len(state.pile) > 1 else None,
        "colour": state.colour,
        "pool_count": len(state.pool),
        "hand_counts": [len(h) for h in state.hands],
        "pouch_counts": [len(p) for p in state.pouches],
        "holding": [holding(state, s) for s in range(n)],
        "skips": list(state.skips),
        "croc": state.croc,
        "stampede_used": list(state.stampede_used),
        "stash_block": state.stash_block,
        "idle_turns": state.idle_turns,
        "passes": state.passes,
        "totals": list(state.totals),
        "round_scores": state.round_scores,
        "round_winner": state.round_winner,
        "end_reason": state.end_reason,
        "winners": list(state.winners),
        "hand": [tile_view(state, t) for t in state.hands[seat]] if seat is not None else None,
        "pouch": [tile_view(state, t) for t in state.pouches[seat]] if seat is not None else None,
        # The drawn tile is only news to the seat that drew it.
        "drawn": state.drawn if mine and state.turn == seat else None,
        "called": state.called if mine and state.turn == seat else False,
        **(_hints(state, seat) if seat is not None else NO_HINTS),
        # At the end of a round every hand and pouch is laid open for scoring.
        "final_hands": (
            [
                [tile_view(state, t) for t in h + p]
                for h, p in zip(state.hands, state.pouches, strict=True)
            ]
            if finished
            else None
        ),
    }
    return data


def _hints(state: State, seat: int) -> Hints:
    """What the seat may do with its tiles right now, so pages need no rules of their own."""
    cfg = state.config
    own = state.hands[seat] + state.pouches[seat]
    playable: list[int] = []
    if state.turn == seat and state.phase == "play":
        playable = [t for t in own if can_discard(state, t)]
    elif state.turn == seat and state.phase == "drawn" and state.drawn is not None:
        playable = [state.drawn]
    elif state.turn == seat and state.phase == "croc":
        answers = (CROC, BOOMERANG) if cfg.party else (CROC,)
        playable = [t for t in own if face_of(state, t).action in answers]
    blocked = cfg.party and state.stash_block not in (None, seat)
    return {
        "playable": playable,
        "may_stash": not state.pouches[seat] and not blocked,
        "may_stampede": cfg.party
        and cfg.big_red
        and not state.stampede_used[seat]
        and holding(state, seat) <= 3,
    }
