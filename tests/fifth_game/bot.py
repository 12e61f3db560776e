"""High Card's computer player: it sees only its seat's view, as every bot does.

Easy plays its lowest card; Sharp leads its highest and answers with the lowest
card that takes the trick (its lowest when none does).
"""

from __future__ import annotations

from typing import Any

from games.engine.base import Action


def choose_action(view: dict[str, Any], level: str, **options: Any) -> Action | None:
    hand = sorted(view["hand"] or [], key=lambda card: card["value"])
    if view["phase"] != "play" or not hand:
        return None
    pick = hand[0]
    if level == "sharp" and not view["trick"]:
        pick = hand[-1]
    elif level == "sharp":
        led = view["trick"][0]["card"]["value"]
        pick = next((card for card in hand if card["value"] > led), hand[0])
    return {"type": "play", "card": pick["id"]}
