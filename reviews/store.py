"""Getting a review: the cached one, or queue the computation and say it is on its way.

A review is worked out once per game, seat and round (a finished round never
changes) by a Celery task, since the search over every turn of a round takes
longer than a page should wait. With no broker (tests, the embedded default)
the task runs in-process, so the page finds it ready at once.

The task calls ``build`` here, so this module names only the queue it is given
(``ReviewQueue``: ``reviews.tasks`` implements it, ``reviews.apps`` registers it
at start) and never imports the task: no circle, and no import inside a function.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Protocol

from django.urls import reverse
from django.utils import timezone

from games.log_context import about_game
from games.models import Game
from games.signals import review_ready
from games.task_queue import Registered
from replays.turn_reviews import RoundReview
from reviews.models import Review, ReviewStatus
from reviews.registry import reviewer_for

log = logging.getLogger(__name__)

# A pending review older than this lost its task (a worker died): queue it again.
REQUEUE_AFTER = timedelta(minutes=2)


class ReviewQueue(Protocol):
    """Where a review's computation is sent: a worker, or (eager) this process."""

    def in_process(self) -> bool:
        """Eager (no broker): the review is worked out inside the call that queues it."""
        ...

    def build(self, review_id: int) -> None:
        """Queue the computation of one review (``build`` below, in the task)."""
        ...


_queue = Registered[ReviewQueue]("review queue (reviews.apps.ReviewsConfig.ready registers it)")
register_queue = _queue.register


def in_process() -> bool:
    """Reviews run in-process (tests, the embedded default): no worker to prepare them."""
    return _queue.get().in_process()


def review_for(game: Game, seat_index: int, round_no: int) -> Review:
    """The seat's review of a finished round; queued for the worker when not there yet."""
    review, created = Review.objects.get_or_create(
        game=game, seat_index=seat_index, round_no=round_no
    )
    lost = review.status == ReviewStatus.PENDING and review.updated < timezone.now() - REQUEUE_AFTER
    if created or lost:
        if lost:
            Review.objects.filter(pk=review.pk).update(updated=timezone.now())
        queue(review.pk, str(game.id))
        review.refresh_from_db()
    return review


def queue(review_id: int, game_id: str) -> None:
    """Queue the computation; a broker that cannot be reached is logged (asking again retries)."""
    try:
        _queue.get().build(review_id)
    except Exception:  # noqa: BLE001 - any broker failure; eager errors are the task's own
        if in_process():
            raise
        with about_game(game_id):
            log.exception("could not queue review %s", review_id)


def prepare(game: Game, round_no: int) -> None:
    """Make and queue the reviews of a round that just ended, one per person at the table."""
    for seat in game.seats.all():
        if not seat.automated:
            review, created = Review.objects.get_or_create(
                game=game, seat_index=seat.index, round_no=round_no
            )
            if created:
                queue(review.pk, str(game.id))


def build(review_id: int) -> bool:
    """Work the review out and keep it; idempotent (a ready review is left as it is)."""
    review = Review.objects.select_related("game").filter(pk=review_id).first()
    if review is None or review.status == ReviewStatus.READY:
        return False
    reviewer = reviewer_for(review.game.kind)
    with about_game(review.game_id):
        try:
            if reviewer is None:
                raise LookupError(f"no review for {review.game.kind}")
            data = reviewer.compute(review.game, review.seat_index, review.round_no)
        except Exception:  # noqa: BLE001 - shown as "could not be prepared", logged in full
            log.exception("review %s failed", review_id)
            Review.objects.filter(pk=review_id).update(status=ReviewStatus.FAILED)
            return False
    Review.objects.filter(pk=review_id).update(
        status=ReviewStatus.READY, data=data, updated=timezone.now()
    )
    review_ready.send(  # once kept; puzzles' listener logs its own failures, never raises
        sender=Game,
        game=review.game,
        seat_index=review.seat_index,
        round_no=review.round_no,
        data=data,
    )
    return True


# --- for the replay ------------------------------------------------------------------------


class ReplayReviews:
    """What the replay asks of reviews (``replays.turn_reviews.ReviewSource``; registered by
    ``reviews.apps``): a seat's reviews of a game's finished rounds, and one turn of one as
    this app's page draws it, so the replay shows the game's own words and card, never a
    second wording."""

    def find(self, game: Game, seat_index: int) -> dict[int, RoundReview]:
        reviewer = reviewer_for(game.kind)
        if reviewer is None:
            return {}
        rounds = reviewer.completed_rounds(game)
        kept = Review.objects.filter(game=game, seat_index=seat_index, round_no__in=rounds)
        by_round = {review.round_no: review for review in kept}
        found = {}
        for round_no in rounds:
            review = by_round.get(round_no)
            if review is None or review.status == ReviewStatus.PENDING:
                review = review_for(game, seat_index, round_no)  # queued if missing or lost
            found[round_no] = _for_replay(review)
        return found

    def present(self, game: Game, review: RoundReview, index: int) -> dict[str, Any]:
        reviewer = reviewer_for(game.kind)
        assert reviewer is not None  # ``find`` found a review of this game
        data = review.data
        page: dict[str, Any] = reviewer.present({**data, "turns": [data["turns"][index]]})
        return {**page, "turn": page["turns"][0]}


def _for_replay(review: Review) -> RoundReview:
    """A kept review as the replay reads it: where each reviewed turn began, and its page."""
    url = reverse("reviews:round", kwargs={"game_id": review.game_id, "round_no": review.round_no})
    if review.status != ReviewStatus.READY:
        return RoundReview(str(review.status), url)
    data: dict[str, Any] = review.data or {}
    starts = tuple(int(turn["seq"]) for turn in data.get("turns", []))
    return RoundReview(str(review.status), url, starts, data)


REPLAY_REVIEWS = ReplayReviews()
