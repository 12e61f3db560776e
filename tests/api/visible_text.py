"""What a person reads on a page: its text and the attributes a screen reader or a browser
shows (aria-label, title, alt, placeholder, a button's value), without scripts and styles.
Shared by the apps' Romanian tests (api, puzzles, replays, reviews)."""

from __future__ import annotations

from html.parser import HTMLParser

READ_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        found = dict(attrs)
        self.parts.extend(v for k, v in attrs if k in READ_ATTRIBUTES and v)
        if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
            self.parts.append(found["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.parts.append(" ".join(data.split()))


def visible_text(html: str) -> str:
    """The page's readable text, one piece per line."""
    reader = _Reader()
    reader.feed(html)
    return "\n".join(reader.parts)
