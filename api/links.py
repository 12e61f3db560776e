"""OpenAPI links: which answer's id feeds which operation, so tools (and readers) can follow them.

A game made by ``POST /games`` is read, listed for legal moves, checked, played (at
its game's own ``/<kind>/games/{game_id}/…``) and waited on with its ``id``; a room
joined by ``POST /rooms/join`` is read and waited on with its ``id``, and its ``game``
(once dealt) is played like any game; so is the room (and its game, dealt at once)
that ``POST /challenges/{id}/accept`` answers with, and a challenge listed by
``GET /challenges`` (the newest: ``/0/id``) is accepted or declined.
Schemathesis follows these links in its stateful phase.
"""

from __future__ import annotations

import re
from typing import Any

V1 = "/api/v1"
GAME_OPERATIONS = {
    "ReadGame": ("get", "/games/{game_id}"),
    "LegalActions": ("get", "/games/{game_id}/legal"),
    "WaitForChange": ("get", "/games/{game_id}/wait"),
}
# Each game's own action endpoints (/<kind>/games/{game_id}/actions and …/check): a game
# of another kind is not found there, so a tool following these links meets a 404 for it.
GAME_ACTIONS = re.compile(r"/(?P<kind>\w+)/games/\{game_id\}/(?P<verb>actions|check)")
CHALLENGE_OPERATIONS = {
    "AcceptChallenge": ("post", "/challenges/{challenge_id}/accept"),
    "DeclineChallenge": ("post", "/challenges/{challenge_id}/decline"),
}
ROOM_OPERATIONS = {
    "ReadRoom": ("get", "/rooms/{room_id}"),
    "WaitForRoom": ("get", "/rooms/{room_id}/wait"),
}


def _links(schema: dict[str, Any], targets: dict[str, tuple[str, str]], **params: str) -> dict:
    paths = schema["paths"]
    links = {}
    for name, (method, path) in targets.items():
        operation = paths.get(V1 + path, {}).get(method)
        if operation is not None:
            links[name] = {"operationId": operation["operationId"], "parameters": dict(params)}
    return links


def _game_actions(schema: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Each game's submit and check operations, named by game (SubmitAction.<kind>…)."""
    found = {}
    for path in schema["paths"]:
        match = GAME_ACTIONS.fullmatch(path.removeprefix(V1))
        if match:
            verb = "SubmitAction" if match["verb"] == "actions" else "CheckAction"
            found[f"{verb}.{match['kind']}"] = ("post", path.removeprefix(V1))
    return found


def add_links(schema: dict[str, Any]) -> dict[str, Any]:
    """Links from the answers that name a game or a room to the operations that take it."""
    paths = schema["paths"]
    game_operations = {**GAME_OPERATIONS, **_game_actions(schema)}
    game_links = _links(schema, game_operations, game_id="$response.body#/id")
    played = [("post", path, 200) for _, path in game_operations.values() if "/actions" in path]
    answers = [("post", "/games", 201), ("get", "/games/{game_id}", 200), *played]
    for method, path, status in answers:
        paths[V1 + path][method]["responses"][status]["links"] = game_links
    room_links = _links(schema, ROOM_OPERATIONS, room_id="$response.body#/id")
    for method, path in (("post", "/rooms/join"), ("get", "/rooms/{room_id}")):
        paths[V1 + path][method]["responses"][200]["links"] = room_links
    listed = paths.get(V1 + "/challenges", {}).get("get")
    if listed is not None:  # the newest waiting challenge, answered either way
        first = _links(schema, CHALLENGE_OPERATIONS, challenge_id="$response.body#/0/id")
        listed["responses"][200]["links"] = first
        declined = paths[V1 + "/challenges/{challenge_id}/decline"]["post"]["responses"][200]
        declined["links"] = _links(schema, CHALLENGE_OPERATIONS, challenge_id="$response.body#/id")
    accepted = paths.get(V1 + "/challenges/{challenge_id}/accept", {}).get("post")
    if accepted is not None:  # an accepted challenge's room is dealt: its game is set
        dealt = _links(schema, game_operations, game_id="$response.body#/game")
        accepted["responses"][200]["links"] = {
            **room_links,
            **{f"{name}OfRoom": link for name, link in dealt.items()},
        }
    return schema
