"""Talk over the sockets the pages already hold: a notice that a line was said.

After a line of talk commits (``talk.services``, which hands this module the line's
place through ``talk_news``), its readers' sockets get ``{"type": "talk"}`` and the
page asks for its new lines once over HTTP (static/js/talk.js), read as that reader
may read them (mutes, blocks, written messages off, names hidden): nothing of what was
said travels here, so no reader's filter has to be repeated per group.

Who is told:

- a table's line: its audiences with connections (``live.audiences``, one Redis read).
  The spectators' groups always (they read both channels); the seats' groups only when
  the players read it now (their own channel, or the spectators' once the game is
  over): a seat never learns that spectators are talking during the game.
- a tournament's line: the tournament's group (``live.tournament_feed``), which only
  someone who may see the event joins.
"""

from __future__ import annotations

from uuid import UUID

from live import audiences, sending, tournament_feed
from live.viewer import Audience
from talk.services import Said

NOTICE = {"type": "live.talk"}


def announce(said: Said) -> None:
    """Tell the sockets that read ``said``'s place now (its readers, none else)."""
    groups = told(said)
    if groups:
        sending.send([(name, dict(NOTICE)) for name in groups])


def told(said: Said) -> list[str]:
    """The groups a line's notice goes to."""
    if said.tournament_id is not None:
        return [tournament_feed.group_of(said.tournament_id)]
    if said.game_id is None:
        return []
    found = []
    for name in audiences.members(UUID(said.game_id).hex):
        audience = Audience.from_group(name)
        if audience is not None and (audience.seat is None or said.seats_read):
            found.append(name)
    return found
