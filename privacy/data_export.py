""" "Download my data": everything the site keeps about one account, as one JSON document.

Each section is one small function over the rows ``personal_data.FIELDS`` names.
What the export must never hold: another person's hidden tiles, and secrets.

- A game's move log is given as its replay tells it: one line in words per move,
  the same lines the replay page shows this seat (``adapter.move_lines``, read from
  the public views stored with each move). The raw action is added only for the
  person's own seats' moves, which their own screen made. The seed, the state and
  other seats' racks, actions and drafts are never read here. Only games that are
  over are given with their moves; unfinished ones are listed as saves.
- Other people are named as the site would show them to this person: their
  public name, or a placeholder when either blocked the other; who blocked the
  person is never listed.
- Token digests, push keys and share-link tokens are left out: they are keys,
  not information, and a copy of the file must not open anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from allauth.account.models import EmailAddress
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import GameRecord, SavedGame, Streak
from api.models import AccessToken
from games import catalogue
from games.models import Game, GameStatus, Move, Seat
from games.online import placeholder_name
from leaderboards.models import LeaderboardEntry, NameReport, Player
from leaderboards.privacy import names_hidden
from matchmaking.models import QueueEntry
from notifications.models import NotificationSettings, PushSubscription, TurnNotice, Vacation
from players.display import shown
from players.lookup import blocked_ids
from players.models import Block, Challenge, Follow, Rating, RatingChange
from preferences.feel import FIELDS as FEEL_FIELDS
from preferences.models import Preferences
from presets.models import Preset
from puzzles.models import Solver
from replays.frames import adapter_for, flow_for
from replays.models import ShareLink
from rooms.models import Room, RoomSeat, SeatReport, Suspension
from talk.models import Message as TalkMessage
from talk.models import Mute, Timeout
from talk.models import Report as TalkReport
from tournaments.models import Entry as TournamentEntry
from tournaments.models import StartNotice, Tournament
from tutorials.models import Progress as TutorialProgress

FORMAT = "rummy_site personal data"
VERSION = 1
SECRET_KEYS = frozenset({"seed"})  # never copied out of a game's setup


def filename(user: Any) -> str:
    return f"rummy-data-{user.get_username()}-{timezone.now():%Y%m%d}.json"


def build(user: Any, request: HttpRequest | None = None) -> dict[str, Any]:
    """The whole export for ``user``; ``request`` adds this browser's own choices."""
    names = _Names(user.pk)
    player = Player.objects.filter(user=user).first()
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now(),
        "account": _account(user),
        "names": _names(user, player),
        "games": _games(user, names),
        "saves": _saves(user),
        "results": _rows(GameRecord.objects.filter(user=user), RECORD_FIELDS),
        "streaks": _rows(Streak.objects.filter(user=user), STREAK_FIELDS),
        "leaderboards": _leaderboards(player),
        "ratings": _ratings(user),
        "rating_history": _rows(RatingChange.objects.filter(user=user), HISTORY_FIELDS),
        "puzzles": _puzzles(user),
        "presets": _rows(Preset.objects.filter(user=user), PRESET_FIELDS),
        "settings": _settings(user, request),
        "follows": _follows(user.pk, names),
        "blocks": [
            names.plain(b)
            for b in Block.objects.filter(blocker=user).values_list("blocked_id", flat=True)
        ],
        "challenges": _challenges(user.pk, names),
        "notices": _rows(TurnNotice.objects.filter(user=user), NOTICE_FIELDS),
        "quick_match": _rows(QueueEntry.objects.filter(user=user), QUEUE_FIELDS),
        "rooms": _rooms(user),
        "share_links": _rows(ShareLink.objects.filter(made_by_user=user), SHARE_FIELDS),
        "api_tokens": _rows(AccessToken.objects.filter(user=user), TOKEN_FIELDS),
        "reports_made": _reports_made(user),
        "moderation": _moderation(user, player),
        "table_talk": _rows(
            TalkMessage.objects.filter(author_user=user).order_by("pk"),
            ("game_id", "tournament_id", "channel", "phrase", "text", "created"),
        ),
        "tutorials": _rows(
            TutorialProgress.objects.filter(user=user).order_by("kind"),
            ("kind", "status", "game_id", "done_at", "updated"),
        ),
        "tournaments": _tournaments(user),
    }


MADE_FIELDS = (
    "kind", "format", "name", "starts_at", "duration_minutes", "rounds", "seats", "rated",
    "access", "status", "created",
)  # fmt: skip


def _tournaments(user: Any) -> dict[str, Any]:
    """The events played (each entry's score as stored), made, and the start notices."""
    entries = TournamentEntry.objects.filter(user=user).select_related("tournament")
    return {
        "played": [
            {
                "tournament_id": e.tournament_id,
                "kind": e.tournament.kind,
                "format": e.tournament.format,
                "name": e.tournament.name,
                "starts_at": e.tournament.starts_at,
                "points_in_sixths": e.points_sixths,
                "games": e.games,
                "wins": e.wins,
                "final_rank": e.final_rank,
                "withdrawn": e.withdrawn_because,
                "joined": e.joined,
            }
            for e in entries.order_by("pk")
        ],
        "made": _rows(Tournament.objects.filter(creator=user).order_by("pk"), MADE_FIELDS),
        "start_notices": _rows(
            StartNotice.objects.filter(user=user), ("tournament_id", "created", "email_sent")
        ),
    }


RECORD_FIELDS = ("game_id", "seat_index", "kind", "level", "outcome", "finished_at")
STREAK_FIELDS = ("key", "current", "best", "last_played_at")
HISTORY_FIELDS = (
    "kind", "pace", "seq", "game_id", "seat_index", "team", "place",
    "mu_before", "sigma_before", "mu", "sigma", "created",
)  # fmt: skip
PRESET_FIELDS = ("kind", "name", "data", "created", "updated")
NOTICE_FIELDS = ("game_id", "seat_index", "version", "created", "email_sent", "push_sent")
QUEUE_FIELDS = ("lane", "status", "kind", "seats", "options", "table_name", "joined", "matched_at")
SHARE_FIELDS = ("game_id", "created", "revoked")
TOKEN_FIELDS = ("name", "prefix", "scopes", "created", "last_used")
ENTRY_FIELDS = (
    "kind", "difficulty", "period_key", "played", "wins", "points",
    "win_run", "best_win_run", "daily_streak", "updated",
)  # fmt: skip
RESULT_FIELDS = (
    "game_id", "seat_index", "kind", "difficulty", "won", "abandoned", "points", "daily",
    "finished_at",
)  # fmt: skip
ATTEMPT_FIELDS = (
    "puzzle_id", "status", "rated", "hinted", "answer", "laid", "laid_value",
    "rating_before", "rating_after", "daily", "created_at", "finished_at", "storm_id",
)  # fmt: skip
STORM_FIELDS = ("id", "day", "started_at", "ends_at", "ended_at", "score", "solved", "missed",
                "best_combo")  # fmt: skip


def _rows(rows: QuerySet[Any], fields: Iterable[str]) -> list[dict[str, Any]]:
    """The rows as plain dicts of the named fields, oldest first."""
    return list(rows.order_by("pk").values(*fields))


class _Names:
    """Other accounts as this person's pages show them: a public name, or a placeholder."""

    def __init__(self, me: int) -> None:
        self.apart = blocked_ids(me)
        self._found: dict[int, str] = {}

    def plain(self, user_id: int) -> str:
        """The account's public name (or its board placeholder), whatever blocks say."""
        if user_id not in self._found:
            player = Player.objects.filter(user_id=user_id).first()
            if player is None:
                self._found[user_id] = _("a player without a public name")
            else:
                self._found[user_id] = player.placeholder if player.name_suspended else str(player)
        return self._found[user_id]

    def of(self, user_id: int) -> str:
        """As above, but "a blocked player" for anyone blocked either way (as the site does)."""
        return _("a blocked player") if user_id in self.apart else self.plain(user_id)


def _account(user: Any) -> dict[str, Any]:
    addresses = EmailAddress.objects.filter(user=user).order_by("pk")
    return {
        "username": user.get_username(),
        "date_joined": user.date_joined,
        "last_sign_in": user.last_login,
        "has_password": user.has_usable_password(),
        "email_addresses": list(addresses.values("email", "verified", "primary")),
    }


def _names(user: Any, player: Player | None) -> dict[str, Any]:
    table_names = RoomSeat.objects.filter(user=user).exclude(table_name="")
    return {
        "public_name": player.name if player else "",
        "public_name_suspended": bool(player and player.name_suspended),
        "table_names": sorted(set(table_names.values_list("table_name", flat=True))),
    }


def _games(user: Any, names: _Names) -> list[dict[str, Any]]:
    """Every game over in which the person had a seat, with its log as the replay tells it."""
    over = Game.objects.filter(seats__user=user).exclude(status=GameStatus.ACTIVE).distinct()
    return [
        _game(game, user.pk, names) for game in over.order_by("created").prefetch_related("seats")
    ]


def _game(game: Game, me: int, names: _Names) -> dict[str, Any]:
    seats = list(game.seats.all())
    mine = {s.index for s in seats if s.user_id == me}
    shown_names = [_seat_name(s, mine, names) for s in seats]
    moves = list(
        Move.objects.filter(game=game)
        .order_by("seq")
        .only("seq", "seat", "action", "public_view", "created")
    )
    lines = adapter_for(game.kind).move_lines(game, moves, shown_names) if moves else []
    return {
        "id": game.id,
        "game": catalogue.kind_name(game.kind),
        "kind": game.kind,
        "status": game.status,
        "online": game.online,
        "setup": {k: v for k, v in game.config.items() if k not in SECRET_KEYS},
        "started": game.created,
        "ended": game.updated,
        "your_seats": sorted(mine),
        "seats": [
            {"seat": s.index, "name": shown_names[i], "who": _who(s, mine)}
            for i, s in enumerate(seats)
        ],
        "moves": [_move(m, line, mine) for m, line in zip(moves, lines, strict=True)],
    }


def _seat_name(seat: Seat, mine: set[int], names: _Names) -> str:
    if seat.index in mine:
        return "You"
    if seat.user_id is not None and seat.user_id in names.apart:
        return placeholder_name(seat.index)
    return seat.display_name


def _who(seat: Seat, mine: set[int]) -> str:
    if seat.index in mine:
        return "you (your program)" if seat.is_program else "you"
    if seat.is_computer:
        return f"computer ({seat.computer_level})"
    return "program" if seat.is_program else "person"


def _move(move: Move, line: str, mine: set[int]) -> dict[str, Any]:
    """One step: the replay's words; the action itself only for the person's own seat."""
    row: dict[str, Any] = {"seq": move.seq, "seat": move.seat, "at": move.created, "says": line}
    if move.seat in mine:
        row["action"] = move.action
    return row


def _saves(user: Any) -> list[dict[str, Any]]:
    saves = SavedGame.objects.filter(seat__user=user).select_related("seat__game")
    return [
        {
            "game_id": s.seat.game_id,
            "game": catalogue.kind_name(s.seat.game.kind),
            "status": s.seat.game.status,
            "slot": s.slot,
            "saved_at": s.saved_at,
        }
        for s in saves.order_by("saved_at")
    ]


def _leaderboards(player: Player | None) -> dict[str, Any]:
    if player is None:
        return {}
    return {
        "daily_streak": {
            "run": player.daily_run,
            "best": player.daily_best,
            "last": player.daily_last,
        },
        "daily_clears": list(
            player.clears.order_by("date").values("date", "game_id", "cleared_at")
        ),
        "results": _rows(player.results.all(), RESULT_FIELDS),
        "entries": _rows(LeaderboardEntry.objects.filter(player=player), ENTRY_FIELDS),
    }


def _ratings(user: Any) -> list[dict[str, Any]]:
    rows = Rating.objects.filter(user=user).order_by("kind", "pace")
    return [
        {
            "kind": r.kind,
            "pace": r.pace,
            "rating": round(shown(r.mu, r.sigma)),
            "mu": r.mu,
            "sigma": r.sigma,
            "games": r.games,
            "last_played": r.last_played,
        }
        for r in rows
    ]


def _puzzles(user: Any) -> dict[str, Any]:
    solver = Solver.objects.filter(user=user).first()
    if solver is None:
        return {}
    return {
        "rating": solver.rating,
        "best_streak": solver.best_streak,
        "daily_streak": solver.daily_streak,
        "best_daily_streak": solver.best_daily_streak,
        "daily_last": solver.daily_last,
        "streaks": _rows(solver.streaks.all(), ("started_at", "ended_at", "length")),
        "attempts": _rows(solver.attempts.all(), ATTEMPT_FIELDS),
        "storm_runs": _rows(solver.storm_runs.all(), STORM_FIELDS),
    }


def _settings(user: Any, request: HttpRequest | None) -> dict[str, Any]:
    notify = NotificationSettings.objects.filter(user=user).values(
        "email_correspondence", "email_live", "push_correspondence", "push_live"
    )
    devices = PushSubscription.objects.filter(user=user).order_by("pk")
    return {
        "notifications": notify.first() or _("the defaults (never changed)"),
        "push_devices": [
            {"service": urlsplit(d.endpoint).hostname, "added": d.created} for d in devices
        ],
        "vacations": _rows(Vacation.objects.filter(user=user), ("starts", "ends", "days")),
        "language": Preferences.objects.filter(user=user).values_list("language", flat=True).first()
        or _("the browser's (never chosen)"),
        # The settings page (tile size, theme, sound, motion, speed, ask to draw, left hand).
        "table_settings": Preferences.objects.filter(user=user).values(*FEEL_FIELDS).first()
        or _("the defaults (never changed)"),
        "this_browser": _browser(request) if request is not None else {},
    }


def _browser(request: HttpRequest) -> dict[str, Any]:
    """Choices kept in this browser's session and cookies (computer speed, hidden names)."""
    speeds = {}
    for entry in catalogue.CATALOGUE:
        key = flow_for(entry.kind).speed_key
        if key in request.session:
            speeds[entry.name] = request.session[key]
    return {"computer_speed": speeds, "hide_other_players_names": names_hidden(request)}


def _follows(me: int, names: _Names) -> dict[str, list[str]]:
    following = set(Follow.objects.filter(follower_id=me).values_list("followed_id", flat=True))
    back = set(Follow.objects.filter(followed_id=me).values_list("follower_id", flat=True))
    return {
        "following": sorted(names.of(u) for u in following),
        "friends": sorted(names.of(u) for u in following & back),  # a one-way follower is not told
    }


def _challenges(me: int, names: _Names) -> list[dict[str, Any]]:
    rows = Challenge.objects.filter(Q(sender_id=me) | Q(recipient_id=me)).order_by("created")
    return [
        {
            "direction": "sent" if c.sender_id == me else "received",
            "other": names.of(c.recipient_id if c.sender_id == me else c.sender_id),
            "game": catalogue.kind_name(c.kind),
            "status": c.status,
            "created": c.created,
            "answered": c.answered,
        }
        for c in rows
    ]


def _rooms(user: Any) -> dict[str, Any]:
    seats = RoomSeat.objects.filter(user=user).select_related("room").order_by("pk")
    return {
        "hosted": _rows(
            Room.objects.filter(host_user=user), ("name", "kind", "status", "listed", "created")
        ),
        "seats": [
            {
                "room": s.room.name,
                "game": catalogue.kind_name(s.room.kind),
                "table_name": s.table_name,
            }
            for s in seats
        ],
    }


def _reports_made(user: Any) -> dict[str, Any]:
    return {
        "names": _rows(
            NameReport.objects.filter(reporter_user=user), ("name", "reason", "note", "created")
        ),
        "table_names": _rows(SeatReport.objects.filter(reporter_user=user), ("name", "created")),
        "table_talk": _rows(TalkReport.objects.filter(reporter_user=user), ("said", "created")),
    }


def _moderation(user: Any, player: Player | None) -> dict[str, Any]:
    """What staff recorded about the person; who reported them is never said."""
    about = NameReport.objects.filter(player=player) if player else NameReport.objects.none()
    return {
        "suspensions": _rows(Suspension.objects.filter(user=user), ("created",)),
        "reports_of_your_names": [
            *_rows(about, ("name", "created", "reviewed")),
            *_rows(SeatReport.objects.filter(reported_user=user), ("name", "created", "reviewed")),
        ],
        "reports_of_your_table_talk": _rows(
            TalkReport.objects.filter(reported_user=user), ("said", "created", "reviewed")
        ),
        "talk_timeouts": _rows(Timeout.objects.filter(user=user), ("until", "reason", "created")),
        "muted_at_tables": Mute.objects.filter(muter_user=user).count(),
    }
