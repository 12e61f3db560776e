"""``{% kept name=value … %}…{% endkept %}``: a part of a board drawn once for what it is given.

A board is drawn for every seat's socket after every move, and some of its parts come
out the same on every drawing: the online bar's list of the table's players and its
clock rules, the speed form. ``{% kept %}`` draws its part from the values it is given
and nothing else (the page's context is not visible inside: a value not given cannot
slip in unkeyed), in the reader's language, and keeps the markup per process for
those values; the next board with the same values takes it. A form's CSRF token is
drawn as a placeholder and the page's own token put in its place each time, so the
kept markup holds nobody's token.

The values are the key, compared by what they render as: strings (safe or not),
numbers, booleans, None, ids and dates, and lists and dicts of them. Anything else (a
model, an object) makes the part drawn afresh every time, as it would be without the
tag; so does ``DEBUG``, where templates change while the server runs. The keys and the
store are ``core.by_language``'s, shared with the boards' other kept words.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.template.base import FilterExpression, NodeList, token_kwargs
from django.utils.safestring import SafeString, mark_safe

from core.by_language import freeze, said_once

register = template.Library()

TOKEN = "kept" + "0" * 60  # a CSRF token's shape, swapped for the page's own
_serials = iter(range(1, 1 << 62))


class KeptNode(template.Node):
    def __init__(self, nodelist: NodeList, values: dict[str, FilterExpression]) -> None:
        self.nodelist = nodelist
        self.values = values
        self.serial = next(_serials)  # this tag's place in its template, for the key

    def render(self, context: template.Context) -> SafeString:
        values = {name: value.resolve(context) for name, value in self.values.items()}
        token = context.get("csrf_token")
        if not token or token == "NOTPROVIDED":  # no token to swap in: as without the tag
            return mark_safe(self._draw(context, values, token))  # noqa: S308 - escaped
        html = self._kept(context, values)
        if TOKEN in html:
            html = html.replace(TOKEN, str(token))
        return mark_safe(html)  # noqa: S308 - drawn by the template, which escapes

    def _kept(self, context: template.Context, values: dict[str, Any]) -> str:
        if settings.DEBUG:
            return self._draw(context, values)
        try:
            key = ("kept", self.serial, freeze(values))
        except TypeError:  # a value that is no key: drawn afresh, as without the tag
            return self._draw(context, values)
        return str(said_once(key, lambda: self._draw(context, values)))

    def _draw(self, context: template.Context, values: dict[str, Any], token: Any = TOKEN) -> str:
        """The part from ``values`` alone (and the token), not the page's context."""
        inner = context.new({**values, "csrf_token": token})
        return str(self.nodelist.render(inner))


@register.tag
def kept(parser: template.base.Parser, token: template.base.Token) -> KeptNode:
    """``{% kept name=value … %}`` … ``{% endkept %}``."""
    bits = token.split_contents()[1:]
    values = token_kwargs(bits, parser)
    if bits:
        raise template.TemplateSyntaxError("{% kept %} takes only name=value pairs")
    nodelist = parser.parse(("endkept",))
    parser.delete_first_token()
    return KeptNode(nodelist, values)
