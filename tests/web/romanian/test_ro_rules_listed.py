"""Romanian Tile Rummy rules of issue 34 item 18 that the pages carry (the engine's own
tests for the same rules: tests/engine/romanian/test_romanian_rules_listed.py)."""

from __future__ import annotations

import re

import pytest

from games.engine import romanian as ro
from tests.web.romanian.conftest import post, state_of

pytestmark = pytest.mark.django_db

CHOSEN = {"threshold": 45, "penalty": "rack100", "discard_counts": "yes"}


def options_line(client, game) -> str:
    html = client.get(f"/romanian/g/{game.id}/").content.decode()
    found = re.search(r'data-testid="options">(.*?)</p>', html, re.S)
    assert found, "the table shows no house options"
    return " ".join(found.group(1).split())


def test_house_options_at_setup_are_shown_on_the_table_and_fixed_once_the_game_starts(
    client, start_ro
) -> None:
    game = start_ro(**CHOSEN)
    expected = {"threshold": 45, "penalty": "rack100", "discard_counts": True}
    shown = options_line(client, game)
    assert "opening meld at least 45 points" in shown
    assert "100 points plus what is left on the rack" in shown
    assert shown.endswith("counts toward the opening: yes")
    # Moves that try to carry other options change nothing, and a new setup is a new game.
    other = {"threshold": 50, "penalty": "flat200", "discard_counts": "no"}
    while state_of(game).phase in ("doubla", "doubla_swap"):
        assert post(client, game, "decline", **other).status_code == 200
    defaults = start_ro(**other)
    assert defaults.id != game.id
    game.refresh_from_db()
    assert {k: game.config[k] for k in expected} == expected
    state = state_of(game)
    assert (state.config.threshold, state.config.penalty, state.config.discard_counts) == (
        45,
        "rack100",
        True,
    )
    assert state.phase in ro.turn.PLAYING and options_line(client, game) == shown
    assert "opening meld at least 50 points" in options_line(client, defaults)
    assert "a flat 200 points" in options_line(client, defaults)
    assert options_line(client, defaults).endswith(": no")
