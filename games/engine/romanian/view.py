"""What one seat may see of a Romanian table, and the move log redacted for it.

A seat sees its own rack (sorted), the melds, the row of discards, the first
discard, the spare's face, and for everyone else counts only. Never another
rack, another seat's doubla tiles, the wall's order or the seed. A
spectator (seat None) sees only what is public. Once the round is over every
rack is laid open with the scoring breakdown.
"""

from __future__ import annotations

from .state import KIND, State
from .tiles import COLOURS, face_of, reading_face, reading_of, tile_view
from .turn import may_take, to_act
from .view_types import DoublaView, MeldTileView, MeldView, RomanianView, ScoreRow, TileView

FINISHED = ("round_over", "game_over")


def meld_view(tiles: list[int], owner: int, laid_by: list[int]) -> MeldView:
    """A combination in display order, each joly with the tile it stands for."""
    reading = reading_of(tiles)
    assert reading is not None
    colours = {face_of(t).colour for t in tiles if not face_of(t).wild}
    missing = iter(c for c in COLOURS if c not in colours)
    shown: list[MeldTileView] = []
    for tile, number in zip(tiles, reading.numbers, strict=True):
        stands = None
        if face_of(tile).wild:
            colour = next(iter(colours)) if reading.kind == "run" else next(missing, None)
            stands = reading_face(colour, number)
        shown.append({**tile_view(tile, stands), "laid_by": laid_by[tile]})
    return {"owner": owner, "kind": reading.kind, "value": reading.value, "tiles": shown}


def doubla_view(state: State, seat: int | None) -> DoublaView:
    """Others' doublas are said only as high or low, and only once everyone has answered."""
    revealed = state.phase != "doubla"
    heights = [h if revealed or s == seat else None for s, h in enumerate(state.doubla_heights)]
    asking = state.phase in ("doubla", "doubla_swap")
    mine = state.doubla_pairs[seat] if seat is not None and asking else None
    return {
        "declared": heights,
        "answered": list(state.doubla_answered),
        "my_pair": [tile_view(t) for t in mine] if mine else None,
        "swap_answered": list(state.swap_answered),
        "my_swap_with": state.swap_with[seat] if seat is not None else None,
        "swaps": [list(s) for s in state.swaps],
    }


def view(state: State, seat: int | None) -> RomanianView:
    cfg = state.config
    n = cfg.players
    finished = state.phase in FINISHED
    mine = seat is not None
    my_turn = mine and seat == state.turn and state.phase in ("first_discard", "draw", "play")
    return {
        "kind": KIND,
        "seat": seat,
        "players": n,
        "options": {
            "players": n,
            "rounds": cfg.rounds,
            "threshold": cfg.threshold,
            "penalty": cfg.penalty,
            "discard_counts": cfg.discard_counts,
        },
        "phase": state.phase,
        "turn": state.turn,
        "to_act": sorted(to_act(state)),
        "round_no": state.round_no,
        "rounds": cfg.rounds,
        "dealer": state.dealer,
        "first_player": state.first_player,
        "move_no": state.move_no,
        "turns": state.turns,
        "rack": [tile_view(t) for t in state.racks[seat]] if seat is not None else None,
        "rack_counts": [len(r) for r in state.racks],
        "melds": [
            [meld_view(m, s, state.laid_by) for m in seat_melds]
            for s, seat_melds in enumerate(state.melds)
        ],
        "opened": list(state.opened),
        "opened_this_turn": state.opened_this_turn,
        "discards": [
            {**tile_view(t), "by": by}
            for t, by in zip(state.discards, state.discarded_by, strict=True)
        ],
        "first_discard": tile_view(state.first_discard)
        if state.first_discard is not None
        else None,
        # Who took which discards, by face only: public, as they lay face up.
        "takes": [
            {"seat": s, "faces": [str(face_of(t)) for t in tiles]} for s, tiles in state.takes
        ],
        "wall_count": len(state.wall),
        "spare": {"face": str(face_of(state.spare)), "stack": state.spare_stack},
        "joly_spares": state.joly_spares,
        "announced": list(state.announced),
        "doubla": doubla_view(state, seat),
        "drawn": state.drawn if my_turn else None,
        "took_discard": state.took_discard,
        "may_take": bool(my_turn and state.phase == "draw" and may_take(state, state.turn)),
        "totals": list(state.totals),
        "round_scores": state.round_scores,
        "round_history": [list(r) for r in state.round_history],
        "round_winner": state.round_winner,
        "all_at_once": state.all_at_once,
        "end_reason": state.end_reason,
        "winners": list(state.winners),
        "breakdown": _breakdown(state) if finished else None,
    }


def _breakdown(state: State) -> list[ScoreRow[TileView]] | None:
    if state.breakdown is None:
        return None
    rows: list[ScoreRow[TileView]] = []
    for row in state.breakdown:
        tiles = [tile_view(t) for t in row["rack_tiles"]]
        rows.append({**row, "rack_tiles": tiles})
    return rows
