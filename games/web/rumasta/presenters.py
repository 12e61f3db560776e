"""Turn a Rumasta view (plus the seat's draft) into what the table template shows.

Templates render only this, built only from ``view(state, seat)`` or a
move's public view, so no hidden card (not even a partner's) reaches a page.
Every card carries its accessible name ("queen of hearts") and a suit symbol
next to its colour, so suits differ without colour.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext, pgettext_lazy

from games.engine.rumasta.cards import Card
from games.models import Game, Move, Seat
from games.table_flow import is_you
from games.web.rumasta import captions
from games.web.spectator import is_spectator
from games.web.words import after_preposition, names_for, said

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# The dreidel's letters are names; what each one does is said in the reader's language.
DREIDEL = {
    "nun": ("נ", "Nun", gettext_lazy("draw 3")),
    "gimel": ("ג", "Gimel", gettext_lazy("take a random card from an opponent and draw 4")),
    "hey": ("ה", "Hey", gettext_lazy("draw 6")),
    "shin": ("ש", "Shin", gettext_lazy("an opponent takes a random card, then draw 4")),
}
SIDE_NAMES = "ABC"
# A card's accessible name ("queen of hearts"), built in the reader's language.
RANK_NAMES = {
    1: pgettext_lazy("card rank", "ace"),
    2: pgettext_lazy("card rank", "two"),
    3: pgettext_lazy("card rank", "three"),
    4: pgettext_lazy("card rank", "four"),
    5: pgettext_lazy("card rank", "five"),
    6: pgettext_lazy("card rank", "six"),
    7: pgettext_lazy("card rank", "seven"),
    8: pgettext_lazy("card rank", "eight"),
    9: pgettext_lazy("card rank", "nine"),
    10: pgettext_lazy("card rank", "ten"),
    11: pgettext_lazy("card rank", "jack"),
    12: pgettext_lazy("card rank", "queen"),
    13: pgettext_lazy("card rank", "king"),
}
SUIT_NAMES = {
    "S": pgettext_lazy("card suit", "spades"),
    "H": pgettext_lazy("card suit", "hearts"),
    "D": pgettext_lazy("card suit", "diamonds"),
    "C": pgettext_lazy("card suit", "clubs"),
}
# Why a round ended, when nobody's going out says it (``round_context``).
ENDED = {
    "out": pgettext_lazy("why a round ended", "went out"),
    "stock": pgettext_lazy("why a round ended", "the draw pile ran out"),
    "move_cap": pgettext_lazy("why a round ended", "the move cap"),
}


def card_name(rank: int, suit: str) -> str:
    """A card's accessible name, "queen of hearts" or "joker", in the reader's language."""
    if rank == 0 or suit not in SUIT_NAMES:
        return pgettext("a card", "joker")
    return pgettext("a card: its rank and suit", "%(rank)s of %(suit)s") % {
        "rank": RANK_NAMES[rank],
        "suit": SUIT_NAMES[suit],
    }


def face_name(text: str) -> str:
    """The accessible name of a card printed as ``QH``, ``10S``, ``JK``."""
    if text == "JK":
        return card_name(0, "")
    card = Card.parse(text)
    return card_name(card.rank, card.suit)


def joined(names: list[str]) -> str:
    """A side's players: "Ana and Bea" (and "Ana and Bea and Ion" for three)."""
    out = names[0]
    for name in names[1:]:
        out = pgettext("a list", "%(items)s and %(last)s") % {"items": out, "last": name}
    return out


def card(shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """One card for a template: rank text, suit symbol, colour class, accessible name."""
    if shown is None:
        return None
    joker = shown["rank"] == 0
    rank = "JK" if joker else shown["face"][:-1]
    return {
        **shown,
        "rank_text": "★" if joker else rank,
        "symbol": "" if joker else SUIT_SYMBOL[shown["suit"]],
        "css": "joker" if joker else shown["colour"],
        "label": card_name(shown["rank"], shown["suit"]),
    }


def players_context(view: dict[str, Any], names: list[str], me: int) -> list[dict[str, Any]]:
    acting = set(view["to_act"]) if view["phase"] in ("turn", "cut", "heart") else set()
    side_of = {s: i for i, side in enumerate(view["sides"]) for s in side}
    teams = view["teams"] != "none"
    return [
        {
            "index": i,
            "name": name,
            "is_me": i == me,
            "count": view["hand_counts"][i],
            "side": SIDE_NAMES[side_of[i]] if teams else "",
            "partner": teams and i != me and side_of[i] == side_of.get(me),
            "red3s": [card(c) for c in view["red3s"][i]],
            "acting": i in acting,
            "turn": view["phase"] in ("turn", "heart") and i == view["turn"],
        }
        for i, name in enumerate(names)
    ]


def sides_context(view: dict[str, Any], names: list[str], me: int) -> list[dict[str, Any]]:
    """Each side's melds (yours first) with their counts towards seven, and its score."""
    out = []
    for side in view["sides_melds"]:
        melds = [
            {**m, "cards": [card(c) for c in m["cards"]], "number": m["index"] + 1}
            for m in side["melds"]
        ]
        mine = me in side["seats"]
        who = joined([names[s] for s in side["seats"]])
        out.append(
            {
                "index": side["side"],
                "title": _("Your side") if mine else who,
                "who": who,
                "mine": mine,
                "melds": melds,
                "closed": sum(1 for m in melds if m["closed"]),
                "total": view["side_totals"][side["side"]],
            }
        )
    return sorted(out, key=lambda s: not s["mine"])


def piles_context(view: dict[str, Any], draft: dict[str, Any]) -> list[dict[str, Any]]:
    proofs = draft.get("proofs", {})
    return [
        {
            **pile,
            "index": i,
            "number": i + 1,
            "top": card(pile["top"]),
            "proof": proofs.get(str(i)),
            "discard": card_by_id(view, (draft.get("discards") or [None, None])[i]),
        }
        for i, pile in enumerate(view["piles"])
    ]


def card_by_id(view: dict[str, Any], card_id: int | None) -> dict[str, Any] | None:
    if card_id is None or not view.get("hand"):
        return None
    return next((card(c) for c in view["hand"] if c["id"] == card_id), None)


def heart_context(view: dict[str, Any], names: list[str], me: int) -> dict[str, Any] | None:
    window = view["heart"]
    if window is None:
        return None
    layer = window["layer"]
    waiting = me in window["waiting"]
    return {
        "layer": names[layer],
        "mine": layer == me,
        "press": ("heart" if layer == me else "call_out") if waiting else None,
        "cards": [card(c) for c in window["cards"]],
    }


def heart_result(view: dict[str, Any], names: list[str]) -> str | None:
    """The last race's outcome, in words, while the round is on."""
    result = view["heart_result"]
    if result is None:
        return None
    layer = names[result["layer"]]
    if result["winner"] == "heart":
        return said(
            is_you(layer),
            gettext_noop("❤️ You pressed the heart in time: no one called out."),
            gettext_noop("❤️ %(name)s pressed the heart in time: no one called out."),
            {"name": layer},
        )
    # The black 3's layer reads "by <name>" in some languages: "You" takes that form there.
    values = {"layer": after_preposition(layer)}
    if result["winner"] == "call_out":
        moved = len(result["red3s_moved"])
        values.update(name=names[result["by"]], count=moved)
        you_called = is_you(names[result["by"]])
        if not moved:
            return said(
                you_called,
                gettext_noop("📣 You called out %(layer)s's black 3 first."),
                gettext_noop("📣 %(name)s called out %(layer)s's black 3 first."),
                values,
            )
        if you_called:
            line = ngettext(
                "📣 You called out %(layer)s's black 3 first and took %(count)s red 3.",
                "📣 You called out %(layer)s's black 3 first and took %(count)s red 3s.",
                moved,
            )
        else:
            line = ngettext(
                "📣 %(name)s called out %(layer)s's black 3 first and took %(count)s red 3.",
                "📣 %(name)s called out %(layer)s's black 3 first and took %(count)s red 3s.",
                moved,
            )
        return line % values
    return _("%(layer)s's black 3 window closed with no press.") % values


def cut_context(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    cut = view["cut"]
    if cut["count"] is None:
        return None
    off = cut["count"] - cut["target"]
    if cut["perfect"]:
        text = _("a perfect cut: +100 at this round's scoring")
    elif off < 0:
        text = ngettext(
            "%(count)s card short (the dealer made up the rest)",
            "%(count)s cards short (the dealer made up the rest)",
            -off,
        ) % {"count": -off}
    else:
        text = ngettext(
            "%(count)s card too many (the extra went under the stock)",
            "%(count)s cards too many (the extra went under the stock)",
            off,
        ) % {"count": off}
    # "The cut by <name>": after a preposition in the reader's language too.
    by = after_preposition(names[view["cutter"]])
    return {"by": by, "perfect": cut["perfect"], "text": text}


def dreidel_context(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    face = view["dreidel"]["face"]
    if face is None:
        return None
    letter, name, effect = DREIDEL[face]
    by = view["dreidel"]["by"]
    return {
        "letter": letter,
        "name": name,
        "effect": str(effect),
        "by": names[by] if by is not None else "",
    }


def round_context(view: dict[str, Any], names: list[str], me: int) -> dict[str, Any] | None:
    """Round complete / Game over: the three scoring steps per side, and the hands left."""
    if view["phase"] not in ("round_over", "game_over") or not view["round_steps"]:
        return None
    rows = []
    for steps in view["round_steps"]:
        seats = steps["seats"]
        rows.append(
            {
                **steps,
                "who": joined([names[s] for s in seats]),
                "mine": me in seats,
                "won": bool(set(seats) & set(view["winners"])),
                "hands": [
                    {"name": names[s], "cards": [_face_card(c) for c in view["final_hands"][s]]}
                    for s in seats
                ],
            }
        )
    went_out = view["went_out"]
    if view["end_reason"] == "out" and went_out is not None:
        why = said(
            is_you(names[went_out]),
            gettext_noop("You went out"),
            gettext_noop("%(name)s went out"),
            {"name": names[went_out]},
        )
    else:
        why = str(ENDED.get(view["end_reason"] or "", ""))
    return {
        "rows": rows,
        "game_over": view["phase"] == "game_over",
        "i_won": me in view["winners"],
        "why": why,
    }


def _face_card(face: dict[str, Any]) -> dict[str, Any]:
    text = face["face"]
    joker = text == "JK"
    suit = "" if joker else text[-1]
    return {
        "rank_text": "★" if joker else text[:-1],
        "symbol": SUIT_SYMBOL.get(suit, ""),
        "css": "joker" if joker else ("red" if suit in "HD" else "black"),
        "label": face_name(text),
        "name": face["name"],  # the engine's English name: the card's data-testid
    }


def board_context(
    game: Game, seat: Seat, view: dict[str, Any], draft: dict[str, Any] | None, **_: Any
) -> dict[str, Any]:
    """The interactive table at the game's current version."""
    seats = list(game.seats.all())
    names = names_for(seats, seat.index)
    draft = draft or {}
    me = view["me"] or {}
    acting = seat.index in view["to_act"]
    actions = set(me.get("actions", []))
    over = view["phase"] in ("round_over", "game_over")
    taken = set(draft.get("discards") or []) | {c for g in draft.get("groups", []) for c in g}
    taken |= {c for g in draft.get("extra", []) for c in g}
    taken |= {c for p in draft.get("proofs", {}).values() for c in p["cards"]}
    return {
        "game": game,
        "seat": seat,
        "version": game.version,
        "view": view,
        "me": me,
        "acting": acting,
        "actions": actions,
        "step": view["step"],
        "cut_middle": max(1, view["stock_count"] // 2),
        "names": names,
        "players": players_context(view, names, seat.index),
        # Who the cut waits for ("Waiting for Bea to cut…"), as the line has always read them.
        "acting_names": "".join(
            names[i] for i in view["to_act"] if view["phase"] in ("turn", "cut", "heart")
        ),
        "sides": sides_context(view, names, seat.index),
        "piles": piles_context(view, draft),
        "hand": [card(c) for c in view["hand"] or [] if c["id"] not in taken],
        "draft": draft,
        "proof_step": draft.get("piles"),
        "groups": [[card_by_id(view, c) for c in g] for g in draft.get("groups", [])],
        "extra": [[card_by_id(view, c) for c in g] for g in draft.get("extra", [])],
        "heart": heart_context(view, names, seat.index),
        "heart_result": heart_result(view, names) if not over else None,
        "cut": cut_context(view, names),
        "dreidel": dreidel_context(view, names),
        "picks": [{"seat": s, "name": names[s]} for s in me.get("pick_choices", [])],
        "turn_name": names[view["turn"]],
        "round": round_context(view, names, seat.index),
        "waiting": view["phase"] == "heart" or (not acting and not over),
        "frame": None,
    }


def frame_context(game: Game, seat: Seat, view: dict[str, Any], move: Move) -> dict[str, Any]:
    """A read-only picture of the table right after someone else's move."""
    seats = list(game.seats.all())
    names = names_for(seats, seat.index)
    public = move.public_view
    context = board_context(game, seat, {**public, "hand": view["hand"], "me": None}, None)
    context.update(
        version=move.seq,
        acting=False,
        actions=set(),
        step=None,
        heart=None,
        round=None,
        waiting=True,
        frame={"caption": caption(move, names, previous_view(move))},
        spectator=is_spectator(seat, seats),
    )
    return context


def caption(move: Move, names: list[str], before: dict[str, Any] | None = None) -> str:
    """One line for another player's move (``captions``), naming the cards laid face up."""
    return captions.caption(move, names, before)


def previous_view(move: Move) -> dict[str, Any] | None:
    """The public view before ``move`` (the previous move's), so a caption can compare."""
    earlier = Move.objects.filter(game_id=move.game_id, seq=move.seq - 1).only("public_view")
    row = earlier.first()
    return row.public_view if row is not None else None
