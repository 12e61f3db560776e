"""High Card in a room: the target is its one option, for exactly two seats."""

from __future__ import annotations

from typing import Any

from tests.fifth_game.web.forms import SetupForm


class OptionsForm(SetupForm):
    level = None  # type: ignore[assignment]


def engine_config(options: dict[str, Any], seats: int) -> dict[str, Any] | None:
    form = SetupForm(data={**options, "level": "easy"})
    return form.engine_config() if seats == 2 and form.is_valid() else None
