"""Rumbaroo's pages: setup, the table with its prompts and log, How to play.

Everything the site uses of this package is :data:`WEB` (games.gameweb.GameWeb).
"""

from games.gameweb import GameWeb
from games.web.rumbaroo import api_view, replay, room, urls, views
from games.web.rumbaroo.forms import SetupForm

WEB = GameWeb(views.FLOW, SetupForm, views.seat_specs, room, replay, api_view.VIEW, urls)
