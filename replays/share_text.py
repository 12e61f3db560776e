"""The daily challenge's spoiler-free result: something to share while the board is still live.

It says the day, whether it was cleared, how many turns it took and the
calendar streak: nothing about the tiles, so it gives nothing away to someone
who has yet to play that day's board.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.formats import date_format
from django.utils.translation import ngettext

from games import catalogue
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Move, Seat
from leaderboards.periods import utc_today
from leaderboards.players import player_for_request
from leaderboards.streaks import current_streak
from replays import policy


def turns_taken(game: Game, seat: int) -> int:
    """Turns the seat took: runs of its consecutive moves (a draw and a keep are one turn)."""
    turns, previous = 0, None
    for mover, action in (
        Move.objects.filter(game=game).order_by("seq").values_list("seat", "action")
    ):
        deal = isinstance(action, dict) and action.get("type") == "next_round"
        if mover == seat and previous != seat and not deal:
            turns += 1
        previous = None if deal else mover
    return turns


def cleared(game: Game, seat: int) -> bool:
    """Won by this seat: only a win clears the day."""
    if game.status != GameStatus.FINISHED:
        return False
    engine = engine_for(game.kind)
    outcome = engine.result(engine.from_json(game.state))
    return outcome is not None and outcome.game_over and seat in outcome.winners


def daily_share_text(request: HttpRequest, game: Game, seat: Seat) -> str | None:
    """The text for a finished daily attempt whose day is not over; None for any other game."""
    day = policy.daily_day(game)
    if day is None or game.status == GameStatus.ACTIVE or not policy.daily_still_secret(game):
        return None
    turns = turns_taken(game, seat.index)
    streak = current_streak(player_for_request(request), utc_today())
    # The day as the English text always gave it, the month in the reader's words.
    values = {"game": catalogue.kind_name(game.kind), "day": date_format(day, "d F Y")}
    if cleared(game, seat.index):
        result = ngettext(
            "%(game)s daily challenge, %(day)s (UTC): cleared in %(turns)s turn.",
            "%(game)s daily challenge, %(day)s (UTC): cleared in %(turns)s turns.",
            turns,
        )
    else:
        result = ngettext(
            "%(game)s daily challenge, %(day)s (UTC): not cleared in %(turns)s turn.",
            "%(game)s daily challenge, %(day)s (UTC): not cleared in %(turns)s turns.",
            turns,
        )
    calendar = ngettext("Calendar streak: %(days)s day.", "Calendar streak: %(days)s days.", streak)
    return " ".join((result % {**values, "turns": turns}, calendar % {"days": streak}))
