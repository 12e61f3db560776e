"""What one seat of Tile Rummy may see (``view``): pages, the API and bots read only this."""

from __future__ import annotations

from .state import KIND, State
from .tiles import set_view, tile_view
from .turn import may_touch_table, to_act
from .view_types import TileRummyView


def view(state: State, seat: int | None) -> TileRummyView:
    """What one seat may see: its own rack, the table, counts; never the pool order."""
    n = state.config.players
    finished = state.phase != "play"
    data: TileRummyView = {
        "kind": KIND,
        "seat": seat,
        "players": n,
        "phase": state.phase,
        "turn": state.turn,
        "to_act": sorted(to_act(state)),
        "round_no": state.round_no,
        "dealer": state.dealer,
        "meld_rule": state.config.meld_rule,
        "target": state.config.target,
        "move_no": state.move_no,
        "table": [set_view(s) for s in state.table],
        "pool_count": len(state.pool),
        "rack_counts": [len(r) for r in state.racks],
        "opened": list(state.opened),
        "totals": list(state.totals),
        "round_scores": state.round_scores,
        "winners": list(state.winners),
        "rack": [tile_view(t) for t in state.racks[seat]] if seat is not None else None,
        "may_touch_table": may_touch_table(state, seat) if seat is not None else False,
        # At the end of a round every rack is laid open for scoring, as at a real table.
        "final_racks": [[tile_view(t) for t in r] for r in state.racks] if finished else None,
    }
    return data
