"""The request plumbing every game's table views share.

Each game's views module declares one :class:`TableFlow` (its kind, its
template, its presenters, its speed setting) and keeps only the views that are
its own; the views every table has (the page, the board poll, speed, Save and
exit, Abandon) and their URLs (:meth:`TableFlow.urls`) come from here, under
the game's own URL namespace (its kind).

The rules live here, once: every POST names the version it was made
against; the seat comes from who is asking (account or signed device
cookie), never from the form; a refusal answers 4xx with the board redrawn and the
reason, the game unchanged; other players' moves are shown one at a time
through ``board/?at=N``. A POST whose answer was lost is sent again by the page
(:data:`RESENT`): a move already made is answered, not played twice, and a draft
step is not applied twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import TYPE_CHECKING, Any
from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.memo import shared, shared_reads
from games import catalogue, live, online_table, presence, services
from games.access import Probe, get_game_for_player, probe_for_player
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Move, Seat
from games.signals import game_saved
from games.table_urls import TableUrls

if TYPE_CHECKING:
    from django_htmx.middleware import HtmxDetails

View = Callable[..., HttpResponse]


class TableRequest(HttpRequest):
    """A request as the site's middleware hands it to a table: with django-htmx's
    ``htmx`` and the guest device key (``accounts.middleware``). For the type checker."""

    htmx: HtmxDetails
    device_key: str


Change = Callable[[dict[str, Any] | None, dict[str, Any]], dict[str, Any] | None]
Mover = Callable[[dict[str, Any] | None, dict[str, Any], int, str], dict[str, Any]]

# How long each of the others' moves stays on screen, in ms.
SPEEDS = {"fast": 350, "normal": 800, "slow": 1500}
TABLE_ROUTE = "g/<uuid:game_id>/"
# static/js/table.js sends a table's POST again under this header (the attempt: 1, 2) when
# no answer came (the node died after the commit, the network dropped the response).
RESENT = "X-Retry"
ABANDON = "games/abandon.html"


class Refused(Exception):
    """A POST turned away before the service ran; :meth:`TableFlow.refusals` answers it."""

    def __init__(self, error: services.ServiceError, game: Game, seat: Seat) -> None:
        self.error, self.game, self.seat = error, game, seat


TWO_PICKED = -1


def picked_tile(post: Any) -> int | None:
    """The tile a move names: ``tile`` (own rack or hand) or ``table_tile``.

    The rack and the table are separate radio groups (so arrow keys stay in one of
    them), hence two names; the page's script keeps one picked at a time, and a
    form that still sends both gets :data:`TWO_PICKED` (refused: which was meant?).
    """
    own, table = as_int(post.get("tile")), as_int(post.get("table_tile"))
    if own is not None and table is not None:
        return TWO_PICKED
    return own if own is not None else table


def as_int(raw: str | None) -> int | None:
    """A form or query value as an int; ``None`` when missing or not a number."""
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None


@dataclass(frozen=True)
class TableFlow:
    """What differs between the games' tables; the shared steps are its methods.

    ``board_context`` is called as ``(game, seat, view, draft)``, plus
    ``prompt=`` when a view asks the player something first (a discard that
    needs a choice). The speed lives in its own session key so a game can
    default to another speed than the others.
    """

    kind: str
    template: str
    board_context: Callable[..., dict[str, Any]]
    frame_context: Callable[[Game, Seat, dict[str, Any], Move], dict[str, Any]]
    speed_key: str = "speed"
    default_speed: str = "normal"
    # ``(game, seat, view, draft)`` -> what the template's ``board_form`` partial shows.
    # A game that has one answers a draft move with that form alone (``draft_form``).
    form_context: Callable[..., dict[str, Any]] | None = None

    @property
    def board_template(self) -> str:
        """Just the board partial, which htmx swaps in."""
        return f"{self.template}#board"

    @property
    def table_url_name(self) -> str:
        return f"{catalogue.get(self.kind).url_name}:table"

    def url(self, name: str, game: Game) -> str:
        """One of this table's URLs (``board``, ``abandon``…) for ``game``."""
        return TableUrls(catalogue.get(self.kind).url_name, game.id)[name]

    def game_for_player(self, request: TableRequest, game_id: UUID) -> tuple[Game, Seat]:
        """The caller's game and seat; 404 for strangers and for a game of another kind."""
        game, seat = get_game_for_player(request, game_id)
        if game.kind != self.kind:
            raise Http404("No such game.")
        return game, seat

    # --- the URLs every table has ------------------------------------------------------

    def urls(self, moves: dict[str, View]) -> list[URLPattern]:
        """The shared table URLs plus the game's own POST views (``{"draw": view}``).

        Each name is also its route: ``draw`` → ``g/<id>/draw/``, URL name ``draw``.
        """
        shared = {
            "board": require_GET(self.board_at),
            "speed": require_POST(self.set_speed),
            "save_and_exit": require_POST(self.refusals(self.save_and_exit)),
            "abandon": require_http_methods(["GET", "POST"])(self.abandon),
            "take_back": require_POST(self.refusals(self.take_back)),
        }
        routes = [path(TABLE_ROUTE, require_GET(self.table), name="table")]
        for name, view in {**shared, **moves}.items():
            route = f"{TABLE_ROUTE}{name.replace('_', '-')}/"
            routes.append(path(route, view, name=name))
        return routes

    # --- views shared as they are ----------------------------------------------------

    def table(self, request: TableRequest, game_id: UUID) -> HttpResponse:
        """The whole table page (a game of another kind goes to its own table)."""
        game, seat = get_game_for_player(request, game_id)
        if game.kind != self.kind:
            return redirect(table_url(game))
        presence.mark(request, game.id)  # an open table needs no "your turn" notification
        return self.board(request, game, seat, template=self.template)

    # --- views shared as they are ----------------------------------------------------

    def board_at(self, request: TableRequest, game_id: UUID) -> HttpResponse:
        """The board at version ``at``: one move's frame, or the live table.

        Asked for one version after another, it shows the computers' turns one
        at a time; a version not reached yet answers 204 without rendering. That
        cheap probe also checks the seat: a stranger learns nothing, not even the version.
        """
        at = as_int(request.GET.get("at"))
        seen = as_int(request.GET.get("seen"))
        probe = self.probe(request, game_id)
        if probe is not None:
            presence.mark(request, game_id)  # this seat's page is open (notifications hold off)
        if probe is not None and _nothing_new(probe, at, seen):
            if not (probe.online and request.GET.get("wait") == "1"):
                return HttpResponse(status=204)

            # An online table's seat waits for news rather than asking every second.
            def changed() -> bool:
                return not _nothing_new(probe_for_player(request, game_id, self.kind), at, seen)

            if not live.wait_for_change(game_id, changed, settings.LIVE_WAIT_SECONDS):
                return HttpResponse(status=204)
            self.probe(request, game_id)
        game, seat = self.game_for_player(request, game_id)
        if at is not None and at < game.version:
            move = Move.objects.filter(game=game, seq=at).first()
            if move is not None:
                return self.frame(request, game, seat, move)
        return self.board(request, game, seat)

    def probe(self, request: TableRequest, game_id: UUID) -> Probe | None:
        """The poll's cheap look at the caller's game; a clock that ran out is applied first
        (with no worker, the first look after the deadline does it)."""
        probe = probe_for_player(request, game_id, self.kind)
        if probe is not None and probe.clock_due:
            services.apply_due_timeouts(game_id)
            probe = probe_for_player(request, game_id, self.kind)
        return probe

    def set_speed(self, request: TableRequest, game_id: UUID) -> HttpResponse:
        """Remember how fast the computers' moves are shown, and redraw the board."""
        game, seat = self.game_for_player(request, game_id)
        choice = request.POST.get("speed", "")
        if choice in SPEEDS:
            request.session[self.speed_key] = choice
        return self.board(request, game, seat)

    # --- the steps of a POST ---------------------------------------------------------

    def refusals(self, view: View) -> View:
        """Answer a refusal raised before the service ran with the board and its reason."""

        @wraps(view)
        def wrapper(request: TableRequest, game_id: UUID) -> HttpResponse:
            try:
                return view(request, game_id)
            except Refused as refused:
                return self.refuse(request, refused.game, refused.seat, refused.error)

        return wrapper

    def game_for_post(self, request: TableRequest, game_id: UUID) -> tuple[Game, Seat]:
        """The caller's game and seat; a forged seat or a missing version is refused here."""
        game, seat = self.game_for_player(request, game_id)
        claimed = request.POST.get("seat")
        if claimed is not None and claimed != str(seat.index):
            raise Refused(
                services.NotAllowed(_("That seat isn't yours."), "forged_seat"), game, seat
            )
        if as_int(request.POST.get("version")) is None:
            error = services.ServiceError(
                _("The request was missing the game version."), "malformed"
            )
            raise Refused(error, game, seat)
        return game, seat

    def view(self, game: Game, seat: Seat) -> dict[str, Any]:
        """What this seat may see of the game now."""
        engine = engine_for(game.kind)
        return engine.view(engine.from_json(game.state), seat.index)

    def act(
        self, request: TableRequest, game: Game, seat: Seat, action: dict[str, Any]
    ) -> HttpResponse:
        """Play ``action`` for the seat and show the result (or the refusal).

        The same move sent again after its answer was lost is answered the same way: the
        service plays it once (``services.already_played``).
        """
        version = as_int(request.POST.get("version"))
        # The publish the commit runs and the board answered here share their reads.
        with shared_reads():
            try:
                # The game as game_for_post read it: the service writes it only if current.
                game = services.play(game.id, seat.index, action, version or 0, loaded=game)
            except services.ServiceError as exc:
                return self.refuse(request, game, seat, exc)
            return self.played(request, game, seat, version or 0)

    def played(self, request: TableRequest, game: Game, seat: Seat, version: int) -> HttpResponse:
        """The answer to the seat's move made at ``version``."""
        if not request.htmx:
            return redirect(self.table_url_name, game_id=game.id)
        if game.version <= version + 1:
            # The move drew this very board for the mover's audience (its socket): reused.
            drawn = live.board_drawn_for(request, game, seat)
            if drawn is not None:
                return drawn_answer(request, drawn)
        # Show our own move first; the board then steps through the computers' turns.
        return self.board(request, game, seat, shown=version + 1)

    def resent_move(self, request: TableRequest, game: Game, seat: Seat) -> int | None:
        """The version a POST sent again was made at, when the seat's latest move was made
        there: the first send played it and its answer was lost. None otherwise.

        A move built from the seat's draft cannot be built again once the move cleared
        the draft, so its resend is refused before the service sees it; that refusal is
        answered as the move played, without the error.
        """
        version = as_int(request.POST.get("version"))
        if not resent(request) or version is None or version >= game.version:
            return None
        played = services.move_made_at(game.id, seat.index, version)
        return None if played is None else version

    def resent_draft(self, request: TableRequest, game: Game, seat: Seat) -> HttpResponse | None:
        """The board as it is, for a draft step sent again at the version it was made at.

        The first send may have changed the draft already, and a second would change it
        again (a toggle undone, a tile moved twice): it is not applied. A tap that never
        arrived is tapped again. None: not such a resend, go on.
        """
        version = as_int(request.POST.get("version"))
        if not resent(request) or version != game.version:
            return None
        return self.board(request, game, seat)

    def simple(self, kind: str) -> View:
        """A POST view that plays ``{"type": kind}`` for the caller's seat (draw, next round…)."""

        @self.refusals
        def view(request: TableRequest, game_id: UUID) -> HttpResponse:
            game, seat = self.game_for_post(request, game_id)
            return self.act(request, game, seat, {"type": kind})

        view.__name__ = kind
        return view

    def draft_move(
        self,
        request: TableRequest,
        game_id: UUID,
        mover: Mover,
        refused: type[Exception],
        guard: Callable[[dict[str, Any]], None] | None = None,
    ) -> HttpResponse:
        """Move the picked tile (``tile``) to ``to`` in the seat's draft and redraw the board.

        ``mover(draft, view, tile, target)`` is the game's draft rule; it raises
        ``refused`` with a message for the player. ``guard(view)`` may refuse first.
        """
        tile, target = picked_tile(request.POST), request.POST.get("to", "")

        def change(draft: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
            if tile is None:
                raise services.ServiceError(_("Pick a tile first, then where it goes."), "no_tile")
            if tile == TWO_PICKED:
                raise services.ServiceError(
                    _("Pick one tile at a time: one from your rack or one from the table."),
                    "no_tile",
                )
            if guard is not None:
                guard(view)
            try:
                return mover(draft, view, tile, target)
            except refused as exc:
                raise services.ServiceError(str(exc), "bad_draft") from exc

        return self.draft_change(request, game_id, change)

    def draft_change(self, request: TableRequest, game_id: UUID, change: Change) -> HttpResponse:
        """Apply ``change`` to the seat's unconfirmed turn and redraw the board."""
        game, seat = self.game_for_post(request, game_id)
        held = self.resent_draft(request, game, seat)
        if held is not None:
            return held
        version = as_int(request.POST.get("version")) or 0
        try:
            seat.turn_draft = services.update_draft(
                game.id, seat.index, version, change, loaded=game
            )
        except services.ServiceError as exc:
            return self.refuse(request, game, seat, exc)
        if not request.htmx:
            return redirect(self.table_url_name, game_id=game.id)
        return self.draft_form(request, game, seat)

    def draft_form(self, request: TableRequest, game: Game, seat: Seat) -> HttpResponse:
        """The board's form alone, swapped out of band: all that a draft move changes.

        A tap moves a tile within the seat's own draft; the version, the players,
        the log and the status stay as they were, so redrawing the whole board
        (its presenters, its recent moves, its markup) was most of the cost of a
        tap. ``HX-Reswap: none`` leaves the board in place; the form carries
        ``hx-swap-oob`` and replaces ``#board-form`` (static/js/table.js drops a
        reason shown for an earlier refusal, as a new board would).
        """
        form_context = self.form_context
        if form_context is None:  # a game without a form partial redraws its whole board
            return self.board(request, game, seat)
        view = self.view(game, seat)
        context = form_context(game, seat, view, services.current_draft(seat, game.version))
        context["oob"] = True
        response = render(request, f"{self.template}#board_form", context)
        response.headers["HX-Reswap"] = "none"
        return response

    def refuse(
        self, request: TableRequest, game: Game, seat: Seat, error: services.ServiceError
    ) -> HttpResponse:
        """The unchanged board with the reason (htmx), or a message and a redirect.

        A resend of the seat's move already made is answered as that move (``resent_move``).
        """
        game.refresh_from_db()
        seat.refresh_from_db()
        made = self.resent_move(request, game, seat)
        if made is not None:
            return self.played(request, game, seat, made)
        if not request.htmx:
            messages.error(request, error.message)
            return redirect(self.table_url_name, game_id=game.id)
        return self.board(request, game, seat, error=error.message, status=error.status)

    # --- rendering -------------------------------------------------------------------

    def board(
        self,
        request: TableRequest,
        game: Game,
        seat: Seat,
        *,
        template: str | None = None,
        error: str | None = None,
        status: int = 200,
        shown: int | None = None,
        prompt: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The live board, or the frame of move ``shown`` while that is still catching up.

        ``template`` defaults to the board partial; a ``prompt`` without htmx
        comes as the whole page, since there is no board to swap it into.
        """
        if shown is not None and shown < game.version:
            move = Move.objects.filter(game=game, seq=shown).first()
            if move is not None:
                return self.frame(request, game, seat, move)
        online_table.hide_names(request, game, seat)
        view = self.view(game, seat)
        draft = services.current_draft(seat, game.version)
        extra = {} if prompt is None else {"prompt": prompt}
        context = self.board_context(game, seat, view, draft, **extra)
        context.update(self.timing(request, game, context, seat), error=error)
        context.update(socket_form_token(request))
        template = template or self.board_template
        if prompt is not None and not request.htmx:
            template = self.template
        response = render(request, template, context, status=status)
        if request.htmx and view["phase"] == "game_over" and template != self.template:
            response.headers["HX-Trigger"] = "game-over"
        return response

    def frame(self, request: TableRequest, game: Game, seat: Seat, move: Move) -> HttpResponse:
        """A read-only picture of the table right after ``move``, then on to the next."""
        online_table.hide_names(request, game, seat)
        context = self.frame_context(game, seat, self.view(game, seat), move)
        context.update(self.timing(request, game, context, seat), error=None)
        context["next_at"] = move.seq + 1
        return render(request, self.board_template, context)

    def timing(
        self, request: TableRequest, game: Game, context: dict[str, Any], seat: Seat
    ) -> dict[str, Any]:
        """The speed choice and, while computers are to move, when to ask for the next frame."""
        speed, default = self.speed_for(request, game)
        waiting = context["waiting"] and game.awaiting_computer
        # At an online table anything can change at any time (others' moves, the
        # clock, the host's pause), so the board always asks; "seen" lets the
        # poll tell a pause from nothing new without a new version.
        running = game.online and game.status == GameStatus.ACTIVE
        return {
            "speed": speed,
            "speeds": list(SPEEDS),
            "delay_ms": SPEEDS.get(speed, SPEEDS[default]),
            "next_at": game.version + 1 if waiting or running else None,
            "seen": online_table.stamp(game) if running else None,
            # The live process's websocket (live/), which pauses the poll while it is open.
            "live_url": live.socket_path(game.id) if running else None,
            "board_url": self.url("board", game),
            "leave_urls": self.leave_urls(game),
            "online": online_table.bar(request, game, seat, self.url("take_back", game)),
            "guide": services.script_guide(game, seat),  # a guided game's step (tutorials)
        }

    def speed_for(self, request: HttpRequest, game: Game) -> tuple[str, str]:
        """The speed the others' moves are shown at for this request, and the default."""
        # The settings page's speed (preferences.feel, put on the request by its middleware:
        # the platform never imports the apps) is every table's default; a table's own
        # control still changes it for this visit (the session).
        chosen = getattr(getattr(request, "feel", None), "computer_speed", "")
        default = chosen if chosen in SPEEDS else "fast" if game.online else self.default_speed
        return request.session.get(self.speed_key, default), default

    def leave_urls(self, game: Game) -> dict[str, str]:
        """Where the shared Save and exit / Abandon controls post to."""
        return {
            "table": self.url("table", game),
            "save": self.url("save_and_exit", game),
            "abandon": self.url("abandon", game),
        }

    # --- leaving the table ---------------------------------------------------------------

    def save_and_exit(self, request: TableRequest, game_id: UUID) -> HttpResponse:
        """Leave the table. Every move is already saved; this makes it the newest save."""
        game, seat = self.game_for_post(request, game_id)
        if game.status == GameStatus.ACTIVE:
            game_saved.send(sender=Game, game=game, seat=seat)
            messages.success(request, _("Game saved. Continue it from the home page."))
        return redirect("games:home")

    def take_back(self, request: TableRequest, game_id: UUID) -> HttpResponse:
        """Back at an online table: the seat is the player's again, from this turn on."""
        game, seat = self.game_for_post(request, game_id)
        try:
            services.take_back(game.id, seat.index)
        except services.ServiceError as exc:
            if not (resent(request) and exc.code == "not_house"):  # else: the first send did it
                return self.refuse(request, game, seat, exc)
        game, seat = self.game_for_player(request, game_id)
        if not request.htmx:
            return redirect(self.table_url_name, game_id=game.id)
        return self.board(request, game, seat)

    def abandon(self, request: TableRequest, game_id: UUID) -> HttpResponse:
        """Ask first (GET), then end the game for good (POST); it counts as a loss."""
        game, seat = self.game_for_player(request, game_id)
        if game.status != GameStatus.ACTIVE:
            messages.info(request, _("This game has already ended."))
            return redirect(self.table_url_name, game_id=game.id)
        error: services.ServiceError | None = None
        if request.method == "POST":
            error = _abandon(request, game, seat)
            if error is None:
                messages.info(request, online_table.left_message(game))
                return redirect("games:home")
            game.refresh_from_db()
        context = {
            "game": game,
            "version": game.version,
            "error": error and error.message,
            "leave_urls": self.leave_urls(game),
        }
        return render(request, ABANDON, context, status=error.status if error else 200)


def _abandon(request: TableRequest, game: Game, seat: Seat) -> services.ServiceError | None:
    """End the game for the seat; the refusal, if any, to show on the page."""
    version = as_int(request.POST.get("version"))
    if version is None:
        return services.ServiceError(_("The request was missing the game version."), "malformed")
    try:
        if game.online:  # the others play on: the house takes the seat, a loss for the leaver
            services.leave_seat(game.id, seat.index)
        else:
            services.abandon(game.id, seat.index, version)
    except services.ServiceError as exc:
        return exc
    return None


_FORM_TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"')


def drawn_answer(request: HttpRequest, message: dict[str, Any]) -> HttpResponse:
    """A board drawn for a socket's audience as this request's answer: its forms carry
    this request's CSRF token instead of the drawing's (which no browser holds)."""
    token = get_token(request)
    html = _FORM_TOKEN.sub(lambda found: f'{found[1]}{token}"', str(message["html"]))
    response = HttpResponse(html)
    if message.get("trigger"):
        response.headers["HX-Trigger"] = str(message["trigger"])
    return response


def socket_form_token(request: HttpRequest) -> dict[str, str]:
    """The forms' CSRF token of a board drawn for a socket (``live.render`` marks its stand-in
    request with ``form_token``): a fixed placeholder each page replaces with its own,
    instead of a token masked afresh for every drawing. Nothing for a real request."""
    token = getattr(request, "form_token", "")
    return {"csrf_token": token} if token else {}


def resent(request: HttpRequest) -> bool:
    """Whether the page sent this POST again because the first send got no answer."""
    return bool(request.headers.get(RESENT))


def _nothing_new(probe: Probe | None, at: int | None, seen: int | None) -> bool:
    """The poll's "nothing yet": no version past ``at`` and (online) the same change stamp.

    A clock that ran out counts as news: whoever looks first applies it.
    """
    if probe is None or at is None or at <= probe.version or probe.clock_due:
        return False
    return seen is None or seen == probe.stamp


@shared  # one read for every drawing of a move's publish (core.memo)
def recent_moves(game: Game, upto: int, count: int = 8) -> list[Move]:
    """The last ``count`` moves up to version ``upto``, oldest first, plus one before them.

    The extra first row is only read as the "before" of the next move, so a
    table's log can say what each move changed.
    """
    rows = Move.objects.filter(game=game, seq__gt=max(0, upto - count - 1), seq__lte=upto)
    return list(rows.order_by("seq").only("seq", "seat", "action", "public_view"))


def person_seat(request: TableRequest) -> services.SeatSpec:
    """The person asking, as a seat: their account when signed in, else this device."""
    user_id = request.user.pk if request.user.is_authenticated else None
    return services.SeatSpec(YOU, user_id=user_id, device_key=request.device_key)


# A person's seat against computers is stored as "You" (English, in the database), and a
# table calls the viewer's own seat "You" too: in the reader's language when shown.
YOU = "You"


def you() -> str:
    """What the viewer's own seat is called, in the reader's language."""
    return _("You")


def is_you(name: str) -> bool:
    """Whether a name in a table's list of names is the viewer (stored or shown)."""
    return name in (YOU, you())


# A computer's seat is stored named with its level, "Ada (easy)", "Computer 2 (Easy)":
# player names may not hold brackets, so a name ending in one is always such a seat.
_WITH_LEVEL = re.compile(r"^(?P<base>.+) \((?P<level>[^()]+)\)$")
_NUMBERED_COMPUTER = re.compile(r"^Computer(?: (?P<number>\d+))?$")


def seat_name(name: str) -> str:
    """A seat's stored name as shown: the stored "You" in the reader's language, and a
    computer's level (and the word "Computer") too; the name itself stays a name."""
    if name == YOU:
        return you()
    match = _WITH_LEVEL.match(name)
    label = _level_label(match["level"]) if match else None
    if match is None or label is None:
        return name
    base, computer = match["base"], _NUMBERED_COMPUTER.match(match["base"])
    if computer:
        number = computer["number"]
        base = (
            _("Computer %(number)s") % {"number": number}
            if number
            else pgettext("a computer player", "Computer")
        )
    return f"{base} ({label})"


def _level_label(word: str) -> str | None:
    """A level's label in the reader's language, for its key or its English label, in
    the stored word's case; None where the reader's language says it as stored."""
    for entry in catalogue.CATALOGUE:
        for level in entry.levels:
            if word.lower() in (level.key.replace("_", " "), level.label.lower()):
                shown = _(level.label)
                if shown == level.label:
                    return None
                return shown.lower() if word.islower() else shown
    return None


def table_url(game: Game) -> str:
    """The table page of ``game``, under its own game's URL prefix."""
    return TableUrls(catalogue.get(game.kind).url_name, game.id)["table"]
