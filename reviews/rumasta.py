"""Rumasta's post-game review: each of a seat's turns against the most it could have melded.

The round is replayed from the deal (``new_game(config, seed)``) through the move
log. A turn starts when the seat opens it (takes a pile, both, draws, rolls, or the
clock does it) and ends with its two discards. For each turn only the seat's own view
at its start (``view(state, seat)``: its hand, the piles' top cards, the melds, its
side's minimum; never another hand, the stock or what lies under a top card) goes to
the bots' search ``best_turn`` (games/bots/rumasta/best.py says what it weighs).
What the seat melded is read from its side's melds before and after the turn.

The measure is the search's: card points melded this turn (then cards). A search cut
short by its step limit is marked "at least" (its best is then only a lower bound).
The turn also notes the pile the seat could have taken with its proof (which one,
with which cards) and a frozen pile it could prove and left ("a freeze ignored").

Reviews exist only once the game is over for everyone: a review of a round while
the game goes on would help in the rounds still to play.
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.bots.rumasta.best import REVIEW_NODES, TURN_SECONDS, Budget, best_turn
from games.engine import rumasta
from games.engine.rumasta.cards import FACES
from games.engine.rumasta.heart import waiting
from games.engine.rumasta.melds import arrange
from games.models import Game, GameStatus, Move
from games.web.rumasta.hint import MELDED_MARK, faces, marked_card, points_phrase

log = logging.getLogger(__name__)
View = dict[str, Any]
OPENINGS = ("take", "take_both", "draw", "roll", "timeout")
TURN_TEMPLATE = "games/rumasta/_review_turn.html"
STYLESHEETS = ("css/rumasta.css",)  # the cards' faces
# What the best play was worth beyond the seat's own, by how it opens and whether the
# search finished ("at least" when its step limit cut it short).
WORTH = {
    ("take", True): gettext_lazy(
        "Taking pile %(pile)s with its proof (%(proof)s) was worth %(more)s more: "
        "%(points)s in all."
    ),
    ("take", False): gettext_lazy(
        "Taking pile %(pile)s with its proof (%(proof)s) was worth at least %(more)s more: "
        "%(points)s in all."
    ),
    ("onto", True): gettext_lazy(
        "Taking pile %(pile)s onto your side's meld was worth %(more)s more: %(points)s in all."
    ),
    ("onto", False): gettext_lazy(
        "Taking pile %(pile)s onto your side's meld was worth at least %(more)s more: "
        "%(points)s in all."
    ),
    ("take_both", True): gettext_lazy(
        "Taking both piles with their proofs (%(proof)s) was worth %(more)s more: "
        "%(points)s in all."
    ),
    ("take_both", False): gettext_lazy(
        "Taking both piles with their proofs (%(proof)s) was worth at least %(more)s "
        "more: %(points)s in all."
    ),
    ("meld", True): gettext_lazy(
        "Melding from your hand was worth %(more)s more: %(points)s in all."
    ),
    ("meld", False): gettext_lazy(
        "Melding from your hand was worth at least %(more)s more: %(points)s in all."
    ),
}


def lede() -> str:
    """The review page's first line, in this game's words (a hand, the melds)."""
    return _(
        "Each of your turns against the most you could have melded, worked out from what "
        "you could see then: your own hand, the piles' top cards and the melds."
    )


def not_yet() -> str:
    """Why there is no review yet (the review page says it)."""
    return _("Your review comes once the game is over for everyone at the table.")


def completed_rounds(game: Game) -> list[int]:
    """Every round played to its end, once the game is over for everyone (none before)."""
    if game.status == GameStatus.ACTIVE:
        return []
    state = rumasta.from_json(game.state)
    over = state.phase in ("round_over", "game_over")
    return list(range(1, state.round_no + (1 if over else 0)))


def ended_round(move: Move) -> int | None:
    """The game's last round, when ``move`` ended the game (its reviews are then due)."""
    after = move.public_view if isinstance(move.public_view, dict) else {}
    return after.get("round_no") if after.get("phase") == "game_over" else None


def compute(game: Game, seat_index: int, round_no: int) -> dict[str, Any]:
    """Replay the game up to the end of ``round_no`` and review each of the seat's turns."""
    state = rumasta.new_game(game.config, game.seed)
    turns: list[dict[str, Any]] = []
    opened: tuple[Move, View] | None = None
    moves = Move.objects.filter(game=game).order_by("seq").only("seq", "seat", "action")
    for move in moves.iterator():
        if state.round_no > round_no:
            break
        before = state
        state, _events = rumasta.apply(before, move.seat, move.action)
        if before.round_no != round_no or move.seat != seat_index:
            continue
        if opened is None and opens_turn(before, seat_index, move.action):
            opened = (move, rumasta.view(before, seat_index))
        if opened is not None and turn_over(state):
            start, seen = opened
            turn = review_turn(seen, rumasta.view(state, seat_index), start, len(turns) + 1)
            _log_safety_net(turn, game, seat_index, start.seq)
            turns.append(turn)
            opened = None
    return {"round": round_no, "turns": turns, "summary": summary(turns)}


def opens_turn(state: rumasta.State, seat: int, action: dict[str, Any]) -> bool:
    """``action`` by ``seat`` opens its turn (a timeout in a black 3 window it may answer
    is a pass there, not a turn)."""
    if state.turn != seat or state.step != "choose" or state.phase not in ("turn", "heart"):
        return False
    kind = action.get("type")
    answering = state.phase == "heart" and seat in waiting(state)
    return kind in OPENINGS and not (answering and kind == "timeout")


def turn_over(state: rumasta.State) -> bool:
    """The discards ended the turn (or the round ended on it)."""
    return state.phase not in ("turn", "heart") or state.step == "choose"


def _log_safety_net(turn: dict[str, Any], game: Game, seat: int, seq: int) -> None:
    if turn.pop("timed_out", False):
        log.warning(
            "Rumasta review of game %s (seat %s, move %s) hit the %s s CPU safety cap",
            game.id,
            seat,
            seq,
            TURN_SECONDS,
            extra={"level": "review"},
        )


def review_turn(before: View, after: View, start: Move, number: int) -> dict[str, Any]:
    """One turn, from the seat's own views at its start and at its end."""
    budget = Budget(REVIEW_NODES, TURN_SECONDS)
    best = best_turn(before, budget)
    did = _did(before, after, start.action)
    taken = set(did["piles"])
    missed = [p for p in best.piles if p not in taken] if best.points > did["points"] else []
    return {
        "timed_out": budget.timed_out,
        "seq": start.seq,
        "number": number,
        "hand": [c["id"] for c in before["hand"]],
        "piles": [_pile(p) for p in before["piles"]],
        "melded": bool(before["me"]["melded"]),
        "minimum": int(before["me"]["minimum"]),
        "did": did,
        "best": best.as_json(),
        "gain": max(0, best.points - did["points"]),
        "missed_piles": missed,
        "freeze_ignored": [p for p in missed if before["piles"][p]["frozen"]],
    }


def _pile(pile: dict[str, Any]) -> dict[str, Any]:
    """A pile as the seat saw it: its top card (public), its size, its frozen mark."""
    top = pile["top"]["id"] if pile["top"] else None
    return {"top": top, "count": pile["count"], "frozen": pile["frozen"]}


def _did(before: View, after: View, action: dict[str, Any]) -> dict[str, Any]:
    """What the seat did: how it opened, and what went onto its side's melds (by meld)."""
    kind = action.get("type", "timeout")
    piles = [action.get("pile")] if kind == "take" else ([0, 1] if kind == "take_both" else [])
    old = {c["id"] for m in _own(before) for c in m["cards"]}
    new = [[c["id"] for c in m["cards"] if c["id"] not in old] for m in _own(after)]
    new = [m for m in new if m]
    cards = [c for m in new for c in m]
    return {
        "option": kind,
        "piles": [p for p in piles if p in (0, 1)],
        "melds": new,
        "points": sum(FACES[c].value for c in cards),
        "cards": len(cards),
    }


def _own(view: View) -> list[dict[str, Any]]:
    return view["sides_melds"][view["my_side"]]["melds"]


def was_best(turn: dict[str, Any]) -> bool:
    return turn["did"]["points"] >= turn["best"]["points"]


def summary(turns: list[dict[str, Any]]) -> dict[str, Any]:
    """The round in numbers: points melded against the most found, missed piles."""
    return {
        "turns": len(turns),
        "points": sum(t["did"]["points"] for t in turns),
        "best_points": sum(max(t["did"]["points"], t["best"]["points"]) for t in turns),
        "exact": all(t["best"]["exact"] for t in turns),
        "best_turns": sum(1 for t in turns if was_best(t)),
        "missed_piles": [t["number"] for t in turns if t["missed_piles"]],
        "freezes_ignored": [t["number"] for t in turns if t["freeze_ignored"]],
    }


# --- for the page ------------------------------------------------------------------------


def present(data: dict[str, Any]) -> dict[str, Any]:
    """What the review page shows: a summary and, per turn, two sentences and the cards."""
    return {
        "lede": lede(),
        "turn_template": TURN_TEMPLATE,
        "stylesheets": STYLESHEETS,
        "summary": _summary_lines(data["summary"]),
        "turns": [_turn_context(t) for t in data["turns"]],
    }


def _summary_lines(s: dict[str, Any]) -> list[str]:
    values = {
        "points": points_phrase(s["points"]),
        "turns": _turns(s["turns"]),
        "best": points_phrase(s["best_points"]),
    }
    if s["exact"]:
        melded = _(
            "You melded %(points)s in %(turns)s; the most you could have melded, "
            "turn by turn, was %(best)s."
        )
    else:
        melded = _(
            "You melded %(points)s in %(turns)s; the most you could have melded, "
            "turn by turn, was at least %(best)s."
        )
    best = ngettext(
        "You made the best play on %(best)s of your %(count)s turn.",
        "You made the best play on %(best)s of your %(count)s turns.",
        s["turns"],
    ) % {"best": s["best_turns"], "count": s["turns"]}
    lines = [melded % values, best]
    if s["missed_piles"]:
        lines.append(
            ngettext(
                "You could have taken a pile on turn %(turns)s.",
                "You could have taken a pile on turns %(turns)s.",
                len(s["missed_piles"]),
            )
            % {"turns": ", ".join(str(n) for n in s["missed_piles"])}
        )
    if s["freezes_ignored"]:
        lines.append(
            ngettext(
                "A frozen pile you could prove went untaken on turn %(turns)s.",
                "A frozen pile you could prove went untaken on turns %(turns)s.",
                len(s["freezes_ignored"]),
            )
            % {"turns": ", ".join(str(n) for n in s["freezes_ignored"])}
        )
    return lines


def _turn_context(turn: dict[str, Any]) -> dict[str, Any]:
    best = turn["best"]
    tops = {pile: top for pile, top, _cards, _meld in best["tops"]}
    proof = {c for cards in best["proofs"].values() for c in cards}
    played = {c for m in turn["did"]["melds"] for c in m}
    return {
        "seq": turn["seq"],
        "number": turn["number"],
        "did": _did_text(turn),
        "could": _could_text(turn),
        "best_play": was_best(turn),
        "missed_pile": bool(turn["missed_piles"]),
        "freeze_ignored": bool(turn["freeze_ignored"]),
        "hand": [marked_card(c, c in played, MELDED_MARK) for c in turn["hand"]],
        "tops": [_top(i, pile) for i, pile in enumerate(turn["piles"])],
        "played": [[marked_card(c) for c in arrange(m)] for m in turn["did"]["melds"]],
        "best": [
            [marked_card(c, c in proof or c in tops.values()) for c in arrange(m)]
            for m in _best_melds(best)
        ],
    }


def _top(index: int, pile: dict[str, Any]) -> dict[str, Any]:
    card = marked_card(pile["top"]) if pile["top"] is not None else None
    return {**pile, "number": index + 1, "card": card}


def _best_melds(best: dict[str, Any]) -> list[list[int]]:
    """The best play's cards, meld by meld: each top card with its hand cards, the new
    melds, then the additions to the side's melds."""
    out = [[top, *cards] for _pile, top, cards, _meld in best["tops"]]
    return out + list(best["melds"]) + [cards for _index, cards in best["adds"]]


def _did_text(turn: dict[str, Any]) -> str:
    did = turn["did"]
    values = {"points": points_phrase(did["points"])}
    option = did["option"]
    if option == "timeout":
        return _("Your time ran out: the house drew for you and discarded.")
    if option == "take":
        values["pile"] = did["piles"][0] + 1
        return _("You took pile %(pile)s and melded %(points)s.") % values
    if option == "take_both":
        return _("You took both piles and melded %(points)s.") % values
    if option == "roll":
        if not did["points"]:
            return _("You rolled the dreidel and melded nothing.")
        return _("You rolled the dreidel and melded %(points)s.") % values
    if not did["points"]:
        return _("You drew and melded nothing.")
    return _("You drew and melded %(points)s.") % values


def _could_text(turn: dict[str, Any]) -> str:
    best = turn["best"]
    if was_best(turn):
        if best["points"] or turn["did"]["points"]:
            return _("That was the best play.")
        if not turn["melded"]:
            return _("No first meld worth %(minimum)s was possible.") % {
                "minimum": turn["minimum"]
            }
        return _("There was nothing to meld.")
    values = {"more": points_phrase(turn["gain"]), "points": points_phrase(best["points"])}
    kind = best["option"] if best["option"] in ("take", "take_both") else "meld"
    if kind in ("take", "take_both"):
        values["proof"] = "; ".join(faces(best["proofs"][str(p)]) for p in best["piles"])
        values["pile"] = best["piles"][0] + 1
    if kind == "take" and not values["proof"]:
        kind = "onto"  # onto the side's meld: no proof needed
    return str(WORTH[kind, bool(best["exact"])]) % values


def _turns(n: int) -> str:
    return ngettext("%(count)s turn", "%(count)s turns", n) % {"count": n}


