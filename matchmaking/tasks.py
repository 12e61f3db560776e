"""Beat's pairing of correspondence waits: nobody has to keep a page open for them.

A live wait is paired by its own page's polls; a correspondence wait may sit for
days with no page open, and its rating window widens meanwhile. This task pairs
every correspondence pool that has waiting players, so two far-apart ratings
meet once the window has grown, without either player coming back first.
"""

from __future__ import annotations

from celery import shared_task

from matchmaking import queue
from matchmaking.models import EntryStatus, Lane, QueueEntry


@shared_task(ignore_result=True)
def pair_correspondence_waits() -> int:
    """Pair each correspondence pool with two or more waiting players; tables dealt."""
    pools = (
        QueueEntry.objects.filter(lane=Lane.CORRESPONDENCE, status=EntryStatus.WAITING)
        .values_list("pool", flat=True)
        .distinct()
    )
    return sum(len(queue.pair(pool)) for pool in list(pools))
