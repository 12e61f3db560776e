"""The live process's websockets: a table's, a person's own, a tournament page's.

A table's (:class:`TableConsumer`): one connection, one audience's group, boards
forwarded as they come, and a notice when a line of the table's talk is said.

Opening: who is asking is found from the handshake's cookies (``live.viewer``); a
connection that may see nothing of the table is accepted and closed at once with
:data:`NOT_ALLOWED` (4403), so the page knows not to try again and keeps its poll.
Then the page says which version it shows (``hello``) and gets the current board if
that is not it. Afterwards every board its audience is sent is forwarded as is:
no database read, no rendering. Every :data:`BEAT_SECONDS` the connection tells the
site it is still there (``live.beats``: one task of the process beats for all of
them): the seat's page is open (``games.presence``: no "your turn" notification), the
spectator is counted (``matchmaking.watching``), and now and then its audience is
still wanted (``live.audiences``). docs/live.md has the format.

A person's (:class:`PersonConsumer`, ``live.people``) and a tournament page's
(:class:`TournamentConsumer`, ``live.tournament_feed``) forward small notices the same
way; docs/live.md, "More than tables", says what each carries.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any
from uuid import UUID

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import translation

from games import presence
from games.models import Game
from live import audiences, people, publish, tournament_feed, viewer
from live.beats import Beats
from live.viewer import Audience, Caller
from matchmaking import watching
from notifications.my_turn import count_for
from notifications.templatetags.my_turn import PERSON_SOCKET, link_html

log = logging.getLogger(__name__)

NOT_ALLOWED = 4403
BEAT_SECONDS = 20.0  # under notifications' 30 s of silence and a spectator's SEEN_SECONDS
REGISTER_EVERY = 15  # beats: the audience is said to be wanted every 5 minutes
LARGEST_HELLO = 512  # characters: a page sends only its version and stamp
WAIT_BEAT_SECONDS = 2.0  # a live wait's place is kept this often (queue.STALE_SECONDS is 6)
SENT_FIELDS = ("version", "stamp", "target", "html", "trigger")
TABLE_BEATS = Beats(BEAT_SECONDS)  # a table's connections: seat open, spectator counted
PERSON_BEATS = Beats(BEAT_SECONDS * REGISTER_EVERY)  # a person's: still listening


class ForwardingConsumer(AsyncJsonWebsocketConsumer):
    """A consumer whose news handlers (``FORWARDS``) only pass a message on to the page.

    Channels' ``dispatch`` closes stale database connections before every handler by a
    hop through asgiref's one thread for thread-sensitive work, shared by every socket
    of the process: each board forwarded to each socket waited its turn there, though
    forwarding reads no database. Those handlers are called straight; everything else
    (connect, receive, disconnect) is dispatched as Channels does, and the handlers that
    do read the database do it through ``database_sync_to_async``, which closes stale
    connections itself.
    """

    FORWARDS: frozenset[str] = frozenset()

    async def dispatch(self, message: dict[str, Any]) -> None:
        if message.get("type") in self.FORWARDS:
            await getattr(self, get_handler_name(message))(message)
            return
        await super().dispatch(message)


class TableConsumer(ForwardingConsumer):
    """``/live/games/<uuid>/``: a seat's or a spectator's live board."""

    FORWARDS = frozenset({"live.board", "live.talk"})

    audience: Audience | None = None
    caller: Caller | None = None
    beats: int = 0
    sent: tuple[int, int] = (-1, -1)

    async def connect(self) -> None:
        game_id = self.scope["url_route"]["kwargs"]["game_id"]
        admitted = await database_sync_to_async(viewer.admit)(self.scope, game_id)
        await self.accept()
        if admitted is None:
            await self.close(code=NOT_ALLOWED)
            return
        self.audience, self.caller = admitted
        await self.channel_layer.group_add(self.audience.group, self.channel_name)
        await database_sync_to_async(self._still_here)()
        TABLE_BEATS.join(self._still_here)

    async def disconnect(self, code: int) -> None:
        TABLE_BEATS.leave(self._still_here)
        if self.audience is not None:
            await self.channel_layer.group_discard(self.audience.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Only ``{"type": "hello", "version": n, "stamp": n}`` is heard; anything else is not."""
        content = _hello(text_data) if self.audience is not None else None
        if content is None or self.audience is None:
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

    async def live_talk(self, message: dict[str, Any]) -> None:
        """A line of the table's talk this audience reads was said: the page asks for it."""
        await self.send_json({"type": "talk"})

    def _still_here(self) -> None:
        """The connection's beat (when it opens, then every ``BEAT_SECONDS``)."""
        audience, caller = self.audience, self.caller
        if audience is None or caller is None:
            return
        if self.beats % REGISTER_EVERY == 0:
            audiences.add(audience.game_id, audience.group)
        self.beats += 1
        if audience.seat is not None:
            who = caller.person
            presence.mark_for(audience.game_id, who.user_id, who.device_key)
        else:
            watching.touch_as(caller.viewer, Game(id=UUID(audience.game_id)))


class PersonConsumer(ForwardingConsumer):
    """``/live/me/``: the person's own news (My turn's count, a table dealt, their wait)."""

    FORWARDS = frozenset({"live.tables"})

    listener: people.Listener | None = None
    waiting: bool = False  # a live quick-match wait's page: its place is kept from here
    keeping: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        listener = await database_sync_to_async(people.admit)(self.scope)
        await self.accept()
        if listener is None:
            await self.close(code=NOT_ALLOWED)
            return
        self.listener = listener
        await self.channel_layer.group_add(listener.group, self.channel_name)
        await database_sync_to_async(people.listens)(listener.group)
        PERSON_BEATS.join(self._still_listens)

    async def disconnect(self, code: int) -> None:
        PERSON_BEATS.leave(self._still_listens)
        if self.keeping is not None:
            self.keeping.cancel()
        if self.listener is not None:
            await self.channel_layer.group_discard(self.listener.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """``{"type": "hello", "wait": "live" | null, "turns": n | null}``: what the page shows.

        ``wait``: the page is the person's live quick-match wait; this socket keeps their
        place (every :data:`WAIT_BEAT_SECONDS`) while it is open. ``turns``: the My turn
        count the page shows; the current one comes back if that is not it.
        """
        content = _hello(text_data) if self.listener is not None else None
        if content is None or self.listener is None:
            return
        if content.get("wait") == "live" and not self.waiting:
            self.waiting = True
            await self._keep_place()
            if self.waiting:
                self.keeping = asyncio.get_running_loop().create_task(self._wait_beats())
        user_id = self.listener.person.user_id
        shown = _number(content.get("turns"))
        if user_id is not None and "turns" in content:
            turns = await database_sync_to_async(count_for)(user_id)
            if turns != shown:
                await self.live_tables({"dealt": False, "turns": turns})

    async def live_tables(self, message: dict[str, Any]) -> None:
        """News of the person's tables (``live.people``): My turn's link in the page's
        language for an account, and whether a table was just dealt for them."""
        out: dict[str, Any] = {"type": "tables", "dealt": bool(message.get("dealt"))}
        turns, listener = message.get("turns"), self.listener
        if listener is not None and listener.person.user_id is not None and isinstance(turns, int):
            with translation.override(listener.language):
                out.update(turns=turns, link=str(link_html(turns, PERSON_SOCKET)))
        await self.send_json(out)

    def _still_listens(self) -> None:
        """Now and then (``PERSON_BEATS``): the person still listens (``live.people``)."""
        if self.listener is not None:
            people.listens(self.listener.group)

    async def _wait_beats(self) -> None:
        """While the person waits: their place is kept, as their page's poll would."""
        while self.waiting:
            await asyncio.sleep(WAIT_BEAT_SECONDS)
            try:
                await self._keep_place()
            except Exception:  # noqa: BLE001 - a missed beat is retried with the next one
                log.warning("a live wait's beat failed", exc_info=True)

    async def _keep_place(self) -> None:
        """The wait's beat; once the person no longer waits, the page asks how it ended."""
        if self.listener is None:
            return
        still = await database_sync_to_async(people.keep_place)(self.listener.person)
        if not still:
            self.waiting = False
            await self.send_json({"type": "wait"})


class TournamentConsumer(ForwardingConsumer):
    """``/live/tournaments/<id>/``: the event's page is told when it changed, and of talk."""

    FORWARDS = frozenset({"live.talk"})

    tournament_id: int | None = None

    async def connect(self) -> None:
        wanted = int(self.scope["url_route"]["kwargs"]["pk"])
        may = await database_sync_to_async(tournament_feed.admit)(self.scope, wanted)
        await self.accept()
        if not may:
            await self.close(code=NOT_ALLOWED)
            return
        self.tournament_id = wanted
        await self.channel_layer.group_add(tournament_feed.group_of(wanted), self.channel_name)
        await tournament_feed.feed.watch(wanted, self.changed)

    async def disconnect(self, code: int) -> None:
        if self.tournament_id is None:
            return
        tournament_feed.feed.unwatch(self.tournament_id, self.changed)
        group = tournament_feed.group_of(self.tournament_id)
        await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """``{"type": "hello", "version": n}``: the event's version the page shows; a page
        behind (news it missed while away) is told the event changed."""
        content = _hello(text_data) if self.tournament_id is not None else None
        if content is None or self.tournament_id is None:
            return
        now = await database_sync_to_async(tournament_feed.version_of)(self.tournament_id)
        if now is not None and now != _number(content.get("version")):
            await self.changed()

    async def changed(self) -> None:
        await self.send_json({"type": "changed"})

    async def live_talk(self, message: dict[str, Any]) -> None:
        """A line of the event's talk: the page asks for its new lines."""
        await self.send_json({"type": "talk"})


def _hello(text_data: str | None) -> dict[str, Any] | None:
    """A page's hello (a small JSON object of type ``hello``); None for anything else."""
    if not text_data or len(text_data) > LARGEST_HELLO:
        return None
    try:
        content = json.loads(text_data)
    except ValueError:
        return None
    if not isinstance(content, dict) or content.get("type") != "hello":
        return None
    return content


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
