"""The one-tap quick-match choices of each game, and the pool a choice waits in.

Read from the game's own room options form (``rooms.adapters``), never written
per game: its defaults, at 2 and 4 players, and where the catalogue names a
level option that the options form offers (a box or difficulty) one choice
per level. A preset the game's engine would refuse is left out.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import ngettext

from games import catalogue
from games import pace as game_pace
from rooms import adapters

SEAT_COUNTS = (2, 4)


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    seats: int
    options: dict[str, Any]


def default_options(kind: str) -> dict[str, Any]:
    """Every option of the game's room form at its initial value."""
    form = adapters.options_form(kind)
    return {name: field.initial for name, field in form.fields.items()}


def presets(kind: str) -> list[Preset]:
    """The game's one-tap choices, in the order they are offered."""
    entry = catalogue.get(kind)
    form = adapters.options_form(kind)
    defaults = default_options(kind)
    counts = [n for n in SEAT_COUNTS if entry.min_players <= n <= entry.max_players]
    level = form.fields.get(entry.level_key or "")
    found: list[Preset] = []
    if isinstance(level, forms.ChoiceField) and entry.level_key:
        for value, text in level.choices:
            short = str(text).split(" — ")[0]
            for seats in counts:
                options = {**defaults, entry.level_key: value}
                label = ngettext(
                    "%(level)s, %(count)s player", "%(level)s, %(count)s players", seats
                ) % {"level": short, "count": seats}
                found.append(Preset(f"{value}-{seats}", label, seats, options))
    else:
        for seats in counts:
            options = _working(kind, form, defaults, seats)
            label = ngettext("%(count)s player", "%(count)s players", seats) % {"count": seats}
            found.append(Preset(f"usual-{seats}", label, seats, options))
    return [p for p in found if adapters.engine_config(kind, p.options, p.seats) is not None]


def _working(kind: str, form: forms.Form, defaults: dict[str, Any], seats: int) -> dict[str, Any]:
    """The defaults, or the first one-option change that works at ``seats`` (teams of two
    by default need four seats: two players then play alone)."""
    if adapters.engine_config(kind, defaults, seats) is not None:
        return dict(defaults)
    for name, field in form.fields.items():
        for value, _text in getattr(field, "choices", []) or []:
            options = {**defaults, name: value}
            if adapters.engine_config(kind, options, seats) is not None:
                return options
    return dict(defaults)


def find(kind: str, key: str) -> Preset | None:
    return next((p for p in presets(kind) if p.key == key), None)


def pool_key(kind: str, seats: int, options: dict[str, Any]) -> str:
    """Players wait together only for the same game, seat count, pace and options.

    The pace (live, or days per move: ``options["pace"]``, games.pace) is named
    in the key as well as hashed with the options, so a live and a correspondence
    press can never share a pool, whatever else they chose.
    """
    digest = hashlib.sha256(json.dumps(options, sort_keys=True).encode()).hexdigest()[:24]
    return f"{kind}:{seats}:{game_pace.of(options)}:{digest}"


def pool_pace(pool: str) -> str:
    """The pace a pool key names (live for a key without one)."""
    parts = pool.split(":")
    return parts[2] if len(parts) == 4 and parts[2] in game_pace.DAYS else game_pace.LIVE


def describe(kind: str, options: dict[str, Any]) -> list[tuple[str, str]]:
    """The options as label: value, read from the form's own choices (for the waiting page)."""
    form = adapters.options_form(kind)
    shown = []
    for name, field in form.fields.items():
        value = options.get(name, field.initial)
        choices = dict(getattr(field, "choices", []) or [])
        text = choices.get(value, choices.get(str(value), value))
        shown.append((str(field.label), str(text).split(" — ")[0]))
    return shown
