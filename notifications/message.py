"""What a "your turn" notice says: the game, the table, the time left. Never a tile or card.

E-mail and push say the same thing from this one place, built only from what
every seat at the table may see (the game's name, the players' names, the
deadline), so nothing only the notified seat may see can leak into a lock
screen or an inbox. It is written in the active language: the senders activate
the recipient's (``preferences.language.language_of``) around it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC

from django.conf import settings
from django.utils import formats
from django.utils.translation import gettext

from games import catalogue
from games.models import Game
from games.table_flow import table_url
from notifications.models import TurnNotice


@dataclass(frozen=True)
class TurnMessage:
    title: str
    body: str
    path: str  # the table's path on this site (a tap opens it)
    tag: str  # one notification per table on a device: a newer one replaces the older

    @property
    def url(self) -> str:
        return settings.SITE_URL + self.path


def turn_message(notice: TurnNotice) -> TurnMessage:
    game: Game = notice.game
    name = catalogue.get(game.kind).shown_name  # in the recipient's language (Remi pe tablă)
    others = [
        s.display_name
        for s in game.seats.all()
        if s.index != notice.seat_index and not s.is_computer
    ]
    if others:
        body = gettext("It's your turn at your %(game)s table with %(others)s.") % {
            "game": name,
            "others": ", ".join(others),
        }
    else:
        body = gettext("It's your turn at your %(game)s table.") % {"game": name}
    if game.deadline is not None:
        when = formats.date_format(game.deadline.astimezone(UTC), "DATETIME_FORMAT")
        body += " " + gettext("Play by %(when)s UTC.") % {"when": when}
    title = gettext("Your turn: %(game)s") % {"game": name}
    return TurnMessage(title, body, table_url(game), f"turn-{game.id}")
