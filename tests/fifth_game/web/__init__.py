"""High Card's web side: everything the site uses of it is :data:`WEB`."""

from games.gameweb import GameWeb
from tests.fifth_game.web import api_view, replay, room
from tests.fifth_game.web.forms import SetupForm
from tests.fifth_game.web.views import FLOW, PAGES, URLS, seat_specs

WEB = GameWeb(FLOW, SetupForm, seat_specs, room, replay, api_view.VIEW, URLS, PAGES)
