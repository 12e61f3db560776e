"""Prepare reviews as soon as a round ends, when a real worker is there to do it.

The receiver listens to the move log (``Move`` rows are written only by
games.services, inside the move's transaction) and queues after the commit.
With tasks running in-process (tests, the embedded default) it does nothing:
the search would then run inside the player's move, so the review is worked
out when first asked for instead.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Move
from reviews import store
from reviews.registry import reviewer_for


@receiver(post_save, sender=Move, dispatch_uid="reviews.round_ended")
def round_ended(sender: type[Move], instance: Move, created: bool, **kwargs: Any) -> None:
    """A move that ends a round queues that round's reviews (after it commits)."""
    if not created or store.in_process():
        return
    game = instance.game
    reviewer = reviewer_for(game.kind)
    round_no = reviewer.ended_round(instance) if reviewer is not None else None
    if round_no is not None:
        transaction.on_commit(lambda: store.prepare(game, round_no))
