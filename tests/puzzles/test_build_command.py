"""``manage.py build_puzzles``: the research generator and check, run as their own process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from puzzles import bank


@pytest.mark.parametrize(
    ("game", "shipped"),
    [
        ("tile-rummy", bank.bank_file("tile_rummy")),
        ("romanian", bank.bank_file("romanian_tile_rummy")),
    ],
)
def test_the_command_rebuilds_the_shipped_bank_from_its_seed(
    game: str, shipped: Path, tmp_path: Path
) -> None:
    out = tmp_path / "bank.json"
    call_command("build_puzzles", game=game, count=3, out=out, no_load=True)
    built = json.loads(out.read_text())["puzzles"]
    assert built == json.loads(shipped.read_text())["puzzles"][:3]


def test_a_wrong_answer_fails_the_check(tmp_path: Path) -> None:
    puzzles = json.loads(bank.bank_file("romanian_tile_rummy").read_text())["puzzles"][:2]
    puzzles[1]["tiles"] += 1  # an optimum the integer program does not find
    out = tmp_path / "bad.json"
    out.write_text(json.dumps({"meta": {}, "puzzles": puzzles}))
    with pytest.raises(CommandError, match="romanian_check failed"):
        call_command("build_puzzles", game="romanian", out=out, check_only=True, no_load=True)
