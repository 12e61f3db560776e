"""What one seat may see of a Rumasta table, and the move log redacted for it.

A seat sees its own hand (ids and faces); for every other seat — partners
included — only the number of cards. Everyone sees both piles' top cards and
sizes with the frozen mark, all melds, laid red 3s, the stock's size (never
its order), the dreidel, the heart window and the scores. Once a round is
over its three scoring steps per side are shown to all, with every hand's
faces (no ids). The seed is never shown.
"""

from __future__ import annotations

from ..base import Event
from . import melds
from .cards import FACES
from .deal import cut_target
from .heart import waiting
from .rules import closed_count, draw_size, has_melded, khaki, minimum, pickable, safe
from .scoring import seat_values
from .state import KIND, State, side_of
from .take import pick_choices
from .turn import to_act
from .view_types import (
    CardView,
    FaceView,
    HeartResult,
    HeartView,
    Hints,
    MeldView,
    PileView,
    RumastaView,
)


def card_view(card: int) -> CardView:
    face = FACES[card]
    return {
        "id": card,
        "face": face.text,
        "name": face.name,
        "rank": face.rank,
        "suit": face.suit,
        "colour": face.colour,
        "wild": face.wild,
        "value": face.value,
    }


def face_view(card: int) -> FaceView:
    """A card by face only: no id, so it cannot be followed from place to place."""
    return {"face": FACES[card].text, "name": FACES[card].name}


def meld_view(index: int, cards: list[int]) -> MeldView:
    naturals, wilds = melds.split(cards)
    return {
        "index": index,
        "cards": [card_view(c) for c in melds.arrange(cards)],
        "kind": melds.kind(cards),  # set | run | threes
        "count": len(cards),
        "to_seven": max(0, melds.CLOSED - len(cards)),
        "naturals": len(naturals),
        "wilds": len(wilds),
        "closed": melds.closed(cards),
        "label": melds.label(cards),  # canasta | rumasta | None
        "clean": not wilds,
    }


def pile_view(state: State, pile: int) -> PileView:
    cards = state.piles[pile]
    return {
        "top": card_view(cards[-1]) if cards else None,
        "count": len(cards),
        "frozen": state.frozen[pile],
        "pickable": pickable(state, pile),  # for the seat whose turn it is
        "safe_top": bool(cards) and safe(state, cards[-1], state.turn),
    }


def view(state: State, seat: int | None) -> RumastaView:
    cfg = state.config
    over = state.phase in ("round_over", "game_over")
    me = seat if seat is not None and 0 <= seat < cfg.players else None  # a seat at the table
    return {
        "kind": KIND,
        "seat": seat,
        "players": cfg.players,
        "teams": cfg.teams,
        "sides": cfg.sides,
        "my_side": side_of(state, me) if me is not None else None,
        "target": cfg.target,
        "hand_size": cfg.hand_size,
        "round_no": state.round_no,
        "move_no": state.move_no,
        "phase": state.phase,
        "step": state.step if state.phase == "turn" else None,
        "to_act": sorted(to_act(state)),
        "turn": state.turn,
        "direction": "clockwise" if state.direction == 1 else "counter-clockwise",
        "cutter": state.cutter,
        "dealer": state.dealer,
        "cut": {
            "count": state.cut_count,
            "perfect": state.perfect_cut,
            "target": cut_target(state),
        },
        "hand": [card_view(c) for c in state.hands[me]] if me is not None else None,
        "hand_counts": [len(h) for h in state.hands],
        "piles": [pile_view(state, 0), pile_view(state, 1)],
        "stock_count": len(state.stock),
        "stock_gone": state.exhausted,
        "sides_melds": [
            {"side": i, "seats": cfg.sides[i], "melds": [meld_view(k, m) for k, m in enumerate(ms)]}
            for i, ms in enumerate(state.melds)
        ],
        "red3s": [[card_view(c) for c in laid] for laid in state.red3s],
        "aside": [card_view(c) for c in state.aside],
        "khaki": khaki(state) if state.phase == "turn" else None,
        "dreidel": {"face": state.dreidel, "by": state.dreidel_by},
        "last_discards": _public_ids(state, state.last_discards),
        "heart": _heart_view(state),
        "heart_result": _result_view(state),
        "totals": seat_values(state, state.totals),
        "side_totals": list(state.totals),
        "round_steps": state.round_steps if over else None,
        "end_reason": state.end_reason,
        "went_out": state.went_out,
        "winners": list(state.winners),
        "final_hands": (
            [[face_view(c) for c in h] for h in state.hands]
            if over
            else None
        ),
        "me": _hints(state, me) if me is not None else None,
    }


def _heart_view(state: State) -> HeartView | None:
    if state.heart is None:
        return None
    return {
        "layer": state.heart["layer"],
        "seats": list(state.heart["seats"]),
        "waiting": waiting(state),
        "cards": [card_view(c) for c in state.heart["cards"]],
        "opened_move": state.heart["opened_move"],
    }


def _public_ids(state: State, cards: list[int | None]) -> list[int | None]:
    """Ids of cards still in plain sight (a pile, a meld, red 3s); None once in a hand."""
    held = {c for hand in state.hands for c in hand} | set(state.stock)
    return [None if c is None or c in held else c for c in cards]


def _result_view(state: State) -> HeartResult[FaceView] | None:
    """The last heart race; its black 3s by face only, since a taken pile hides them."""
    result = state.heart_result
    if result is None:
        return None
    faces = [face_view(c) for c in result["cards"]]
    return {**result, "cards": faces}


def _hints(state: State, seat: int) -> Hints:
    """What this seat may do now, so pages and bots need no rules of their own."""
    acting = seat in to_act(state)
    return {
        "acting": acting,
        "actions": _actions(state, seat) if acting else [],
        "melded": has_melded(state, seat),
        "minimum": minimum(state, seat),
        "closed": closed_count(state, seat),
        "locked": list(state.locked) if state.turn == seat else [],
        "draw_size": draw_size(state),
        "pick_choices": (
            pick_choices(state, seat)
            if state.phase == "turn" and state.step == "pick" and state.turn == seat
            else []
        ),
    }


def _actions(state: State, seat: int) -> list[str]:
    if state.phase == "cut":
        return ["cut", "timeout"]
    if state.phase == "round_over":
        return ["next_round", "timeout"]
    out: list[str] = []
    if state.phase == "heart":
        layer = state.heart["layer"] if state.heart else None
        if seat in waiting(state):
            out += ["heart" if seat == layer else "call_out", "pass"]
        if seat != state.turn:
            return out + ["timeout"]
    step = state.step
    if step == "choose":
        out += [
            a
            for a, ok in (
                ("take", pickable(state, 0) or pickable(state, 1)),
                ("take_both", pickable(state, 0) and pickable(state, 1)),
                ("draw", True),
                ("roll", khaki(state) == "half"),
            )
            if ok
        ]
    elif step == "pick":
        out.append("pick")
    else:
        out += ["meld", "add", "switch", "discard"]
    return out + ["timeout"]


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The move log as one seat may read it: ``private`` only for the seats it concerns."""
    out = []
    for event in events:
        if "private" in event:
            allowed = event.get("private_to", [event.get("seat")])
            if seat not in allowed:
                event = {k: v for k, v in event.items() if k not in ("private", "private_to")}
        out.append(event)
    return out
