"""After a run: every game's move log replays to its snapshot, with no seq doubled or missing."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from games.engine.registry import engine_for
from games.models import Game


@dataclass
class Audit:
    games: int = 0
    moves: int = 0
    problems: list[str] = field(default_factory=list)


def audit_all() -> Audit:
    report = Audit()
    for game in Game.objects.iterator(chunk_size=200):
        report.games += 1
        seqs = list(game.moves.order_by("seq").values_list("seq", flat=True))
        report.moves += len(seqs)
        if seqs != list(range(1, game.version + 1)):
            report.problems.append(f"{game.id}: seqs {seqs[:5]}… ≠ 1..{game.version}")
            continue
        engine = engine_for(game.kind)
        state = engine.new_game(game.config, game.seed)
        for seat, action in game.moves.order_by("seq").values_list("seat", "action"):
            state, _ = engine.apply(state, seat, action)
        if json.loads(json.dumps(engine.to_json(state))) != game.state:
            report.problems.append(f"{game.id}: the log does not replay to the snapshot")
    return report
