"""After a commit: each connected audience's board, sent through the channel layer.

``publish`` runs where the change was committed (a page's request, a worker's
task), through ``games.live.notify_on_commit``: one Redis read for the table's
audiences (none connected: nothing more), then in one transaction one read of the
game and its seats and the rows every drawing shares (read once: ``core.memo``), one
rendering per audience, one ``group_send`` per audience. The live process only
forwards what arrives, so a watcher costs no database read and no rendering.

``current`` answers a page that (re)connects and says which version it shows: one
read of the game's version, and the last board sent to its audience if that is
still the current one, else one rendering.
"""

from __future__ import annotations

import logging
import threading
from typing import Any
from uuid import UUID

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from core.memo import shared_reads
from games.access import game_with_seats, stamp_of
from games.models import Game
from live import audiences
from live.render import render
from live.viewer import Audience

log = logging.getLogger(__name__)


def publish(game_id: str) -> None:
    """Render and send the boards of every audience connected at ``game_id``'s table."""
    groups = audiences.members(UUID(game_id).hex)
    if not groups:
        return
    # One transaction for every read, and each read once whatever the number of audiences
    # (the drawings share the table's last moves, its watchers, its room: core.memo).
    with transaction.atomic(), shared_reads():
        out = _draw(game_id, groups)
    if out:
        async_to_sync(_send)(out)


def _draw(game_id: str, groups: list[str]) -> list[tuple[str, dict[str, Any]]]:
    game = game_with_seats(game_id)
    if game is None:
        return []
    if not _new(game):
        return []  # the same state again (two notices in one commit): already sent
    out = []
    for name in groups:
        audience = Audience.from_group(name)
        if audience is None or audience.game_id != game.id.hex:
            continue
        try:
            message = render(game, audience)
        except Exception:  # noqa: BLE001 - one audience's failure must not cost the others
            log.exception("could not draw the board for %s", name)
            continue
        if message is not None:
            audiences.remember(name, message)
            out.append((name, message))
    return out


async def _send(out: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for name, message in out:
        await layer.group_send(name, message)


def current(audience: Audience, version: int | None, stamp: int | None) -> dict[str, Any] | None:
    """The board to send a page that shows ``version``/``stamp``; None when that is current."""
    row = Game.objects.filter(pk=UUID(audience.game_id)).values_list("version", "updated").first()
    if row is None:
        return None
    head = (int(row[0]), stamp_of(row[1]))
    if head == (version, stamp):
        return None
    kept = audiences.last(audience.group)
    if kept is not None and (kept.get("version"), kept.get("stamp")) == head:
        return kept
    game = game_with_seats(audience.game_id)
    message = render(game, audience) if game is not None else None
    if message is not None:
        audiences.remember(audience.group, message)
    return message


_sent: dict[str, tuple[int, int]] = {}
_sent_lock = threading.Lock()


def _new(game: Game) -> bool:
    """Whether this process has not sent this game's boards at this version and stamp yet."""
    head = (game.version, stamp_of(game.updated))
    key = game.id.hex
    with _sent_lock:
        if _sent.get(key) == head:
            return False
        if len(_sent) > 10_000:  # a long-running process forgets old tables
            _sent.clear()
        _sent[key] = head
        return True


def forget() -> None:
    """Tests: this process has sent nothing yet."""
    with _sent_lock:
        _sent.clear()
