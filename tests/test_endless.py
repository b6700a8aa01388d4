"""Endless play: boards of any size at the difficulty asked for, the stock kept ready, and the
records per size and difficulty."""

import numpy as np
import pytest

from core import turf
from core.moleturf import logic
from core.moleturf.turf import LevelNotFound


def turfs_connected(board):
    n = len(board)
    for t in range(n):
        cells = set(zip(*np.nonzero(board == t), strict=True))
        start = next(iter(cells))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nxt in cells and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        if seen != cells:
            return False
    return True


@pytest.mark.parametrize("level", range(1, 6))
def test_a_generated_board_grades_at_the_level_asked_for(level):
    board = turf.generate(8, seed=2026, level=level)
    assert logic.grade(board).stars == level
    assert turf.count_solutions(board) == 1
    assert turfs_connected(board)
    if level <= 2:  # the same seed gives the same board (the harder ones take seconds)
        assert np.array_equal(board, turf.generate(8, seed=2026, level=level))


def test_sizes_up_to_sixteen_take_a_level_too():
    for n in (5, 16):
        board = turf.generate(n, seed=5, level=2)
        assert board.shape == (n, n) and logic.grade(board).stars == 2


def test_a_bad_level_is_refused_in_words():
    for bad in (0, 6, -1):
        with pytest.raises(ValueError, match="level must be 1 to 5"):
            turf.generate(9, seed=1, level=bad)
    with pytest.raises(ValueError, match="whole number"):
        turf.generate(9, seed=1, level=2.5)


def test_the_work_bound_ends_a_hopeless_search_with_its_reason(monkeypatch):
    from core.moleturf import turf as inner

    monkeypatch.setattr(inner, "LEVEL_WORK", 3)  # three graded boards: no 5 stars on 5x5
    with pytest.raises(LevelNotFound, match=r"5x5 board at 5 stars within 3 graded boards"):
        turf.generate(5, seed=1, level=5)
