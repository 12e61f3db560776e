"""The review pages: a player's own turns in a finished round. Thin: find, ask the store, render.

Only a player with a seat in the game gets anything (404 for anyone else, as
at the table), and only their own seat's review: the seat comes from who is
asking, never from the URL. A round still being played has no review, since
that would be a hint.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.access import get_game_for_player
from games.catalogue import kind_name
from games.models import Game, Seat
from games.table_flow import table_url
from reviews import store
from reviews.models import ReviewStatus
from reviews.registry import reviewer_for

PAGE = "reviews/review.html"
POLL_SECONDS = 2


def _reviewed_game(request: HttpRequest, game_id: UUID) -> tuple[Game, Seat, Any]:
    """The caller's game, seat and the game's review module; 404 when there is none."""
    game, seat = get_game_for_player(request, game_id)
    reviewer = reviewer_for(game.kind)
    if reviewer is None:
        raise Http404("This game has no reviews.")
    return game, seat, reviewer


@require_GET
def game_review(request: HttpRequest, game_id: UUID) -> HttpResponse:
    """The latest finished round's review, or a page saying no round has ended yet."""
    game, _seat, reviewer = _reviewed_game(request, game_id)
    rounds = reviewer.completed_rounds(game)
    if rounds:
        return redirect("reviews:round", game_id=game.id, round_no=rounds[-1])
    context = _page(game, rounds, None, reviewer)
    not_yet = getattr(reviewer, "not_yet", None)  # a game that reviews only finished games
    context["message"] = (
        not_yet()
        if not_yet is not None
        else _("No round of this game has ended yet: a review comes after a round.")
    )
    return render(request, PAGE, context)


@require_GET
def round_review(request: HttpRequest, game_id: UUID, round_no: int) -> HttpResponse:
    """One round's review; while it is being prepared the page asks again every few seconds."""
    game, seat, reviewer = _reviewed_game(request, game_id)
    rounds = reviewer.completed_rounds(game)
    context = _page(game, rounds, round_no, reviewer)
    if round_no not in rounds:
        context["message"] = _(
            "Round %(number)s hasn't been played to the end: nothing to review."
        ) % {"number": round_no}
        return render(request, PAGE, context, status=404)
    review = store.review_for(game, seat.index, round_no)
    context["status"] = review.status
    if review.status == ReviewStatus.READY:
        context.update(reviewer.present(review.data))
    template = f"{PAGE}#body" if request.htmx else PAGE
    return render(request, template, context)


def _page(game: Game, rounds: list[int], round_no: int | None, reviewer: Any) -> dict[str, Any]:
    """The page around a review; a game's review may word its first line (``lede()``)."""
    lede = getattr(reviewer, "lede", None)
    return {
        "lede": lede() if lede is not None else "",
        "game": game,
        "game_name": kind_name(game.kind),
        "table_url": table_url(game),
        "rounds": rounds,
        "round_no": round_no,
        "status": None,
        "message": "",
        "poll_seconds": POLL_SECONDS,
    }
