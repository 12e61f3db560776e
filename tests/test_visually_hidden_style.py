"""Issue 25 item 13: the visually-hidden style is the site's, not one page's.

Text for screen readers only ("Replay<span class="visually-hidden"> this game</span>")
must be hidden on every page that uses it, so the rule lives once in the stylesheet
every page loads (base.html's site.css), and no other stylesheet defines its own copy.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE = re.compile(r"^[^/*]*\.visually-hidden\b[^{]*\{", re.MULTILINE)
EXTENDS = re.compile(r"""{%\s*extends\s+["']([^"']+)["']""")
INCLUDED = re.compile(r"""{%\s*include\s+["']([^"']+)["']""")
LOADED = re.compile(r"{%\s*load\s+([^%]+)%}")
INCLUSION_TAG = re.compile(r"""inclusion_tag\(\s*["']([^"']+)["']""")


def _tag_libraries() -> dict[str, str]:
    """Template -> the tag library whose inclusion tag renders it."""
    found = {}
    for module in ROOT.glob("*/templatetags/*.py"):
        for name in INCLUSION_TAG.findall(module.read_text()):
            found[name] = module.stem
    return found


def _templates() -> dict[str, str]:
    base = ROOT / "templates"
    return {str(p.relative_to(base)): p.read_text() for p in base.rglob("*.html")}


def _reaches_base(name: str, templates: dict[str, str], seen: set[str]) -> bool:
    """Whether ``name`` renders inside base.html: it extends a page that does, or a page
    that does includes it."""
    if name == "base.html":
        return True
    if name in seen or name not in templates:
        return False
    seen.add(name)
    parent = EXTENDS.search(templates[name])
    if parent and _reaches_base(parent.group(1), templates, seen):
        return True
    library = _tag_libraries().get(name)
    includers = [
        n
        for n, text in templates.items()
        if name in INCLUDED.findall(text)
        or (library and any(library in m.split() for m in LOADED.findall(text)))
    ]
    return any(_reaches_base(n, templates, seen) for n in includers)


def test_the_style_is_defined_once_in_the_stylesheet_every_page_loads() -> None:
    defined = [p.name for p in (ROOT / "static").rglob("*.css") if RULE.search(p.read_text())]
    assert defined == ["site.css"]
    assert "css/site.css" in (ROOT / "templates" / "base.html").read_text()


def test_every_template_using_it_renders_inside_the_base_page() -> None:
    templates = _templates()
    users = [n for n, text in templates.items() if "visually-hidden" in text]
    assert users, "some page hides text for screen readers"
    assert [n for n in users if not _reaches_base(n, templates, set())] == []
