"""Concrete-card builders for the Rumasta engine tests.

Tests speak in faces (``"7H"``, ``"10S"``, ``"JK"``); these helpers turn
faces into ids and build states in which every id sits in exactly one
place: cards a test does not name go to the stock (``stock_top`` is drawn
first-named first) or, with ``empty_stock=True``, aside out of play.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import rumasta as rm
from games.engine.rumasta.cards import FACES, sort_cards
from games.engine.rumasta.state import Config, State
from tests.engine.helpers import Pieces, Spec, words


class Deck(Pieces):
    """Rumasta's cards."""

    def __init__(self) -> None:
        super().__init__(face.text for face in FACES)


def build(
    hands: Sequence[Spec],
    *,
    piles: tuple[Spec, Spec] = ("7H", "9S"),
    frozen: tuple[bool, bool] = (False, False),
    melds: Sequence[Sequence[Spec]] | None = None,
    red3s: Sequence[Spec] | None = None,
    stock_top: Spec = (),
    empty_stock: bool = False,
    players: int | None = None,
    teams: str = "none",
    turn: int = 0,
    step: str = "choose",
    totals: Sequence[int] | None = None,
    target: int = 5000,
    seed: int = 7,
    direction: int = 1,
) -> State:
    n = players or len(hands)
    config = Config.from_dict({"players": n, "teams": teams, "target": target})
    sides = config.sides
    deck = Deck()
    hand_ids = [sort_cards(deck.takes(h)) for h in list(hands) + [""] * (n - len(hands))]
    pile_ids = [deck.takes(p) for p in piles]
    meld_ids = [[deck.takes(m) for m in side] for side in (melds or [[] for _ in sides])]
    meld_ids += [[] for _ in range(len(sides) - len(meld_ids))]
    red_ids = [deck.takes(r) for r in (red3s or [""] * n)]
    red_ids += [[] for _ in range(n - len(red_ids))]
    top = deck.takes(stock_top)
    rest = deck.rest()
    state = State(
        config=config,
        seed=seed,
        phase="turn",
        step=step,
        turn=turn,
        cutter=(turn - 2) % n,
        dealer=(turn - 1) % n,
        direction=direction,
        stock=[] if empty_stock else rest + list(reversed(top)),
        aside=rest if empty_stock else [],
        piles=pile_ids,
        frozen=list(frozen),
        hands=hand_ids,
        melds=meld_ids,
        red3s=red_ids,
        totals=list(totals) if totals is not None else [0] * len(sides),
    )
    assert rm.conserved(state)
    return state


def ids(state: State, spec: Spec, seat: int | None = None) -> list[int]:
    """Ids of the named faces in a seat's hand (default: the seat to play)."""
    seat = state.turn if seat is None else seat
    pool = list(state.hands[seat])
    out = []
    for face in words(spec):
        match = next((c for c in pool if FACES[c].text == face), None)
        if match is None:
            raise ValueError(f"{face} is not in seat {seat}'s hand")
        pool.remove(match)
        out.append(match)
    return out


def one(state: State, face: str, seat: int | None = None) -> int:
    return ids(state, face, seat)[0]


def names(cards: Sequence[int]) -> list[str]:
    return [FACES[c].text for c in cards]


def hand(state: State, seat: int) -> list[str]:
    return sorted(names(state.hands[seat]))


def top(state: State, pile: int) -> str | None:
    return FACES[state.piles[pile][-1]].text if state.piles[pile] else None


def act(state: State, action: dict, seat: int | None = None):
    seat = state.turn if seat is None else seat
    new, events = rm.apply(state, seat, action)
    assert rm.conserved(new)
    return new, events


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def meld_faces(state: State, side: int = 0) -> list[list[str]]:
    return [sorted(names(m)) for m in state.melds[side]]
