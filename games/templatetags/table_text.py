"""``{% table_text %}``: the words static/js/table.js writes on a table, in the reader's language.

The script has no catalogue of its own: the page carries its few words as JSON
(``<script type="application/json" id="table-text">``), which the script reads,
keeping its English words when a page has none.
"""

from __future__ import annotations

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

register = template.Library()


def words() -> dict[str, str]:
    """The script's words: the rack's sort toggle, and the dock's fold toggle."""
    return {
        "sortByColour": _("Sort by colour"),
        "sortByNumber": _("Sort by number"),
        "show": pgettext("show the rack or the hand", "Show"),
        "hide": pgettext("hide the rack or the hand", "Hide"),
        # Read after Show or Hide by a screen reader: "Hide rack".
        "rack": pgettext("after Show or Hide", "rack"),
        "hand": pgettext("after Show or Hide", "hand"),
    }


@register.simple_tag
def table_text() -> SafeString:
    return json_script(words(), "table-text")
