"""Each game's web side is one declared object (games.gameweb.GameWeb), reached only through it.

Every catalogue game's web package exports ``WEB`` with every piece set and
each adapter carrying the names its protocol lists. Outside a game's own web
package no module (site or test) imports or reads a private name of that
package's modules, and nothing finds web code by building a dotted path from
``GameEntry.web``: that is :func:`games.gameweb.web_for`'s job alone.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import typing
from pathlib import Path

import pytest
from django import forms
from pydantic import BaseModel

from games import catalogue
from games.gameweb import GameWeb, ReplayAdapter, RoomAdapter, UrlConf, web_for

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".venv", "node_modules", "__pycache__", ".git"}
WEB_PACKAGES = tuple(entry.web for entry in catalogue.CATALOGUE)
PROTOCOLS = {"room": RoomAdapter, "replay": ReplayAdapter, "urls": UrlConf}


def _optional(field: dataclasses.Field[object]) -> bool:
    return "None" in str(field.type)


@pytest.mark.parametrize("entry", catalogue.CATALOGUE, ids=lambda e: e.kind)
def test_every_game_declares_every_piece_of_its_web_side(entry: catalogue.GameEntry) -> None:
    web = web_for(entry.kind)
    assert isinstance(web, GameWeb)
    missing = [
        f.name
        for f in dataclasses.fields(GameWeb)
        if not _optional(f) and getattr(web, f.name) is None
    ]
    assert not missing, f"{entry.kind} leaves {missing} unset"
    for name, protocol in PROTOCOLS.items():
        lacking = sorted(typing.get_protocol_members(protocol) - set(dir(getattr(web, name))))
        assert not lacking, f"{entry.kind}'s {name} lacks {lacking}"
    assert web.flow.kind == entry.kind
    assert issubclass(web.setup_form, forms.Form) and callable(web.seats)
    assert issubclass(web.api_view, BaseModel)


def _python_files() -> list[Path]:
    return [
        path
        for path in sorted(ROOT.rglob("*.py"))
        if not SKIPPED & set(path.relative_to(ROOT).parts)
    ]


def _own_package(path: Path) -> str | None:
    """The web package a file belongs to (its own private names are its business)."""
    dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return next((p for p in WEB_PACKAGES if dotted == p or dotted.startswith(f"{p}.")), None)


def _is_web_module(module: str) -> bool:
    return any(module == p or module.startswith(f"{p}.") for p in WEB_PACKAGES)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_reaches(tree: ast.AST) -> list[str]:
    """Private names of a game's web modules this module imports or reads as attributes."""
    bound: dict[str, str] = {}  # local name -> the web module it is bound to
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _is_web_module(alias.name) and alias.asname:
                    bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and _is_web_module(node.module):
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            base = ast.unparse(node.value)
            module = bound.get(base, base)
            if _is_web_module(module):
                found.append(f"{node.lineno}: {base}.{node.attr}")
    return found


def test_the_scan_sees_a_private_reach() -> None:
    package = WEB_PACKAGES[0]
    source = (
        f"from {package} import views\nimport {package}.room as r\nviews._x, r._y, views.FLOW\n"
    )
    assert [line.split(": ")[1] for line in _private_reaches(ast.parse(source))] == [
        "views._x",
        "r._y",
    ]
    assert _private_reaches(ast.parse(f"from {package}.views import _seats"))


def test_nothing_outside_a_web_package_reaches_its_private_names() -> None:
    offenders = []
    for path in _python_files():
        if _own_package(path):
            continue
        tree = ast.parse(path.read_text(), filename=str(path))
        offenders += [f"{path.relative_to(ROOT)}:{line}" for line in _private_reaches(tree)]
    assert not offenders, "\n".join(offenders)


def test_web_code_is_found_only_through_web_for() -> None:
    """No dotted path is built from ``entry.web`` (``f"{entry.web}.views:FLOW"``…)."""
    built = re.compile(r"\{[^{}]*\.web\}")
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _python_files()
        if path != Path(__file__).resolve()
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if built.search(line)
    ]
    assert not offenders, "\n".join(offenders)
