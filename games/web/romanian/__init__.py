"""Romanian Tile Rummy's pages: setup, the table and its draft, How to play.

Everything the site uses of this package is :data:`WEB` (games.gameweb.GameWeb).
"""

from games.gameweb import GameWeb
from games.web.romanian import api_view, replay, room
from games.web.romanian.forms import SetupForm
from games.web.romanian.views import FLOW, PAGES, URLS, seat_specs

WEB = GameWeb(FLOW, SetupForm, seat_specs, room, replay, api_view.VIEW, URLS, PAGES)
