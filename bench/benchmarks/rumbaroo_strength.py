"""How strong the Rumbaroo computer players are: seeded 2-player games, seats alternated.

* ``--rumbaroo-baseline-games N``: the expert (Big Red) against a baseline that
  plays the review's best every turn and nothing else (``best_play``, the line
  that sheds the most tiles before the opponent moves: its first move, the
  search bounded by the hint's ``PLAY_STEPS``), in the Big Red box and the Joey
  box; what play beyond the turn is worth;
* ``--rumbaroo-going-out-rounds N``: easy (Joey) against medium (Wallaby) for N
  rounds (whole games to 50, as many as it takes), and who went out in each:
  easy must be weak by its choices, not by never finishing.

The baseline's turn: the first move of ``best_play``'s line (a meld with the
free action the line names, aimed at the opponent; a discard, with the Rumbaroo!
call when owed; or a draw). What the line leaves open it fills plainly: a Wild's
or Billabong's colour is the one it holds most, a Didgeridoo calls the lowest
number it does not hold, a Pouch stashes nothing, a Dingo steals nothing, a Mob
gives the engine's least useful tile. After a draw it plays the drawn tile when
it fits (a tile shed), and it snaps back a Croc Snap when it holds one.

Every game is seeded and every bot bounded by steps (never a clock), so a run
measures the same games on any machine; ``--rumbaroo-first-seed`` lets runs
split the seeds, ``--rumbaroo-progress-every`` prints the running tally. Win
rates come with a 95% Wilson interval; a shared win counts half.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bench.benchmarks.matches import alternate_seats, first_share, timed_match, win_rate
from games.bots.rumbaroo import choose_action
from games.bots.rumbaroo.best import PLAY_STEPS, best_play
from games.bots.rumbaroo.placement import Steps
from games.engine import rumbaroo as rb
from games.engine.rumbaroo.boxes import BILLABONG, COLOURS, CROC, DIDGERIDOO, TileFace

Player = Callable[[dict[str, Any]], dict[str, Any]]
FIRST_SEED = 120_000
BOXES = ("big_red", "joey")


@dataclass
class Tally:
    """A match's running figures, from the first player's side."""

    games: int = 0
    wins: float = 0.0  # the first player's, a shared win counting half
    rounds: int = 0
    out: list[int] = field(default_factory=lambda: [0, 0])  # rounds each player went out
    other_end: int = 0  # rounds ended by the lowest hand (blocked, lap cap)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.rounds += other.rounds
        self.out = [a + b for a, b in zip(self.out, other.out, strict=True)]
        self.other_end += other.other_end


def level_player(level: str) -> Player:
    def play(view: dict[str, Any]) -> dict[str, Any]:
        action = choose_action(view, level)  # type: ignore[arg-type]
        assert action is not None, "a bot must answer when its seat is to act"
        return action

    return play


def baseline_player(steps: int = PLAY_STEPS) -> Player:
    """The review's best every turn, nothing else (see the module's docstring)."""

    def play(view: dict[str, Any]) -> dict[str, Any]:
        phase = view["phase"]
        if phase == "round_over":
            return {"type": "next_round"}
        faces = {t["id"]: TileFace.parse(t["face"]) for t in view["hand"] + view["pouch"]}
        if phase == "croc":
            crocs = [t for t, f in faces.items() if f.action == CROC]
            own = len(faces)
            if crocs:
                return {"type": "snap", "tile": crocs[0], "call": own == 2}
            return {"type": "take"}
        if phase == "drawn":
            drawn = view["drawn"]
            if _fits(view, faces[drawn]):
                return _discard(view, faces, {"tile": drawn, "call": len(faces) == 2})
            return {"type": "pass"}
        first = best_play(view, Steps(steps)).moves[0]  # type: ignore[arg-type]
        if first["type"] == "meld":
            action: dict[str, Any] = {"type": "meld", "table": first["table"]}
            if first.get("free"):
                target = (view["seat"] + view["direction"]) % view["players"]
                action["free"] = {"target": target, "kind": first["free"]}
            if first.get("call"):
                action["call"] = True
            return action
        if first["type"] == "discard":
            return _discard(view, faces, first)
        return {"type": "draw", **({"call": True} if first.get("call") else {})}

    return play


def _fits(view: dict[str, Any], face: TileFace) -> bool:
    top = TileFace.parse(view["top"]["face"])
    if face.wild or face.action == BILLABONG or face.colour == view["colour"]:
        return True
    if face.number is not None and face.number == top.number:
        return True
    return face.action is not None and face.action == top.action


def _discard(view: dict[str, Any], faces: dict[int, TileFace], move: dict[str, Any]) -> dict:
    """A discard with the plain answers to what the tile asks (module docstring)."""
    tile = move["tile"]
    face = faces[tile]
    action: dict[str, Any] = {"type": "discard", "tile": tile}
    if move.get("call"):
        action["call"] = True
    others = [f for t, f in faces.items() if t != tile]
    if face.wild or face.action == BILLABONG:
        held = Counter(f.colour for f in others if f.colour)
        action["colour"] = max(COLOURS, key=lambda c: (held[c], -COLOURS.index(c)))
    if face.action == DIDGERIDOO:
        numbers = {f.number for f in others}
        action["number"] = next((n for n in range(1, 14) if n not in numbers), 1)
    if face.action == "SWAP":
        action["target"] = (view["seat"] + view["direction"]) % view["players"]
    return action


def play_game(players: tuple[Player, Player], difficulty: str, seed: int, target: int) -> Tally:
    """One 2-player game; ``wins`` is 1 if ``players[0]`` won, 0.5 for a shared win."""
    state = rb.new_game({"difficulty": difficulty, "players": 2, "target": target}, seed)
    tally = Tally(games=1)
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = rb.apply(state, 0, {"type": "next_round"})
            continue
        seat = min(rb.to_act(state))
        state, events = rb.apply(state, seat, players[seat](rb.view(state, seat)))  # type: ignore[arg-type]
        for event in events:
            if event["type"] in ("round_over", "game_over"):
                tally.rounds += 1
                if event["reason"] == "out":
                    tally.out[event["winner"]] += 1
                else:
                    tally.other_end += 1
    tally.wins = first_share(state.winners)
    return tally


def match(
    first: Player,
    second: Player,
    difficulty: str,
    progress: Callable[[Tally], Any] | None = None,
    *,
    games: int | None = None,
    rounds: int | None = None,
    target: int = 50,
    first_seed: int = FIRST_SEED,
) -> Tally:
    """Seeded games, ``first`` in seat 0 in even games and seat 1 in odd ones, until
    ``games`` games or ``rounds`` rounds are played (a game in progress is finished);
    ``progress`` sees the running tally after every game."""

    def play(players: tuple[Player, Player], seed: int) -> Tally:
        return play_game(players, difficulty, seed, target)

    return alternate_seats(
        play,
        _swapped,
        (first, second),
        Tally(),
        first_seed,
        games=games,
        rounds=rounds,
        progress=progress,
    )


def _swapped(result: Tally) -> Tally:
    """A game played with the seats the other way round, told from the first player's side."""
    result.wins = 1.0 - result.wins
    result.out.reverse()
    return result


HEADER = (
    f"{'match (first wins)':<24} {'box':<8} {'games':>5} {'win':>7} {'95% interval':<16} "
    f"{'rounds':>6} {'1st out':>8} {'2nd out':>8} {'seconds':>8}"
)


def line(difficulty: str, name: str, tally: Tally, seconds: float) -> str:
    """One row: the box, win rate and interval, rounds, the shares each side went out of."""
    rounds = max(tally.rounds, 1)
    return (
        f"{name:<24} {difficulty:<8} {tally.games:>5} {win_rate(tally.wins, tally.games)} "
        f"{tally.rounds:>6} {tally.out[0] / rounds:>8.1%} {tally.out[1] / rounds:>8.1%} "
        f"{seconds:>8.0f}"
    )


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """The expert against the baseline, and easy against medium with who went out."""
    baseline = options.get("rumbaroo_baseline_games") or 0
    rounds = options.get("rumbaroo_going_out_rounds") or 0
    seed = options.get("rumbaroo_first_seed") or FIRST_SEED
    every = options.get("rumbaroo_progress_every") or 0
    boxes = [b for b in (options.get("rumbaroo_boxes") or ",".join(BOXES)).split(",") if b]
    out(
        "Rumbaroo strength: 2-player games to 50, seats alternated, seeds from "
        f"{seed}; baseline = best_play's first move ({PLAY_STEPS} steps)"
    )
    out(HEADER)
    runs: list[tuple[str, Player, Player, dict[str, int]]] = []
    if baseline:
        runs.append(
            ("big_red v baseline", level_player("big_red"), baseline_player(), {"games": baseline})
        )
    if rounds:
        runs.append(
            ("joey v wallaby", level_player("joey"), level_player("wallaby"), {"rounds": rounds})
        )
    for name, first, second, size in runs:
        for difficulty in boxes:
            games, until = size.get("games"), size.get("rounds")
            run = partial(
                match, first, second, difficulty, games=games, rounds=until, first_seed=seed
            )
            timed_match(out, name, partial(line, difficulty), run, every)
