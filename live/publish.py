"""After a commit: each connected audience's board, sent through the channel layer.

A move draws its boards inside its own transaction (``drawn_now``, which
``games.live.notify_on_commit`` calls with the game as the move wrote it): one Redis
read for the table's audiences (none connected: nothing more), then the rows every
drawing shares, read once (``core.memo``) in the move's transaction, one rendering per
audience; on commit ``publish`` sends them (``live.sending``: one Redis pipeline, a
``PUBLISH`` per audience). Another change at a table (the clock, a pause, a seat) has
``publish`` read and draw after its commit: the audiences, then in one transaction the
game and its seats and the shared rows. The live process only forwards what arrives, so
a watcher costs no database read and no rendering.

``after_commit`` is what ``games.live`` calls: the boards, then the news for the
table's people on their own channels (``live.people``: My turn's count).

``current`` answers a page that (re)connects and says which version it shows: one
read of the game's version, and the last board sent to its audience if that is
still the current one, else one rendering.
"""

from __future__ import annotations

import logging
import threading
from typing import Any
from uuid import UUID

from django.db import transaction

from core.memo import shared_reads
from games.access import game_with_seats, stamp_of
from games.models import Game
from live import audiences, people, sending
from live.render import render
from live.viewer import Audience

log = logging.getLogger(__name__)


Drawn = list[tuple[str, dict[str, Any]]]  # (audience group, its board message)


def after_commit(game_id: str, drawn: Drawn | None = None) -> None:
    """Everything a commit at a table tells the sockets: its audiences' boards, then its
    people's news (each on its own: a failure of one never costs the other). ``drawn``:
    the boards a move drew inside its transaction (``drawn_now``), if any."""
    try:
        publish(game_id, drawn)
    except Exception:  # noqa: BLE001 - the move is committed; the sockets see the next one
        log.warning("could not publish a table's boards for %s", game_id, exc_info=True)
    people.tables_changed(game_id)


def drawn_now(game: Game) -> Drawn:
    """Inside a move's transaction: every connected audience's board from ``game`` as the
    move wrote it (its seats loaded), the shared rows read in this same transaction."""
    groups = audiences.members(game.id.hex)
    if not groups or not _new(game):
        return []
    with shared_reads():
        return _draw_game(game, groups)


def publish(game_id: str, drawn: Drawn | None = None) -> None:
    """Send the boards of every audience connected at ``game_id``'s table: those drawn
    before the commit, else read and drawn now."""
    if drawn is None:
        groups = audiences.members(UUID(game_id).hex)
        if not groups:
            return
        # One transaction for every read, and each read once whatever the number of
        # audiences (the drawings share the table's last moves, its watchers, its room).
        with transaction.atomic(), shared_reads():
            drawn = _draw(game_id, groups)
    if drawn:
        sending.send(drawn)


def _draw(game_id: str, groups: list[str]) -> Drawn:
    game = game_with_seats(game_id)
    if game is None:
        return []
    if not _new(game):
        return []  # the same state again (two notices in one commit): already sent
    return _draw_game(game, groups)


def _draw_game(game: Game, groups: list[str]) -> Drawn:
    people.remember(game)  # its seats are read: the people's news needs no read of its own
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
            out.append((name, message))
    audiences.remember_all(out)
    return out


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
