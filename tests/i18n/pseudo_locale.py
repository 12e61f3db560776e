"""A pseudo-locale for tests: proof that a third language is one .po file and one settings line.

``write_catalogue`` reads every message of the real catalogue
(``locale/ro/LC_MESSAGES/django.po``: each msgid, each msgid_plural, with its context) and
writes ``<dir>/<code>/LC_MESSAGES/django.po`` in which every message is its English text
wrapped in markers and padded to at least 40 % longer with accented letters::

    "Draw a tile"                  ->  "⟦Draw a tile ȧçéîõ⟧"
    "%(name)s drew a tile."        ->  "⟦%(name)s drew a tile. ȧçéîõûñ⟧"

The English is kept as it is, so every ``%(name)s``, ``{name}``, ``%%``, HTML tag and date
format letter survives untouched (msgfmt ``--check`` proves it); the markers show what went
through the catalogue and the padding shows what a longer language does to the layout. Then
msgfmt compiles it, as ``scripts/messages`` does for the real languages.

``pseudo_language`` switches it on exactly as a real third language would be: its directory
first in LOCALE_PATHS and one more entry in LANGUAGES, nothing else. The code has to be one
Django knows (``django.conf.locale.LANG_INFO``: the language's name, and for a right-to-left
one ``LANGUAGES_BIDI``) and one we do not ship: "eo" (Esperanto) stands in for a left-to-right
language and "he" (Hebrew) for a right-to-left one, whose pages Django then marks
``<html dir="rtl">``. Django's own messages (a form's "This field is required.") come in the
real Esperanto or Hebrew: they are not ours, and are not wrapped.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.test import override_settings
from django.utils import translation
from django.utils.translation import trans_real

SOURCE = Path(__file__).resolve().parents[2] / "locale" / "ro" / "LC_MESSAGES" / "django.po"
OPEN, CLOSE = "⟦", "⟧"
GROWTH = 0.4  # a pseudo message is at least this much longer than its English, markers aside
# Letters with accents, no ASCII: a date format ("j F Y") reads none of them as a format
# character, and none of them is a placeholder's % or {.
PADDING = "ȧçéîõûñåëïøü"
PAD_WORD = 6  # padding comes as words of at most six letters, so a line may break between them


@dataclass
class Message:
    """One entry of a .po file: its context, its English (and plural) and its flags."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    flags: list[str] = field(default_factory=list)


def pseudo(text: str) -> str:
    """``text`` wrapped in markers and padded, its leading and trailing white space outside."""
    match = re.fullmatch(r"(\s*)(.*?)(\s*)", text, re.S)
    assert match is not None
    lead, core, trail = match.groups()
    if not core:
        return text
    wanted = math.ceil(len(core) * GROWTH)
    letters = (PADDING * (wanted // len(PADDING) + 1))[:wanted]
    words = [letters[i : i + PAD_WORD] for i in range(0, len(letters), PAD_WORD)]
    return f"{lead}{OPEN}{core} {' '.join(words)}{CLOSE}{trail}"


def is_wrapped(text: str) -> bool:
    return OPEN in text and CLOSE in text


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_ESCAPES.update({'"': '"', "\\": "\\"})


def _unquote(line: str) -> str:
    """The text of one quoted .po string ("...") with its C escapes read."""
    body = line.strip()
    assert body.startswith('"') and body.endswith('"'), line
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), body[1:-1])


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\n", "\\n").replace("\t", "\\t") + '"'


def read_messages(po: Path = SOURCE) -> list[Message]:
    """Every live message of a .po file (not the header, not the obsolete ``#~`` ones)."""
    messages: list[Message] = []
    current: dict[str, str] = {}
    flags: list[str] = []
    key: str | None = None

    def finish() -> None:
        nonlocal current, flags, key
        if "msgid" in current and current["msgid"]:
            plural, context = current.get("msgid_plural"), current.get("msgctxt")
            messages.append(Message(current["msgid"], plural, context, flags))
        current, flags, key = {}, [], None

    for line in po.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            finish()
        elif line.startswith("#,"):
            flags += [f.strip() for f in line[2:].split(",") if f.strip()]
        elif line.startswith("#"):
            continue  # a comment, a reference, an obsolete entry
        elif line.startswith('"'):
            assert key is not None, line
            current[key] += _unquote(line)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgctxt", "msgid") and key and key.startswith("msgstr"):
                finish()  # a new entry with no blank line before it
            key = keyword
            current[key] = _unquote(rest)
    finish()
    return messages


HEADER = """msgid ""
msgstr ""
"Project-Id-Version: rummy_site pseudo-locale (tests only)\\n"
"PO-Revision-Date: 2026-01-01 00:00+0000\\n"
"Last-Translator: tests/i18n/pseudo_locale.py\\n"
"Language-Team: none\\n"
"Language: {code}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def write_catalogue(directory: Path, code: str, source: Path = SOURCE) -> Path:
    """Write and compile ``directory/<code>/LC_MESSAGES/django.po`` from the real catalogue's
    messages; returns the .po. Needs GNU gettext's msgfmt, as ``scripts/messages`` does."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        raise RuntimeError("msgfmt missing: apt-get install -y gettext (docs/translating.md)")
    folder = directory / translation.to_locale(code) / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    entries = [HEADER.format(code=code)]
    for m in read_messages(source):
        lines = []
        kept = [f for f in m.flags if f != "fuzzy"]  # a fuzzy Romanian entry is still a message
        if kept:
            lines.append("#, " + ", ".join(kept))
        if m.msgctxt is not None:
            lines.append(f"msgctxt {_quote(m.msgctxt)}")
        lines.append(f"msgid {_quote(m.msgid)}")
        if m.msgid_plural is None:
            lines.append(f"msgstr {_quote(pseudo(m.msgid))}")
        else:
            lines.append(f"msgid_plural {_quote(m.msgid_plural)}")
            lines.append(f"msgstr[0] {_quote(pseudo(m.msgid))}")
            lines.append(f"msgstr[1] {_quote(pseudo(m.msgid_plural))}")
        entries.append("\n".join(lines) + "\n")
    po = folder / "django.po"
    po.write_text("\n".join(entries), encoding="utf-8")
    # --check: every placeholder of a python-format message is in its translation, and the
    # header and plural forms are sound; a message that broke one would fail here.
    subprocess.run([msgfmt, "--check", "-o", str(folder / "django.mo"), str(po)], check=True)
    return po


def reset_translations() -> None:
    """Forget every loaded catalogue and cached answer about languages, as Django's own test
    signals do when LANGUAGES or LOCALE_PATHS change (django.test.signals.language_changed,
    trans_real.reset_cache): the next request loads the catalogues afresh."""
    trans_real._translations = {}
    trans_real._default = None
    trans_real._active = trans_real.Local()
    trans_real.translation_catalog_exists.cache_clear()
    trans_real.get_languages.cache_clear()
    trans_real._get_supported_language_variant.cache_clear()


@contextmanager
def pseudo_language(directory: Path, code: str = "eo", name: str = "Pseudo") -> Iterator[str]:
    """The site with one more language, added the one way docs/translating.md says: its
    catalogue's directory in LOCALE_PATHS and one line in LANGUAGES."""
    with override_settings(
        LANGUAGES=[*settings.LANGUAGES, (code, name)],
        LOCALE_PATHS=[directory, *settings.LOCALE_PATHS],
    ):
        reset_translations()
        try:
            yield code
        finally:
            translation.deactivate()
    reset_translations()
