"""Computer players for Rumasta: pure Python, they see only ``view(state, seat)``.

``choose_action(view, level) -> action | None`` answers every prompt of a
seat in ``view["to_act"]`` (None when the seat has nothing to do, e.g. it
is next to play while a heart window it is not part of is open: it waits).

Levels, as partners and as opponents:

* ``easy``: cuts with a wide aim error (±12 cards); takes a pile only with a
  plain matching pair in hand (and opens with that meld alone: no extra melds
  to reach the minimum); melds natural sets and runs, tops a pair up with a
  spare wild and closes a meld of six with one (so it can go out: issue 41,
  it went out in 0 of 358 rounds against medium without); discards the least
  useful cards without thinking about the next player.
* ``medium``: aim ±5; takes a pile whenever it can prove it (adding to the
  side's melds without proof once melded), opens with extra melds, lays
  off onto the side's melds, completes sets with a spare wild; discards
  avoid cards that an opponent's meld could use.
* ``expert``: aim ±1; also weighs taking both piles, switches wilds out of
  any meld, rolls the dreidel when Half-Khakied with nothing to take, keeps
  pairs together, and lays safe cards (black 3s, dead cards) on the bigger
  pile, freezing a big pile with a 2 when it holds spare wilds; races to go
  out once its side has four closed melds.

The heart race: the layer presses ❤️, opponents call out; the site applies
each after ``reaction_delay(level)`` seconds (easy 2.5, medium 1.5, expert
0.8, RULINGS), so the quicker seat wins. That delay is a deliberate
reaction time per level, kept by the site as a deadline in the game; it is
not thinking time, and the choice itself never waits.

Budget: none needed. No level searches: each move is a fixed rule-based
choice over the hand and the melds, so it costs the same work on a busy
machine as on an idle one. Deterministic: the same view always gets the
same answer; the only "randomness", the cut's aim error, is a hash of the
round, the seat and the move number in the view (``_noise``).
"""

from __future__ import annotations

import hashlib
from typing import Any

from games.engine.rumasta import RumastaSeatView, RumastaView, is_seated, melds
from games.engine.rumasta.cards import FACES

from .hand import Table, find_melds, naturals, usefulness, wilds

LEVELS = {"easy": 0, "medium": 1, "expert": 2}
REACTION_DELAY = {0: 2.5, 1: 1.5, 2: 0.8}
CUT_ERROR = {0: 12, 1: 5, 2: 1}
RED_THREES = 6  # three decks, two red 3s each

Action = dict[str, Any]


def skill_of(level: str) -> int:
    return LEVELS.get(level, 1)


def reaction_delay(level: str) -> float:
    """Seconds a computer waits before its ❤️ or call-out; shrinks with the level."""
    return REACTION_DELAY[skill_of(level)]


def delay_for(view: RumastaView, level: str) -> float:
    """Seconds after a heart window opened before this computer's press (0 otherwise).

    The site applies the press at that deadline, so a person who presses
    sooner wins the race.
    """
    window = view.get("heart")
    if view.get("phase") == "heart" and window and view.get("seat") in window["waiting"]:
        return reaction_delay(level)
    return 0.0


def choose_action(view: RumastaView, level: str) -> Action | None:
    if not is_seated(view) or view["seat"] not in view["to_act"]:
        return None
    skill = skill_of(level)
    phase = view["phase"]
    if phase == "cut":
        return cut(view, skill)
    if phase == "round_over":
        return {"type": "next_round"}
    if phase == "heart":
        return heart(view)
    if phase != "turn":
        return None
    table = Table(view)
    if view["step"] == "choose":
        return start_turn(table, skill)
    if view["step"] == "pick":
        return pick(view)
    return play(table, skill)


# --- cut, heart, pick ---------------------------------------------------------------


def _noise(view: RumastaSeatView, salt: str) -> int:
    text = f"{salt}:{view['round_no']}:{view['seat']}:{view['move_no']}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


def cut(view: RumastaSeatView, skill: int) -> Action:
    """Aim at the perfect cut with an error that shrinks with the level."""
    spread = CUT_ERROR[skill]
    error = _noise(view, "cut") % (2 * spread + 1) - spread
    count = max(1, min(view["stock_count"] - 1, view["cut"]["target"] + error))
    return {"type": "cut", "count": count}


def heart(view: RumastaSeatView) -> Action | None:
    window = view["heart"]
    if window is None or view["seat"] not in window["waiting"]:
        return None  # next to play, but the window is not ours: wait for it to close
    return {"type": "heart" if view["seat"] == window["layer"] else "call_out"}


def pick(view: RumastaSeatView) -> Action:
    """Gimel/Shin: the opponent holding the most cards (first in play order on a tie)."""
    choices = view["me"]["pick_choices"]
    counts = view["hand_counts"]
    return {"type": "pick", "seat": max(choices, key=lambda s: (counts[s], -choices.index(s)))}


# --- the start of a turn --------------------------------------------------------------


def start_turn(table: Table, skill: int) -> Action:
    plans = [_take_plan(table, p, skill) for p in (0, 1)]
    if skill >= 2 and plans[0] and plans[1]:
        both = _both(table, plans[0], plans[1])
        if both is not None:
            return both
    options = [p for p in plans if p is not None]
    if options:
        best = max(options, key=lambda p: (table.piles[p["pile"]]["count"], -p["pile"]))
        return {k: v for k, v in best.items() if k != "value"}
    if skill >= 2 and table.view["khaki"] == "half":
        return {"type": "roll"}
    return {"type": "draw"}


def _take_plan(table: Table, pile: int, skill: int) -> Action | None:
    info = table.piles[pile]
    if not info["pickable"] or info["top"] is None:
        return None
    top = info["top"]["id"]
    if table.melded and not info["frozen"] and skill >= 1:
        for index, meld in enumerate(table.own):
            if melds.fits(meld, top) and _keeps_enough(table, pile, [], [meld + [top]]):
                return _plan(pile, [], index, [], 0)
    pair = melds.proof_pair(top, naturals(table.hand))
    if pair is None:
        return None
    if skill == 0 and FACES[pair[0]].rank != FACES[top].rank:
        return None  # easy only sees plain pairs
    cards = list(pair)
    if table.melded and info["frozen"]:
        for index, meld in enumerate(table.own):
            joined = meld + [top] + cards
            fine = not melds.closed(meld) and melds.why_not(joined) is None
            if fine and _keeps_enough(table, pile, cards, [joined]):
                return _plan(pile, cards, index, [], 0)
    cards += _extend(top, cards, table.hand)
    value = melds.meld_value([top] + cards)
    extra: list[list[int]] = []
    if not table.melded:
        rest = [c for c in table.hand if c not in cards]
        for meld in find_melds(rest) if skill >= 1 else []:
            if value >= table.minimum:
                break
            extra.append(meld)
            value += melds.meld_value(meld)
        if value < table.minimum:
            return None
    spent = cards + [c for m in extra for c in m]
    if not _keeps_enough(table, pile, spent, [[top] + cards, *extra]):
        return None
    return _plan(pile, cards, None, extra, value)


def _keeps_enough(table: Table, pile: int, used: list[int], laid: list[list[int]]) -> bool:
    """Whether option A leaves a hand the engine accepts, even if the stock runs short.

    The engine counts the hand after the compulsory draw of 2; near the end of
    the stock that draw can fall short, and red 3s drawn then go unreplaced,
    so the bot counts only the cards it is sure to keep (``sure_draw``).
    """
    left = len(table.hand) - len(used) + table.piles[pile]["count"] - 1 + sure_draw(table.view, 2)
    closing = sum(1 for meld in laid if melds.closed(meld))
    return table.may_leave(left, closing)


def sure_draw(view: RumastaSeatView, count: int) -> int:
    """Cards a draw of ``count`` surely adds to the hand (red 3s are laid and replaced).

    In the worst case every red 3 not yet seen lies on top of the stock, and
    each one laid costs a replacement from what is left.
    """
    seen = sum(len(laid) for laid in view["red3s"]) + len(view["aside"])
    unseen = max(0, RED_THREES - seen)
    return max(0, min(count, view["stock_count"] - unseen))


def _extend(top: int, cards: list[int], hand: list[int]) -> list[int]:
    """More naturals of a set's rank join at once (up to seven)."""
    if FACES[cards[0]].rank != FACES[top].rank:
        return []
    more = [c for c in naturals(hand) if c not in cards and FACES[c].rank == FACES[top].rank]
    return more[: 7 - 3]


def _plan(
    pile: int, cards: list[int], meld: int | None, extra: list[list[int]], value: int
) -> Action:
    plan: Action = {"type": "take", "pile": pile, "cards": cards, "extra": extra, "value": value}
    if meld is not None:  # a new meld is the absence of a target, as the site reads it
        plan["meld"] = meld
    return plan


def _both(table: Table, a: Action, b: Action) -> Action | None:
    """Take both piles when each top has its own proof pair and they share no card."""
    tops = [pile["top"]["id"] for pile in table.piles if pile["top"] is not None]
    if len(tops) < 2:
        return None  # a pile is empty: there is no taking both
    takes = []
    used: set[int] = set()
    for top in tops:
        pair = melds.proof_pair(top, [c for c in naturals(table.hand) if c not in used])
        if pair is None:
            return None
        used.update(pair)
        takes.append({"cards": list(pair)})
    value = sum(melds.meld_value([t] + k["cards"]) for t, k in zip(tops, takes, strict=True))
    if not table.melded and value < table.minimum:
        return None
    gained = table.piles[0]["count"] + table.piles[1]["count"]
    laid = [[t, *k["cards"]] for t, k in zip(tops, takes, strict=True)]
    closing = sum(1 for meld in laid if melds.closed(meld))
    if gained < 5 or not table.may_leave(len(table.hand) - 4 + gained - 2, closing):
        return None
    return {"type": "take_both", "takes": takes, "extra": []}


# --- melding and discarding --------------------------------------------------------------


def play(table: Table, skill: int) -> Action:
    for move in (_switch, _lay_off, _close_with_wilds, _new_melds):
        action = move(table, skill)
        if action is not None:
            return action
    return discard(table, skill)


def _switch(table: Table, skill: int) -> Action | None:
    if skill < 2:
        return None
    for side, side_melds in enumerate(table.melds):
        for index, meld in enumerate(side_melds):
            for wild in wilds(meld):
                for card in table.free():
                    if FACES[card].natural and melds.switch_ok(meld, wild, card):
                        return {
                            "type": "switch",
                            "side": side,
                            "meld": index,
                            "wild": wild,
                            "card": card,
                        }
    return None


def _lay_off(table: Table, skill: int) -> Action | None:
    if not table.melded:
        return None
    for index, meld in enumerate(table.own):
        if melds.closed(meld):
            continue
        for card in table.free():
            face = FACES[card]
            if face.wild and len(meld) < 6:
                continue  # a wild only goes to close a meld at six
            if melds.fits(meld, card):
                closing = 1 if len(meld) == 6 else 0
                if table.may_leave(len(table.hand) - 1, closing):
                    return {"type": "add", "meld": index, "cards": [card]}
    return None


def _close_with_wilds(table: Table, skill: int) -> Action | None:
    """Expert: spend wilds to close a meld of five or six at once (a Canasta/Rumasta now)."""
    if skill < 2 or not table.melded:
        return None
    spare = wilds(table.free())
    for index, meld in enumerate(table.own):
        need = 7 - len(meld)
        if melds.closed(meld) or len(meld) < 5 or need > len(spare):
            continue
        cards = spare[:need]
        if melds.why_not(meld + cards) is None and table.may_leave(len(table.hand) - need, 1):
            return {"type": "add", "meld": index, "cards": cards}
    return None


def _new_melds(table: Table, skill: int) -> Action | None:
    spare = max(0, len(wilds(table.free())) - 1)
    found = find_melds(table.free(), spare)
    if not found:
        return None
    chosen: list[list[int]] = []
    for meld in found:
        used = sum(map(len, chosen)) + len(meld)
        closing = sum(1 for m in chosen + [meld] if len(m) >= 7)
        if table.may_leave(len(table.hand) - used, closing):
            chosen.append(meld)
    if not chosen:
        return None
    if not table.melded and sum(melds.meld_value(m) for m in chosen) < table.minimum:
        return None
    return {"type": "meld", "melds": chosen}


def discard(table: Table, skill: int) -> Action:
    hand = table.hand
    if len(hand) < 2:
        return {"type": "discard", "cards": [hand[0] if hand else None, None]}
    ranked = sorted(hand, key=lambda c: (_keep(table, c, skill), -FACES[c].value, c))
    pair = ranked[:2]
    if skill >= 2:
        pair = _place(table, pair)
    return {"type": "discard", "cards": pair}


def _keep(table: Table, card: int, skill: int) -> int:
    """Lower means discard first."""
    score = usefulness(card, table.hand, table.own)
    face = FACES[card]
    if skill >= 1 and any(melds.fits(m, card) for m in table.opponents_melds()):
        score += 60  # an opponent's meld would take it (and the pile with it)
    if skill >= 2:
        if face.black_three or _dead(table, card):
            score -= 20  # safe: blocks the pile it lands on
        if FACES[card].rank == 2 and len(wilds(table.hand)) >= 3:
            score = min(score, 10)  # a spare 2 freezes a pile
        if len(table.hand) <= 4 and table.closed >= 4:
            score -= FACES[card].value  # going out soon: shed the big cards
    if skill == 0 and face.black_three:
        score += 30  # easy players cling to their black 3s
    return score


def _dead(table: Table, card: int) -> bool:
    """Dead for the opponents: a closed Canasta of its rank and no open meld of theirs fits it."""
    face = FACES[card]
    closed_rank = any(
        melds.label(m) == "canasta" and FACES[naturals(m)[0]].rank == face.rank
        for side in table.melds
        for m in side
    )
    return closed_rank and not any(melds.fits(m, card) for m in table.opponents_melds())


def _place(table: Table, pair: list[int]) -> list[int]:
    """The safer card goes on the bigger pile (it blocks or freezes it)."""
    counts = [p["count"] for p in table.piles]
    safer = sorted(
        pair,
        key=lambda c: (0 if FACES[c].wild or FACES[c].black_three or _dead(table, c) else 1, c),
    )
    return safer if counts[0] >= counts[1] else list(reversed(safer))
