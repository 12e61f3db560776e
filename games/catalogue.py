"""The game catalogue: every game on the site, declared once.

Everything that lists games or needs to know one — the home page's cards,
the engine and bot registries, URLs, saves and slots, stats, leaderboards,
the daily challenge, reserved names, the contract test suite, the benchmark —
reads this module instead of naming a kind. Adding a game means writing its
engine, bot and web package and adding one :class:`GameEntry` to
:data:`CATALOGUE`.

Pure Python on purpose: the engine and bot registries read it, and they may
not import Django. Code is referred to by dotted path and imported only when
used (:func:`load`), so listing the games never loads a search module or a view.

What people read of a game (its name, blurb, players line, level labels, board
note, the daily's description) is written in English and marked with
:func:`gettext_noop`; the ``shown_…`` members give it in the reader's language
once the site has registered its translator (:func:`register_translator`, from
the games app's ``ready()``), and in English before that (engines, bots, scripts).
The plain fields stay English: they are identities (reserved names, seat names).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

VS_COMPUTER = "vs-computer"
DAILY = "daily"


def gettext_noop(text: str) -> str:
    """Mark ``text`` as a message for people and hand it back unchanged.

    The name is the one Django's ``makemessages`` (xgettext) looks for, so the English
    goes into the translation catalogue; the site translates it where it shows it. Here,
    at the bottom of the layers and without Django, so the catalogue and the engines
    (``games.engine.base`` passes it on) can mark their words.
    """
    return text


def _no_context(context: str, text: str) -> str:
    return text


_translate: Callable[[str], str] = gettext_noop
_translate_in_context: Callable[[str, str], str] = _no_context


def register_translator(
    translate: Callable[[str], str], in_context: Callable[[str, str], str] = _no_context
) -> None:
    """The site's ``gettext`` (and ``pgettext``): from then on :func:`shown` answers in the
    active language."""
    global _translate, _translate_in_context
    _translate, _translate_in_context = translate, in_context


def shown(text: str, context: str | None = None) -> str:
    """A marked English text in the reader's language (unchanged until a translator is set);
    ``context`` tells apart one English word that needs two translations."""
    if not text:
        return text
    return _translate(text) if context is None else _translate_in_context(context, text)


class _Shown:
    """A marked English field in the reader's language: ``shown_name = _Shown("name")``
    reads ``shown(self.name)``; each ``shown_…`` member of the catalogue is one."""

    def __init__(self, field: str) -> None:
        self.field = field

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return shown(getattr(instance, self.field))


@dataclass(frozen=True)
class Level:
    """A computer level or difficulty a game is played (and ranked) at."""

    key: str
    label: str

    shown_label = _Shown("label")


@dataclass(frozen=True)
class DailySpec:
    """The daily challenge's fixed setup, for the one game that hosts it."""

    config: Mapping[str, Any]
    computer_level: str
    computer_name: str
    description: str

    shown_description = _Shown("description")


@dataclass(frozen=True)
class PuzzleSpec:
    """A game's puzzles: the site's part (``adapter``: its board, draft and judge), the
    bank file it ships under ``puzzles/data/``, and the research commands that build and
    check that file (run as their own processes: the site never imports research).
    ``theme`` is the theme every puzzle of the game has, whose page practises that game."""

    adapter: str
    bank: str
    builder: str
    checker: str
    count: int
    theme: str | None = None


@dataclass(frozen=True)
class GameEntry:
    """One game: what the site shows of it and where its code lives.

    ``level_key`` names the setup option that picks the ranked level (a
    Rumbaroo difficulty); None means the computers' level is the level.
    ``contract_configs`` are short setups (a low target, one round) that the
    contract test suite plays to the end for every game; full-length games
    are the benchmark's job; ``contract_bot_options`` go to the bot there
    (a fixed search limit, so a playout takes the same time on any machine).
    ``board_config`` is the setup a game must have to count on the
    leaderboards (a key missing from an older game's config counts as its
    default), so games of different lengths are never ranked together;
    ``board_note`` says so on the leaderboard page. ``tournament_options`` are the room
    options every tournament table of the game is dealt with (short on purpose: a tournament
    plays many games); empty means the room form's defaults.
    """

    kind: str
    name: str
    blurb: str
    players: str
    min_players: int
    max_players: int
    levels: tuple[Level, ...]
    url_prefix: str
    engine: str
    bot: str
    web: str
    ready: bool = True
    level_key: str | None = None
    computer_names: tuple[str, ...] = ()
    save_modes: tuple[str, ...] = (VS_COMPUTER,)
    daily: DailySpec | None = None
    benchmark: str | None = None
    contract_configs: tuple[Mapping[str, Any], ...] = field(default=())
    contract_bot_options: Mapping[str, Any] = field(default_factory=dict)
    board_config: Mapping[str, Any] = field(default_factory=dict)
    board_note: str = ""
    puzzles: PuzzleSpec | None = None
    tournament_options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def level_labels(self) -> dict[str, str]:
        return {level.key: level.label for level in self.levels}

    def level_label(self, key: str) -> str:
        """A level's label; an unknown key is shown tidied rather than failing."""
        return self.level_labels.get(key, key.replace("_", " ").capitalize())

    def shown_level(self, key: str) -> str:
        """:meth:`level_label` in the reader's language."""
        return shown(self.level_label(key))

    shown_name = _Shown("name")  # Romanian Tile Rummy: Remi pe tablă
    shown_blurb = _Shown("blurb")
    shown_players = _Shown("players")
    shown_board_note = _Shown("board_note")

    @property
    def url_name(self) -> str:
        """The URL namespace of the game's pages: ``<kind>:table``, ``<kind>:setup``…"""
        return self.kind


STANDARD_LEVELS = (
    Level("easy", gettext_noop("Easy")),
    Level("medium", gettext_noop("Medium")),
    Level("expert", gettext_noop("Expert")),
)
# Names stay names in every language (docs/translating.md), Rumbaroo's boxes too; only
# Romanian Tile Rummy has its own name in Romanian, so every game name is marked.

CATALOGUE: tuple[GameEntry, ...] = (
    GameEntry(
        kind="tile_rummy",
        name=gettext_noop("Tile Rummy"),
        blurb=gettext_noop(
            "Lay down runs and groups of numbered tiles, rework what is already on the "
            "table, and race to empty your rack first."
        ),
        players=gettext_noop("You against 1–3 computer players"),
        min_players=2,
        max_players=4,
        levels=STANDARD_LEVELS,
        url_prefix="tile-rummy",
        engine="games.engine.tile_rummy",
        bot="games.bots.tile_rummy",
        web="games.web.tile_rummy",
        computer_names=("Ada", "Bruno", "Cleo"),
        benchmark="bench.benchmarks.tile_rummy",
        # The shortest target the engine accepts (RULINGS: 50-200) and a round cap.
        contract_configs=(
            {"players": 2, "target": 50, "max_rounds": 2},
            {"players": 4, "meld_rule": "shared", "target": 50, "max_rounds": 1},
        ),
        contract_bot_options={"budget_s": None, "node_limit": 2000},
        # RULINGS: the target may be set at setup; only the rules' 200 is ranked.
        board_config={"target": 200},
        board_note=gettext_noop(
            "Only Tile Rummy games to 200 points (the full game) count on these boards. "
            "A game to 50, 100 or 150 is won far sooner, so it is not ranked against them; "
            "it still counts in your own stats."
        ),
        puzzles=PuzzleSpec(
            adapter="puzzles.tile_rummy",
            bank="bank.json",
            builder="research.puzzles.build",
            checker="research.puzzles.check",
            count=3000,
        ),
        # Tournaments (issue 38): to 50, the engine's shortest target.
        tournament_options={"meld_rule": "standard", "target": 50},
    ),
    GameEntry(
        kind="rumbaroo",
        name=gettext_noop("Rumbaroo"),
        blurb=gettext_noop(
            "A bouncy, outback-flavoured tile game full of action tiles and surprises, "
            "with a daily challenge and party tables."
        ),
        players=gettext_noop("2–4 players, party games up to 8"),
        min_players=2,
        max_players=8,
        levels=(Level("joey", "Joey"), Level("wallaby", "Wallaby"), Level("big_red", "Big Red")),
        url_prefix="rumbaroo",
        engine="games.engine.rumbaroo",
        bot="games.bots.rumbaroo",
        web="games.web.rumbaroo",
        level_key="difficulty",
        computer_names=("Joey", "Wallaby", "Big Red"),
        save_modes=(VS_COMPUTER, DAILY),
        # RULINGS: Joey, you and one computer at the medium level, first to 50.
        daily=DailySpec(
            config={"difficulty": "joey", "players": 2, "target": 50},
            computer_level="medium",
            computer_name="Computer (medium)",
            description=gettext_noop(
                "Rumbaroo, Joey box: you against one computer (medium), first to 50."
            ),
        ),
        benchmark="bench.benchmarks.rumbaroo",
        contract_configs=(
            {"difficulty": "joey", "players": 2, "target": 50, "max_rounds": 1},
            {"difficulty": "wallaby", "players": 3, "target": 50, "max_rounds": 1},
            {"difficulty": "big_red", "players": 4, "target": 50, "max_rounds": 1},
            {"difficulty": "big_red", "players": 6, "target": 50, "max_rounds": 1},
        ),
        # Tournaments: first to 50, the Joey box (the quick match's usual choice).
        tournament_options={"difficulty": "joey", "target": 50},
    ),
    GameEntry(
        kind="romanian_tile_rummy",
        name=gettext_noop("Romanian Tile Rummy"),
        blurb=gettext_noop(
            "A favourite family table game from Romania, with its own twists on melds and scoring."
        ),
        players=gettext_noop("You against 1–3 computer players"),
        min_players=2,
        max_players=4,
        levels=STANDARD_LEVELS,
        url_prefix="romanian",
        engine="games.engine.romanian",
        bot="games.bots.romanian",
        web="games.web.romanian",
        computer_names=("Ioana", "Mihai", "Elena"),
        benchmark="bench.benchmarks.romanian",
        contract_configs=(
            {"players": 2, "rounds": 1},
            {
                "players": 4,
                "rounds": 1,
                "threshold": 45,
                "penalty": "rack100",
                "discard_counts": True,
            },
        ),
        puzzles=PuzzleSpec(
            adapter="puzzles.romanian",
            bank="romanian_bank.json",
            builder="research.puzzles.romanian_build",
            checker="research.puzzles.romanian_check",
            count=1000,
            theme="opening",
        ),
        # Tournaments: one round, the usual house options.
        tournament_options={
            "rounds": 1,
            "threshold": 50,
            "penalty": "flat200",
            "discard_counts": "no",
        },
    ),
    GameEntry(
        kind="rumasta",
        name=gettext_noop("Rumasta"),
        blurb=gettext_noop(
            "A card rummy for a lively table: play on your own or team up with a partner."
        ),
        players=gettext_noop("2–6 players, alone or in teams"),
        min_players=2,
        max_players=6,
        levels=STANDARD_LEVELS,
        url_prefix="rumasta",
        engine="games.engine.rumasta",
        bot="games.bots.rumasta",
        web="games.web.rumasta",
        level_key=None,
        computer_names=("Marta", "Rafa", "Sol", "Tobi", "Uma"),
        benchmark="bench.benchmarks.rumasta",
        puzzles=PuzzleSpec(
            adapter="puzzles.rumasta",
            bank="rumasta_bank.json",
            builder="research.puzzles.rumasta_build",
            checker="research.puzzles.rumasta_check",
            count=600,
            theme="first-melds",
        ),
        contract_configs=(
            {"players": 2, "target": 500, "max_rounds": 1},
            {"players": 4, "teams": "2v2", "target": 500, "max_rounds": 1},
            {"players": 6, "teams": "2v2v2", "target": 500, "max_rounds": 1},
        ),
        # Tournaments: to 100, everyone for themselves (a tournament scores players, not teams).
        tournament_options={"teams": "none", "target": 100},
    ),
)

_BY_KIND = {entry.kind: entry for entry in CATALOGUE}


@contextmanager
def including(*entries: GameEntry) -> Iterator[None]:
    """The catalogue with ``entries`` after its own games while the block runs.

    For tests: a game built only in the tests (tests/fifth_game) is registered by its
    one entry here, as a site's game is by its line in :data:`CATALOGUE`; everything
    that reads the catalogue at call time then sees it. The URLconf, read once at
    start, is the caller's to rebuild.
    """
    global CATALOGUE, _BY_KIND
    saved = CATALOGUE, _BY_KIND
    CATALOGUE = (*CATALOGUE, *entries)
    _BY_KIND = {entry.kind: entry for entry in CATALOGUE}
    try:
        yield
    finally:
        CATALOGUE, _BY_KIND = saved


class UnknownGame(LookupError):
    """A kind the catalogue does not list (a stale row, a forged parameter)."""


def get(kind: str) -> GameEntry:
    try:
        return _BY_KIND[kind]
    except KeyError:
        raise UnknownGame(kind) from None


def find(kind: str) -> GameEntry | None:
    return _BY_KIND.get(kind)


def ready() -> Iterator[GameEntry]:
    """The games people can play now, in the catalogue's order."""
    return (entry for entry in CATALOGUE if entry.ready)


def daily_game() -> GameEntry:
    """The game that hosts the daily challenge (exactly one entry declares it)."""
    (entry,) = (e for e in CATALOGUE if e.daily is not None)
    return entry


def with_puzzles() -> list[GameEntry]:
    """The games that have puzzles, in catalogue order."""
    return [entry for entry in CATALOGUE if entry.puzzles is not None]


def load(dotted: str) -> Any:
    """``"pkg.module"`` → the module; ``"pkg.module:attr"`` → that attribute."""
    module, _, attr = dotted.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attr) if attr else loaded


def kind_name(kind: str) -> str:
    """A kind's display name, in the reader's language; a kind no longer listed is tidied
    rather than failing."""
    entry = find(kind)
    return entry.shown_name if entry else kind.replace("_", " ").title()


def reserved_words() -> tuple[str, ...]:
    """Game and level names (the computers go by them): no player may take one."""
    words: list[str] = []
    for entry in CATALOGUE:
        words.append(entry.name)
        words.extend(level.label for level in entry.levels)
    return tuple(dict.fromkeys(word.lower() for word in words))
