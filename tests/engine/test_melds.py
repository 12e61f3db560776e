"""The shared melds module (games/engine/melds.py), with concrete faces.

Tile Rummy's parameters are the reference (rules/tile-rummy.md: runs of 3+
in one colour, 1 always low, groups of 3-4 distinct colours, jokers anywhere);
the options other games need (``one_after_high``, ``wild_ratio``,
``max_group``, ``value``) are checked against RULINGS.md where it speaks.
"""

from __future__ import annotations

import itertools

import pytest

from games.engine import tile_rummy as tr
from games.engine.melds import Face, MeldRules, TableProblem, check_table, read, why_not
from tests.engine.helpers import Box, faces, names

RULES = MeldRules(colours=("R", "B", "Y", "K"))
HIGH_ONE = MeldRules(colours=("R", "B", "Y", "K"), one_after_high=True)
DOUBLE = MeldRules(colours=("R", "B", "Y", "K"), wild_ratio="double")
MORE = MeldRules(colours=("R", "B", "Y", "K"), wild_ratio="more")


def displayed(text: str, rules: MeldRules = RULES) -> list[str]:
    """The set in display order, each joker shown as ``J=n`` (the number it stands for)."""
    fs = faces(text)
    reading = read(fs, rules)
    assert reading is not None, why_not(fs, rules)
    return [
        f"J={n}" if fs[i].wild else str(fs[i])
        for i, n in zip(reading.order, reading.numbers, strict=True)
    ]


# --- faces ------------------------------------------------------------------


def test_face_notation_round_trips() -> None:
    assert Face.parse("R7") == Face("R", 7)
    assert Face.parse("K13") == Face("K", 13)
    assert Face.parse("J") == Face(None, None)
    assert Face.parse("J").wild and not Face.parse("Y1").wild
    assert [str(f) for f in faces("R7 K13 J B1")] == ["R7", "K13", "J", "B1"]


# --- runs -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "R3 R4 R5",
        "B1 B2 B3",
        "Y11 Y12 Y13",
        "K4 K5 K6 K7 K8",
        " ".join(f"R{n}" for n in range(1, 14)),
    ],
)
def test_valid_runs(text: str) -> None:
    fs = faces(text)
    assert why_not(fs, RULES) is None
    reading = read(fs, RULES)
    assert reading is not None and reading.kind == "run"
    assert list(reading.numbers) == [f.number for f in fs]
    assert reading.value == sum(f.number or 0 for f in fs)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("R3 R4", "a set needs at least 3 tiles"),
        ("R3", "a set needs at least 3 tiles"),
        ("", "a set needs at least 3 tiles"),
        ("R3 B4 R5", "tiles must be all one number (a group) or one colour in sequence (a run)"),
        ("R3 R5 R6", "the numbers in this run don't follow on from each other"),
        ("R3 R4 R6 R7", "the numbers in this run don't follow on from each other"),
        ("R5 R5 R6", "a run can't hold the same number twice"),
        # 1 is always low in Tile Rummy: no wrapping from 13 back to 1.
        ("R12 R13 R1", "the numbers in this run don't follow on from each other"),
        ("R13 R1 R2", "the numbers in this run don't follow on from each other"),
    ],
)
def test_invalid_runs_say_why(text: str, reason: str) -> None:
    fs = faces(text)
    assert why_not(fs, RULES) == reason
    assert read(fs, RULES) is None


def test_a_run_cannot_be_longer_than_the_numbers() -> None:
    fs = faces(" ".join(f"R{n}" for n in range(1, 14)) + " J")
    assert read(fs, RULES) is None
    assert why_not(fs, RULES) == "a run can't go past 13 or below 1"


# --- groups -----------------------------------------------------------------


@pytest.mark.parametrize("text", ["R7 B7 Y7", "K7 Y7 B7 R7", "B1 K1 Y1", "Y13 R13 K13"])
def test_valid_groups(text: str) -> None:
    fs = faces(text)
    reading = read(fs, RULES)
    assert reading is not None and reading.kind == "group"
    assert set(reading.numbers) == {fs[0].number}
    assert reading.value == len(fs) * (fs[0].number or 0)


def test_group_is_shown_in_colour_order() -> None:
    assert displayed("K7 Y7 B7 R7") == ["R7", "B7", "Y7", "K7"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("R7 B7", "a set needs at least 3 tiles"),
        ("R7 R7 B7", "a group can't hold the same colour twice"),
        ("R7 B7 Y7 R7", "a group can't hold the same colour twice"),
        ("R7 B7 Y7 K7 J", "a group holds at most 4 tiles"),
        ("R7 B7 Y8", "tiles must be all one number (a group) or one colour in sequence (a run)"),
    ],
)
def test_invalid_groups_say_why(text: str, reason: str) -> None:
    fs = faces(text)
    assert why_not(fs, RULES) == reason
    assert read(fs, RULES) is None


def test_max_group_option() -> None:
    three = MeldRules(colours=("R", "B", "Y", "K"), max_group=3)
    assert read(faces("R7 B7 Y7"), three) is not None
    assert read(faces("R7 B7 Y7 K7"), three) is None
    assert why_not(faces("R7 B7 Y7 K7"), three) == "a group holds at most 3 tiles"


def test_group_size_is_capped_by_the_number_of_colours() -> None:
    two_colours = MeldRules(colours=("R", "B"), max_group=4)
    assert read(faces("R7 B7 J"), two_colours) is None  # only two colours exist


# --- jokers -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("J R6 R7", ["R6", "R7", "J=8"]),  # most favourable: above, not below
        ("R5 J R7", ["R5", "J=6", "R7"]),
        ("R5 R6 J", ["R5", "R6", "J=7"]),
        ("R12 R13 J", ["J=11", "R12", "R13"]),  # nothing above 13: the joker goes below
        ("J R10 J", ["R10", "J=11", "J=12"]),
        ("R1 R2 J", ["R1", "R2", "J=3"]),
        ("R1 J J", ["R1", "J=2", "J=3"]),
        ("R3 J R5 J R7", ["R3", "J=4", "R5", "J=6", "R7"]),
        ("B9 B11 J J", ["B9", "J=10", "B11", "J=12"]),
        ("B10 B12 J J", ["B10", "J=11", "B12", "J=13"]),
        ("B11 B13 J J", ["J=10", "B11", "J=12", "B13"]),
    ],
)
def test_jokers_anywhere_in_a_run_read_most_favourably(text: str, shown: list[str]) -> None:
    reading = read(faces(text), RULES)
    assert reading is not None and reading.kind == "run"
    assert displayed(text) == shown


def test_joker_reading_values() -> None:
    assert read(faces("R5 R6 J"), RULES).value == 5 + 6 + 7  # type: ignore[union-attr]
    assert read(faces("R12 R13 J"), RULES).value == 11 + 12 + 13  # type: ignore[union-attr]
    assert read(faces("R10 R11 J"), RULES).value == 33  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "shown", "value"),
    [
        ("R7 B7 J", ["R7", "B7", "J=7"], 21),
        ("J Y7 K7", ["Y7", "K7", "J=7"], 21),
        ("R7 B7 Y7 J", ["R7", "B7", "Y7", "J=7"], 28),
        ("R7 J B7 J", ["R7", "B7", "J=7", "J=7"], 28),
    ],
)
def test_jokers_in_groups(text: str, shown: list[str], value: int) -> None:
    reading = read(faces(text), RULES)
    assert reading is not None and reading.kind == "group"
    assert displayed(text) == shown
    assert reading.value == value


def test_one_real_tile_and_jokers_take_the_better_of_run_and_group() -> None:
    # R7 J J could be a group 7-7-7 (21) or a run 7-8-9 (24): the layer gets the run.
    reading = read(faces("R7 J J"), RULES)
    assert reading is not None
    assert (reading.kind, reading.numbers, reading.value) == ("run", (7, 8, 9), 24)
    # R13 J J: the group 13-13-13 (39) beats the run 11-12-13 (36).
    top = read(faces("R13 J J"), RULES)
    assert top is not None and top.value == 39 and top.kind == "group"


@pytest.mark.parametrize("text", ["J J J", "J J J J"])
def test_a_set_of_only_jokers_is_invalid(text: str) -> None:
    assert read(faces(text), RULES) is None
    assert why_not(faces(text), RULES) == "a set needs at least one real tile"


def test_two_jokers_are_too_few_tiles() -> None:
    assert why_not(faces("J J"), RULES) == "a set needs at least 3 tiles"


@pytest.mark.parametrize("text", ["R5 R6 R7 J", "R9 B9 K9 J", "B2 J B4 B5"])
def test_order_inside_a_set_does_not_matter(text: str) -> None:
    base = faces(text)
    first = read(base, RULES)
    assert first is not None
    shown = displayed(text)
    for perm in itertools.permutations(base):
        reading = read(list(perm), RULES)
        assert reading is not None
        assert (reading.kind, reading.numbers, reading.value) == (
            first.kind,
            first.numbers,
            first.value,
        )
        assert displayed(" ".join(str(f) for f in perm)) == shown
        assert sorted(reading.order) == list(range(len(perm)))


def test_valid_sets_have_no_reason() -> None:
    for text in ["R1 R2 R3", "R7 B7 J", "J K12 K13", "Y4 Y5 Y6 Y7"]:
        assert why_not(faces(text), RULES) is None


def test_custom_value_function() -> None:
    def points(kind: str, numbers: object) -> int:
        return 100 if kind == "group" else 1

    rules = MeldRules(colours=("R", "B", "Y", "K"), value=points)
    assert read(faces("R7 B7 Y7"), rules).value == 100  # type: ignore[union-attr]
    # with this scoring R7 J J reads best as a group
    assert read(faces("R7 J J"), rules).kind == "group"  # type: ignore[union-attr]


# --- one_after_high ---------------------------------------------------------


def test_one_after_high_lets_1_follow_13() -> None:
    assert read(faces("R12 R13 R1"), RULES) is None
    reading = read(faces("R1 R12 R13"), HIGH_ONE)
    assert reading is not None and reading.kind == "run"
    assert reading.numbers == (12, 13, 14)
    assert displayed("R1 R12 R13", HIGH_ONE) == ["R12", "R13", "R1"]
    assert displayed("R13 R1 J", HIGH_ONE) == ["J=12", "R13", "R1"]


def test_one_after_high_still_allows_1_low_but_never_wraps() -> None:
    assert read(faces("R1 R2 R3"), HIGH_ONE).numbers == (1, 2, 3)  # type: ignore[union-attr]
    assert read(faces("R13 R1 R2"), HIGH_ONE) is None
    assert read(faces("R12 R13 R1 R2"), HIGH_ONE) is None
    assert why_not(faces("R13 R1 R2"), HIGH_ONE) is not None


def test_one_after_high_joker_can_stand_for_the_high_1() -> None:
    # R12 R13 J: the joker as the 1 after 13 (12-13-14) is worth more than 11-12-13.
    assert read(faces("R12 R13 J"), HIGH_ONE).numbers == (12, 13, 14)  # type: ignore[union-attr]
    assert read(faces("R12 R13 J"), RULES).numbers == (11, 12, 13)  # type: ignore[union-attr]


# --- wild_ratio -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "any_", "double", "more"),
    [
        ("R5 R6 J", True, True, True),
        ("R5 J J", True, False, False),
        ("R5 R6 J J", True, False, False),
        ("R5 R6 R7 J J", True, False, True),
        ("R5 R6 R7 R8 J J", True, True, True),
        ("R5 B5 J", True, True, True),
        ("R5 J J J", True, False, False),
    ],
)
def test_wild_ratio(text: str, any_: bool, double: bool, more: bool) -> None:
    fs = faces(text)
    assert (read(fs, RULES) is not None) is any_
    assert (read(fs, DOUBLE) is not None) is double
    assert (read(fs, MORE) is not None) is more


def test_wild_ratio_reasons() -> None:
    assert (
        why_not(faces("R5 J J"), DOUBLE) == "it needs at least twice as many real tiles as jokers"
    )
    assert why_not(faces("R5 R6 J J"), MORE) == "it needs more real tiles than jokers"
    assert why_not(faces("J J J"), DOUBLE) == "a set needs at least one real tile"


# --- check_table ------------------------------------------------------------


def test_check_table_accepts_a_rearrangement_and_lists_what_the_rack_gave() -> None:
    box = Box()
    run = box.takes("R3 R4 R5 R6 R7 R8")
    group = box.takes("B9 Y9 K9")
    rack = box.takes("R5 R9 J B1")
    r3, r4, r5, r6, r7, r8 = run
    r5b, r9, joker, _b1 = rack
    after = [[r3, r4, r5], [r5b, r6, r7, r8, r9], [*group, joker]]
    placed, problems = check_table([*run, *group], after, rack, tr.face_of, RULES)
    assert problems == []
    assert placed == sorted([r5b, r9, joker])


def test_check_table_reports_a_missing_table_tile() -> None:
    box = Box()
    run = box.takes("R3 R4 R5 R6")
    rack = box.takes("B9 Y9 K9")
    after = [run[:3], rack]  # R6 went back to the rack
    placed, problems = check_table(run, after, rack, tr.face_of, RULES)
    assert problems == [
        TableProblem(None, "tiles already on the table must stay there: R6"),
    ]
    assert placed == sorted(rack)


def test_check_table_names_every_missing_tile() -> None:
    box = Box()
    table = box.takes("R3 R4 R5 R6 B9 Y9 K9 R9")
    rack = box.takes("K1 K2 K3")
    after = [table[:3], rack]
    _, problems = check_table(table, after, rack, tr.face_of, RULES)
    assert [p.message for p in problems] == [
        "tiles already on the table must stay there: B9 K9 R6 R9 Y9",
    ]


def test_check_table_reports_a_duplicated_tile() -> None:
    box = Box()
    run = box.takes("R3 R4 R5")
    rack = box.takes("B5 Y5")
    r5 = run[2]
    after = [run, [r5, *rack]]  # the same R5 in two sets
    _, problems = check_table(run, after, rack, tr.face_of, RULES)
    assert TableProblem(None, "tile R5 can't be placed there") in problems
    assert len(problems) == 1


def test_check_table_reports_a_duplicated_rack_tile() -> None:
    box = Box()
    rack = box.takes("R3 R4 R5 R6")
    after = [rack[:3], [rack[2], *rack[3:], rack[1]]]
    _, problems = check_table([], after, rack, tr.face_of, RULES)
    messages = [p.message for p in problems]
    assert "tile R5 can't be placed there" in messages
    assert "tile R4 can't be placed there" in messages


def test_check_table_reports_a_tile_from_nowhere() -> None:
    box = Box()
    run = box.takes("R3 R4 R5")
    rack = box.takes("R6")
    elsewhere = box.take("R7")  # in the pool or someone else's rack
    after = [[*run, *rack, elsewhere]]
    placed, problems = check_table(run, after, rack, tr.face_of, RULES)
    assert problems == [TableProblem(None, "tile R7 can't be placed there")]
    assert placed == rack


def test_check_table_reports_the_invalid_sets_index() -> None:
    box = Box()
    table = box.takes("R3 R4 R5 B9 Y9 K9")
    rack = box.takes("R9 K1 K2")
    after = [table[:3], [*table[3:], rack[0]], rack[1:]]
    _, problems = check_table(table, after, rack, tr.face_of, RULES)
    assert problems == [TableProblem(2, "Set 3: a set needs at least 3 tiles")]


def test_check_table_reports_several_invalid_sets() -> None:
    box = Box()
    table = box.takes("R3 R4 R5 R6")
    rack = box.takes("B6 Y6")
    after = [table[:2], [table[2]], [table[3], *rack]]
    _, problems = check_table(table, after, rack, tr.face_of, RULES)
    assert [p.index for p in problems] == [0, 1]
    assert problems[0].message == "Set 1: a set needs at least 3 tiles"
    assert problems[1].message.startswith("Set 2:")


def test_check_table_uses_the_given_rules() -> None:
    box = Box()
    rack = box.takes("R12 R13 R1")
    assert check_table([], [rack], rack, tr.face_of, RULES)[1] != []
    placed, problems = check_table([], [rack], rack, tr.face_of, HIGH_ONE)
    assert problems == [] and names(placed) == ["R1", "R12", "R13"]
