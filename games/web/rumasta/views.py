"""The Rumasta screens. Thin: read the request, call a service, render.

The table's request plumbing (versions, seats, refusals, frames, speed,
leaving) is shared in games/table_flow.py. What is Rumasta's own stays here:
the hand's sort order (remembered in the session), the proof step and the
two-discard step (kept as a draft on the seat until complete), the heart
race's buttons, and the poll that lets a computer's call-out land at its
reaction deadline even when no task queue runs it (``tick``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET

from games import catalogue, services
from games.engine import rumasta
from games.gameweb import Pages
from games.models import Game, Move, Seat
from games.table_flow import TableFlow, as_int
from games.web import pages
from games.web.rumasta import drafts, hand, hint, presenters
from games.web.rumasta.forms import SetupForm
from games.web.table_views import posted, you_and_computers

GAME = catalogue.get(rumasta.KIND)
TABLE = "games/rumasta/table.html"
PAGES = Pages("games/rumasta/how_to_play.html", "games/rumasta/setup.html")
Change = Callable[[dict[str, Any] | None, dict[str, Any]], dict[str, Any] | None]


class RumastaFlow(TableFlow):
    """The shared flow, plus the hand in the order this person chose (kept in the session)."""

    def timing(
        self, request: HttpRequest, game: Game, context: dict[str, Any], seat: Seat
    ) -> dict[str, Any]:
        out = super().timing(request, game, context, seat)
        order = request.session.get(hand.SESSION_KEY, "rank")
        out["sort"] = order if order in hand.SORTS else "rank"
        out["hand"] = hand.sort_hand(context.get("hand") or [], out["sort"])
        return out

    def frame(self, request: HttpRequest, game: Game, seat: Seat, move: Move) -> HttpResponse:
        """A heart window waiting for this person skips the replay and shows at once.

        The race runs on the clock from the window's opening; stepping through the
        moves before it, one per delay, would spend the person's reaction time.
        """
        live = self.view(game, seat)
        if live["phase"] == "heart" and seat.index in live["to_act"]:
            return self.board(request, game, seat)
        return super().frame(request, game, seat, move)


FLOW = RumastaFlow(
    kind=GAME.kind,
    template=TABLE,
    board_context=hint.board_context,  # the table's context plus this turn's hint
    frame_context=presenters.frame_context,
)


# --- the setup's seating (the page is the platform's: games.web.pages) ----------


def seat_specs(request: HttpRequest, form: SetupForm) -> list[services.SeatSpec]:
    """You in seat 0, then computers; in teams your partners are computers too."""
    level, count = form.cleaned_data["level"], form.cleaned_data["players"] - 1
    label = GAME.level_label(level)
    return you_and_computers(request, GAME.computer_names[:count], level, label)


# --- reading the form ----------------------------------------------------------------


def _cards(request: HttpRequest) -> list[int]:
    picked = [as_int(raw) for raw in request.POST.getlist("cards")]
    if any(c is None for c in picked):
        raise drafts.DraftError(_("Pick cards from your hand."))
    return [c for c in picked if c is not None]


def _pile(request: HttpRequest) -> int:
    pile = as_int(request.POST.get("pile"))
    if pile not in (0, 1):
        raise drafts.DraftError(_("Choose pile 1 or pile 2."))
    return pile


def _target(request: HttpRequest, pile: int) -> int | None:
    """Where a top card goes: a new meld (None) or one of your side's melds.

    Each pile's choice has its own field (``meld-0``, ``meld-1``): with B both piles'
    choices are on the page at once, and one shared radio group would let one pile's
    choice overwrite the other's. A bare ``meld`` is still read.
    """
    raw = request.POST.get(f"meld-{pile}", request.POST.get("meld", "new"))
    return None if raw in ("", "new") else as_int(raw)


def _refusal(exc: Exception) -> services.ServiceError:
    return services.IllegalMove(str(exc), "bad_draft")


# --- the two kinds of POST: a draft step, or a move -----------------------------------


def _step(
    request: HttpRequest,
    game_id: UUID,
    read: Callable[[], Change],
    finish: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any] | None] | None = None,
) -> HttpResponse:
    """Change the draft; once ``finish`` says the step is complete, play the move instead.

    Sent again after its answer was lost, a step is not applied twice (a group set aside
    twice): ``resent_draft`` answers the board as it is.
    """
    game, seat = FLOW.game_for_post(request, game_id)
    held = FLOW.resent_draft(request, game, seat)
    if held is not None:
        return held
    view = FLOW.view(game, seat)
    try:
        change = read()
        new = change(copy.deepcopy(services.current_draft(seat, game.version)), view)
    except drafts.DraftError as exc:
        return FLOW.refuse(request, game, seat, _refusal(exc))
    action = finish(new, view) if finish is not None and new else None
    if action is not None:
        return FLOW.act(request, game, seat, action)

    def checked(draft: dict[str, Any] | None, shown: dict[str, Any]) -> dict[str, Any] | None:
        try:
            return change(draft, shown)
        except drafts.DraftError as exc:
            raise _refusal(exc) from exc

    return FLOW.draft_change(request, game_id, checked)


def _move(
    request: HttpRequest, game_id: UUID, build: Callable[[dict[str, Any]], dict[str, Any]]
) -> HttpResponse:
    """Play the move ``build(view)`` makes from the form."""
    game, seat = FLOW.game_for_post(request, game_id)
    try:
        action = build(FLOW.view(game, seat))
    except drafts.DraftError as exc:
        return FLOW.refuse(request, game, seat, _refusal(exc))
    return FLOW.act(request, game, seat, action)


# --- the cut and the start of a turn ---------------------------------------------------


@FLOW.refusals
def cut(request: HttpRequest, game_id: UUID) -> HttpResponse:
    def build(view: dict[str, Any]) -> dict[str, Any]:
        count = as_int(request.POST.get("count"))
        if count is None:
            raise drafts.DraftError(_("Pick a point along the stock to cut."))
        return {"type": "cut", "count": count}

    return _move(request, game_id, build)


@FLOW.refusals
def take(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Option A: start the proof step for one pile."""
    return _step(request, game_id, lambda: _start([_pile(request)]))


@FLOW.refusals
def take_both(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Option B: start the proof step for both piles."""
    return _step(request, game_id, lambda: _start([0, 1]))


def _start(piles: list[int]) -> Change:
    return lambda _draft, view: drafts.start_proof(view, piles)


@FLOW.refusals
def prove(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Show the matching cards for a pile's top card; the last proof takes the pile(s)."""

    def read() -> Change:
        pile, cards = _pile(request), _cards(request)
        meld = _target(request, pile)

        def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
            drafts.check_cards(draft, view, cards)
            return drafts.set_proof(draft, pile, cards, meld)

        return change

    return _step(request, game_id, read, lambda draft, _view: drafts.take_action(draft))


@FLOW.refusals
def extra(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Lay one more meld from the hand with the take (to reach a first meld's minimum)."""
    return _step(request, game_id, lambda: _group("extra", _cards(request)))


@FLOW.refusals
def group(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Set picked cards aside as a meld, to lay down with others in one go."""
    return _step(request, game_id, lambda: _group("groups", _cards(request)))


def _group(key: str, cards: list[int]) -> Change:
    def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
        if key == "extra" and not (draft and draft.get("piles")):
            raise drafts.DraftError(_("Choose a pile to take first."))
        drafts.check_cards(draft, view, cards)
        return drafts.add_group(draft, key, cards)

    return change


@FLOW.refusals
def cancel(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Put back everything set aside this turn (the proof step, grouped melds, discards)."""
    return _step(request, game_id, lambda: lambda _draft, _view: None)


@FLOW.refusals
def pick(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Gimel or Shin: the opponent the dreidel's card moves with.

    The field is ``opponent``: ``seat`` is the shared flow's check against a forged seat,
    so a button named ``seat`` would be refused as "That seat isn't yours."
    """
    opponent = as_int(request.POST.get("opponent"))
    return _move(request, game_id, lambda _view: {"type": "pick", "seat": opponent})


# --- melds and discards -------------------------------------------------------------------


@FLOW.refusals
def meld(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Lay down the grouped melds and the picked cards as one more."""

    def build(view: dict[str, Any]) -> dict[str, Any]:
        game_draft = _draft_of(request, game_id)
        groups = list((game_draft or {}).get("groups", []))
        cards = _cards(request)
        if cards:
            groups.append(cards)
        if not groups:
            raise drafts.DraftError(_("Pick the cards of your meld first."))
        return {"type": "meld", "melds": groups}

    return _move(request, game_id, build)


def _draft_of(request: HttpRequest, game_id: UUID) -> dict[str, Any] | None:
    game, seat = FLOW.game_for_player(request, game_id)
    return services.current_draft(seat, game.version)


@FLOW.refusals
def add(request: HttpRequest, game_id: UUID) -> HttpResponse:
    def build(view: dict[str, Any]) -> dict[str, Any]:
        cards = _cards(request)
        if not cards:
            raise drafts.DraftError(_("Pick the cards to add first."))
        return {"type": "add", "meld": as_int(request.POST.get("meld")), "cards": cards}

    return _move(request, game_id, build)


@FLOW.refusals
def switch(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Switch a wild out of a meld for the one natural picked from the hand."""

    def build(view: dict[str, Any]) -> dict[str, Any]:
        cards = _cards(request)
        if len(cards) != 1:
            raise drafts.DraftError(_("Pick the one natural card that takes the wild's place."))
        side, meld, wild = (as_int(p) for p in (request.POST.get("wild", "") + "::").split(":")[:3])
        return {"type": "switch", "side": side, "meld": meld, "wild": wild, "card": cards[0]}

    return _move(request, game_id, build)


@FLOW.refusals
def discard(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """The two-discard step: one card to this pile; once both piles have theirs, discard."""

    def read() -> Change:
        pile, cards = _pile(request), _cards(request)
        if len(cards) != 1:
            raise drafts.DraftError(_("Pick one card for this pile."))

        def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
            if view["step"] != "play" and "discard" not in view["me"]["actions"]:
                raise drafts.DraftError(_("Take or draw first; the discards end your turn."))
            return drafts.set_discard(draft, view, pile, cards[0])

        return change

    return _step(request, game_id, read, drafts.discard_action)


# --- the heart, between rounds, the hand's order, the poll --------------------------------


@FLOW.refusals
def sort(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """Fan the hand by rank or by colour; remembered for this person's session."""
    game, seat = FLOW.game_for_player(request, game_id)
    choice = request.POST.get("sort", "")
    if choice in hand.SORTS:
        request.session[hand.SESSION_KEY] = choice
    if not request.htmx:
        return redirect(FLOW.table_url_name, game_id=game.id)
    return FLOW.board(request, game, seat)


TOO_LATE = gettext_noop("Too late: that race was already over.")  # the English, for tests


def race_press(kind: str) -> Callable[[HttpRequest, UUID], HttpResponse]:
    """❤️ or "Call out!": a press that lost the race is told so, as a normal answer.

    A press just after the window closed (the other side's press, or a computer's
    due one, landed first) is refused by the service as stale or out of turn.
    That is the race's ordinary outcome, not a fault, so it answers 200 with the
    board (which names who won) and the words "too late"; any other refusal
    (a pause, a forged seat, a press with no race at all) is answered as usual.
    """

    @FLOW.refusals
    def view(request: HttpRequest, game_id: UUID) -> HttpResponse:
        game, seat = FLOW.game_for_post(request, game_id)
        version = as_int(request.POST.get("version")) or 0
        try:
            game = services.play(game.id, seat.index, {"type": kind}, version, loaded=game)
        except services.ServiceError as exc:
            late = isinstance(exc, services.StaleVersion | services.IllegalMove)
            if not (late and _race_lost(game, seat)):
                return FLOW.refuse(request, game, seat, exc)
            if not request.htmx:
                messages.info(request, _(TOO_LATE))
                return redirect(FLOW.table_url_name, game_id=game.id)
            return FLOW.board(request, game, seat, error=_(TOO_LATE))
        if not request.htmx:
            return redirect(FLOW.table_url_name, game_id=game.id)
        return FLOW.board(request, game, seat, shown=version + 1)

    view.__name__ = kind
    return view


def _race_lost(game: Game, seat: Seat) -> bool:
    """The seat's press came after a race it was in had ended (read afresh)."""
    game.refresh_from_db()
    seat.refresh_from_db()
    shown = FLOW.view(game, seat)
    window = shown.get("heart")
    waiting = window is not None and seat.index in window["waiting"]
    return not waiting and shown.get("heart_result") is not None


def tick(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """The table's poll: first any computer press whose deadline has passed, then the board."""
    FLOW.game_for_player(request, game_id)  # strangers get 404 before anything runs
    services.run_due_computer_turns(game_id)
    return FLOW.board_at(request, game_id)


MOVES = {
    **posted(
        {
            "cut": cut,
            "take": take,
            "take_both": take_both,
            "prove": prove,
            "extra": extra,
            "cancel": cancel,
            "draw": FLOW.simple("draw"),
            "roll": FLOW.simple("roll"),
            "pick": pick,
            "group": group,
            "meld": meld,
            "add": add,
            "switch": switch,
            "discard": discard,
            "heart": race_press("heart"),
            "call_out": race_press("call_out"),
            "let_go": FLOW.simple("pass"),
            "next_round": FLOW.simple("next_round"),
            "sort": sort,
            "hint": hint.make_view(FLOW),
        }
    ),
    "tick": require_GET(tick),
}
URLS = pages.urls(FLOW, MOVES)
