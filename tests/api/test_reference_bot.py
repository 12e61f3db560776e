"""The reference bot (examples/reference_bot.py) plays a whole game of every short contract
configuration in the catalogue over real HTTP on loopback, with no refused request; every
view it is sent fits the game's published view schema.

Each game is dealt with the configuration itself (the setup forms offer only full-length
options) and the bot's account in seat 0 as a program seat, as a room seats a program;
the bot finds nothing but the game id and plays through the API alone. The counts are
printed (``pytest -s``) for the record: requests and refusals per game.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema_rs
import pytest
from django.test import Client

from api.view_models import VIEW_MODELS
from games import catalogue
from games.models import GameStatus
from games.services import SeatSpec, create_game
from tests.api.conftest import token_for

BOT_PATH = Path(__file__).resolve().parents[2] / "examples" / "reference_bot.py"
CONFIGS = [
    pytest.param(e, i, id=f"{e.kind}-{i}")
    for e in catalogue.ready()
    for i in range(len(e.contract_configs))
]


def reference_bot() -> ModuleType:
    """The bot is a script, not a package: load it from its file."""
    spec = importlib.util.spec_from_file_location("reference_bot", BOT_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("reference_bot", module)
    spec.loader.exec_module(module)
    return module


def deal(entry: Any, index: int, user: Any) -> str:
    """A game of the contract configuration with the account's program in seat 0."""
    config = dict(entry.contract_configs[index])
    players = int(config.get("players", entry.min_players))
    level = entry.levels[0].key
    seats = [SeatSpec("Robo", user_id=user.pk, is_program=True)]
    seats += [SeatSpec(f"Computer {i}", computer_level=level) for i in range(1, players)]
    return str(create_game(entry.kind, config, seats, seed=17 + index).id)


def checking_views(send: Any, document: dict[str, Any]) -> Any:
    """A transport that validates every view it carries against the published schema."""
    validators: dict[str, Any] = {}

    def checked(method: str, path: str, body: Any) -> Any:
        status, headers, data = send(method, path, body)
        view = data.get("view") if isinstance(data, dict) else None
        if view is not None:
            name = VIEW_MODELS[view["kind"]]
            if name not in validators:
                root = {"$ref": f"#/components/schemas/{name}", **document}
                validators[name] = jsonschema_rs.validator_for(root)
            errors = [e.message for e in validators[name].iter_errors(view)][:3]
            assert not errors, (path, errors)
        return status, headers, data

    return checked


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("entry", "index"), CONFIGS)
def test_the_reference_bot_plays_a_whole_game_with_no_refusal(
    entry: Any, index: int, user: Any, live_server: Any, client: Client
) -> None:
    module = reference_bot()
    game_id = deal(entry, index, user)
    document = {"components": client.get("/api/v1/openapi.json").json()["components"]}
    send = module.http_transport(live_server.url, token_for(user))
    bot = module.Bot(checking_views(send, document), wait_seconds=1)
    final = bot.play(bot.read({"id": game_id}))
    total, refused = sum(bot.requests.values()), len(bot.refusals)
    print(f"\n{entry.kind}-{index}: requests={total} refused={refused} {dict(bot.requests)}")
    assert final["status"] == GameStatus.FINISHED
    assert bot.refusals == []
    assert bot.requests["actions"] > 0
