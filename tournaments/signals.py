"""tournaments' receivers for the games' signals (connected in TournamentsConfig.ready).

A finished tournament game is scored inside the transaction that ended it, under a
savepoint as the ratings and boards are: a failure is logged and the game is recorded by
the next ``tick`` instead (it finds every ended table not yet recorded), never losing the
player's move. A player who leaves a running game (or the last one leaving, which ends
it) is seen once that commits.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from games.models import Game
from games.signals import game_abandoned, game_finished
from tournaments import services
from tournaments.models import Table

log = logging.getLogger(__name__)


@receiver(game_finished, sender=Game, dispatch_uid="tournaments.finished")
def record_finished(sender: type, game: Game, **_: Any) -> None:
    if not game.online:
        return
    try:
        with transaction.atomic():
            services.game_ended(game)
    except Exception:
        log.exception("could not record tournament game %s", game.id)


@receiver(game_abandoned, sender=Game, dispatch_uid="tournaments.abandoned")
def seat_abandoned(sender: type, game: Game, **_: Any) -> None:
    if not game.online or not Table.objects.filter(game_id=game.pk).exists():
        return
    game_id = game.pk

    def after() -> None:
        try:
            services.seat_left(game_id)
        except Exception:
            log.exception("could not settle tournament game %s", game_id)

    transaction.on_commit(after)
