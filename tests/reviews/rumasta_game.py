"""A short Rumasta game for the review and hint tests: three turns each, then the stock is gone.

The engine's ``new_game`` is patched to deal the crafted position, so the game's log
replays from it as from a seeded deal (what the review does). Seat 0 is the client,
seat 1 a computer whose moves the tests play through the service (no commit runs them).

Seat 0 holds K♦ K♣, the black run 9♠ 10♠ J♠ Q♠, the red run 4♦ 5♦ 6♦ and cards that
meld with nothing (it keeps A♥ A♥ and 8♦ 8♦ from its first two draws). On its
third turn pile 2's top card is K♥ (seat 1 put it there): taken with K♦ K♣ as
proof, everything goes down — 85 points, the first meld's 50 reached. Seat 0 draws
instead and melds nothing. From the hand alone it could have melded 65 (K♣ onto the
spade run: 50, and the diamonds: 15); so the best play is the take, 85 points more
than what it did. The stock then runs out on seat 1's turn,
and seat 1's side, already past the target, wins.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from games import services
from games.engine import rumasta as rm
from games.models import Game
from tests.engine.rumasta.rm_helpers import build, ids
from tests.web.conftest import dealt

ME = "KD KC 9S 10S JS QS 4D 5D 6D 10H 7C 4S"
COMPUTER = "7S 9H JH KH 4H 8C QD 10D 5H 6S"
# Drawn in this order, four a turn: seat 0, seat 1, seat 0, seat 1, seat 0.
STOCK = (
    "AH AH 9C 9C  "  # seat 0, turn 1 (discards 9C 9C)
    "5S 5S 6C 6C  "  # seat 1
    "8D 8D QC QC  "  # seat 0, turn 2 (discards QC QC)
    "10C 10C JC JC  "  # seat 1
    "4C 4C 8S 8S"  # seat 0, turn 3 (discards 4C 4C)
)
PILES = ("8H", "5C")
# Each turn: (seat, opening, [card for pile 1, card for pile 2]).
SCRIPT: list[tuple[int, str, list[str]]] = [
    (0, "draw", ["9C", "9C"]),
    (1, "draw", ["7S", "9H"]),
    (0, "draw", ["QC", "QC"]),
    (1, "draw", ["JH", "KH"]),
    (0, "draw", ["4C", "4C"]),
    (1, "draw", ["5S", "5S"]),  # the stock is gone: the round ends after these discards
]
TARGET = 100
TOTALS = [0, 1000]  # seat 1's side is past the target: the round's end is the game's


def crafted_state() -> rm.State:
    """The deal, with only the scripted cards left in the stock: the rest lies face down
    under pile 1's top card (no one takes that pile), where no seat can see it."""
    state = build([ME, COMPUTER], piles=PILES, stock_top=STOCK, target=TARGET, totals=TOTALS)
    count = len(STOCK.split())
    under, state.stock = state.stock[:-count], state.stock[-count:]
    state.piles[0] = under + state.piles[0]
    return state


def buried() -> set[int]:
    """The cards under pile 1's first top card (never seen by anyone)."""
    state = crafted_state()
    return set(state.piles[0][:-1])


@pytest.fixture
def rm_dealt(
    monkeypatch: pytest.MonkeyPatch, client: Any, django_capture_on_commit_callbacks: Any
) -> Callable[[], Game]:
    """A game at the crafted deal, seat 0 owned by the test client, seat 0 to play."""

    def make() -> Game:
        state = crafted_state()
        monkeypatch.setattr(rm, "new_game", lambda config, seed: copy.deepcopy(state))
        data = {"players": 2, "teams": "none", "level": "easy", "target": 500}
        return dealt(client, django_capture_on_commit_callbacks, "/rumasta/new/", data)

    return make


def act(game: Game, seat: int, action: dict[str, Any]) -> Game:
    """Play one move through the service (computer turns are not run: no commit here)."""
    game.refresh_from_db()
    return services.play(game.id, seat, action, game.version)


def play_turn(game: Game, seat: int, opening: str, discards: list[str]) -> Game:
    act(game, seat, {"type": opening})
    game.refresh_from_db()
    state = rm.from_json(game.state)
    hand = ids(state, " ".join(discards), seat)
    return act(game, seat, {"type": "discard", "cards": hand})


def play_turns(game: Game, count: int | None = None) -> Game:
    """The script's first ``count`` turns (all of them: the game ends)."""
    for seat, opening, discards in SCRIPT[:count]:
        play_turn(game, seat, opening, discards)
    game.refresh_from_db()
    return game
