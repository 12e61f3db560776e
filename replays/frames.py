"""One step of a replay, drawn by the game's own table: the board, the racks, the move list.

The game's replay adapter (its ``GameWeb.replay``, ``web/<kind>/replay.py``) turns
the engine's view at the step into its table's read-only frame (the same
presenters and board partial the live table uses for others' moves), so there
is no second renderer. What a viewer may see is decided here, once, for every game:

- a player sees their own rack (the engine's ``view`` for their seat);
- another seat's pieces are shown only if none of them is hidden from the
  viewer at that step (``engine.hidden_from``: e.g. racks laid open at the end
  of a round), or when the policy reveals everything (``reveal``);
- a share link's viewer is a spectator (``view(state, None)``);
- a viewer marked ``own_only`` (a daily board still being played today) sees no other
  seat's pieces at any step, not even those a round's end lays open: they are taken
  out of the view before the table draws it, and no other rack is listed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest
from django.template.loader import get_template, render_to_string
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games.engine.registry import engine_for
from games.gameweb import ReplayAdapter, web_for
from games.models import Game, Move, Seat
from games.table_flow import SPEEDS, TableFlow, seat_name, you
from replays.timeline import CACHE_SECONDS, RoundSpan, Timeline, state_at

# A seat number no player has: a spectator is "You" to nobody.
SPECTATOR = 99
# What the shared mini tile reads as plain variables (the games' own pieces read ``t`` or ``c``).
MINI_KEYS = ("css", "label", "big", "small")


@dataclass(frozen=True)
class Viewer:
    """Who is watching: their own seat (None for a share link) and whether all is revealed."""

    seat: Seat | None
    reveal: bool
    own_only: bool = False

    @property
    def index(self) -> int | None:
        return None if self.seat is None else self.seat.index


def adapter_for(kind: str) -> ReplayAdapter:
    """The game's replay adapter (its ``GameWeb.replay``)."""
    return web_for(kind).replay


def flow_for(kind: str) -> TableFlow:
    """The game's table flow, whose board partial and timing the replay reuses."""
    return web_for(kind).flow


def step_context(
    request: HttpRequest, game: Game, timeline: Timeline, step: int, viewer: Viewer, base_url: str
) -> dict[str, Any]:
    """Everything the replay page shows at ``step`` (already within ``0..timeline.last``)."""
    engine, adapter = engine_for(game.kind), adapter_for(game.kind)
    state = state_at(game, timeline, step)
    span = timeline.round_of(step)
    seat = viewer.seat or Seat(game=game, index=SPECTATOR, display_name="")
    move = _move_at(game, engine, state, step)
    view = engine.view(state, viewer.index)
    if viewer.own_only:
        # The table draws from the move's stored public view too, which a round's end
        # fills with every hand: both lose the other seats' pieces (this copy is never saved).
        secret = others_pieces(game, engine, adapter, state, viewer)
        view = without_pieces(view, secret, engine)
        move.public_view = without_pieces(move.public_view, secret, engine)
    board = adapter.frame(game, seat, view, move)
    lines = move_lines(game, timeline, span, viewer)
    if step == span.start:
        board["frame"] = {"caption": _deal_line(span)}
    flow = flow_for(game.kind)
    board.update(_still(flow, game))
    return {
        "board": board,
        "board_html": render_to_string(flow.board_template, board, request=request),
        "racks": open_racks(game, engine, adapter, state, viewer),
        "stylesheets": adapter.STYLESHEETS,
        "moves": lines,
        "move_list": move_list_html(base_url, span, lines, step),
        "span": span,
    }


def _still(flow: TableFlow, game: Game) -> dict[str, Any]:
    """What the board partial reads from the live table's timing, for a picture that never polls.

    Not ``flow.timing``: that one is about the game now (its clock, its online bar).
    """
    return {
        "speed": flow.default_speed,
        "speeds": list(SPEEDS),
        "delay_ms": SPEEDS[flow.default_speed],
        "next_at": None,
        "seen": None,
        "online": None,
        "board_url": flow.url("board", game),
        "leave_urls": flow.leave_urls(game),
        "error": None,
    }


def _move_at(game: Game, engine: ModuleType, state: Any, step: int) -> Move:
    """The move that led to ``step``; the deal (step 0) is an unsaved stand-in."""
    if step > 0:
        return Move.objects.get(game=game, seq=step)
    return Move(
        game=game, seq=0, seat=0, action={"type": "deal"}, public_view=engine.view(state, None)
    )


def _deal_line(span: RoundSpan) -> str:
    return _("Round %(number)s is dealt.") % {"number": span.number}


def open_racks(
    game: Game, engine: ModuleType, adapter: ReplayAdapter, state: Any, viewer: Viewer
) -> list[dict[str, Any]]:
    """Other seats' pieces this viewer may see at this step (all of them once revealed)."""
    if viewer.own_only:
        return []
    hidden = set() if viewer.reveal else engine.hidden_from(state, viewer.index)
    racks = []
    for seat in game.seats.all():
        if seat.index == viewer.index:
            continue  # their own rack is in the board's dock already
        pieces = adapter.held(engine.view(state, seat.index))
        if hidden & {p["id"] for p in pieces}:
            continue
        shown = [adapter.piece(p) for p in pieces]
        language = translation.get_language()
        html = "".join(
            piece_html(adapter.PIECE_TEMPLATE, json.dumps(p, sort_keys=True), language)
            for p in shown
        )
        name = seat_name(seat.display_name)
        racks.append({"name": name, "pieces": shown, "html": mark_safe(html)})
    return racks


def others_pieces(
    game: Game, engine: ModuleType, adapter: ReplayAdapter, state: Any, viewer: Viewer
) -> set[int]:
    """The ids every other seat holds at this step (their racks or hands)."""
    return {
        piece["id"]
        for seat in game.seats.all()
        if seat.index != viewer.index
        for piece in adapter.held(engine.view(state, seat.index))
    }


def without_pieces(data: Any, secret: set[int], engine: ModuleType, key: str = "") -> Any:
    """``data`` (a view) with every piece in ``secret`` taken out, wherever it is listed.

    A piece is a ``{"id": n, ...}`` dict in a list, or an id in a list under one of the
    engine's id fields (``VIEW_ID_FIELDS``, ``*_ids``); a lone secret id becomes None.
    Generic on purpose: the replay does not need to know where a game shows a rack.
    """
    fields = getattr(engine, "VIEW_ID_FIELDS", ())
    if isinstance(data, dict):
        return {k: without_pieces(v, secret, engine, str(k)) for k, v in data.items()}
    if isinstance(data, list | tuple):
        kept = [x for x in data if not _is_secret(x, secret, key, fields)]
        return [without_pieces(x, secret, engine, key) for x in kept]
    return None if _is_secret(data, secret, key, fields) else data


def _is_secret(item: Any, secret: set[int], key: str, fields: tuple[str, ...]) -> bool:
    if isinstance(item, dict):
        found = item.get("id")
        return isinstance(found, int) and not isinstance(found, bool) and found in secret
    if isinstance(item, int) and not isinstance(item, bool):
        return (key in fields or key.endswith("_ids")) and item in secret
    return False


@lru_cache(maxsize=4096)
def piece_html(template: str, piece_json: str, language: str | None = None) -> str:
    """One piece drawn by the game's own small-piece template, remembered: a piece always
    looks the same in one language (its name for screen readers is in the reader's words),
    and drawing a few dozen through ``{% include %}`` cost more than a step."""
    piece = json.loads(piece_json)
    context = {"t": piece, "c": piece, "mini": True, **{k: piece.get(k) for k in MINI_KEYS}}
    return get_template(template).render(context)


def move_lines(game: Game, timeline: Timeline, span: RoundSpan, viewer: Viewer) -> list[str]:
    """The round's moves in words, for this viewer's names ("You"); cached per round.

    A miss fills every round for this viewer's seat (or for spectators) at once, with
    one read of the log, so no later step from that seat pays for a round's lines.
    Only this seat's: the names are the ones this request shows (a share link of a
    table between people names nobody).
    """
    names = _names(game, viewer.index)
    key = _lines_key(game, span, viewer.index, names)
    lines = cache.get(key)
    if lines is None:
        every = _all_lines(game, timeline, viewer.index, names)
        cache.set_many(every, CACHE_SECONDS)
        lines = every[key]
    return list(lines)


def _names(game: Game, me: int | None) -> list[str]:
    """The names this request shows (a page may have put placeholders on the seats), the
    viewer's own seat as "You" in the reader's words."""
    return [you() if s.index == me else seat_name(s.display_name) for s in game.seats.all()]


def _lines_key(game: Game, span: RoundSpan, me: int | None, names: list[str]) -> str:
    """Per round, seat, language and the names shown: a viewer with names hidden (their
    switch, a block, a share link) never gets lines cached with the names another viewer
    saw, nor a reader lines cached in another language."""
    who = "x" if me is None else me
    shown = hashlib.sha256("\x1f".join(names).encode()).hexdigest()[:16]
    language = translation.get_language() or ""
    game_round = f"{game.id}:{game.version}:{span.number}:{span.end}"
    return f"replays:lines:{game_round}:{who}:{language}:{shown}"


def _all_lines(
    game: Game, timeline: Timeline, me: int | None, names: list[str]
) -> dict[str, list[str]]:
    adapter = adapter_for(game.kind)
    rows = Move.objects.filter(game=game, seq__lte=timeline.last).order_by("seq")
    moves = list(rows.only("seq", "seat", "action", "public_view"))
    out = {}
    for span in timeline.rounds:
        part = moves[max(1, span.start) - 1 : span.end]  # seq n sits at index n - 1
        out[_lines_key(game, span, me, names)] = adapter.move_lines(game, part, names)
    return out


def move_list_html(base_url: str, span: RoundSpan, lines: list[str], step: int) -> str:
    """The round's steps as links (its deal, then one per move), the current one marked.

    Built as a string rather than in a template loop: a long round has hundreds of
    moves, and a template spent more on them than the rest of the step together.
    """
    items = [_deal_line(span), *lines]
    out = []
    for offset, text in enumerate(items):
        at = span.start + offset
        current = ' aria-current="step" id="replay-current"' if at == step else ""
        out.append(
            f'<li><a href="{escape(base_url)}?step={at}"{current}>'
            f'<span class="replay-step-no">{at}</span> {escape(text)}</a></li>'
        )
    return mark_safe("".join(out))  # every piece above is escaped
