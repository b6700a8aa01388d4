"""The board editor: its uniqueness check matches count_solutions, "make it unique" works, and
it can be painted by keys and by touch."""

import numpy as np
import pytest

from core import turf
from core.moleturf import editor, logic


def boards():
    rng = np.random.default_rng(7)
    for n in (4, 5, 6, 8, 9, 12):
        base = turf.generate(n, seed=n)
        yield base
        for _ in range(6):  # one to three cells repainted: some unique, some not, some broken
            b = base.copy()
            for _ in range(rng.integers(1, 4)):
                b[rng.integers(n), rng.integers(n)] = rng.integers(n)
            yield b
    yield editor.blank(6)
    four = turf.generate(4, seed=1)
    yield np.where(four == 3, 2, four)  # a turf painted over: not a board yet


def test_the_check_matches_count_solutions_and_shows_a_real_second_solution():
    seen = set()
    for board in boards():
        checked = editor.check(board)
        if checked.problem is not None:
            assert "missing" in checked.problem
            seen.add("incomplete")
            continue
        assert checked.count == turf.count_solutions(board, limit=2)
        seen.add(checked.count)
        assert len(checked.solutions) == checked.count
        for sol in checked.solutions:
            n = len(board)
            assert sorted(sol) == list(range(n))  # one per column
            assert sorted(board[r, sol[r]] for r in range(n)) == list(range(n))  # one per turf
            assert all(abs(int(sol[r]) - int(sol[r + 1])) > 1 for r in range(n - 1))
        if checked.count == 2:
            assert not np.array_equal(checked.solutions[0], checked.solutions[1])
        if checked.count == 1:
            assert checked.stars == logic.stars(board)
    assert {0, 1, 2, "incomplete"} <= seen


@pytest.mark.parametrize("n", [5, 7, 9])
def test_make_it_unique_changes_one_cell_and_leaves_one_solution(n):
    board = turf.generate(n, seed=40 + n)
    solution = turf.solve(board)
    # move the turf of a solution cell's neighbour so that rivals appear
    for r in range(n):
        broken = board.copy()
        c = int(solution[r])
        broken[r, c] = board[r, (c + 1) % n]
        if np.bincount(broken.ravel(), minlength=n).all() and turf.count_solutions(broken) != 1:
            break
    else:
        pytest.skip("no single change broke this board")
    r, c, into = editor.make_unique(broken)
    assert broken[r, c] != into
    fixed = broken.copy()
    fixed[r, c] = into
    assert turf.count_solutions(fixed) == 1
    assert editor.check(fixed).unique
