"""Romanian Tile Rummy's pages: setup, the table and its draft, How to play.

Everything the site uses of this package is :data:`WEB` (games.gameweb.GameWeb).
"""

from games.gameweb import GameWeb
from games.web.romanian import api_view, replay, room, urls, views
from games.web.romanian.forms import SetupForm

WEB = GameWeb(views.FLOW, SetupForm, views.seat_specs, room, replay, api_view.VIEW, urls)
