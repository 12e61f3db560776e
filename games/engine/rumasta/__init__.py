"""Rumasta (rules/rumasta.md, RULINGS.md "Rumasta"): three decks, two discard piles.

Ruleset: 2-6 players, alone or in teams (partners sit apart, share melds and
score). Three 54-card decks (162 ids). Each round: the cutter cuts (perfect
= hands × hand size + 2: +100), the next seat deals 11 (teams) or 14, two
upcards start two discard piles, the seat after the dealer plays first. A
turn is A (prove and take one pile, then draw 2), B (prove both tops, no
draw), C (draw 4; 5 when Khakied) or, Half-Khakied, the dreidel; then any
melds, additions and wild switches; then two discards, one to each pile.
Canastas (7 of a rank) and Rumastas (7 in sequence, one colour, A K … 4),
red 3s laid at once, black 3s and their heart race, going out with four
closed melds, three-step scoring, rounds until a side reaches the target.

Options (config) and defaults:
  players    4      (2-6)
  teams      "none" ("none" | "2v2" (4 players) | "3v3" | "2v2v2" (6 players);
                     true = the standard layout: 2v2 for 4, 3v3 for 6; false = none)
  target     5000   (100-20000; a low value such as 500 makes short games)
  max_rounds 30     (safety cap: the game ends after that many rounds)
  move_cap   1500   (safety cap: a round reaching this many actions is scored as it stands)
  Seats of a side: 2v2 → (0,2) (1,3); 3v3 → (0,2,4) (1,3,5); 2v2v2 → (0,3) (1,4) (2,5).

Actions by phase (card ids everywhere):
  cut:    {"type": "cut", "count": n}  (cards lifted off the stock, 1..161)
  turn, step choose:
          {"type": "take", "pile": 0|1, "cards": [ids], "meld": null|index,
           "extra": [[ids], ...]}                       option A
          {"type": "take_both", "takes": [{"cards": [...], "meld": null|index},
           {"cards": [...], "meld": null|index}], "extra": [[ids], ...]}   option B
          {"type": "draw"}                                option C
          {"type": "roll"}                                the dreidel (Half-Khakied)
  turn, step pick:  {"type": "pick", "seat": s}          Gimel/Shin opponent
  turn, step play:
          {"type": "meld", "melds": [[ids], ...]}
          {"type": "add", "meld": index, "cards": [ids]}  (own side's meld)
          {"type": "switch", "side": s, "meld": index, "wild": id, "card": id}
          {"type": "discard", "cards": [id for pile 0, id for pile 1]}  (null only
           when the hand holds fewer than two cards)
  heart:  {"type": "heart"} (the layer), {"type": "call_out"} (an opponent),
          {"type": "pass"}; the seat whose turn it is may instead play its next
          turn action, which closes the window (see ``heart``).
  round_over: {"type": "next_round"} (any seat)
  always: {"type": "timeout"} — the cut: a random cut within 10 of perfect;
          a turn: option C (if not yet taken/drawn), the first opponent for a
          dreidel pick, then the two least useful cards (``advice``), the first
          to pile 0; a window: no press; between rounds: deal on.

Events (``apply`` returns them in order; ``events_for(events, seat)`` strips
``private`` card ids from every seat not named in ``private_to`` / ``seat``):
  round_start, cut {count, target, perfect, off_by}, deal, upcard {pile, card,
  frozen}, upcard_aside, red_three {seat, card}, turn {seat}, option_c,
  draw {seat, count, wanted, private}, stock_gone, take_top {pile, card, cards,
  side, meld, new}, take_pile {pile, count, private}, meld, add, switch,
  discard {pile, card, frozen}, reverse {direction}, khaki {skipped},
  dreidel {face}, dreidel_card {from, to, private}, went_out, heart_open
  {layer, seats, cards}, heart_pass, heart_closed {winner, by, red3s_moved},
  round_over / game_over {reason, steps, totals, winners}, timeout.

Rulings made here (beyond RULINGS.md; say so on the How to play page):
  * A dead card is a natural of a rank with a closed Canasta on the table
    (any side), unless it fits an open meld of the taking side (an open set of
    that rank, or a run it extends: RULINGS); Rumastas make no card dead.
    Pickable and Khaki are asked for the seat whose turn it is.
  * A meld, or a take with its compulsory draw, may not leave fewer than three
    cards (RULINGS); leaving exactly two is going out and needs four closed
    melds on the side (the two discards empty the hand). Emptying the hand
    otherwise cannot happen by choice.
  * The first-meld minimum counts the melds laid in that one action (the top
    card, proof cards, ``extra`` melds); A, B, or a ``meld`` from the hand.
  * The "rest of the pile may not be melded that turn" rule (first meld of
    the round) applies to A as well as B; those cards may be discarded.
  * Adding a top card to a side meld: with proof cards when the pile is
    frozen (they join that meld too), with any or no hand cards otherwise.
    B's two tops go into two different melds.
  * Wild switches: any meld of any side, closed ones included (the count
    stays the same); the switched natural must stand in the wild's place in
    some reading; the wild goes to the switcher's hand.
  * A set of black threes (going out only) holds 3-6 black 3s and no wilds.
  * Red 3s in play belong to the seat that laid them; a won call-out moves
    all of the layer's red 3s to the caller's seat (scored for its side).
  * The dreidel's face comes from (seed, move number); the stolen card from
    (seed, move number) too. Gimel can only pick an opponent holding cards;
    Shin does nothing to a roller with an empty hand.
  * The stock is gone when a draw (A's 2, C's 4/5, the dreidel's, a red 3's
    replacement) cannot be made in full; the round ends after that turn's
    discards. A pile emptied by a take stays empty (unpickable) until the
    next discard onto it.
  * Game end: the highest side at or over the target wins; ties share the win.

Timing (for the site, which has the clock): ``timed_window(state)`` counts the
actions since the heart window opened (None when shut); ``hold_seconds(state,
seat, action)`` is 3 s for an action that would close it early, 0 otherwise.

Out of scope: the clock itself, reaction delays (the site applies a
computer's call-out at its deadline; see ``games.bots.rumasta.delay_for``),
names, rooms, pausing.
"""

from __future__ import annotations

from ..base import hidden_from_seat
from ..contract import ActionFields
from .advice import least_useful
from .cards import CARD_COUNT, FACES, Card, card_of, ids_of_face
from .clock import same_decision
from .deal import cut_target, new_game
from .heart import HOLD_SECONDS, hold_seconds, timed_window
from .rules import khaki, pickable, safe
from .scoring import result
from .state import KIND, Config, State, all_cards, conserved, from_json, to_json
from .turn import apply, to_act
from .view import events_for, view
from .view_types import RumastaSeatView, RumastaView, is_seated

# Legal for any seat in to_act: see the docstring's last action line.
TIMEOUT_ACTION = {"type": "timeout"}
# The online clock (the site enforces it): seconds a turn, plus a bonus once melding starts.
CLOCK_SECONDS = 30
CLOCK_MELD_BONUS = 10

# The shapes games.action_schema lets through to ``apply`` (unknown keys are dropped,
# so nothing a client adds reaches the move log). Field-less types are exact in
# ``GET …/legal``; the engine still judges every move by the rules.
_CARD = ("int", 0, CARD_COUNT - 1)
_IDS = ("list", CARD_COUNT, _CARD)  # [id, ...]
_MELDS = ("table", 0, CARD_COUNT - 1, CARD_COUNT)  # [[id, ...], ...]
_MELD = ("int", 0, CARD_COUNT)  # a meld's index on its side; absent/null: a new meld
_SEAT = ("int", 0, 5)
ACTION_FIELDS: ActionFields = {
    "cut": {"count": ("int", 1, CARD_COUNT - 1)},
    "take": {"pile": ("int", 0, 1), "cards": _IDS, "meld": _MELD, "extra": _MELDS},
    "take_both": {
        "takes": ("list", 2, ("object", {"cards": _IDS, "meld": _MELD})),
        "extra": _MELDS,
    },
    "draw": {},
    "roll": {},
    "pick": {"seat": _SEAT},
    "meld": {"melds": _MELDS},
    "add": {"meld": _MELD, "cards": _IDS},
    "switch": {"side": _SEAT, "meld": _MELD, "wild": _CARD, "card": _CARD},
    "discard": {"cards": ("list", 2, _CARD, True)},  # null only with fewer than two cards
    "heart": {},
    "call_out": {},
    "pass": {},
    "next_round": {},
    "timeout": {},
}

# View keys holding bare card ids (the contract's leak check reads them).
VIEW_ID_FIELDS = ("cards", "last_discards", "locked", "red3s_moved")


def all_ids(state: State) -> list[int]:
    """Every card wherever it sits (the contract's name for ``all_cards``)."""
    return all_cards(state)


def hidden_from(state: State, seat: int | None) -> set[int]:
    """What ``seat`` may not see: the stock, and every other hand (a partner's too)
    until the round is over."""
    over = state.phase in ("round_over", "game_over")
    return hidden_from_seat(state.stock, state.hands, seat, over)


__all__ = [
    "ACTION_FIELDS",
    "RumastaSeatView",
    "RumastaView",
    "is_seated",
    "same_decision",
    "CARD_COUNT",
    "FACES",
    "HOLD_SECONDS",
    "KIND",
    "TIMEOUT_ACTION",
    "VIEW_ID_FIELDS",
    "all_ids",
    "hidden_from",
    "hold_seconds",
    "timed_window",
    "Card",
    "Config",
    "State",
    "all_cards",
    "apply",
    "card_of",
    "conserved",
    "cut_target",
    "events_for",
    "from_json",
    "ids_of_face",
    "khaki",
    "least_useful",
    "new_game",
    "pickable",
    "result",
    "safe",
    "to_act",
    "to_json",
    "view",
]
