"""Must-exist 3: malformed and forged requests to every game endpoint of every ready game.

Hypothesis sends each ready catalogue game's table URLs (resolved from its own
urls module, so a new game is fuzzed by being listed) form posts built from the
field names the pages use plus junk: NUL bytes and other control characters
(in names and values), superscript and 5,000-digit numbers, huge and negative
ints, forged seats, stale and missing versions, and the ids of other players'
games and of games of another kind. For every request:

- no 5xx;
- a control character the site refuses (``rummy_site.input_guard``: any in a
  query, any but tab/LF/CR in a form) is answered 400 before the view;
- a refusal (4xx) leaves the game exactly as it was (version, state, drafts, log);
- when the game did change, replaying the new log entries through the engine
  from the dealt position gives exactly the stored state (only legal moves
  changed it), each entry is its declared, bounded form, and no stored field
  is larger than the rules need.

Bounded for CI: ``FUZZ_EXAMPLES`` requests per game (about 10 s each on a laptop).
"""

from __future__ import annotations

import json
import os
import unicodedata
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import catalogue
from games.action_schema import clean_action
from games.engine.registry import engine_for
from games.gameweb import web_for
from games.models import Game, Move, Seat
from tests.games.conftest import snapshot
from tests.security.conftest import deal, device_key_of

pytestmark = pytest.mark.django_db

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "400"))
MAX_ACTION_BYTES = 2048  # a whole Rumbaroo Party table of ids fits well within this
MAX_DRAFT_BYTES = 4096
FIELDS = (
    "version", "tile", "to", "seat", "speed", "colour", "free_kind", "free_target", "stash",
    "steal", "give", "target", "number", "pair", "stampede", "asked", "card", "cards", "meld",
    "type", "action", "table", "call",
)  # fmt: skip
NASTY = st.sampled_from(
    ["", "\x00", "R\x00", "²", "٣", "9" * 5000, "-1", "1e9", "0x10", " 1", "new", "rack",
     "hand", "swap:", "swap:²", "swap:-1", "swap:99999999999999999999", "<script>", "null",
     "true", "[]", "{}", "R", "G", "skip", "draw", "fast", "x" * 300, "\x01", "R\x1b[0m",
     "\x7f", "\x85", "1\t", "1\r\n"]
)  # fmt: skip
FORM = "application/x-www-form-urlencoded"
TARGETS = ["new", "0", "1", "rack", "hand", "swap:0", "²", "9" * 50]
VALUES = st.one_of(
    NASTY,
    st.integers(-(10**30), 10**30).map(str),
    st.integers(0, 300).map(str),
    st.text(max_size=40),
)


def refused_characters(form: dict[str, str], method: str) -> bool:
    """Whether the guard must refuse ``form``: any control character in a query (GET), any
    but tab, LF and CR in a form field (POST)."""
    allowed = "" if method == "get" else "\t\n\r"
    text = "".join(k + v for k, v in form.items())
    return any(unicodedata.category(c) == "Cc" and c not in allowed for c in text)


def endpoints(entry: catalogue.GameEntry) -> list[str]:
    """The game's table routes (``g/<uuid:game_id>/…``), from its own URLconf."""
    patterns = web_for(entry.kind).urls.urlpatterns
    return [str(p.pattern) for p in patterns if "<uuid:game_id>" in str(p.pattern)]


def own_ids(game: Game) -> list[str]:
    """The piece ids seat 0 can see (its own and the table's), so some posts name real pieces."""
    engine = engine_for(game.kind)
    found: set[int] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("id"), int):
                found.add(value["id"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(engine.view(engine.from_json(game.state), 0))
    return sorted(str(i) for i in found) or ["0"]


def reset(game: Game, saved: dict[str, Any]) -> None:
    """Put the game back as dealt, so every example starts from a position with moves to make."""
    Game.objects.filter(pk=game.pk).update(**saved)
    Move.objects.filter(game=game, seq__gt=saved["version"]).delete()
    Seat.objects.filter(game=game).update(turn_draft=None)


def check_change(game: Game, dealt_state: dict[str, Any], dealt_version: int) -> None:
    """The game moved only by legal moves: replaying its new log entries through the engine
    from the dealt position gives exactly the stored state, and each entry is its declared,
    bounded form."""
    game.refresh_from_db()
    engine = engine_for(game.kind)
    moves = list(Move.objects.filter(game=game, seq__gt=dealt_version).order_by("seq"))
    assert game.version == dealt_version + len(moves)
    state = engine.from_json(dealt_state)
    for move in moves:
        assert len(json.dumps(move.action)) <= MAX_ACTION_BYTES
        assert clean_action(engine, move.action) == move.action
        state, _ = engine.apply(state, move.seat, move.action)
    assert engine.to_json(state) == game.state
    for draft in Seat.objects.filter(game=game).values_list("turn_draft", flat=True):
        assert draft is None or len(json.dumps(draft)) <= MAX_DRAFT_BYTES


@pytest.mark.parametrize("entry", list(catalogue.ready()), ids=lambda e: e.kind)
def test_no_request_to_a_game_endpoint_answers_5xx_or_changes_a_game_illegally(
    entry: catalogue.GameEntry,
) -> None:
    client = Client(raise_request_exception=False)
    mine = deal(entry, device_key_of(client))
    strangers = deal(entry, "s" * 32, seed=8)
    other_kind = next((e for e in catalogue.ready() if e.kind != entry.kind), entry)
    foreign = deal(other_kind, device_key_of(client), seed=9)
    saved = {f: getattr(mine, f) for f in ("state", "version", "status", "awaiting_computer")}
    routes = endpoints(entry)
    assert routes, f"{entry.kind} has no table URLs to fuzz"
    untouched = {g.pk: snapshot(g) for g in (strangers, foreign)}
    dealt = snapshot(mine)  # every example starts from this position

    @settings(
        max_examples=FUZZ_EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(
        route=st.sampled_from(routes),
        target=st.sampled_from(["mine"] * 8 + ["strangers", "foreign"]),
        version=st.one_of(st.just("current"), VALUES),
        data=st.one_of(
            st.dictionaries(
                st.sampled_from(FIELDS),
                st.one_of(VALUES, st.sampled_from(own_ids(mine))),
                max_size=6,
            ),
            st.fixed_dictionaries(  # close to what the pages send, so legal paths are hit too
                {"tile": st.sampled_from(own_ids(mine)), "to": st.sampled_from(TARGETS)},
                optional={"colour": st.sampled_from(["R", "B", "G", "Y"]), "seat": VALUES},
            ),
        ),
        junk=st.dictionaries(st.text(max_size=20), st.text(max_size=20), max_size=2),
        method=st.sampled_from(["post"] * 9 + ["get"]),
        htmx=st.sampled_from([False, False, False, True]),
    )
    def one_request(route, target, version, data, junk, method, htmx) -> None:
        game = {"mine": mine, "strangers": strangers, "foreign": foreign}[target]
        form = {**junk, **data}
        if version != "current":
            form["version"] = version
        elif "version" not in data:
            form["version"] = str(saved["version"])
        url = f"/{entry.url_prefix}/" + route.replace("<uuid:game_id>", str(game.id))
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        if method == "post":  # urlencoded, as htmx and the pages' forms send them
            response = client.post(url, urlencode(form), content_type=FORM, **headers)
        else:
            response = client.get(url, form, **headers)
        assert response.status_code < 500, (url, form, response.status_code)
        if refused_characters(form, method):
            assert response.status_code == 400, (url, form, response.status_code)
        after = snapshot(mine)
        if response.status_code >= 400 or target != "mine":
            assert after == dealt, (url, form, response.status_code)
        if after != dealt:  # a move or a draft: check what was stored, then deal again
            check_change(mine, saved["state"], saved["version"])
            reset(mine, saved)

    one_request()
    for pk, was in untouched.items():
        assert snapshot(Game.objects.get(pk=pk)) == was  # other players' games never move
