"""Leaderboard names: what a player may call themselves, and when two names clash.

A name is typed by its player, so it is checked here before anyone sees it:

- tidy: Unicode NFKC, trimmed, inner whitespace collapsed to one space;
- 3–20 characters of letters, digits, spaces and ``- _ . '``, at least one letter;
- nothing invisible: format characters (zero-width spaces and joiners, direction
  marks), variation selectors, fillers and every other default-ignorable code
  point are refused, so "Sam" with a U+FE0F after it can't pass for "Sam";
- not an impersonation: ``name_key`` folds case, accents, look-alike letters
  from other scripts and digits that pass for letters (0→o, 1→l, 5→s…) and
  drops separators, so "B1g-Red", "ВIG RED" and "big red" are one key. A key
  may belong to one player only, and never to a reserved name (the site,
  staff, the computer players' levels and their seat names such as "Ada" or
  "Marta", the "Player #N" placeholders) or a name a person suspended
  (``BlockedName``);
- not offensive: checked against a maintained word list (``badwords-py``, whose
  English list draws on LDNOOBW and other cited lists), never a hand-typed one.
  Room and table names (``rooms``) go through this same ``clean``.

Names are shown only through Django templates, which escape them, so even a
name that somehow held markup is shown as text.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from badwords import Options, ProfanityFilter
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import catalogue

MIN_LENGTH = 3
MAX_LENGTH = 20
PUNCTUATION = "-_.'"
SEPARATORS = re.compile(r"[\s\-_.']+")
_WHITESPACE = re.compile(r"\s+")

# Look-alikes folded onto one Latin letter (after NFKC and casefold).
_CONFUSABLES = str.maketrans(
    {
        # digits and symbols that pass for letters
        "0": "o", "1": "l", "2": "z", "3": "e", "4": "a", "5": "s", "6": "b", "7": "t",
        "8": "b", "9": "g", "i": "l", "|": "l", "!": "l", "$": "s", "@": "a",
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "і": "l", "ј": "j", "ѕ": "s",
        "ԁ": "d", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ь": "b", "г": "r",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "μ": "u",
        # Latin look-alikes
        "ı": "l", "ł": "l", "ɡ": "g", "ø": "o", "đ": "d", "ħ": "h", "ß": "ss",
    }
)  # fmt: skip
_DIGRAPHS = (("rn", "m"), ("vv", "w"), ("cl", "d"))

# Keys no player may take: the site, its staff, the computer players, placeholders,
# and every game's and level's name from the catalogue.
RESERVED = (
    "admin", "administrator", "moderator", "mod", "staff", "support", "system", "official",
    "rummy", "computer", "bot", "cpu", "you", "player", "guest", "anonymous", "nobody",
    "house",  # the house plays the seats of players who are away
    "deleted player",  # a closed account's seats are shown under it (privacy.closing)
    "jucător", "jucătorul", "vizitator",  # the Romanian pages' placeholders ("Jucătorul #12")
    *catalogue.reserved_words(),
)  # fmt: skip
# The names the computers sit at tables under ("Ada", "Marta"…): a person who took
# one could pass for a computer, so they are refused with their own message.
COMPUTER_NAMES = tuple(
    dict.fromkeys(name for entry in catalogue.CATALOGUE for name in entry.computer_names)
)
# Keys that may not appear anywhere inside a name ("xXadminXx", "the moderator").
RESERVED_INSIDE = ("admin", "moderator", "staff", "official")


# The site speaks English: other languages' lists refuse ordinary English words
# ("fan", "mist", "trio"), so only the English list is loaded. Each word of the
# name is read with look-alikes, repeats ("fuuuck") and digits for letters; the
# name run together is also searched for a listed word of 7+ letters inside it
# ("xXmotherfuckerXx"), long enough that ordinary words don't trip it.
OFFENSIVE_LANGUAGES = ("en",)
_WORDS = Options(split_on_punctuation=True, collapse_repeats=True, leetspeak=True)
_INSIDE = Options(
    collapse_repeats=True, leetspeak=True, match_mode="substring", min_substring_len=7
)
# Family names the list would otherwise refuse (a player's own surname is not an insult).
OFFENSIVE_EXCEPTIONS = ("wang",)


INVISIBLE_MESSAGE = gettext_lazy(
    "That name has an invisible character (such as a zero-width space or a variation "
    "selector); type it again without one."
)
COMPUTER_MESSAGE = gettext_lazy("That is one of the computer players' names; pick another.")


class InvalidName(ValueError):
    """A name the player must change; the message says why, in their words."""


def tidy(raw: str) -> str:
    """NFKC, trimmed, whitespace collapsed: the form that is stored and shown."""
    text = unicodedata.normalize("NFKC", raw or "")
    return _WHITESPACE.sub(" ", text).strip()


def _strip_marks(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _fold(name: str) -> str:
    """Case, accents and separators folded; digits kept (for the placeholder check)."""
    text = _strip_marks(unicodedata.normalize("NFKC", name).casefold())
    return SEPARATORS.sub("", text)


def name_key(name: str) -> str:
    """The impersonation-proof key: names with one key look alike to a reader."""
    key = _fold(name).translate(_CONFUSABLES)
    for pair, single in _DIGRAPHS:
        key = key.replace(pair, single)
    return key


_RESERVED_KEYS = frozenset(name_key(r) for r in RESERVED)
_INSIDE_KEYS = tuple(name_key(r) for r in RESERVED_INSIDE)
_COMPUTER_KEYS = frozenset(name_key(c) for c in COMPUTER_NAMES)

# Default-ignorable code points (Unicode's DerivedCoreProperties) that are not
# format (Cf) characters: combining grapheme joiner, Hangul fillers, Khmer
# inherent vowels, Mongolian and other variation selectors, the musical-notation
# format controls. Cf itself is refused by category, so the list stays short.
_INVISIBLE_RANGES = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def is_invisible(char: str) -> bool:
    """A character that shows nothing: two names differing only by it would look the same."""
    if unicodedata.category(char) == "Cf":
        return True
    point = ord(char)
    return any(low <= point <= high for low, high in _INVISIBLE_RANGES)


def _keys(name: str) -> tuple[str, str]:
    """The name's key, and its key without a number at the end ("Joey 2" → "joey")."""
    return name_key(name), name_key(_fold(name).rstrip("0123456789"))


def is_computer_name(name: str) -> bool:
    """A computer's seat name, in any case, width or look-alike spelling, maybe numbered."""
    return any(key in _COMPUTER_KEYS for key in _keys(name))


def is_reserved(name: str) -> bool:
    """A reserved name, possibly with a number after it ("Joey 2", "Computer1", "Player 12")."""
    key, base = _keys(name)
    if base in _RESERVED_KEYS or key in _RESERVED_KEYS or is_computer_name(name):
        return True
    return any(inside in key for inside in _INSIDE_KEYS)


@cache
def _offensive_words() -> ProfanityFilter:
    """The word list, loaded once per process (about 60 ms)."""
    words = ProfanityFilter()
    words.init(list(OFFENSIVE_LANGUAGES))
    words.add_whitelist(list(OFFENSIVE_EXCEPTIONS))
    return words


def is_offensive(name: str) -> bool:
    """A listed offensive word in the name, as words or run together (separators dropped)."""
    words = _offensive_words()
    joined = SEPARATORS.sub("", _strip_marks(tidy(name).casefold()))
    return words.is_profane(name, _WORDS) or words.is_profane(joined, _INSIDE)


def _allowed(char: str) -> bool:
    category = unicodedata.category(char)
    return category[0] in "LN" or char == " " or char in PUNCTUATION or category == "Mn"


def refuse_impostor(name: str) -> None:
    """``InvalidName`` if the name hides a character or is a computer's seat name.

    The one check every name a person shows to others passes: leaderboard,
    room and table names (through ``clean``) and account usernames, which a
    program's seat is shown under.
    """
    if any(is_invisible(c) for c in name):
        raise InvalidName(INVISIBLE_MESSAGE)
    if is_computer_name(name):
        raise InvalidName(COMPUTER_MESSAGE)


def clean(raw: str) -> str:
    """The tidied name, or ``InvalidName`` with the reason (uniqueness is checked by the caller)."""
    name = tidy(raw)
    refuse_impostor(name)
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise InvalidName(
            _("A name has %(min)s to %(max)s characters.") % {"min": MIN_LENGTH, "max": MAX_LENGTH}
        )
    if not all(_allowed(c) for c in name):
        raise InvalidName(_("Use letters, digits, spaces and - _ . ' only."))
    if not any(unicodedata.category(c)[0] == "L" for c in name):
        raise InvalidName(_("A name needs at least one letter."))
    if len(name_key(name)) < 2:
        raise InvalidName(_("That name is too short to tell apart from others."))
    if is_reserved(name):
        raise InvalidName(_("That name belongs to the site or its computer players; pick another."))
    if is_offensive(name):
        raise InvalidName(_("That name has a word that isn't allowed here (see the Terms)."))
    return name
