"""High Card: a fifth game built only in the tests, from docs/adding-a-game.md's checklist.

It proves that the checklist is all a game needs: its rules (``engine/``), its
computer player (``bot.py``), its web package (``web/``, with its templates in
``templates/``) and one catalogue entry, :data:`ENTRY`. The tests' fixture
registers that entry (``games.catalogue.including``) as a game of the site is
registered by its line in ``games/catalogue.py``, and nothing else is told of it.
"""

from games.catalogue import GameEntry, Level

ENTRY = GameEntry(
    kind="high_card",
    name="High Card",
    blurb="Three cards each; the higher card takes the trick. First to the target wins.",
    players="You against 1 computer player",
    min_players=2,
    max_players=2,
    levels=(Level("easy", "Easy"), Level("sharp", "Sharp")),
    url_prefix="high-card",
    engine="tests.fifth_game.engine",
    bot="tests.fifth_game.bot",
    web="tests.fifth_game.web",
    computer_names=("Hugo",),
    contract_configs=({"target": 3}, {"target": 9}),
)
