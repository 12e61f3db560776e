"""Names held back for a while: every check of a name others will see refuses them.

A closed account's names are held for 30 days (``privacy.reserved``). The privacy
app sits above everything that checks names (the boards here, sign-up in accounts,
room and table names in rooms), since closing an account reaches into all of them;
so those checks ask here, and ``privacy.apps.PrivacyConfig.ready`` registers its
check at start: the dependency runs one way, with no import inside a function.
"""

from __future__ import annotations

from collections.abc import Callable

from games.task_queue import Registered

NameHold = Callable[[str], None]  # raises leaderboards.names.InvalidName for a held name
_hold = Registered[NameHold]("name hold (privacy.apps.PrivacyConfig.ready registers it)")
register = _hold.register


def refuse_held(name: str) -> None:
    """``InvalidName`` if ``name`` (or a look-alike) is a closed account's name still held."""
    _hold.get()(name)
