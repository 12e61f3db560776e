"""One line for each Rumasta move, naming the cards everyone saw and what a clock did.

Built from the move's action, the public view after it and, when known, the
public view before it (the previous move's), so a caption says only what was
laid face up: discards, melds, added and switched cards, a taken pile's top.
Cards taken into a hand or drawn are counted, never named. A timeout says
what the engine did for the player (``TIMEOUT_ACTION`` in the engine's
docstring): the cut, the draw and two discards, a pass in a heart window, or
dealing on.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from games.engine.rumasta.cards import FACES
from games.models import Move
from games.table_flow import is_you
from games.web.words import and_list, said

View = dict[str, Any]
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# A move's line by its type: the viewer's own sentence, then another player's.
LINES = {
    "cut": (gettext_noop("You cut the stock."), gettext_noop("%(name)s cut the stock.")),
    "draw": (
        gettext_noop("You drew from the draw pile."),
        gettext_noop("%(name)s drew from the draw pile."),
    ),
    "pick": (
        gettext_noop("You picked an opponent for the dreidel."),
        gettext_noop("%(name)s picked an opponent for the dreidel."),
    ),
    "meld": (
        gettext_noop("You laid down %(melds)s."),
        gettext_noop("%(name)s laid down %(melds)s."),
    ),
    "add": (
        gettext_noop("You added %(cards)s to a meld."),
        gettext_noop("%(name)s added %(cards)s to a meld."),
    ),
    "discard": (
        gettext_noop("You discarded %(discards)s."),
        gettext_noop("%(name)s discarded %(discards)s."),
    ),
    "heart": (
        gettext_noop("❤️ You pressed the heart!"),
        gettext_noop("❤️ %(name)s pressed the heart!"),
    ),
    "call_out": (gettext_noop("📣 You called out!"), gettext_noop("📣 %(name)s called out!")),
    "pass": (
        gettext_noop("You let the black 3 go."),
        gettext_noop("%(name)s let the black 3 go."),
    ),
}
# What a clock did for a seat that ran out of time (``timed_out``).
TIMEOUT_LINES = {
    "dealt": (
        gettext_noop("You ran out of time, so the clock dealt the next round."),
        gettext_noop("%(name)s ran out of time, so the clock dealt the next round."),
    ),
    "let_go": (
        gettext_noop("You ran out of time, so the clock let the black 3 go."),
        gettext_noop("%(name)s ran out of time, so the clock let the black 3 go."),
    ),
    "discarded": (
        gettext_noop("You ran out of time, so the clock discarded %(discards)s."),
        gettext_noop("%(name)s ran out of time, so the clock discarded %(discards)s."),
    ),
    "picked": (
        gettext_noop(
            "You ran out of time, so the clock picked the dreidel's opponent and discarded "
            "%(discards)s."
        ),
        gettext_noop(
            "%(name)s ran out of time, so the clock picked the dreidel's opponent and discarded "
            "%(discards)s."
        ),
    ),
}
# A take of one pile: (went onto one of the side's melds, with proof cards shown).
TAKE_LINES = {
    (False, True): (
        gettext_noop(
            "You took pile %(pile)s: its top card %(top)s went onto a new meld with %(cards)s."
        ),
        gettext_noop(
            "%(name)s took pile %(pile)s: its top card %(top)s went onto a new meld with %(cards)s."
        ),
    ),
    (True, True): (
        gettext_noop(
            "You took pile %(pile)s: its top card %(top)s went onto a meld with %(cards)s."
        ),
        gettext_noop(
            "%(name)s took pile %(pile)s: its top card %(top)s went onto a meld with %(cards)s."
        ),
    ),
    (False, False): (
        gettext_noop("You took pile %(pile)s: its top card %(top)s went onto a new meld."),
        gettext_noop("%(name)s took pile %(pile)s: its top card %(top)s went onto a new meld."),
    ),
    (True, False): (
        gettext_noop("You took pile %(pile)s: its top card %(top)s went onto a meld."),
        gettext_noop("%(name)s took pile %(pile)s: its top card %(top)s went onto a meld."),
    ),
}


def short(card: int) -> str:
    """A card as printed on its corner: ``K♥``, ``10♠``; a joker by name."""
    text = FACES[card].text
    return pgettext("a card", "joker") if text == "JK" else text[:-1] + SUIT_SYMBOL[text[-1]]


def cards_text(cards: list[int]) -> str:
    return " ".join(short(c) for c in cards)


def _ints(raw: Any) -> list[int]:
    """Card ids from a stored action (anything else is ignored: the log is data)."""
    items = raw if isinstance(raw, list) else []
    return [c for c in items if type(c) is int and 0 <= c < len(FACES)]


def discards_text(raw: Any) -> str:
    """ "9♠ to pile 1 and K♥ to pile 2" (a pile left out when the hand held one card)."""
    items = raw if isinstance(raw, list) else []
    parts = [
        _("%(card)s to pile %(pile)s") % {"card": short(c), "pile": pile + 1}
        for pile, c in enumerate(items[:2])
        if type(c) is int and 0 <= c < len(FACES)
    ]
    return and_list(parts) if parts else pgettext("discarded", "nothing")


def caption(move: Move, names: list[str], before: View | None = None) -> str:
    """One line for ``move``; ``before`` (the public view before it) adds detail."""
    who = names[move.seat]
    you = is_you(who)
    values: dict[str, Any] = {"name": who}
    action = move.action if isinstance(move.action, dict) else {}
    kind = str(action.get("type"))
    after = move.public_view
    if kind == "timeout":
        return timed_out(move.seat, before, after, values, first=move.seq == 1)
    if kind == "take":
        return _take(you, values, action, before)
    if kind == "take_both":
        tops = _tops(before, (0, 1))
        if not tops:
            return said(
                you,
                gettext_noop("You took both piles."),
                gettext_noop("%(name)s took both piles."),
                values,
            )
        values["tops"] = and_list(tops)
        return said(
            you,
            gettext_noop("You took both piles (tops %(tops)s)."),
            gettext_noop("%(name)s took both piles (tops %(tops)s)."),
            values,
        )
    if kind == "roll" and after["dreidel"]["face"]:
        values["face"] = after["dreidel"]["face"].capitalize()  # the letter's name: a name
        return said(
            you,
            gettext_noop("You rolled the dreidel: %(face)s."),
            gettext_noop("%(name)s rolled the dreidel: %(face)s."),
            values,
        )
    if kind == "next_round":
        return _("A new round begins.")
    if kind == "switch":
        return _switch(you, values, action)
    if kind in LINES:
        values.update(
            melds=_melds(action.get("melds")),
            cards=cards_text(_ints(action.get("cards"))),
            discards=discards_text(action.get("cards")),
        )
        return said(you, *LINES[kind], values)
    return said(you, gettext_noop("You moved."), gettext_noop("%(name)s moved."), values)


def timed_out(
    seat: int, before: View | None, after: View, values: dict[str, Any], first: bool = False
) -> str:
    """The line of a seat that ran out of time: what the clock did for it, as the engine's
    timeout does it. ``values`` holds the seat's ``name``.

    ``first``: the game's first move, whose "before" is always the opening cut.
    """
    you = is_you(values["name"])
    phase = before["phase"] if before else ("cut" if first else None)
    if phase == "cut":
        count = after["cut"]["count"]
        number = count if isinstance(count, int) else 0  # English says "cards" for any count
        if you:
            line = ngettext(
                "You ran out of time, so the clock cut the stock (%(count)s cards).",
                "You ran out of time, so the clock cut the stock (%(count)s cards).",
                number,
            )
        else:
            line = ngettext(
                "%(name)s ran out of time, so the clock cut the stock (%(count)s cards).",
                "%(name)s ran out of time, so the clock cut the stock (%(count)s cards).",
                number,
            )
        return line % {**values, "count": count}
    if phase == "round_over":
        return said(you, *TIMEOUT_LINES["dealt"], values)
    if before is not None and phase == "heart" and seat in before["heart"]["waiting"]:
        return said(you, *TIMEOUT_LINES["let_go"], values)
    values = {**values, "discards": discards_text(after["last_discards"])}
    if before is None:
        return said(you, *TIMEOUT_LINES["discarded"], values)
    drawn = after["hand_counts"][seat] - before["hand_counts"][seat] + _count(after)
    if before.get("step") == "pick":
        return said(you, *TIMEOUT_LINES["picked"], values)
    if drawn > 0:
        values["count"] = drawn
        if you:
            line = ngettext(
                "You ran out of time, so the clock drew %(count)s card and discarded %(discards)s.",
                "You ran out of time, so the clock drew %(count)s cards and discarded "
                "%(discards)s.",
                drawn,
            )
        else:
            line = ngettext(
                "%(name)s ran out of time, so the clock drew %(count)s card and discarded "
                "%(discards)s.",
                "%(name)s ran out of time, so the clock drew %(count)s cards and discarded "
                "%(discards)s.",
                drawn,
            )
        return line % values
    return said(you, *TIMEOUT_LINES["discarded"], values)


def _count(after: View) -> int:
    return sum(1 for c in after["last_discards"] or [] if c is not None)


def _take(you: bool, values: dict[str, Any], action: dict[str, Any], before: View | None) -> str:
    pile = action.get("pile")
    if pile not in (0, 1):
        return said(
            you, gettext_noop("You took a pile."), gettext_noop("%(name)s took a pile."), values
        )
    values = {**values, "pile": pile + 1}
    tops = _tops(before, (pile,))
    if not tops:
        return said(
            you,
            gettext_noop("You took pile %(pile)s."),
            gettext_noop("%(name)s took pile %(pile)s."),
            values,
        )
    proof = _ints(action.get("cards"))
    values.update(top=tops[0], cards=cards_text(proof))
    onto_meld = type(action.get("meld")) is int
    return said(you, *TAKE_LINES[(onto_meld, bool(proof))], values)


def _tops(before: View | None, piles: tuple[int, ...]) -> list[str]:
    if before is None:
        return []
    tops = [before["piles"][p]["top"] for p in piles]
    return [short(t["id"]) for t in tops if t is not None]


def _melds(raw: Any) -> str:
    groups = [cards_text(_ints(g)) for g in (raw if isinstance(raw, list) else [])]
    groups = [g for g in groups if g]
    return and_list(groups) if groups else _("a meld")


def _switch(you: bool, values: dict[str, Any], action: dict[str, Any]) -> str:
    natural, wild = _ints([action.get("card")]), _ints([action.get("wild")])
    if not natural or not wild:
        return said(
            you,
            gettext_noop("You switched out a wild."),
            gettext_noop("%(name)s switched out a wild."),
            values,
        )
    values = {**values, "card": short(natural[0]), "wild": short(wild[0])}
    return said(
        you,
        gettext_noop("You switched %(card)s in for a wild (%(wild)s) and took the wild."),
        gettext_noop("%(name)s switched %(card)s in for a wild (%(wild)s) and took the wild."),
        values,
    )
