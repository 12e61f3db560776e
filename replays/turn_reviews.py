"""The review of a player's own turn, shown beside the replay step it is about (issue 41).

Reviews live in an app above replays (the import layers), so this module only declares
what the replay asks of them (``ReviewSource``) and ``reviews.apps`` registers the answer
at start. Nothing here names a game: a round's review lists each of the seat's turns by
the move that began it (``RoundReview.starts``), and step N of a replay is the table
right after move N, so the card at step N is that of the seat's latest turn begun at or
before N in N's round. It follows the turn's own moves and stays while the others play,
until the seat's next turn; before the seat's first move of a round there is none.

Who sees it, decided here once for every game:

- only the seat's own replay, and only its own review (a share link has no seat);
- only once the game is over for everyone (a review while it goes on would be a hint),
  and never for a daily board still being played today (it would coach the next attempt)
  nor a guided game (its deal is its script's, not the seed's: the round panels offer no
  review of it either).
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe

from games.models import Game, Seat
from games.services import follows_script
from games.task_queue import Registered
from replays import policy
from replays.timeline import CACHE_SECONDS, RoundSpan, is_over

READY = "ready"
PENDING = "pending"
FAILED = "failed"
NONE = "none"  # kept for a round with no review (the game's last, left unfinished)
DRAWN_KEPT = 512  # turn cards kept drawn per process (a few kB each)
CACHE_FORMAT = 1  # bump when RoundReview changes shape, so old cache entries are ignored
# A game whose review names no turn template of its own: the review page's own card.
DEFAULT_TURN_TEMPLATE = "reviews/_turn_card.html"


@dataclass(frozen=True)
class RoundReview:
    """One seat's review of one round, as the review app keeps it."""

    status: str  # READY, PENDING (being worked out) or FAILED
    url: str  # the round's review page
    starts: tuple[int, ...] = ()  # READY: the move each reviewed turn began with, in order
    data: Any = field(default=None, repr=False)  # READY: the review itself, for ``present``


class ReviewSource(Protocol):
    """What the replay asks of the review app (``reviews.apps`` registers it)."""

    def find(self, game: Game, seat_index: int) -> dict[int, RoundReview]:
        """The seat's review of each finished round of the game, by round number; one not
        there yet is queued for the worker (in-process: worked out now). Empty for a game
        without reviews."""
        ...

    def present(self, game: Game, review: RoundReview, index: int) -> dict[str, Any]:
        """The review page's context for the turn at ``index`` of a ready review: ``turn``
        and the templates and stylesheets it is drawn with."""
        ...


_source = Registered[ReviewSource]("turn reviews (reviews.apps.ReviewsConfig.ready registers it)")
register = _source.register


def shown_for(game: Game) -> bool:
    """Whether this game's replay may show its reviews at all (its seat's own, at that)."""
    return is_over(game) and not policy.daily_still_secret(game) and not follows_script(game)


def turn_at(starts: Sequence[int], step: int) -> int | None:
    """The index of the latest turn begun at or before ``step``; None before the first."""
    index = bisect.bisect_right(starts, step) - 1
    return index if index >= 0 else None


def card(
    game: Game, seat: Seat | None, span: RoundSpan, step: int, base_url: str
) -> dict[str, Any] | None:
    """What the replay shows beside the board at ``step`` of round ``span``: the review of
    the seat's own turn, a note while the round's review is being prepared, or None."""
    if seat is None or not shown_for(game):
        return None
    review = _round_review(game, seat.index, span.number)
    if review is None:
        return None
    shown: dict[str, Any] = {"status": review.status, "url": review.url, "round": span.number}
    if review.status != READY:
        return shown
    index = turn_at(review.starts, step)
    if index is None:
        return None
    html, stylesheets = _turn_card(game, seat.index, span.number, review, index)
    start = review.starts[index]
    return {
        **shown,
        "html": mark_safe(html),  # rendered by the game's own template, escaped there
        "stylesheets": stylesheets,
        "start": start,
        "start_url": f"{base_url}?step={start}",
        "at_start": start == step,
    }


def _round_review(game: Game, seat_index: int, round_no: int) -> RoundReview | None:
    """The seat's review of the round, kept once ready (a ready review never changes), so
    stepping through a reviewed game asks the database nothing more than the replay did.

    A miss asks for every round at once (one lookup; the first ask queues those not there
    yet, once: the store sees to that), so the next round is ready in the cache too.
    """
    key = _key(game, seat_index, round_no)
    kept = cache.get(key)
    if isinstance(kept, RoundReview) or kept == NONE:
        return kept if isinstance(kept, RoundReview) else None
    found = _source.get().find(game, seat_index)
    ready: dict[str, RoundReview | str] = {
        _key(game, seat_index, n): r for n, r in found.items() if r.status == READY
    }
    if round_no not in found:  # the game is over: a round without a review keeps none
        ready[key] = NONE
    cache.set_many(ready, CACHE_SECONDS)
    return found.get(round_no)


def _turn_card(
    game: Game, seat_index: int, round_no: int, review: RoundReview, index: int
) -> tuple[str, tuple[str, ...]]:
    """The turn's card, drawn by its game's review template, and the stylesheets it needs.

    Kept per language in this process: a turn's review never changes, and drawing its
    tiles cost as much as the rest of the step. Not in the shared cache, whose entries
    would outlive a deploy's templates and static files; a restart starts afresh.
    """
    language = translation.get_language() or ""
    key = (str(game.id), seat_index, round_no, index, language)
    return _DRAWN.get(key, lambda: _draw(game, review, index))


def _draw(game: Game, review: RoundReview, index: int) -> tuple[str, tuple[str, ...]]:
    page = _source.get().present(game, review, index)
    template = page.get("turn_template") or DEFAULT_TURN_TEMPLATE
    context = {"turn": page["turn"], "sets_template": page.get("sets_template")}
    return str(render_to_string(template, context)), tuple(page.get("stylesheets", ()))


class _Kept[K, V]:
    """The last ``size`` values asked for, in this process (safe across its threads)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, make: Callable[[], V]) -> V:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        value = make()  # outside the lock: two threads may both draw it, never wait
        with self._lock:
            self._kept[key] = value
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)
        return value


_DRAWN = _Kept[tuple[str, int, int, int, str], tuple[str, tuple[str, ...]]](DRAWN_KEPT)


def _key(game: Game, seat_index: int, round_no: int) -> str:
    return f"replays:turn-reviews:{CACHE_FORMAT}:{game.id}:{seat_index}:{round_no}"
