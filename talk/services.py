"""Everything that changes table talk: saying, reporting, muting, timeouts, deleting.

Talk happens at a table (a ``Speaker`` with a ``game``) or in a tournament (an
``Event`` that tournaments/ describes: talk never imports it, being below it). Both
go through the same rules, limits, masking, blocks, mutes, reports and timeouts.

Views are thin: they find the speaker (a seat, or a spectator allowed to watch)
and call these. A refusal raises ``TalkRefused`` with a message for the person;
nothing is written then.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.rate_limits import count_use
from games import live
from games import pace as game_pace
from games.models import Game, GameStatus, Seat
from games.task_queue import Registered
from leaderboards.blocks import blocked_ids
from leaderboards.models import Player
from leaderboards.players import get_player
from players import social
from rooms import services as rooms
from rooms.people import Person
from talk import phrases, rules, words
from talk.models import Channel, Message, Mute, Report, Timeout

log = logging.getLogger(__name__)

CONTEXT_AROUND = 5  # a report keeps this many messages before and after the reported one
RECENT = 50  # a page shows this many of the latest messages
# Why staff silenced someone, by key: the timed-out person reads it in their language.
REASONS = {
    "reported": gettext_lazy("a message you wrote was reported and broke the table's rules"),
}


class TalkRefused(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Event:
    """A tournament's talk as tournaments/ describes it: which event, where its page and
    talk live, and whether this reader is entered (only entrants say anything there)."""

    id: int
    page_url: str
    talk_url: str
    entered: bool


@dataclass(frozen=True)
class Speaker:
    """Who reads and writes at a table (a seat, or a spectator: ``seat`` None), or in a
    tournament's talk (``event`` set, ``game`` None)."""

    game: Game | None
    person: Person
    seat: Seat | None
    user: Any = None  # the signed-in account, when there is one
    event: Event | None = None

    @property
    def channel(self) -> str:
        if self.event is not None:
            return Channel.TOURNAMENT
        return Channel.PLAYERS if self.seat is not None else Channel.SPECTATORS

    @property
    def may_write(self) -> bool:
        return self.may_speak and rules.may_write(self.user)

    @property
    def may_speak(self) -> bool:
        """At a table anyone who reaches it; in a tournament only its entrants."""
        return self.event is None or self.event.entered

    @property
    def place(self) -> dict[str, Any]:
        """The rows' filter for this channel's place: the table or the tournament."""
        if self.event is not None:
            return {"tournament_id": self.event.id}
        assert self.game is not None
        return {"game_id": self.game.id}

    @property
    def key(self) -> str:
        """The place's talk news key (games.live)."""
        if self.event is not None:
            return tournament_live_key(self.event.id)
        assert self.game is not None
        return live_key(self.game.id)


@dataclass(frozen=True)
class Said:
    """A line just said, as the live app's sockets announce it: where, and who reads it
    now. Nothing of what it says: each page asks for its lines, read as its reader may."""

    game_id: str | None  # a table's talk (the game's id), or None: a tournament's
    tournament_id: int | None
    seats_read: bool  # the table's players read it now (``channels_for``'s rule)


# The live app's sockets announce each line said (live.talk); talk never imports it.
TalkNews = Callable[[Said], None]
talk_news = Registered[TalkNews]("talk news (live.apps.LiveConfig.ready registers it)")


def live_key(game_id: Any) -> str:
    """The table's talk news, beside its moves' news (games.live), so a chat line
    never redraws a board."""
    return f"{game_id}:talk"


def tournament_live_key(tournament_id: int) -> str:
    """A tournament's talk news, beside its page's news (``tournament-<id>``)."""
    return f"tournament-{tournament_id}:talk"


# --- saying --------------------------------------------------------------------------


def say_phrase(speaker: Speaker, key: str) -> Message:
    if key not in phrases.PHRASES:
        raise TalkRefused(_("Pick one of the phrases."))
    _check_may_talk(speaker)
    if not count_use(f"talk:phrase:{_who_key(speaker.person)}", 1, rules.PHRASE_GAP_SECONDS):
        raise TalkRefused(_("One phrase every two seconds: try again in a moment."), 429)
    return _save(speaker, phrase=key)


def say_text(speaker: Speaker, raw: Any) -> Message:
    if not speaker.may_speak:
        raise TalkRefused(only_entrants(), 403)
    if not speaker.may_write:
        raise TalkRefused(free_text_rule(), 403)
    text = words.tidy(raw if isinstance(raw, str) else "")
    if not text:
        raise TalkRefused(_("Write something first."))
    if len(text) > rules.MAX_LENGTH:
        raise TalkRefused(
            _("A message holds at most %(count)s characters.") % {"count": rules.MAX_LENGTH}
        )
    _check_may_talk(speaker)
    key = f"talk:text:{_who_key(speaker.person)}"
    if not count_use(key, rules.TEXT_BURST, rules.TEXT_WINDOW_SECONDS):
        raise TalkRefused(
            _("That's a lot of messages at once: wait %(seconds)s seconds, then write again.")
            % {"seconds": rules.TEXT_WINDOW_SECONDS},
            429,
        )
    return _save(speaker, text=words.masked(text))


def free_text_rule() -> str:
    return _(
        "Messages are for accounts at least %(days)s days old with %(games)s finished games;"
        " until then, use the quick phrases."
    ) % {"days": rules.min_account_days(), "games": rules.min_finished_games()}


def only_entrants() -> str:
    return _("Only the tournament's players write here; everyone else reads.")


def _check_may_talk(speaker: Speaker) -> None:
    if not speaker.may_speak:
        raise TalkRefused(only_entrants(), 403)
    if speaker.seat is not None and speaker.seat.house_reason == "suspended":
        raise TalkRefused(_("You can't talk at this table."), 403)
    if rooms.suspended(speaker.person):
        raise TalkRefused(_("You can't talk at tables at the moment."), 403)
    silenced = timed_out(speaker.person)
    if silenced is not None:
        raise TalkRefused(timeout_notice(silenced), 403)


def _save(speaker: Speaker, *, phrase: str = "", text: str = "") -> Message:
    person = speaker.person
    game = speaker.game
    message = Message.objects.create(
        **speaker.place,
        channel=speaker.channel,
        author_user_id=person.user_id,
        author_device="" if person.user_id else person.device_key,
        seat_index=speaker.seat.index if speaker.seat is not None else None,
        author_name="" if speaker.seat is not None else spectator_name(person),
        phrase=phrase,
        text=text,
        correspondence=game is not None and game_pace.is_correspondence(game.config),
    )
    key, said = speaker.key, _said(speaker)
    transaction.on_commit(lambda: _announce(key, said))
    return message


def _said(speaker: Speaker) -> Said:
    """Where the line was said and whether the table's players read it now: the players'
    channel always, the spectators' once the game is over (as ``channels_for`` decides)."""
    if speaker.event is not None:
        return Said(None, speaker.event.id, seats_read=True)
    assert speaker.game is not None
    over = speaker.game.status != GameStatus.ACTIVE
    return Said(str(speaker.game.id), None, speaker.channel == Channel.PLAYERS or over)


def _announce(key: str, said: Said) -> None:
    """After the commit: the waiting polls' news, then the sockets' (when they are on)."""
    live.notify(key)
    if not settings.LIVE_WEBSOCKETS:
        return
    try:
        talk_news.get()(said)
    except Exception:  # noqa: BLE001 - the line is saved; the pages' polls still find it
        log.warning("could not announce a line of talk at %s", key, exc_info=True)


def spectator_name(person: Person) -> str:
    """A spectator is shown by their public name; a guest or a nameless account by none."""
    if person.user_id is None:
        return ""
    row = Player.objects.filter(user_id=person.user_id).values("name", "name_suspended").first()
    return row["name"] if row and not row["name_suspended"] else ""


def _who_key(person: Person) -> str:
    return f"u{person.user_id}" if person.user_id is not None else f"d{person.device_key}"


# --- reading -------------------------------------------------------------------------


def channels_for(speaker: Speaker) -> list[str]:
    """Spectators read both; players read the spectators' only once the game is over."""
    if speaker.game is None:
        return [Channel.TOURNAMENT]
    if speaker.seat is None or speaker.game.status != GameStatus.ACTIVE:
        return [Channel.PLAYERS, Channel.SPECTATORS]
    return [Channel.PLAYERS]


def readable(speaker: Speaker, show_text: bool) -> QuerySet[Message]:
    """The messages this person may read: their channels, less muted and blocked writers."""
    found = Message.objects.filter(**speaker.place, channel__in=channels_for(speaker))
    if not show_text:
        found = found.filter(Q(text="") | _written_by(speaker.person))
    for mute in Mute.objects.filter(_by(speaker.person, "muter_"), **speaker.place):
        found = found.exclude(_author(mute.muted_user_id, mute.muted_device))
    if speaker.person.user_id is not None:
        apart = blocked_ids(speaker.person.user_id)
        if apart:
            found = found.exclude(author_user_id__in=apart)
    return found


def recent(speaker: Speaker, show_text: bool, after: int = 0) -> list[Message]:
    """The latest readable messages after id ``after``, oldest first."""
    found = readable(speaker, show_text).filter(id__gt=after).order_by("-id")[:RECENT]
    return list(reversed(found))


def newest_id(game_id: Any) -> int:
    row = Message.objects.filter(game_id=game_id).order_by("-id").values("id").first()
    return int(row["id"]) if row else 0


def said(message: Message) -> str:
    return phrases.shown(message.phrase) if message.phrase else message.text


def _written_by(person: Person) -> Q:
    return _by(person, "author_")


def _by(person: Person, prefix: str) -> Q:
    if person.user_id is not None:
        return Q(**{f"{prefix}user_id": person.user_id})
    return Q(**{f"{prefix}user__isnull": True, f"{prefix}device": person.device_key})


def _author(user_id: int | None, device: str) -> Q:
    if user_id is not None:
        return Q(author_user_id=user_id)
    return Q(author_user__isnull=True, author_device=device)


# --- controls ------------------------------------------------------------------------


def message_for(speaker: Speaker, message_id: Any) -> Message:
    """A message this person can read (others don't exist for them)."""
    try:
        number = int(message_id)
    except (TypeError, ValueError):
        raise TalkRefused(_("There is no such message."), 404) from None
    found = readable(speaker, show_text=True).filter(pk=number).first()
    if found is None:
        raise TalkRefused(_("There is no such message."), 404)
    return found


def _others(speaker: Speaker, message: Message) -> None:
    if message.pk and _is_mine(speaker.person, message):
        raise TalkRefused(_("That message is yours."))


def _is_mine(person: Person, message: Message) -> bool:
    return person.owns(message.author_user_id, message.author_device)


def report(speaker: Speaker, message_id: Any) -> Report:
    """The message to the review queue, with the ten around it as they read now."""
    message = message_for(speaker, message_id)
    _others(speaker, message)
    person = speaker.person
    report, _created = Report.objects.get_or_create(
        message=message,
        reporter_user_id=person.user_id,
        reporter_device="" if person.user_id else person.device_key,
        defaults={
            "game_id": message.game_id,
            "tournament_id": message.tournament_id,
            "said": said(message)[: rules.MAX_LENGTH],
            "reported_user_id": message.author_user_id,
            "reported_device": message.author_device,
            "context": _context(message),
        },
    )
    return report


def _context(message: Message) -> list[dict[str, Any]]:
    place = (
        {"game_id": message.game_id}
        if message.game_id is not None
        else {"tournament_id": message.tournament_id}
    )
    same = Message.objects.filter(**place, channel=message.channel)
    before = list(same.filter(id__lt=message.pk).order_by("-id")[:CONTEXT_AROUND])
    after = list(same.filter(id__gt=message.pk).order_by("id")[:CONTEXT_AROUND])
    seats = {s.index: s.display_name for s in Seat.objects.filter(game_id=message.game_id)}
    return [
        {
            "id": m.pk,
            "name": seats.get(m.seat_index, "") if m.seat_index is not None else m.author_name,
            "said": said(m),
            "at": m.created.isoformat(),
            "reported": m.pk == message.pk,
        }
        for m in [*reversed(before), message, *after]
    ]


def mute(speaker: Speaker, message_id: Any) -> None:
    """Stop reading the message's writer at this table (this person only)."""
    message = message_for(speaker, message_id)
    _others(speaker, message)
    person = speaker.person
    Mute.objects.get_or_create(
        **speaker.place,
        muter_user_id=person.user_id,
        muter_device="" if person.user_id else person.device_key,
        muted_user_id=message.author_user_id,
        muted_device="" if message.author_user_id else message.author_device,
    )


def unmute_all(speaker: Speaker) -> int:
    mutes = Mute.objects.filter(_by(speaker.person, "muter_"), **speaker.place)
    return int(mutes.delete()[0])


def block_writer(speaker: Speaker, message_id: Any) -> None:
    """Block the message's writer (accounts only): their messages and pages keep apart."""
    message = message_for(speaker, message_id)
    _others(speaker, message)
    if speaker.person.user_id is None:
        raise TalkRefused(_("Sign in to block a player; you can mute them here."), 403)
    if message.author_user_id is None:
        raise TalkRefused(_("Only a player with an account can be blocked; mute them instead."))
    player = get_player(message.author_user_id, "", create=True)
    assert player is not None  # an account always has (or now gets) its player row
    try:
        social.block(speaker.person.user_id, player)
    except social.Refused as refused:
        raise TalkRefused(refused.message, refused.status) from None


# --- staff ---------------------------------------------------------------------------


def timed_out(person: Person) -> Timeout | None:
    """The person's running timeout, the one that ends last."""
    if not person.known:
        return None
    running = Timeout.objects.filter(until__gt=timezone.now())
    if person.user_id is not None:
        running = running.filter(user_id=person.user_id)
    else:
        running = running.filter(user__isnull=True, device_key=person.device_key)
    return running.order_by("-until").first()


def timeout_notice(timeout: Timeout) -> str:
    until = date_format(timezone.localtime(timeout.until, timezone.UTC), "DATETIME_FORMAT")
    return _("A moderator silenced you until %(until)s UTC. Reason: %(reason)s") % {
        "until": until,
        "reason": REASONS.get(timeout.reason, timeout.reason),
    }


def time_out(reports: list[Report], minutes: int, reason: str) -> int:
    """Silence each reported writer for ``minutes``; the reports are marked reviewed."""
    until = timezone.now() + timedelta(minutes=minutes)
    people = {(r.reported_user_id, r.reported_device) for r in reports}
    for user_id, device in people:
        Timeout.objects.create(
            user_id=user_id, device_key="" if user_id else device, until=until, reason=reason
        )
    Report.objects.filter(pk__in=[r.pk for r in reports]).update(reviewed=True)
    return len(people)


def suspend(reports: list[Report]) -> int:
    """Suspend each reported writer as a reported name is: the house takes their seats."""
    people = {Person(r.reported_user_id, r.reported_device) for r in reports}
    for who in people:
        rooms.suspend_person(who)
    Report.objects.filter(pk__in=[r.pk for r in reports]).update(reviewed=True)
    return len(people)


# --- keeping -------------------------------------------------------------------------


def delete_old(now: datetime | None = None) -> int:
    """Delete talk older than ``KEEP_DAYS``; a correspondence game's only after it ended
    that long ago (its talk is kept for the game's life); a tournament's all at once,
    ``KEEP_DAYS`` after the event finished (or was called off), so its page keeps its
    talk while it is still read."""
    cutoff = (now or timezone.now()) - timedelta(days=rules.KEEP_DAYS)
    ended_long_ago = ~Q(game__status=GameStatus.ACTIVE) & Q(game__updated__lt=cutoff)
    at_tables = Message.objects.filter(game__isnull=False, created__lt=cutoff).filter(
        Q(correspondence=False) | ended_long_ago
    )
    done = int(at_tables.delete()[0])
    in_events = Message.objects.filter(tournament__isnull=False, tournament__finished_at__lt=cutoff)
    return done + int(in_events.delete()[0])
