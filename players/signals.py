"""players' receiver for games' ``game_finished`` (connected in PlayersConfig.ready).

The signal is sent inside the transaction of the move that ended the game,
so a rating changes if and only if that result is recorded. Like the
leaderboards, it runs under a savepoint: a failure here is logged and loses
one game's rating change (``recompute_ratings`` cannot bring it back, since
no history row was written), but never the player's move.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from games.models import Game
from games.signals import game_finished
from players.record import record_rated_game

log = logging.getLogger(__name__)


@receiver(game_finished, sender=Game, dispatch_uid="players.rate_finished")
def rate_finished(sender: type, game: Game, winners: list[int], **_: Any) -> None:
    """Rate a finished online game between accounts (players.rated_seats says which)."""
    try:
        with transaction.atomic():
            record_rated_game(game, winners)
    except Exception:
        log.exception("could not rate finished game %s", game.id)
