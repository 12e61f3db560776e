"""The quick phrases: a short fixed set everyone may send, guests too.

A phrase is stored as its key and shown in the reader's language, so a Romanian
player's "Baftă!" reads "Good luck!" to an English one. Each has a number key
(1–9, then 0) that sends it while the phrase bar has focus.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

PHRASES: dict[str, Promise] = {
    "hello": pgettext_lazy("quick phrase", "Hello!"),
    "good_luck": pgettext_lazy("quick phrase", "Good luck!"),
    "well_played": pgettext_lazy("quick phrase", "Well played!"),
    "nice_move": pgettext_lazy("quick phrase", "Nice move!"),
    "thanks": pgettext_lazy("quick phrase", "Thanks!"),
    "sorry": pgettext_lazy("quick phrase", "Sorry!"),
    "one_moment": pgettext_lazy("quick phrase", "One moment, please."),
    "your_turn": pgettext_lazy("quick phrase", "Your turn!"),
    "good_game": pgettext_lazy("quick phrase", "Good game!"),
    "bye": pgettext_lazy("quick phrase", "Bye!"),
}


def shown(key: str) -> str:
    """The phrase in the active language (an unknown key, from an old set, reads as itself)."""
    phrase = PHRASES.get(key)
    return str(phrase) if phrase is not None else key


def keyed() -> list[dict[str, str]]:
    """The phrase bar's buttons: key, words and the number key that sends it."""
    return [
        {"key": key, "words": str(words), "shortcut": str((n + 1) % 10)}
        for n, (key, words) in enumerate(PHRASES.items())
    ]
