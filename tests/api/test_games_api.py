"""The game endpoints: the same door, version check, validation, limits and hidden-information
rule as the pages, for every ready game in the catalogue (none is named here)."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

import jsonschema_rs
import pytest
from django.test import Client
from django.urls import reverse

from games import catalogue, services
from games.engine.registry import engine_for
from games.models import Game, Seat
from tests.api.conftest import Call, token_for
from tests.contract.test_engine_contract import view_ids

pytestmark = pytest.mark.django_db
DRAW = {"type": "draw"}
READY = [pytest.param(e, id=e.kind) for e in catalogue.ready()]
DECLARED = [
    pytest.param(e, id=e.kind)
    for e in catalogue.ready()
    if getattr(catalogue.load(e.engine), "ACTION_FIELDS", None)
]


def _start(call: Call, token: str, kind: str, **options: Any) -> dict[str, Any]:
    status, game = call("POST", "/games", token, {"kind": kind, "options": options})
    assert status == 201, game
    return game


def _read(call: Call, token: str, game: dict[str, Any]) -> dict[str, Any]:
    status, data = call("GET", f"/games/{game['id']}", token)
    assert status == 200, data
    return data


def _snapshot(game_id: Any) -> tuple[int, Any, int]:
    game = Game.objects.get(id=game_id)
    return game.version, game.state, game.moves.count()


_REPLAYED: dict[Any, tuple[int, Any]] = {}  # game id -> the last (version, state) replayed


def state_at(game: Game, version: int) -> Any:
    """The game's state at ``version``, replayed from its seed and move log.

    Replays carry on from the last one of the same game when it is not ahead,
    so checking every answer of a long game stays linear.
    """
    engine = engine_for(game.kind)
    done, state = _REPLAYED.get(game.pk, (0, None))
    if state is None or done > version:
        done, state = 0, engine.new_game(game.config, game.seed)
    for move in game.moves.filter(seq__gt=done, seq__lte=version).order_by("seq"):
        state, _ = engine.apply(state, move.seat, move.action)
    _REPLAYED[game.pk] = (version, state)
    return state


def assert_shows_only_its_seat(data: dict[str, Any]) -> None:
    """No piece the seat may not see, no seed, no raw state (the contract suite's own test)."""
    game = Game.objects.get(id=data["id"])
    engine = engine_for(game.kind)
    state = state_at(game, data["version"])
    text = json.dumps(data)
    assert '"seed"' not in text and '"state"' not in text
    leaked = view_ids(engine, data["view"]) & engine.hidden_from(state, data["seat"])
    assert not leaked, f"seat {data['seat']} was shown hidden pieces {sorted(leaked)}"
    assert data["view"] == json.loads(json.dumps(engine.view(state, data["seat"])))


@pytest.mark.parametrize("entry", READY)
def test_a_program_starts_a_game_seated_as_a_program(entry: Any, user: Any, call: Call) -> None:
    game = _start(call, token_for(user), entry.kind)
    assert game["kind"] == entry.kind and game["status"] == "active"
    seat = Seat.objects.get(game_id=game["id"], index=game["seat"])
    assert seat.is_program and seat.user_id == user.pk and not seat.device_key
    others = Seat.objects.filter(game_id=game["id"]).exclude(pk=seat.pk)
    assert others.exists() and all(s.is_computer for s in others)
    assert_shows_only_its_seat(_read(call, token_for(user), game))


def test_bad_kinds_and_options_are_refused_with_nothing_dealt(user: Any, call: Call) -> None:
    token = token_for(user)
    status, body = call("POST", "/games", token, {"kind": "no_such_game"})
    assert status == 400 and body["code"] == "bad_kind"
    kinds = call("GET", "/kinds", token)[1]
    option = next(o for k in kinds for o in k["options"] if o["choices"])
    kind = next(k["kind"] for k in kinds if option in k["options"])
    for value in ("nonsense", None, [1, 2], {"a": 1}, "9" * 5000):
        body = {"kind": kind, "options": {option["name"]: value}}
        status, body = call("POST", "/games", token, body)
        assert status == 400 and body["code"] == "bad_options", value
        assert option["name"] in body["errors"]
    status, body = call(
        "POST", "/games", token, {"kind": kind, "options": {option["name"]: "\x00"}}
    )
    assert status == 400 and body["code"] == "control_character"  # before the form (item 34.2)
    status, body = call("POST", "/games", token, {"kind": kind, "options": {"typo": 1}})
    assert status == 400 and body["code"] == "bad_options" and "typo" in body["detail"]
    for junk in ([], "x", {"kind": 5}, {"options": {}}):
        status, body = call("POST", "/games", token, junk)
        assert status == 400 and body["code"] == "malformed"
    assert not Game.objects.exists()


def test_new_games_count_against_the_pages_limits(user: Any, call: Call, settings: Any) -> None:
    settings.GAME_CREATION_LIMITS = {"owner": (2, 3600), "address": (100, 3600)}
    kind = catalogue.CATALOGUE[0].kind
    token = token_for(user)
    _start(call, token, kind)
    _start(call, token, kind)
    status, body = call("POST", "/games", token, {"kind": kind})
    assert status == 429 and body["code"] == "too_many_games"
    browser = Client()
    browser.force_login(user)
    entry = catalogue.get(kind)
    assert browser.post(reverse(f"{entry.url_name}:setup"), {}).status_code == 429
    assert Game.objects.count() == 2


def test_the_list_holds_only_this_accounts_program_games(
    user: Any, other_user: Any, call: Call
) -> None:
    token = token_for(user)
    kind = catalogue.CATALOGUE[0].kind
    mine = _start(call, token, kind)
    _start(call, token_for(other_user), kind)
    page_game = services.create_game(
        kind,
        dict(catalogue.get(kind).contract_configs[0]),
        [services.SeatSpec("You", user_id=user.pk)]
        + [services.SeatSpec("C", computer_level=catalogue.get(kind).levels[0].key)],
    )
    status, games = call("GET", "/games", token)
    assert status == 200 and [g["id"] for g in games] == [mine["id"]]
    assert call("GET", "/games?status=finished", token)[1] == []
    assert call("GET", "/games?status=nonsense", token)[0] == 400
    assert call("GET", "/games?limit=0", token)[0] == 400
    # The account's own page seat is not a program's: the token cannot read or play it.
    assert call("GET", f"/games/{page_game.id}", token)[0] == 404


def test_strangers_games_are_not_found(user: Any, other_user: Any, call: Call) -> None:
    game = _start(call, token_for(user), catalogue.CATALOGUE[0].kind)
    stranger = token_for(other_user)
    before = _snapshot(game["id"])
    for gid in (game["id"], str(uuid.uuid4())):
        for method, path, body in (
            ("GET", f"/games/{gid}", None),
            ("GET", f"/games/{gid}/legal", None),
            ("GET", f"/games/{gid}/wait?version=0&timeout=1", None),
            ("POST", f"/games/{gid}/actions", {"version": game["version"], "action": DRAW}),
            ("POST", f"/games/{gid}/check", {"version": game["version"], "action": DRAW}),
        ):
            status, data = call(method, path, stranger, body)
            assert status == 404 and data["code"] == "no_game", path
    assert _snapshot(game["id"]) == before


@pytest.mark.parametrize("entry", DECLARED)
def test_refused_moves_change_nothing(entry: Any, user: Any, call: Call) -> None:
    token = token_for(user)
    game = _wait_for_turn(call, token, _start(call, token, entry.kind))
    before = _snapshot(game["id"])
    url = f"/games/{game['id']}/actions"
    legal = call("GET", f"/games/{game['id']}/legal", token)[1]
    timeout = legal["timeout_action"]
    own = {a["type"] for a in legal["actions"]}
    foreign = next(t for t in ("cut", "play", "snap", "doubla") if t not in own)  # another game's
    cases = [
        ({"version": game["version"] + 1, "action": timeout}, 409, "stale"),
        ({"version": game["version"], "action": {"type": "no-such-move"}}, 400, "malformed"),
        ({"version": game["version"], "action": {"type": "*"}}, 400, "malformed"),
        ({"version": game["version"], "action": {}}, 400, "malformed"),
        ({"version": game["version"], "action": {"type": foreign}}, 422, "unknown_action"),
        ({"version": "abc", "action": timeout}, 400, "malformed"),
        ({"version": -1, "action": timeout}, 400, "malformed"),
        ({"version": 10**30, "action": timeout}, 400, "malformed"),
        ({"version": game["version"], "action": ["draw"]}, 400, "malformed"),
        ({"version": game["version"]}, 400, "malformed"),
        ({"version": game["version"], "action": {"type": "x\x00" * 40}}, 400, "control_character"),
    ]
    for body, status, code in cases:
        got, data = call("POST", url, token, body)
        assert (got, data["code"]) == (status, code), body
        assert data["detail"]
    assert _snapshot(game["id"]) == before
    status, data = call("POST", url, token, {"version": game["version"], "action": timeout})
    assert status == 200 and data["version"] > game["version"]
    assert_shows_only_its_seat(data)


def _wait_for_turn(call: Call, token: str, game: dict[str, Any]) -> dict[str, Any]:
    """The game read afresh once the program may act (computers move after the commit)."""
    game = _read(call, token, game)
    for _ in range(20):
        # A Rumasta black 3 window holds the next move for 3 s: wait until it has closed.
        if game["my_turn"] and (game.get("view") or {}).get("phase") != "heart":
            return game
        if game["my_turn"]:
            time.sleep(0.25)
        status, game = call("GET", f"/games/{game['id']}/wait?version={game['version']}", token)
        assert status == 200
    raise AssertionError("the program's turn never came")


@pytest.mark.parametrize("entry", DECLARED)
def test_the_legal_list_is_every_declared_type_with_a_valid_schema(
    entry: Any, user: Any, call: Call
) -> None:
    token = token_for(user)
    game = _wait_for_turn(call, token, _start(call, token, entry.kind))
    status, legal = call("GET", f"/games/{game['id']}/legal", token)
    engine = engine_for(entry.kind)
    assert status == 200 and legal["my_turn"] and legal["version"] >= game["version"]
    assert [a["type"] for a in legal["actions"]] == [t for t in engine.ACTION_FIELDS if t != "*"]
    for action in legal["actions"]:
        jsonschema_rs.meta.validate(action["schema"])
        assert jsonschema_rs.validator_for(action["schema"]).is_valid({"type": action["type"]})
    timeout = next(a for a in legal["actions"] if a["type"] == legal["timeout_action"]["type"])
    assert timeout["legal_now"] is True


def test_an_ended_game_lists_no_legal_action_and_refuses_moves(user: Any, call: Call) -> None:
    token = token_for(user)
    game = _start(call, token, catalogue.CATALOGUE[0].kind)
    services.abandon(game["id"])
    status, legal = call("GET", f"/games/{game['id']}/legal", token)
    assert status == 200 and legal["actions"] == [] and not legal["my_turn"]
    version = Game.objects.get(id=game["id"]).version
    body = {"version": version, "action": DRAW}
    status, data = call("POST", f"/games/{game['id']}/actions", token, body)
    assert status == 403 and data["code"] == "game_ended"
    status, data = call("GET", f"/games/{game['id']}/wait?version={version}&timeout=30", token)
    assert status == 200 and data["changed"] and data["status"] == "abandoned"


def test_wait_answers_at_once_when_behind_and_is_bounded_otherwise(
    user: Any, call: Call, settings: Any
) -> None:
    token = token_for(user)
    game = _wait_for_turn(call, token, _start(call, token, catalogue.CATALOGUE[0].kind))
    url = f"/games/{game['id']}/wait"
    status, data = call("GET", f"{url}?version={game['version'] + 5}", token)
    assert status == 200 and data["changed"] and data["version"] == game["version"]
    settings.API_WAIT_MAX_SECONDS = 0.3
    started = time.monotonic()
    status, data = call("GET", f"{url}?version={game['version']}&timeout=30", token)
    assert status == 200 and not data["changed"] and data["version"] == game["version"]
    assert time.monotonic() - started < 3
    assert_shows_only_its_seat(data)
    bad = ("timeout=-1", "timeout=nan", "timeout=0", "timeout=0.5", "timeout=31", "timeout=3600")
    for query in ("", "?version=x", *(f"?version=0&{b}" for b in bad)):
        assert call("GET", f"{url}{query}", token)[0] == 400, query
    settings.API_WAITS_PER_ACCOUNT = 0  # every wait holds a server thread: few at once
    status, data = call("GET", f"{url}?version={game['version']}", token)
    assert status == 429 and data["code"] == "too_many_waits"
    assert int(call.last["Retry-After"]) >= 1  # type: ignore[attr-defined]


def test_api_answers_are_never_cached(user: Any, call: Call) -> None:
    token = token_for(user)
    game = _start(call, token, catalogue.CATALOGUE[0].kind)
    for path in ("/games", f"/games/{game['id']}", "/games/" + str(uuid.uuid4())):
        call("GET", path, token)
        assert "no-store" in call.last["Cache-Control"], path  # type: ignore[attr-defined]
