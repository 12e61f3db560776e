"""``{% my_turn_link %}``: the header's "My turn" link with the number of tables waiting."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext, ngettext

from notifications.my_turn import count_for

register = template.Library()


@register.simple_tag(takes_context=True)
def my_turn_link(context: dict[str, Any]) -> str:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    count = count_for(user.pk)
    url = reverse("notifications:my_turn")
    if not count:
        return format_html('<a href="{}">{}</a>', url, gettext("My turn"))
    # After the count, for screen readers: "3" + " tables waiting for you".
    waiting = ngettext("table waiting for you", "tables waiting for you", count)
    # On a narrow phone only the count shows (the words stay for screen readers).
    return format_html(
        '<a class="nav-turn" href="{}"><span class="turn-words">{} </span>'
        '<span class="turn-count">{}<span class="visually-hidden"> {}</span>'
        "</span></a>",
        url, gettext("My turn"), count, waiting,
    )
