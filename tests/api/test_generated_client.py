"""A client generated from the site's OpenAPI document is clean and plays a game.

openapi-python-client (pinned in requirements/dev.in) generates a client from the
document the live server serves, as a program's author would, in a scratch folder:
it must report nothing (it once dropped four setup models and two action models as
duplicates, and the generated ``create_game`` module failed to import). The generator
runs as its own process on the saved document, so it reaches no network; the
generated client then talks only to the live server on loopback.

With it, a program starts games (the shortest setup each kind's own ``…Setup`` model
allows) and plays them through the generated models and endpoints alone: each move is
the first listed choice (or the seat's timeout action), parsed into that game's action
union and sent to that game's own action endpoint: two short games to Game over, the
other games through their opening moves.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import override_settings

from api.game_schemas import game_prefix
from games import catalogue
from games.models import GameStatus
from tests.api.conftest import token_for

GENERATOR = Path(sys.executable).with_name("openapi-python-client")
PACKAGE = "rummy_api_client"
MOST_REQUESTS = 400  # a short game takes a few dozen; more means the loop is stuck
# The kinds whose least setup ends in a few dozen moves when every move is the first listed
# choice (Tile Rummy to 50 points had not ended after 3,000): the others play their opening.
SHORT = {"rumbaroo", "romanian_tile_rummy"}
PLAYS = [pytest.param(e, e.kind in SHORT, id=e.kind) for e in catalogue.ready()]
OPENING_MOVES = 12
SEED = 5


@pytest.fixture(scope="module")
def generated(
    live_server: Any, tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any
) -> Iterator[Any]:
    """The generated package, imported from a scratch folder (and forgotten afterwards).

    The live server's host is allowed for the module's whole life: with DEBUG off (CI) an
    earlier test's ``settings`` fixture can restore ALLOWED_HOSTS from before the live
    server added its own, and every request here would then be a 400.
    """
    folder = tmp_path_factory.mktemp("generated")
    schema = folder / "openapi.json"
    url = f"{live_server.url}/api/v1/openapi.json"
    hosts = [*django_settings.ALLOWED_HOSTS, "localhost", "127.0.0.1"]
    with override_settings(ALLOWED_HOSTS=hosts):
        with django_db_blocker.unblock(), urllib.request.urlopen(url, timeout=30) as answer:
            schema.write_bytes(answer.read())
        run = generate(schema, folder / PACKAGE)
        if run.returncode != 0:
            pytest.fail(f"openapi-python-client failed: {run.stdout}{run.stderr}")
        yield run, _imported(folder)
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
        del sys.modules[name]
    sys.path.remove(str(folder))


def generate(schema: Path, output: Path) -> subprocess.CompletedProcess[str]:
    """openapi-python-client on a saved document; ruff (its formatter) from this venv."""
    command = [str(GENERATOR), "generate", "--path", str(schema), "--output-path", str(output)]
    env = {**os.environ, "PATH": f"{GENERATOR.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(
        [*command, "--meta", "none"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=schema.parent,
        env=env,
    )


def _imported(folder: Path) -> ModuleType:
    sys.path.insert(0, str(folder))
    importlib.invalidate_caches()
    return importlib.import_module(PACKAGE)


def endpoint(name: str) -> ModuleType:
    """One generated endpoint module (``api_endpoints_<operation>``)."""
    return importlib.import_module(f"{PACKAGE}.api.default.api_endpoints_{name}")


def model(name: str) -> Any:
    return getattr(importlib.import_module(f"{PACKAGE}.models"), name)


def test_the_generator_reports_nothing_and_every_module_imports(generated: Any) -> None:
    run, package = generated
    said = run.stdout + run.stderr
    assert run.returncode == 0, said
    for word in ("Warning", "Unable to process", "duplicate", "Skipping", "Error"):
        assert word not in said, said
    folder = Path(package.__file__).parent
    modules = sorted(folder.glob("api/default/api_endpoints_*.py")) + sorted(
        folder.glob("models/*.py")
    )
    assert len(modules) > 40
    for path in modules:
        importlib.import_module(
            f"{PACKAGE}.{path.parent.relative_to(folder)}.{path.stem}".replace("/", ".")
        )
    for entry in catalogue.ready():
        prefix = game_prefix(entry.kind)
        for name in (f"New{prefix}Game", f"{prefix}Setup", f"{prefix}ActionIn", f"{prefix}View"):
            assert model(name), name
        endpoint(f"submit_{entry.kind}_action")
        endpoint(f"check_{entry.kind}_action")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("entry", "to_the_end"), PLAYS)
def test_the_generated_client_plays(
    entry: Any, to_the_end: bool, generated: Any, live_server: Any, user: Any, seeded: None
) -> None:
    """A short game to Game over, or a game's opening moves: every move answered 200."""
    client, game = _started(live_server, user, entry)
    steps = 0
    while game.status == GameStatus.ACTIVE and (to_the_end or steps < OPENING_MOVES):
        steps += 1
        assert steps < MOST_REQUESTS, "the game did not end"
        game = _next(client, entry, game)
    if to_the_end:
        assert game.status == GameStatus.FINISHED
        assert game.view.phase == "game_over" and game.view.winners
        print(f"{entry.kind}: game over after {steps} moves and waits")
    else:
        assert game.version >= OPENING_MOVES // 2


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded deal, so the games' lengths do not vary from run to run."""
    monkeypatch.setattr("games.services.moves.secrets.randbits", lambda bits: SEED)


def _started(live_server: Any, user: Any, entry: Any) -> tuple[Any, Any]:
    """The generated client with a token, and a new game of ``entry`` made through it."""
    client_class = importlib.import_module(f"{PACKAGE}.client").AuthenticatedClient
    client = client_class(base_url=live_server.url, token=token_for(user), timeout=35.0)
    game = endpoint("create_game").sync(client=client, body=_new_game(client, entry))
    assert isinstance(game, model("GameOut")), game
    assert isinstance(game.view, model(f"{game_prefix(entry.kind)}View"))
    return client, game


def _new_game(client: Any, entry: Any) -> Any:
    """The kind's own new-game model, each bounded option at its least (GET kinds)."""
    kinds = endpoint("list_kinds").sync(client=client)
    options = next(k.options for k in kinds if k.kind == entry.kind)
    shortest = {o.name: o.min_ for o in options if isinstance(o.min_, int)}
    prefix = game_prefix(entry.kind)
    setup = model(f"{prefix}Setup").from_dict(shortest)
    return model(f"New{prefix}Game")(kind=entry.kind, options=setup)


def _next(client: Any, entry: Any, game: Any) -> Any:
    """One step: wait while it is not our turn, else send a move; the game as it now is."""
    if not game.my_turn:
        waited = endpoint("wait").sync(game.id, client=client, version=game.version, timeout=2)
        assert isinstance(waited, model("WaitOut")), waited
        return waited
    legal = endpoint("legal_actions").sync(game.id, client=client)
    assert isinstance(legal, model("Legal")), legal
    if legal.hold_seconds > 0:
        time.sleep(legal.hold_seconds)
    move = next(
        (c.to_dict() for a in legal.actions for c in a.choices),
        legal.timeout_action.to_dict(),
    )
    body = model(f"{game_prefix(entry.kind)}ActionIn").from_dict(
        {"version": legal.version, "action": move}
    )
    submit = endpoint(f"submit_{entry.kind}_action")
    answer = submit.sync_detailed(game.id, client=client, body=body)
    if answer.status_code == 409:  # the game moved on (a window closed): read it again
        return endpoint("read_game").sync(game.id, client=client)
    assert answer.status_code == 200, (move, answer.content)
    return answer.parsed
