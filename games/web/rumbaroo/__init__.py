"""Rumbaroo's pages: setup, the table with its prompts and log, How to play.

Everything the site uses of this package is :data:`WEB` (games.gameweb.GameWeb).
"""

from games.gameweb import GameWeb
from games.web.rumbaroo import api_view, replay, room
from games.web.rumbaroo.forms import SetupForm
from games.web.rumbaroo.views import FLOW, PAGES, URLS, seat_specs

WEB = GameWeb(FLOW, SetupForm, seat_specs, room, replay, api_view.VIEW, URLS, PAGES)
