"""Which English sentences a Romanian page still shows (issue 36 item 6).

A page is read twice, once for an English reader and once for a Romanian one. Each reading
is cut into the pieces a person reads: every text node (scripts, styles and code left out),
every ``alt``/``aria-label``/``title``/``placeholder`` and a button's value, each split into
sentences. A piece of the Romanian page that is word for word a piece of the English page is
English left behind, unless what remains of it once names, numbers and tiles are taken out
is not a sentence: no run of two words or more. So "Ana", "12", "R10", "Joker" or
"Rumbaroo · Joey" may stay the same in both languages; "Draw a tile" may not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser
from typing import Any

# Read by a person: a screen reader says them, a browser shows them as a tooltip or a hint.
READ_ATTRIBUTES = (
    "alt",
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "aria-valuetext",
    "title",
    "placeholder",
)
# Not read as words: scripts and styles, and code (the API guide's requests, a URL shown as
# an example): what programs read stays English (docs/translating.md).
SKIPPED_ELEMENTS = ("script", "style", "code", "pre", "kbd", "samp", "template")
VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}

# Names stay names (docs/translating.md): the games', Rumbaroo's boxes (its difficulty
# levels and computers), its action tiles and party rules, Rumasta's own words and the site's
# name. "Romanian Tile Rummy" is not among them: in Romanian it is "Remi pe tablă", which the
# English pages name too (its name among its players).
NAMES = (
    "Tile Rummy",
    "Remi pe tablă",
    "remi pe tablă",
    "Rumbaroo",
    "Rumasta",
    "Canasta",
    "Khaki",
    # Rumbaroo's boxes (also its computers' names)
    "Joey",
    "Wallaby",
    "Big Red",
    # Rumbaroo's action tiles and party rules
    "Wild",
    "Hop",
    "Boomerang",
    "Pouch",
    "Dingo",
    "Billabong",
    "Mob",
    "Outback Swap",
    "Dust Storm",
    "Croc Snap",
    "Didgeridoo",
    "Snap Stack",
    "Hop Pair",
    "Stampede",
    # The dreidel Rumasta's teams spin, and its letters
    "dreidel",
    "Nun",
    "Gimel",
    "Hei",
    "Shin",
)
# Words spelled the same in both languages; alone in a piece they never make it a sentence,
# and taken out of one they leave the rest to be judged.
SAME_IN_BOTH = {
    "Rummy": "the site's name",
    "Expert": "a computer's level: Expert in Romanian too",
    "Joker": "the joker is a joker (joly only in Remi pe tablă)",
    "joker": "as above, in a sentence",
    "API": "the programs' API",
    "OK": "the same in Romanian",
    "Standard": "the opening rule's name: Standard in Romanian too",
    "standard": "as above, in a sentence",
    "Email": "the field's label where allauth writes it so",
    "e-mail": "Romanian writes e-mail too",
    "E-mail": "as above",
    "online": "Romanian says online",
    "Online": "as above",
    "link": "Romanian says link",
    "Link": "as above",
    "token": "the API's tokens: token in Romanian",
    "Token": "as above",
    "Bearer": "the Authorization header's scheme",
    "v": '"2 v 2": Rumasta\'s teams',
}

# Tile Rummy's and Remi pe tablă's tiles (R10, K13, J), Rumbaroo's (G5, R-HOP), Rumasta's
# cards (10♥, K♠, A♦, Jk) and the suits alone.
TILE = re.compile(
    r"(?<![\w-])(?:[RBYKGOP]\d{1,2}|[RBYGKOP]-[A-Z]+|J\d?|Jk|(?:10|[2-9AJQK])[♠♥♦♣]|[♠♥♦♣])(?![\w-])"
)
NUMBER = re.compile(r"[+−-]?\d[\d.,:/%]*")
SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|\s+[·•|—–]\s+")
# A run of two words or more: letters (with an apostrophe or a hyphen inside), a space between.
WORD = r"[A-Za-z]+(?:['’-][A-Za-z]+)*"
TWO_WORDS = re.compile(rf"(?<![\w'’-]){WORD}\s+{WORD}(?![\w'’-])")


class _Reader(HTMLParser):
    """The pieces of a page a person reads, in order, one text node or attribute each."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIPPED_ELEMENTS and tag not in VOID:
            self._skipping.append(tag)
        if self._skipping:
            return
        found = dict(attrs)
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self.pieces.append(value)
        kind = (found.get("type") or "").lower()
        if tag == "input" and kind in ("submit", "button", "reset") and found.get("value"):
            self.pieces.append(found["value"] or "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIPPED_ELEMENTS:  # <code/>: nothing inside to skip
            return
        self.handle_starttag(tag, attrs)
        if tag in SKIPPED_ELEMENTS and self._skipping:
            self._skipping.pop()

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and tag == self._skipping[-1]:
            self._skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping and data.strip():
            self.pieces.append(data)


def pieces(html: str) -> list[str]:
    """Every sentence a person reads on the page, white space tidied."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    out: list[str] = []
    for piece in reader.pieces:
        for sentence in SENTENCE_END.split(" ".join(piece.split())):
            if sentence.strip():
                out.append(sentence.strip())
    return out


def text_pieces(text: str) -> list[str]:
    """The same for plain text (an e-mail): each line, split into sentences."""
    out: list[str] = []
    for line in text.splitlines():
        for sentence in SENTENCE_END.split(" ".join(line.split())):
            if sentence.strip():
                out.append(sentence.strip())
    return out


def _name_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    chosen = sorted({n.strip() for n in names if n and n.strip()}, key=len, reverse=True)
    if not chosen:
        return None
    alternatives = "|".join(re.escape(n) for n in chosen)
    # "Tile Rummy" is a name, "Romanian Tile Rummy" is not (its Romanian is Remi pe tablă).
    return re.compile(rf"(?<![\w@])(?<!Romanian )(?:{alternatives})(?![\w])")


class Judge:
    """Decides which pieces of a Romanian page are English sentences left behind."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.names = _name_pattern([*NAMES, *names])
        self.same = re.compile(
            r"(?<![\w'’-])(?:" + "|".join(re.escape(w) for w in SAME_IN_BOTH) + r")(?![\w'’-])"
        )

    def rest(self, piece: str) -> str:
        """The piece without its names, tiles, numbers and same-in-both words."""
        text = re.sub(r"https?://\S+|\S+@\S+\.\w+|/[\w/.-]*", " ", piece)  # links, addresses
        if self.names is not None:
            text = self.names.sub(" ", text)
        text = TILE.sub(" ", text)
        text = NUMBER.sub(" ", text)
        text = self.same.sub(" ", text)
        return " ".join(text.split())

    def is_sentence(self, piece: str) -> bool:
        return TWO_WORDS.search(self.rest(piece)) is not None

    def english_left(self, english: Iterable[str], romanian: Iterable[str]) -> list[str]:
        """The Romanian pieces that are the English pieces' words, and sentences."""
        said_in_english = {_key(p) for p in english}
        left: list[str] = []
        for piece in romanian:
            if _key(piece) in said_in_english and self.is_sentence(piece) and piece not in left:
                left.append(piece)
        return left


def _key(piece: str) -> str:
    """Two readings of a piece match whatever numbers they show (a clock moves on)."""
    return re.sub(r"\d+", "#", piece)


class TheirRomanian:
    """allauth's Romanian lacks its diacritics ("Conecteaza-te"): the sentences of each of its
    messages our catalogue does not give its own Romanian, to find on a Romanian page.

    A message is found when one of its sentences (two words or more, its placeholders read
    as anything) is a whole piece of the page, or when it is one word and a whole piece. A
    sentence our own catalogue also says ("Refuză", "Adresă de e-mail") proves nothing.
    """

    def __init__(self, theirs: dict[Any, str], ours: dict[Any, str]) -> None:
        self.exact: dict[str, str] = {}
        self.patterns: list[tuple[re.Pattern[str], str]] = []
        said = {s for text in ours.values() for s in (*text_pieces(text), *pieces(text))}
        for key, msgstr in theirs.items():
            msgid = key[0] if isinstance(key, tuple) else key  # a plural form: (msgid, n)
            if not msgid or msgid in ours or not msgstr or msgstr == msgid:
                continue
            for sentence in text_pieces(msgstr):
                if sentence in said:
                    continue
                if PLACEHOLDER.search(sentence):
                    fixed = PLACEHOLDER.sub(" ", sentence)
                    if TWO_WORDS.search(fixed):
                        parts = [re.escape(p) for p in PLACEHOLDER.split(sentence)]
                        self.patterns.append((re.compile(".+?".join(parts)), msgid))
                elif re.search(r"[^\W\d_]{3}", sentence):
                    self.exact.setdefault(sentence, msgid)

    def found(self, page: Iterable[str]) -> list[str]:
        """The msgids whose allauth Romanian the page shows."""
        hits: set[str] = set()
        for piece in set(page):
            if piece in self.exact:
                hits.add(self.exact[piece])
                continue
            for pattern, msgid in self.patterns:
                if pattern.fullmatch(piece):
                    hits.add(msgid)
        return sorted(hits)


PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")
