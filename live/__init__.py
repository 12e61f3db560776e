"""The live process: online tables' websockets (Django Channels), fed on each commit.

A page whose board carries ``data-live`` (static/js/live.js) opens
``/live/games/<id>/``; the consumer (``live.consumers``) finds who is asking the
way the table pages do (session, account, signed device cookie) and joins the
connection to its audience's group: the seat's own, or the spectators' when the
table may be watched. After each commit of a change to the table
(``games.live.notify_on_commit``) the publisher (``live.publish``) renders, once
per audience that has connections, the fragment the long poll would answer with
and sends it through the channel layer; the consumer only forwards it. The
message format is in docs/live.md.

No module here names a game: everything comes from the catalogue's web packages.
"""
