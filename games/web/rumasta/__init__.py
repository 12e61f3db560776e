"""Rumasta's pages: setup, the table with its piles, races and melds, How to play.

Everything the site uses of this package is :data:`WEB` (games.gameweb.GameWeb).
"""

from games.gameweb import GameWeb
from games.web.rumasta import api_view, replay, room
from games.web.rumasta.forms import SetupForm
from games.web.rumasta.views import FLOW, PAGES, URLS, seat_specs

WEB = GameWeb(FLOW, SetupForm, seat_specs, room, replay, api_view.VIEW, URLS, PAGES)
