"""A table's websocket: one connection, one audience's group, boards forwarded as they come.

Opening: who is asking is found from the handshake's cookies (``live.viewer``); a
connection that may see nothing of the table is accepted and closed at once with
:data:`NOT_ALLOWED` (4403), so the page knows not to try again and keeps its poll.
Then the page says which version it shows (``hello``) and gets the current board if
that is not it. Afterwards every board its audience is sent is forwarded as is:
no database read, no rendering. Every :data:`BEAT_SECONDS` the connection tells the
site it is still there: the seat's page is open (``games.presence``: no "your turn"
notification), the spectator is counted (``matchmaking.watching``), and now and
then its audience is still wanted (``live.audiences``). docs/live.md has the format.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any
from uuid import UUID

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.http import HttpRequest

from games import presence
from games.models import Game
from live import audiences, publish, viewer
from live.viewer import Audience
from matchmaking import watching

log = logging.getLogger(__name__)

NOT_ALLOWED = 4403
BEAT_SECONDS = 20.0  # under notifications' 30 s of silence and a spectator's SEEN_SECONDS
REGISTER_EVERY = 15  # beats: the audience is said to be wanted every 5 minutes
LARGEST_HELLO = 512  # characters: a page sends only its version and stamp
SENT_FIELDS = ("version", "stamp", "target", "html", "trigger")


class TableConsumer(AsyncJsonWebsocketConsumer):
    """``/live/games/<uuid>/``: a seat's or a spectator's live board."""

    audience: Audience | None = None
    request: HttpRequest | None = None
    beat: asyncio.Task[None] | None = None
    sent: tuple[int, int] = (-1, -1)

    async def connect(self) -> None:
        game_id = self.scope["url_route"]["kwargs"]["game_id"]
        admitted = await database_sync_to_async(viewer.admit)(self.scope, game_id)
        await self.accept()
        if admitted is None:
            await self.close(code=NOT_ALLOWED)
            return
        self.audience, self.request = admitted
        await self.channel_layer.group_add(self.audience.group, self.channel_name)
        await database_sync_to_async(self._still_here)(0)
        self.beat = asyncio.get_running_loop().create_task(self._beats())

    async def disconnect(self, code: int) -> None:
        if self.beat is not None:
            self.beat.cancel()
        if self.audience is not None:
            await self.channel_layer.group_discard(self.audience.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Only ``{"type": "hello", "version": n, "stamp": n}`` is heard; anything else is not."""
        if self.audience is None or not text_data or len(text_data) > LARGEST_HELLO:
            return
        try:
            content = json.loads(text_data)
        except ValueError:
            return
        if not isinstance(content, dict) or content.get("type") != "hello":
            return
        version, stamp = _number(content.get("version")), _number(content.get("stamp"))
        message = await database_sync_to_async(publish.current)(self.audience, version, stamp)
        if message is not None:
            await self.live_board(message)

    async def live_board(self, message: dict[str, Any]) -> None:
        """A board the publisher sent this audience (``type: live.board``): to the page."""
        head = (int(message["version"]), int(message["stamp"]))
        if head <= self.sent:
            return  # already sent (a hello's answer and the publisher's can cross)
        self.sent = head
        await self.send_json({"type": "board", **{k: message.get(k) for k in SENT_FIELDS}})

    async def _beats(self) -> None:
        beats = 0
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            beats += 1
            try:
                await database_sync_to_async(self._still_here)(beats)
            except Exception:  # noqa: BLE001 - a missed beat is retried with the next one
                log.warning("a live connection's beat failed", exc_info=True)

    def _still_here(self, beats: int) -> None:
        audience, request = self.audience, self.request
        if audience is None or request is None:
            return
        if beats % REGISTER_EVERY == 0:
            audiences.add(audience.game_id, audience.group)
        if audience.seat is not None:
            presence.mark(request, UUID(audience.game_id))
        else:
            watching.touch(request, Game(id=UUID(audience.game_id)))


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
