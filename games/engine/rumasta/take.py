"""The start of a turn: option A (take one pile), B (take both), C (draw), the dreidel.

A · ``take``: the top card of one pickable pile joins a meld at once, then the
whole pile comes to the hand and 2 cards are drawn (compulsory). A new meld
needs the proof (two naturals from the hand). Adding the top card to one of
the side's melds needs no proof once the side has melded, unless the pile is
frozen (then the two proof cards join that meld with it).
B · ``take_both``: both tops, each proved by two naturals (always, RULINGS),
into two separate melds; no draw.
C · ``draw``: 4 cards, 5 when Khakied (both piles unpickable).
Dreidel · ``roll`` (Half-Khakied only): Nun draw 3, Gimel take a random card
from an opponent and draw 4, Hey draw 6, Shin an opponent takes a random card
from the roller, who draws 4. For Gimel/Shin the roller picks the opponent
(``pick``) when there is a choice.

On the side's first meld of the round the first meld's cards (top card,
cards from the hand, ``extra`` melds from the hand laid in the same action)
must reach the minimum, and the rest of a taken pile is locked for the turn.
"""

from __future__ import annotations

from typing import Any

from ..base import Action, Event, IllegalAction, Message, derived_rng, gettext_noop, require
from . import melds
from .deal import draw_cards
from .rules import (
    BELOW_MINIMUM,
    card_list,
    check_hand_left,
    draw_size,
    has_melded,
    khaki,
    minimum,
    pickable,
    valid_meld,
)
from .state import State, give, opponents, remove, side_melds, side_of

DREIDEL = ("nun", "gimel", "hey", "shin")
DREIDEL_DRAW = {"nun": 3, "gimel": 4, "hey": 6, "shin": 4}


def choosing(state: State) -> None:
    require(
        state.step == "choose",
        "already_chose",
        gettext_noop("You have already taken or drawn this turn."),
    )


def take(state: State, seat: int, action: Action) -> list[Event]:
    choosing(state)
    pile = action.get("pile")
    if pile not in (0, 1):
        raise IllegalAction("malformed", gettext_noop("Name the pile to take: 0 or 1."))
    _pickable_or_refuse(state, pile)
    spec = {"cards": action.get("cards", []), "meld": action.get("meld")}
    first = not has_melded(state, seat)
    extra = _extras(state, seat, action.get("extra", []))
    plan = _plan(state, seat, pile, spec, used=[c for m in extra for c in m])
    if first:
        _reach_minimum(state, seat, [plan["new"]] if plan["new"] else [], extra)
    events = _lay(state, seat, [plan], extra)
    events += _take_rest(state, seat, [pile], lock=first)
    state.turn_choice = "take"
    events += draw_cards(state, seat, 2)
    check_hand_left(state, seat)
    state.step = "play"
    return events


def take_both(state: State, seat: int, action: Action) -> list[Event]:
    choosing(state)
    for pile in (0, 1):
        _pickable_or_refuse(state, pile)
    takes = action.get("takes")
    if not (
        isinstance(takes, list) and len(takes) == 2 and all(isinstance(t, dict) for t in takes)
    ):
        raise IllegalAction(
            "malformed",
            gettext_noop(
                "Taking both piles needs two proofs: takes = [{cards, meld}, {cards, meld}]."
            ),
        )
    first = not has_melded(state, seat)
    extra = _extras(state, seat, action.get("extra", []))
    used = [c for m in extra for c in m]
    plans = []
    for pile in (0, 1):
        plan = _plan(state, seat, pile, takes[pile], used=used, always_prove=True)
        used += plan["cards"]
        plans.append(plan)
    targets = [p["target"] for p in plans if p["target"] is not None]
    require(
        len(set(targets)) == len(targets),
        "two_melds",
        gettext_noop("Taking both piles proves two separate melds, one per top card."),
    )
    if first:
        _reach_minimum(state, seat, [p["new"] for p in plans if p["new"]], extra)
    events = _lay(state, seat, plans, extra)
    events += _take_rest(state, seat, [0, 1], lock=first)
    state.turn_choice = "take_both"
    check_hand_left(state, seat)
    state.step = "play"
    return events


def draw(state: State, seat: int, action: Action) -> list[Event]:
    choosing(state)
    count = draw_size(state)
    state.turn_choice = "draw"
    state.step = "play"
    return [{"type": "option_c", "seat": seat, "count": count}] + draw_cards(state, seat, count)


def roll(state: State, seat: int, action: Action) -> list[Event]:
    choosing(state)
    require(
        khaki(state) == "half",
        "no_dreidel",
        gettext_noop(
            "The dreidel may only be rolled when Half-Khakied "
            "(exactly one pile cannot be picked up)."
        ),
    )
    face = derived_rng(state.seed, "dreidel", state.move_no).choice(DREIDEL)
    state.dreidel, state.dreidel_by = face, seat
    state.turn_choice = "roll"
    events: list[Event] = [{"type": "dreidel", "seat": seat, "face": face}]
    if face in ("nun", "hey"):
        state.step = "play"
        return events + draw_cards(state, seat, DREIDEL_DRAW[face])
    choices = pick_choices(state, seat)
    if len(choices) > 1:
        state.step = "pick"
        return events
    return events + _finish_pick(state, seat, choices[0] if choices else None)


def pick_choices(state: State, seat: int) -> list[int]:
    """Gimel: opponents holding a card; Shin: any opponent (if the roller holds a card)."""
    if state.dreidel == "gimel":
        return [s for s in opponents(state, seat) if state.hands[s]]
    return opponents(state, seat) if state.hands[seat] else []


def pick(state: State, seat: int, action: Action) -> list[Event]:
    require(
        state.step == "pick", "not_now", gettext_noop("There is no dreidel opponent to pick now.")
    )
    target = action.get("seat")
    require(
        target in pick_choices(state, seat),
        "bad_pick",
        gettext_noop("Pick an opponent (a player of another side) for the dreidel."),
    )
    return _finish_pick(state, seat, target)


def _finish_pick(state: State, seat: int, target: int | None) -> list[Event]:
    face = state.dreidel
    events: list[Event] = []
    if target is not None:
        giver, taker = (target, seat) if face == "gimel" else (seat, target)
        rng = derived_rng(state.seed, "dreidel-card", state.move_no)
        card = rng.choice(sorted(state.hands[giver]))
        remove(state, giver, [card])
        give(state, taker, [card])
        events.append(
            {
                "type": "dreidel_card",
                "from": giver,
                "to": taker,
                "private": [card],
                "private_to": [giver, taker],
            }
        )
    state.step = "play"
    return events + draw_cards(state, seat, DREIDEL_DRAW[face or "gimel"])


# --- helpers -----------------------------------------------------------------


def _pickable_or_refuse(state: State, pile: int) -> None:
    require(
        pickable(state, pile),
        "pile_safe",
        gettext_noop(
            "That pile cannot be picked up: its top card is safe (a black 3, a dead card, "
            "a 2 or a joker) or the pile is empty."
        ),
    )


def _extras(state: State, seat: int, raw: Any) -> list[list[int]]:
    require(isinstance(raw, list), "malformed", gettext_noop("extra must be a list of melds."))
    out = [card_list(state, seat, m, Message(gettext_noop("An extra meld"))) for m in raw]
    flat = [c for m in out for c in m]
    require(len(set(flat)) == len(flat), "malformed", melds.ONCE)
    for meld in out:
        valid_meld(meld)
    return out


def _plan(
    state: State,
    seat: int,
    pile: int,
    spec: Any,
    *,
    used: list[int],
    always_prove: bool = False,
) -> dict[str, Any]:
    """Check one top card's meld: a new meld with proof, or onto a side meld."""
    require(
        isinstance(spec, dict),
        "malformed",
        gettext_noop("Each take needs cards and a meld choice."),
    )
    cards = card_list(state, seat, spec.get("cards", []), Message(gettext_noop("The proof")))
    require(not set(cards) & set(used), "malformed", melds.ONCE)
    top = state.piles[pile][-1]
    target = spec.get("meld")
    proof = melds.proof_pair(top, cards)
    need_proof = always_prove or state.frozen[pile] or target is None
    if need_proof:
        require(proof is not None, "no_proof", _proof_message(state, pile, target, always_prove))
    if target is None:
        new = [top] + cards
        valid_meld(new)
        return {"pile": pile, "top": top, "cards": cards, "target": None, "new": new}
    own = side_melds(state, seat)
    require(
        type(target) is int and 0 <= target < len(own),
        "bad_target",
        gettext_noop("Choose one of your side's melds, or start a new meld."),
    )
    require(
        not melds.closed(own[target]),
        "closed",
        gettext_noop("That meld is closed at seven cards."),
    )
    valid_meld(own[target] + [top] + cards)
    return {"pile": pile, "top": top, "cards": cards, "target": target, "new": None}


def _proof_message(state: State, pile: int, target: Any, both: bool) -> str:
    if both:
        return gettext_noop(
            "Taking both piles needs two matching natural cards in your hand for each top card."
        )
    if state.frozen[pile] and target is not None:
        return gettext_noop(
            "That pile is frozen: show two natural proof cards to add its top card to a meld."
        )
    if state.frozen[pile]:
        return gettext_noop(
            "That pile is frozen (a wild lies crosswise): prove its top card from your hand."
        )
    return gettext_noop(
        "Prove the top card: two matching naturals for a set, or two naturals next to it "
        "in one colour for a run. Wilds cannot prove."
    )


def _reach_minimum(state: State, seat: int, new: list[list[int]], extra: list[list[int]]) -> None:
    need = minimum(state, seat)
    got = sum(melds.meld_value(m) for m in new + extra)
    require(got >= need, "below_minimum", BELOW_MINIMUM, need=need, got=got)


def _lay(
    state: State, seat: int, plans: list[dict[str, Any]], extra: list[list[int]]
) -> list[Event]:
    side = side_of(state, seat)
    events: list[Event] = []
    for plan in plans:
        pile, top = plan["pile"], plan["top"]
        state.piles[pile].pop()
        remove(state, seat, plan["cards"])
        if plan["target"] is None:
            state.melds[side].append(plan["new"])
            index = len(state.melds[side]) - 1
        else:
            index = plan["target"]
            state.melds[side][index] = state.melds[side][index] + [top] + plan["cards"]
        events.append(
            {
                "type": "take_top",
                "seat": seat,
                "pile": pile,
                "card": top,
                "cards": plan["cards"],
                "side": side,
                "meld": index,
                "new": plan["target"] is None,
            }
        )
    for meld in extra:
        remove(state, seat, meld)
        state.melds[side].append(list(meld))
        events.append(
            {
                "type": "meld",
                "seat": seat,
                "side": side,
                "meld": len(state.melds[side]) - 1,
                "cards": list(meld),
            }
        )
    return events


def _take_rest(state: State, seat: int, piles: list[int], *, lock: bool) -> list[Event]:
    events: list[Event] = []
    for pile in piles:
        rest = state.piles[pile]
        state.piles[pile] = []
        state.frozen[pile] = False
        give(state, seat, rest)
        if lock:
            state.locked += rest
        events.append(
            {"type": "take_pile", "seat": seat, "pile": pile, "count": len(rest), "private": rest}
        )
    return events
