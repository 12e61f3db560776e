"""Tile Rummy's target: the engine itself allows only RULINGS' four (issue 34, item 19).

The setup form, the room form and the API only offer 50, 100, 150 and 200; the
engine used to take anything from 1 to 5,000, so a caller that skipped the forms
(a bot script, a saved JSON, a future page) could start a game nobody may choose.
"""

from __future__ import annotations

import json

import pytest

from games.engine import tile_rummy as tr
from tests.engine.helpers import build

OFF_THE_LIST = [0, 1, 40, 49, 51, 75, 199, 201, 250, 500, 5000, -50, 50.0, "200", True, None]


def test_the_targets_are_the_four_rulings_lengths_and_200_is_the_default() -> None:
    assert tr.TARGETS == (50, 100, 150, 200)
    assert tr.new_game({}, 3).config.target == 200 == tr.DEFAULT_TARGET


@pytest.mark.parametrize("target", tr.TARGETS)
def test_each_allowed_target_starts_a_game(target: int) -> None:
    state = tr.new_game({"players": 3, "target": target}, 11)
    assert state.config.target == target
    assert tr.view(state, 0)["target"] == target


@pytest.mark.parametrize("target", OFF_THE_LIST)
def test_a_new_game_to_any_other_target_is_refused_with_a_clear_error(target: object) -> None:
    with pytest.raises(ValueError) as info:
        tr.new_game({"players": 2, "target": target}, 11)
    assert str(info.value) == f"target must be 50, 100, 150 or 200 points, not {target!r}"


@pytest.mark.parametrize("target", [1, 40, 5000])
def test_a_stored_game_with_another_target_does_not_load(target: int) -> None:
    saved = json.loads(json.dumps(tr.to_json(tr.new_game({"players": 2}, 5))))
    saved["config"]["target"] = target
    with pytest.raises(ValueError, match="target must be 50, 100, 150 or 200"):
        tr.from_json(saved)


def test_a_config_built_directly_is_checked_too() -> None:
    with pytest.raises(ValueError, match="target must be 50, 100, 150 or 200"):
        tr.Config(target=40)
    with pytest.raises(ValueError, match="target must be 50, 100, 150 or 200"):
        build(["R1", "B1"], target=1000)
