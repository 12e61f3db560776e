"""Rumasta's Hint: the best play for this turn, in games against computers only.

The hint is the bots' search (games/bots/rumasta/best.py: the most card points the
seat can meld from what it sees) run on the seat's own view, so it can show nothing
the seat could not see. At the start of a turn it weighs taking either pile, both, or
drawing; after the take or the draw, the melds from the hand.

It is shown as the seat's draft, so the player confirms it with the table's own
buttons or changes it: a take opens the proof step for that pile with the other melds
set aside ("Also melding") and the proof cards picked (B: the first pile's proof
already shown); in the play step all but the last meld are set aside and the last
one's cards picked. Additions to the side's melds and a draw are only described: the
table adds one meld at a time, and a draw is a move, not a draft.

Asking marks the game for good (``services.mark_hint_used``, conditional on the
version the page was drawn at, so a stale or forged request changes nothing), and a
marked game is kept off the leaderboards. Online tables, the daily challenge and
guided games never offer one. The answer is cached for this turn (game, seat,
version) and is gone once the turn moves on.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games import services
from games.bots.rumasta.best import (
    HINT_NODES,
    HINT_SECONDS,
    BestTurn,
    Budget,
    best_melds,
    best_turn,
)
from games.engine.rumasta.melds import arrange
from games.engine.rumasta.view import card_view
from games.models import Game, Seat
from games.table_flow import TableFlow
from games.table_flow import View as PageView
from games.web import hints
from games.web.rumasta import presenters

# What an outlined card says aloud: a top card or a proof card in a hint or a review's best
# play, a card the player melded in the review's hand.
PROOF_MARK = gettext_noop("%(card)s, a top card or its proof")
MELDED_MARK = gettext_noop("%(card)s, melded this turn")
log = logging.getLogger(__name__)


def my_turn(view: dict[str, Any], seat: Seat) -> bool:
    """The seat's own turn, before its discards: at the start or while melding."""
    return (
        view["phase"] == "turn"
        and view["turn"] == seat.index
        and seat.index in view["to_act"]
        and view["step"] in ("choose", "play")
    )


def board_context(
    game: Game, seat: Seat, view: dict[str, Any], draft: Any, **extra: Any
) -> dict[str, Any]:
    """The table's context plus the Hint button and this turn's hint, if one was asked for.

    While the seat's draft is still the one the hint set, the hint's cards are picked
    in the hand and its meld is chosen for the pile (``hinted_meld``)."""
    context = presenters.board_context(game, seat, view, draft, **extra)
    mine = my_turn(view, seat)
    stored = hints.kept(game, seat, mine)
    context["hint"] = {
        "allowed": mine and hints.hint_allowed(game),
        "shown": _shown(stored, view) if stored is not None else None,
        "picked": [],
    }
    if stored is not None and _draft_of(draft) == stored["draft"]:
        context["hint"]["picked"] = stored["picked"]
        for pile in context["piles"]:
            pile["hinted_meld"] = stored["choices"].get(str(pile["index"]))
    return context


def _draft_of(draft: dict[str, Any] | None) -> dict[str, Any] | None:
    return {k: v for k, v in draft.items() if k != "version"} if draft else None


def make_view(flow: TableFlow) -> PageView:
    """The Hint POST view for ``flow``'s table (a factory, so views.py and this module
    don't import each other); the play it sets out is the seat's draft, read again."""
    return hints.make_view(flow, give_hint, refresh_draft=True)


def give_hint(game: Game, seat: Seat, view: dict[str, Any], version: int | None) -> None:
    """Work out the best play for the seat's turn, mark the game, set it out as the draft."""
    asked = hints.check_asked(game, version, my_turn(view, seat))
    budget = Budget(HINT_NODES, HINT_SECONDS)
    best = best_turn(view, budget) if view["step"] == "choose" else best_melds(view, budget)
    if budget.timed_out:
        hints.warn_cap(log, "Rumasta", game, HINT_SECONDS, budget.total)
    hints.mark_used(game, asked)
    stored = _stored(best)
    if stored["draft"] is not None:
        draft = stored["draft"]
        services.update_draft(
            game.id, seat.index, asked, lambda _d, _v: copy.deepcopy(draft), loaded=game
        )
    hints.keep(game, seat, stored)


def _stored(best: BestTurn) -> dict[str, Any]:
    """What is cached: card ids from the seat's own hand and the piles' top cards, the
    draft that sets the play out, the cards to pick and each pile's meld choice."""
    draft, picked, choices = _as_draft(best)
    return {
        **best.as_json(),
        "draft": draft,
        "picked": picked,
        "choices": choices,
    }


def _as_draft(best: BestTurn) -> tuple[dict[str, Any] | None, list[int], dict[str, int | None]]:
    """The draft the table's buttons confirm, the hand cards to pick, each pile's meld."""
    melds = [list(m) for m in best.melds]
    if best.option == "take":
        (take,) = best.takes
        draft = {"piles": [take.pile], "proofs": {}, "extra": melds}
        return draft, list(take.cards), {str(take.pile): take.meld}
    if best.option == "take_both":
        first, second = best.takes
        shown = {str(first.pile): {"cards": list(first.cards), "meld": first.meld}}
        draft = {"piles": [0, 1], "proofs": shown, "extra": melds}
        return draft, list(second.cards), {str(second.pile): second.meld}
    if best.option == "meld" and melds:
        return ({"groups": melds[:-1]} if len(melds) > 1 else None), melds[-1], {}
    if best.option == "meld" and best.adds:
        return None, list(best.adds[0][1]), {}
    return None, [], {}


# --- for the page -------------------------------------------------------------------------


def _shown(stored: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The hint's sentences and its melds, card by card (tops and proofs marked)."""
    marked = {c for cards in stored["proofs"].values() for c in cards}
    marked |= {top for _pile, top, _cards, _meld in stored["tops"]}
    rows = [(_meld_caption(meld), [top, *cards]) for _p, top, cards, meld in stored["tops"]]
    rows += [(_("A new meld"), m) for m in stored["melds"]]
    rows += [(_meld_caption(i), cards) for i, cards in stored["adds"]]
    return {
        "text": _hint_text(stored, view),
        "inexact": not stored["exact"],
        "confirm": stored["draft"] is not None or bool(stored["picked"]),
        "melds": [
            {"caption": caption, "cards": [marked_card(c, c in marked) for c in arrange(cards)]}
            for caption, cards in rows
        ],
    }


def _meld_caption(index: int | None) -> str:
    if index is None:
        return _("A new meld")
    return _("Onto your side's meld %(number)s") % {"number": index + 1}


def marked_card(card_id: int, marked: bool = False, mark: str = PROOF_MARK) -> dict[str, Any]:
    """A card to draw read-only (a hint, a review); ``marked`` ones are outlined and
    say why aloud (``mark``)."""
    shown = presenters.card(card_view(card_id))
    assert shown is not None
    label = _(mark) % {"card": shown["label"]} if marked else shown["label"]
    return {**shown, "label": label, "marked": marked}


def _hint_text(stored: dict[str, Any], view: dict[str, Any]) -> str:
    values = {"points": points_phrase(stored["points"])}
    option = stored["option"]
    if option in ("take", "take_both"):
        values["proof"] = "; ".join(faces(stored["proofs"][str(p)]) for p in stored["piles"])
    if option == "take":
        values["pile"] = stored["piles"][0] + 1
        if not values["proof"]:
            return _("Take pile %(pile)s onto your side's meld and meld %(points)s.") % values
        return _("Take pile %(pile)s with its proof (%(proof)s) and meld %(points)s.") % values
    if option == "take_both":
        return _("Take both piles with their proofs (%(proof)s) and meld %(points)s.") % values
    me = view["me"] or {}
    if stored["points"]:
        if option == "draw":
            return _("Draw, then meld %(points)s from your hand.") % values
        return _("The most you can meld now: %(points)s.") % values
    if not me.get("melded"):
        return _("No first meld worth %(minimum)s can be made now.") % {
            "minimum": me.get("minimum", 50)
        }
    return _("Nothing can be melded now.")


def faces(cards: list[int]) -> str:
    """Cards as the table prints them (K♦ K♣)."""
    shown = [presenters.card(card_view(c)) for c in cards]
    return " ".join(f"{s['rank_text']}{s['symbol']}" for s in shown if s is not None)


def points_phrase(n: int) -> str:
    """ "85 points", a whole phrase in the reader's language ("85 de puncte")."""
    return ngettext("%(count)s point", "%(count)s points", n) % {"count": n}
