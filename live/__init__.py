"""The live process: websockets for tables, people and tournaments (Django Channels).

A page whose board carries ``data-live`` (static/js/live.js) opens
``/live/games/<id>/``; the consumer (``live.consumers``) finds who is asking the
way the table pages do (session, account, signed device cookie) and joins the
connection to its audience's group: the seat's own, or the spectators' when the
table may be watched. After each commit of a change to the table
(``games.live.notify_on_commit``) the publisher (``live.publish``) renders, once
per audience that has connections, the fragment the long poll would answer with
and sends it through the channel layer; the consumer only forwards it. The
message format is in docs/live.md.

Beside tables: a person's own socket (``/live/me/``, ``live.people``: My turn's count,
a table dealt for them, their quick-match wait), a tournament page's
(``/live/tournaments/<id>/``, ``live.tournament_feed``) and talk's notices on both a
table's and a tournament's (``live.talk_feed``): small notices after which the page
asks its own poll once.

No module here names a game: everything comes from the catalogue's web packages.
"""
