"""A move sent again because its answer was lost: recognised, answered, never played twice.

A page whose POST got no answer (its node was killed after the commit, or the network
dropped the response) sends it again with the same version (static/js/table.js). By
then the game has moved on, so the version check refuses it. When the action is the
move this seat made at that version, and that is still the seat's latest move, it is
the same press: the write path (``writes.write_move``) answers with the game as it is
now, nothing applied again, and the page shows the board with no error. Any other
action at an old version is refused as before (``StaleVersion``: the game moved on).

"At that version", not "one version behind": the computers (or the clock, or the other
people) may have moved after the lost answer, before the page sent it again.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from games.action_schema import clean_action
from games.engine.base import IllegalAction
from games.engine.registry import engine_for
from games.models import Game, Move


def move_made_at(game_id: UUID | str, seat: int, version: int) -> dict[str, Any] | None:
    """The action ``seat`` played at ``version`` when that is still its latest move, else
    None. The move made at version V is logged as ``seq`` V + 1 (the version it made)."""
    moves = Move.objects.filter(game_id=game_id, seat=seat, seq__gt=version).order_by("-seq")
    latest = moves.values_list("seq", "action").first()
    if latest is None or latest[0] != version + 1:
        return None
    return latest[1]


def already_played(game: Game, seat: int, version: int, action: dict[str, Any]) -> bool:
    """Whether ``action``, sent at ``version``, is the move ``seat`` already made there.

    The action is read as the write path reads it (``clean_action``). It matches when
    every field it names is the played move's: a field the page could not send again
    (one that rode along from the seat's draft, cleared by the move) may be missing, but
    none may differ, so a different move at that version is never taken for this one.
    """
    made = move_made_at(game.id, seat, version)
    if made is None:
        return False
    engine: Any = engine_for(game.kind)  # as the write path hands it to clean_action
    try:
        sent = clean_action(engine, action)
    except IllegalAction:
        return False
    return all(key in made and _same(made[key], value) for key, value in sent.items())


def _same(stored: Any, sent: Any) -> bool:
    """Equal as stored: the log holds JSON (a tuple is read back as a list)."""
    return json.loads(json.dumps(stored)) == json.loads(json.dumps(sent))
