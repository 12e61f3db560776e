"""The layers hold honestly: every package is placed, and no import hides inside a function.

import-linter's layers contract (``pyproject.toml``) sees every import, but only of the
modules it names, so a package or a games module left out of it would be unchecked;
the first tests fail on one. An import inside a function body once hid many circles
between apps (and still reads as one): it runs late, so the circle never bites at start,
yet the graph has it all the same. A circle is broken instead by an interface the
lower module declares and the higher one registers in its ``AppConfig.ready()``
(``games.task_queue``, ``leaderboards.blocks``, ``leaderboards.holds``…), or by moving
the shared piece down; ``ready()`` itself is where Django wants such imports. The
few others below load an optional, heavy module only where it is used.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from leaderboards import blocks, holds
from players import lookup
from privacy import reserved

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
BESIDE_THE_SITE = {"research", "bench", "deploy"}  # the forbidden contracts keep them out

# (file, module imported inside a function): why it is not about a circle.
ALLOWED = {
    # The Redis client, only where a Redis URL is set: development and the tests run without.
    ("games/live.py", "redis"): "live updates' publisher and listener",
    ("metrics/collect.py", "redis"): "the queues' lengths, read from a Redis broker",
    # pywebpush (requests, aiohttp, cryptography: 20-40 MB), only in a process that sends.
    ("notifications/push.py", "pywebpush"): "the push sender",
    # psycopg, only on PostgreSQL: the SQLite default never loads it.
    ("core/db.py", "django.db.backends.postgresql.base"): "the prepared cursor's base",
    ("rummy_site/settings.py", "rummy_site.db_pool"): "the pool's check, with a pool only",
    # A data migration loads the shipped bank when it runs, never when the graph is read.
    ("puzzles/migrations/0002_load_bank.py", "puzzles"): "the bank's loader",
    ("puzzles/migrations/0004_load_romanian_bank.py", "puzzles"): "the bank's loader",
    ("puzzles/migrations/0007_rebuilt_banks.py", "puzzles"): "the bank's loader",
    ("puzzles/migrations/0008_rumasta_bank.py", "puzzles"): "the bank's loader",
}


def _layered_names() -> set[str]:
    """Every module the layers contract names, one per sibling."""
    layers = next(c for c in CONFIG["contracts"] if c["type"] == "layers")["layers"]
    names: set[str] = set()
    for layer in layers:
        names |= {name.strip() for name in layer.replace("|", ":").split(":")}
    return names


def _site_packages() -> list[str]:
    return sorted(set(CONFIG["root_packages"]) - BESIDE_THE_SITE)


def _imports_inside_functions(path: Path) -> set[tuple[str, str]]:
    """(file, imported module) for each import in a function body, ``AppConfig.ready`` aside."""
    rel = path.relative_to(ROOT).as_posix()
    found: set[tuple[str, str]] = set()
    for function in ast.walk(ast.parse(path.read_text(), rel)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if path.name == "apps.py" and function.name == "ready":
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found |= {(rel, alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                found.add((rel, "." * node.level + (node.module or "")))
    return found


def test_every_site_package_is_in_a_layer() -> None:
    tops = {name.split(".")[0] for name in _layered_names()}
    assert set(_site_packages()) - tops == set()


def test_every_module_of_games_is_in_a_layer() -> None:
    children = {
        f"games.{path.stem}"
        for path in (ROOT / "games").iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    }
    assert children - _layered_names() == set()


def test_no_import_hides_inside_a_function() -> None:
    found: set[tuple[str, str]] = set()
    for package in _site_packages():
        for path in sorted((ROOT / package).rglob("*.py")):
            found |= _imports_inside_functions(path)
    assert found - ALLOWED.keys() == set()
    assert ALLOWED.keys() - found == set(), "an allowed import is gone: drop it from ALLOWED"


def test_the_higher_apps_register_what_the_lower_ones_ask_at_start() -> None:
    # the platform's queue and name screen: tests/games/test_services_package.py
    assert blocks._blocked.get() is lookup.blocked_ids
    assert holds._hold.get() is reserved.refuse_held
