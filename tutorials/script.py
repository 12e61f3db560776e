"""The script the platform asks a guided game's moves of (``games.services.scripts``).

Registered at start (``TutorialsConfig.ready``). For a person's move it answers the step's
explanation unless the move is the one the step teaches; for a computer's turn it answers
the script's move; for the table it answers the step's line of guidance, and notes the
person's progress once the last step is played.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from games import catalogue
from games.models import Game, Seat

from . import progress
from .registry import for_game

GUIDE_TEMPLATE = "tutorials/_guide.html"
STYLESHEET = "css/tutorials.css"


class TutorialScript:
    """The tutorials' answer to ``games.services.Script``."""

    def refusal(self, game: Game, seat: int, action: dict[str, Any], state: Any) -> str | None:
        tutorial = for_game(game)
        if tutorial is None:
            return _("This guided game can no longer be played. Start it again from its page.")
        row = next((s for s in game.seats.all() if s.index == seat), None)
        if row is None or row.automated:
            return None  # a computer's move is the script's own
        place = tutorial.at(game.version)
        if place.step >= len(tutorial.steps):
            return _(
                "The guided game is over: start a real game from the game's page, or play "
                "the guided game again."
            )
        if place.answer is not None:
            return None  # not this seat's turn: the engine says so
        return tutorial.steps[place.step].refusal(action, state, seat)

    def computer_action(self, game: Game, seat: int, state: Any) -> dict[str, Any] | None:
        tutorial = for_game(game)
        place = tutorial.at(game.version) if tutorial is not None else None
        if place is None or place.answer is None or place.answer.seat != seat:
            return None
        return place.answer.action(state)

    def guide(self, game: Game, seat: Seat) -> dict[str, Any] | None:
        tutorial = for_game(game)
        if tutorial is None:
            return None
        place = tutorial.at(game.version)
        done = place.step >= len(tutorial.steps)
        if done:
            progress.finish(game)
        step = None if done else tutorial.steps[place.step]
        entry = catalogue.get(tutorial.kind)
        return {
            "template": GUIDE_TEMPLATE,
            "stylesheet": STYLESHEET,
            "kind": tutorial.kind,
            "name": entry.shown_name,
            "number": place.step + 1,
            "count": len(tutorial.steps),
            "title": step.title if step else "",
            "line": step.line if step else tutorial.finale,
            "waiting": place.answer is not None,
            "done": done,
            "outline": [
                {"title": s.title, "done": i < place.step, "current": i == place.step}
                for i, s in enumerate(tutorial.steps)
            ],
            "skip_url": reverse("tutorials:skip", args=[tutorial.kind]),
            "start_url": reverse("tutorials:start", args=[tutorial.kind]),
            "setup_url": reverse(f"{entry.url_name}:setup"),
            "how_to_play_url": reverse(f"{entry.url_name}:how_to_play"),
        }


SCRIPT = TutorialScript()
