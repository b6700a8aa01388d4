"""The Cyber Mole Turf rules (core.moleturf.rules): moves, shields, markers, Auto-❌, saving;
undo and redo, which the mid-end (core.moleturf.session) keeps, played through it."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core.moleturf
from core.moleturf import turf
from core.moleturf.rules import MoleTurf

# the documented game object: the rules played through their mid-end, which has the undo
Sector = core.moleturf.MoleTurf

REGIONS = turf.generate(9, seed=2024)
SOLUTION = [(r, int(c)) for r, c in enumerate(turf.solve(REGIONS))]


def relation(a: tuple[int, int], b: tuple[int, int]) -> set[str]:
    """How two cells of REGIONS clash: "row", "col", "turf", "touch"."""
    found = set()
    if a[0] == b[0]:
        found.add("row")
    if a[1] == b[1]:
        found.add("col")
    if REGIONS[a] == REGIONS[b]:
        found.add("turf")
    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
        found.add("touch")
    return found


def pair_clashing_only_by(kind: str) -> tuple[tuple[int, int], tuple[int, int]]:
    cells = list(itertools.product(range(9), range(9)))
    for a, b in itertools.combinations(cells, 2):
        if relation(a, b) == {kind}:
            return a, b
    raise AssertionError(f"no pair clashing only by {kind}")


def free_pair() -> tuple[tuple[int, int], tuple[int, int]]:
    """Two cells, neither in the solution, that do not clash with each other."""
    cells = [cell for cell in itertools.product(range(9), range(9)) if cell not in SOLUTION]
    return next((a, b) for a, b in itertools.combinations(cells, 2) if not relation(a, b))


def snapshot(game: MoleTurf) -> tuple:
    return (
        game.moles.tobytes(),
        game.marks.tobytes(),
        game.auto_marks.tobytes(),
        frozenset(game.conflicts),
        game.shields,
        game.status,
        tuple(game.turf_status()),
    )


def lose(game: MoleTurf) -> tuple[int, int]:
    """Spend every shield on one clash; returns the fatal cell."""
    a, b = pair_clashing_only_by("row")
    game.place(*a)
    for _ in range(game.shields - 1):
        assert game.place(*b) == "conflict"
        assert game.place(*b) == "removed"
    assert game.place(*b) == "conflict"
    return b


# ----- moles and conflicts -----------------------------------------------------------------


def test_place_and_remove_a_mole() -> None:
    game = MoleTurf(REGIONS)
    assert game.place(4, 4) == "placed" and game.moles[4, 4]
    assert game.place(4, 4) == "removed" and not game.moles.any()
    assert game.shields == 3 and game.status == "playing"


@pytest.mark.parametrize("kind", ["row", "col", "turf", "touch"])
def test_a_clashing_mole_stays_costs_a_shield_and_is_a_conflict(kind: str) -> None:
    a, b = pair_clashing_only_by(kind)
    game = MoleTurf(REGIONS)
    assert game.place(*a) == "placed"
    assert game.place(*b) == "conflict"
    assert game.moles[a] and game.moles[b]
    assert game.conflicts == {a, b}
    assert game.shields == 2
    # taking the clashing mole away is free and clears the conflict
    assert game.place(*b) == "removed"
    assert game.conflicts == set() and game.shields == 2


def test_a_mole_off_the_solution_that_clashes_with_nothing_is_no_mistake() -> None:
    a, b = free_pair()
    game = MoleTurf(REGIONS)
    assert game.place(*a) == "placed" and game.place(*b) == "placed"
    assert game.shields == 3 and game.conflicts == set()


def test_three_mistakes_end_the_game_and_only_undo_or_retry_still_work() -> None:
    game = Sector(REGIONS)
    marked = next(
        c for c in itertools.product(range(9), range(9)) if c not in pair_clashing_only_by("row")
    )
    game.toggle_mark(*marked)
    fatal = lose(game)
    assert game.status == "over" and game.shields == 0 and game.marks[marked]
    before = snapshot(game)
    empty = next(cell for cell in itertools.product(range(9), range(9)) if not game.moles[cell])
    assert game.place(*empty) == "ignored"
    assert game.toggle_mark(*empty) is False
    assert game.toggle_mark(*marked) is False  # ignored: it says so, and the marker stays
    assert game.erase(*fatal) is False
    assert game.mark_many([empty, (8, 8)]) == 0
    assert game.redo() is False
    assert snapshot(game) == before
    # "Undo Last Move": the fatal mole goes, one shield, play goes on
    assert game.undo() is True
    assert not game.moles[fatal] and game.shields == 1 and game.status == "playing"
    assert game.conflicts == set()
    assert game.place(*empty) != "ignored"


def test_retry_restarts_the_sector_with_full_shields() -> None:
    game = Sector(REGIONS, shields=5)
    lose(game)
    game.toggle_mark(0, 0)  # ignored: the game is over
    game.retry()
    assert game.status == "playing" and game.shields == 5
    assert not game.moles.any() and not game.marks.any()
    assert game.undo() is False and game.redo() is False


def test_undo_never_gives_a_shield_back_and_redo_never_charges_one_again() -> None:
    a, b = pair_clashing_only_by("col")
    game = Sector(REGIONS)
    game.place(*a)
    game.place(*b)
    assert game.shields == 2
    assert game.undo() and not game.moles[b] and game.shields == 2
    assert game.undo() and not game.moles.any() and game.shields == 2
    assert game.undo() is False
    assert game.redo() and game.moles[a] and game.shields == 2
    # redoing the clash puts it back; it was paid for when it was made
    assert game.redo() and game.moles[b] and game.shields == 2 and game.mistakes == 1
    assert b in game.conflicts
    assert game.redo() is False


def test_a_new_move_clears_the_redo_list() -> None:
    game = Sector(REGIONS)
    game.place(1, 1)
    game.undo()
    game.toggle_mark(5, 5)
    assert game.redo() is False and not game.moles[1, 1]


def test_ignored_moves_leave_no_undo_step() -> None:
    game = Sector(REGIONS)
    game.place(2, 2)
    game.toggle_mark(2, 2)  # a mole is there: no marker
    game.erase(7, 7)  # nothing to erase
    game.mark_many([(2, 2)])
    assert game.undo() and not game.moles.any()
    assert game.undo() is False


def test_solving_the_sector_wins_and_freezes_it() -> None:
    game = Sector(REGIONS)
    for cell in SOLUTION[:-1]:
        assert game.place(*cell) == "placed"
        assert game.status == "playing"
    assert game.place(*SOLUTION[-1]) == "placed"
    assert game.status == "won" and game.turf_status() == ["done"] * 9
    assert game.place(0, 0) == "ignored" and game.undo() is False
    game.retry()
    assert game.status == "playing"


def test_any_clash_free_full_placement_wins_even_on_a_map_with_many_solutions() -> None:
    stripes = np.repeat(np.arange(5), 5).reshape(5, 5)
    game = MoleTurf(stripes)
    for r, c in enumerate([3, 0, 2, 4, 1]):
        game.place(r, c)
    assert game.status == "won"


# ----- markers -----------------------------------------------------------------------------


def test_markers_toggle_erase_and_never_sit_under_a_mole() -> None:
    game = Sector(REGIONS)
    assert game.toggle_mark(3, 3) is True and game.marks[3, 3]
    assert game.toggle_mark(3, 3) is False and not game.marks[3, 3]
    game.toggle_mark(3, 3)
    assert game.erase(3, 3) is True and not game.marks[3, 3]
    assert game.erase(3, 3) is False
    # a mole on a marked cell replaces the marker; undo brings the marker back
    game.toggle_mark(6, 2)
    assert game.place(6, 2) == "placed"
    assert game.moles[6, 2] and not game.marks[6, 2]
    game.undo()
    assert game.marks[6, 2] and not game.moles[6, 2]
    # the eraser takes a mole away too
    game.place(6, 2)
    assert game.erase(6, 2) is True and not game.moles.any()


def test_a_drag_marks_many_cells_as_one_undo_step() -> None:
    game = Sector(REGIONS)
    game.place(0, 4)
    game.toggle_mark(1, 1)
    row = [(1, c) for c in range(9)]
    assert game.mark_many(row) == 8  # (1, 1) was marked already
    assert game.marks[1].all()
    game.mark_many([(0, c) for c in range(9)])
    assert not game.marks[0, 4] and game.moles[0, 4]  # the mole's cell is left alone
    assert game.mark_many([(1, 2), (1, 3), (1, 3)], on=False) == 2
    assert list(np.flatnonzero(~game.marks[1])) == [2, 3]
    game.undo()
    assert game.marks[1].all()
    game.undo()
    game.undo()
    assert list(np.flatnonzero(game.marks)) == [1 * 9 + 1]
    game.redo()
    assert game.marks[1].all()


def test_bad_cells_are_refused() -> None:
    game = MoleTurf(REGIONS)
    for call in (game.place, game.toggle_mark, game.erase):
        with pytest.raises(ValueError, match="off the board"):
            call(9, 0)
        with pytest.raises(ValueError, match="whole number"):
            call(1.5, 0)
    with pytest.raises(ValueError, match="pair"):
        game.mark_many([(1, 2, 3)])
    with pytest.raises(ValueError, match="off the board"):
        game.mark_many([(0, 0), (-1, 0)])
    with pytest.raises(ValueError, match="list of"):
        game.mark_many(None)
    with pytest.raises(ValueError, match="True or False"):
        game.mark_many([(0, 0)], on="no")  # a truthy string would have marked the cell
    assert not game.marks.any()


# ----- Auto-❌ and turf status ---------------------------------------------------------------


def expected_auto(regions: np.ndarray, moles: np.ndarray) -> np.ndarray:
    n = len(regions)
    out = np.zeros((n, n), bool)
    for r, c in zip(*np.nonzero(moles), strict=True):
        out[r, :] = out[:, c] = True
        out[regions == regions[r, c]] = True
        out[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2] = True
    return out & ~moles


def test_auto_marks_cover_row_column_turf_and_neighbours_of_every_mole() -> None:
    game = MoleTurf(REGIONS)
    a, b = free_pair()
    game.place(*a)
    assert np.array_equal(game.auto_marks, expected_auto(REGIONS, game.moles))
    game.place(*b)
    both = game.auto_marks.copy()
    assert np.array_equal(both, expected_auto(REGIONS, game.moles))
    # removing a mole withdraws only what it alone implied
    game.place(*b)
    only_a = expected_auto(REGIONS, game.moles)
    assert np.array_equal(game.auto_marks, only_a)
    assert (both & ~only_a).any()


def test_auto_marks_stay_apart_from_the_players_markers_and_follow_the_setting() -> None:
    game = MoleTurf(REGIONS, auto_x=False)
    game.toggle_mark(8, 8)
    game.place(0, 0)
    assert not game.auto_marks.any()
    game.auto_x = True  # switched on mid-game: the marks appear
    assert game.auto_marks[0, 5] and game.auto_marks[1, 1]
    assert list(np.flatnonzero(game.marks)) == [80]
    game.auto_x = False
    assert not game.auto_marks.any() and game.marks[8, 8]


def test_turf_status_reports_done_conflict_and_empty() -> None:
    a, b = pair_clashing_only_by("touch")
    game = Sector(REGIONS)
    r, c = SOLUTION[0]
    game.place(r, c)
    assert game.turf_status()[REGIONS[r, c]] == "done"
    assert game.turf_status().count("empty") == 8
    game.undo()
    game.place(*a)
    game.place(*b)
    status = game.turf_status()
    assert status[REGIONS[a]] == status[REGIONS[b]] == "conflict"
    assert status.count("empty") == 7


def test_two_moles_in_one_turf_mark_it_as_a_conflict() -> None:
    a, b = pair_clashing_only_by("turf")
    game = MoleTurf(REGIONS)
    game.place(*a)
    game.place(*b)
    assert game.turf_status()[REGIONS[a]] == "conflict"


def test_the_solution_is_the_maps_only_solution() -> None:
    game = MoleTurf(REGIONS)
    assert [(r, int(c)) for r, c in enumerate(game.solution)] == SOLUTION
    with pytest.raises(ValueError, match="read-only"):
        game.solution[0] = 0
    assert MoleTurf(np.repeat(np.arange(4), 4).reshape(4, 4).T).solution is not None
    no_way = np.array([[0, 0, 0, 0], [1, 1, 1, 1], [2, 3, 1, 1], [2, 3, 1, 1]])  # 2, 3 touch
    assert MoleTurf(no_way).solution is None


# ----- construction and saving -------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((np.zeros((4, 5), int),), "square"),
        ((turf.generate(17, seed=1),), "4 to 16"),
        ((REGIONS, 0), "at least 1"),
        ((REGIONS, 2.5), "whole number"),
        ((REGIONS, 3, "off"), "auto_x must be True or False"),
    ],
)
def test_bad_games_are_refused(args: tuple, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        MoleTurf(*args)


def test_the_auto_x_setting_must_be_a_bool_and_keeps_the_marks_it_had() -> None:
    game = MoleTurf(REGIONS, auto_x=np.True_)
    game.place(0, 0)
    with pytest.raises(ValueError, match="auto_x"):
        game.auto_x = "False"  # a string would have left Auto-x on
    assert game.auto_x is True and game.auto_marks[0, 5]


def test_the_map_given_stays_the_callers_and_changing_it_does_not_change_the_game() -> None:
    mine = np.array(REGIONS, dtype=np.int32)
    game = MoleTurf(mine)
    mine[0, 0] = mine[8, 8]  # still the caller's array to edit (a map editor, a test)
    assert game.regions[0, 0] == REGIONS[0][0]


def test_the_board_state_cannot_be_written_from_outside() -> None:
    game = MoleTurf(REGIONS)
    for array in (game.moles, game.marks, game.auto_marks, game.regions):
        with pytest.raises(ValueError, match="read-only"):
            array[0, 0] = 1


def play_out(game: MoleTurf, script: list[tuple]) -> None:
    for name, *args in script:
        getattr(game, name)(*args)


CELL = st.tuples(st.integers(0, 5), st.integers(0, 5))
MOVES = st.one_of(
    st.tuples(st.just("place"), st.integers(0, 5), st.integers(0, 5)),
    st.tuples(st.just("place"), st.integers(0, 2), st.integers(0, 2)),  # crowded: clashes
    st.tuples(st.sampled_from(["toggle_mark", "erase"]), st.integers(0, 5), st.integers(0, 5)),
    st.tuples(st.just("mark_many"), st.lists(CELL, max_size=6), st.booleans()),
    st.tuples(st.sampled_from(["undo", "undo", "redo", "retry"])),
)
SMALL = turf.generate(6, seed=9)


@settings(max_examples=150, deadline=None)
@given(st.lists(MOVES, min_size=5, max_size=40), st.booleans())
def test_any_move_sequence_keeps_the_rules(script: list[tuple], auto_x: bool) -> None:
    game = Sector(SMALL, auto_x=auto_x)
    lowest = game.shields
    for name, *args in script:
        was_over = game.status == "over"
        board = (game.moles.copy(), game.marks.copy())
        getattr(game, name)(*args)
        if name == "retry":
            assert game.shields == 3 and not game.moles.any() and not game.marks.any()
        elif was_over and name == "undo":
            assert game.shields == 1 and not np.array_equal(game.moles, board[0])
        elif name == "redo":
            assert game.shields == lowest  # a redone clash is not charged again
        else:
            assert game.shields <= lowest  # a shield is never given back
        lowest = game.shields
        assert not (game.moles & game.marks).any()
        expected = expected_auto(SMALL, game.moles) if auto_x else np.zeros((6, 6), bool)
        assert np.array_equal(game.auto_marks, expected)
        clashing = {
            a
            for a, b in itertools.permutations(zip(*np.nonzero(game.moles), strict=True), 2)
            if a[0] == b[0]
            or a[1] == b[1]
            or SMALL[a] == SMALL[b]
            or max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
        }
        assert game.conflicts == {(int(r), int(c)) for r, c in clashing}
    # the same moves give the same game, and the saved game resumes it exactly
    again = Sector(SMALL, auto_x=auto_x)
    play_out(again, script)
    assert snapshot(again) == snapshot(game)
