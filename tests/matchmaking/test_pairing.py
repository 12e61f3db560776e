"""The pairing rule alone: ratings in a window that widens while waiting, never a blocked pair."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from matchmaking.pairing import START_WINDOW, WIDEN_PER_SECOND, Candidate, groups, window

NOW = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)


def waiting(key: int, rating: float, seconds: float, user: int | None = None) -> Candidate:
    return Candidate(
        key, user if user is not None else key, rating, NOW - timedelta(seconds=seconds)
    )


def never(a: int, b: int) -> bool:
    return False


def test_the_window_widens_with_waiting_time() -> None:
    assert window(0) == START_WINDOW
    assert window(30) == START_WINDOW + 30 * WIDEN_PER_SECOND


def test_close_ratings_pair_at_once_and_far_ones_only_after_waiting() -> None:
    close = [waiting(1, 1000, 0), waiting(2, 1100, 0)]
    assert [[c.key for c in g] for g in groups(close, 2, NOW, never)] == [[1, 2]]
    far = [waiting(1, 1000, 5), waiting(2, 1600, 0)]
    assert groups(far, 2, NOW, never) == []
    # 450 points apart needs (450 - 150) / 10 = 30 s of waiting by the longer waiter.
    assert groups([waiting(1, 1000, 29), waiting(2, 1450, 0)], 2, NOW, never) == []
    assert len(groups([waiting(1, 1000, 31), waiting(2, 1450, 0)], 2, NOW, never)) == 1


def test_a_blocked_pair_is_never_put_together_either_way() -> None:
    blocks = {(1, 2)}

    def blocked(a: int, b: int) -> bool:
        return (a, b) in blocks or (b, a) in blocks

    pair = [waiting(1, 1000, 500), waiting(2, 1000, 500)]
    assert groups(pair, 2, NOW, blocked) == []
    assert groups(list(reversed(pair)), 2, NOW, blocked) == []
    three = [*pair, waiting(3, 1000, 0)]
    assert [[c.key for c in g] for g in groups(three, 2, NOW, blocked)] == [[1, 3]]


def test_guests_are_never_blocked_and_each_player_sits_once() -> None:
    people = [Candidate(k, None, 1000, NOW - timedelta(seconds=10 - k)) for k in range(5)]
    tables = groups(people, 2, NOW, lambda a, b: True)
    seated = [c.key for g in tables for c in g]
    assert seated == [0, 1, 2, 3]  # oldest first; the fifth waits
    assert len(set(seated)) == len(seated)


def test_a_four_seat_table_needs_four_who_all_fit() -> None:
    people = [waiting(1, 1000, 1), waiting(2, 1050, 1), waiting(3, 2000, 1), waiting(4, 1020, 0)]
    assert groups(people, 4, NOW, never) == []
    people.append(waiting(5, 990, 0))
    assert [[c.key for c in g] for g in groups(people, 4, NOW, never)] == [[1, 2, 4, 5]]
