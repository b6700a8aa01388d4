"""The turf search and generator (core.turf) against the rules and a plain-Python reference."""

from __future__ import annotations

import numpy as np
import pytest

from core.moleturf import turf
from tests.reference_turf import reference_count

# Permutations of 1..n with neighbours never consecutive (OEIS A002464): the number of
# solutions of a board whose turfs are its rows.
STRIPED_COUNTS = {4: 2, 5: 14, 6: 90, 7: 646, 8: 5242, 9: 47622}


def grow(n: int, seeds: list[tuple[int, int]], rng: np.random.Generator) -> np.ndarray:
    """Connected turfs grown at random from one seed cell per turf."""
    board = np.full((n, n), -1)
    frontier = []
    for t, (r, c) in enumerate(seeds):
        board[r, c] = t
        frontier.append((r, c))
    while frontier:
        r, c = frontier.pop(rng.integers(len(frontier)))
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and board[rr, cc] < 0:
                board[rr, cc] = board[r, c]
                frontier.append((rr, cc))
    return board


def random_map(n: int, rng: np.random.Generator) -> np.ndarray:
    """A turf map of one of three families: scattered seeds (usually no solution), seeds on
    a valid placement (at least one), or shuffled stripes (a great many)."""
    family = rng.integers(3)
    if family == 0:
        cells = rng.choice(n * n, size=n, replace=False)
        return grow(n, [divmod(int(i), n) for i in cells], rng)
    if family == 1:
        while True:
            cols = rng.permutation(n)
            if np.all(np.abs(np.diff(cols)) >= 2):
                return grow(n, list(enumerate(cols)), rng)
    return np.repeat(rng.permutation(n), n).reshape(n, n)


def is_solution(regions: np.ndarray, cols: np.ndarray) -> bool:
    n = len(regions)
    return (
        sorted(cols.tolist()) == list(range(n))
        and sorted(regions[np.arange(n), cols].tolist()) == list(range(n))
        and bool(np.all(np.abs(np.diff(cols)) >= 2))
    )


def connected(regions: np.ndarray) -> bool:
    n = len(regions)
    for t in range(n):
        cells = {(int(r), int(c)) for r, c in zip(*np.nonzero(regions == t), strict=True)}
        todo = [next(iter(cells))]
        seen = set(todo)
        while todo:
            r, c = todo.pop()
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell in cells and cell not in seen:
                    seen.add(cell)
                    todo.append(cell)
        if seen != cells:
            return False
    return True


# ----- search ------------------------------------------------------------------------------


def test_search_agrees_with_reference_on_random_maps() -> None:
    rng = np.random.default_rng(2024)
    outcomes = {"none": 0, "unique": 0, "capped": 0}
    for _ in range(360):
        n = int(rng.integers(5, 11))
        regions = random_map(n, rng)
        limit = int(rng.choice([1, 2, 3, 10, 50]))
        expected = reference_count(regions.tolist(), limit)
        assert turf.count_solutions(regions, limit) == expected, (regions, limit)
        if expected == 0:
            outcomes["none"] += 1
        elif expected == limit and limit > 2:
            outcomes["capped"] += 1
        elif reference_count(regions.tolist(), 2) == 1:
            outcomes["unique"] += 1
    # the sample really covers boards with no solution, one, and more than the cap
    assert min(outcomes.values()) >= 20, outcomes


@pytest.mark.parametrize("n", sorted(STRIPED_COUNTS))
def test_full_count_of_striped_board(n: int) -> None:
    stripes = np.repeat(np.arange(n), n).reshape(n, n)
    assert turf.count_solutions(stripes, limit=10**6) == STRIPED_COUNTS[n]
    assert turf.count_solutions(stripes.T, limit=10**6) == STRIPED_COUNTS[n]


def test_count_stops_at_limit() -> None:
    stripes = np.repeat(np.arange(12), 12).reshape(12, 12)
    for limit in (1, 2, 7, 1000):
        assert turf.count_solutions(stripes, limit) == limit
    assert turf.count_solutions(stripes[:6, :6], 2**80) == STRIPED_COUNTS[6]  # a huge limit


def test_solve_returns_a_valid_solution_or_none() -> None:
    rng = np.random.default_rng(7)
    solved = unsolvable = 0
    for _ in range(120):
        n = int(rng.integers(5, 11))
        regions = random_map(n, rng)
        cols = turf.solve(regions)
        if cols is None:
            assert reference_count(regions.tolist(), 1) == 0
            unsolvable += 1
        else:
            assert cols.shape == (n,) and is_solution(regions, cols)
            solved += 1
    assert solved > 20 and unsolvable > 20


def test_solve_finds_the_planted_solution_of_a_generated_board() -> None:
    regions = turf.generate(9, seed=11)
    cols = turf.solve(regions)
    assert is_solution(regions, cols)
    # moving any one mole sideways breaks it
    for r in range(9):
        other = cols.copy()
        other[r] = (other[r] + 1) % 9
        assert not is_solution(regions, other)


def test_search_handles_sixteen_and_beyond() -> None:
    for n in (16, 20, 32):
        stripes = np.repeat(np.arange(n), n).reshape(n, n)
        cols = turf.solve(stripes)
        assert is_solution(stripes, cols)
        assert turf.count_solutions(stripes, 5) == 5


def test_search_accepts_lists_and_other_integer_types() -> None:
    regions = turf.generate(6, seed=3)
    for form in (regions.tolist(), regions.astype(np.uint8), np.asfortranarray(regions)):
        assert turf.count_solutions(form) == 1
        assert np.array_equal(turf.solve(form), turf.solve(regions))


# ----- validation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("regions", "words"),
    [
        (np.zeros((4, 5), int), "square"),
        (np.zeros(16, int), "square"),
        ([[0, 1], [1, 0]], "4 to 32"),
        (np.repeat(np.arange(4.0), 4).reshape(4, 4), "whole numbers"),
        (np.ones((4, 4), bool), "whole numbers"),
        (np.repeat(np.arange(4), 4).reshape(4, 4) - 1, "turf id -1"),
        (np.repeat(np.arange(4), 4).reshape(4, 4) + 1, "turf id 4"),
        (np.repeat([0, 0, 2, 3], 4).reshape(4, 4), "missing: 1"),
        (np.full((5, 5), 2**40), "outside 0..4"),
        ([[0, 0, 1, 1], [2, 2, 3], [0, 1, 2, 3], [3, 3, 3, 3]], "rows differ in length"),
    ],
)
def test_malformed_boards_are_refused(regions: object, words: str) -> None:
    for call in (turf.validate, turf.count_solutions, turf.solve):
        with pytest.raises(ValueError, match=words):
            call(regions)


def test_validate_returns_a_clean_int32_copy() -> None:
    regions = [[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, 3]]
    board = turf.validate(regions)
    assert board.dtype == np.int32 and board.flags.c_contiguous
    assert board.tolist() == regions


def test_bad_limits_are_refused() -> None:
    regions = turf.generate(5, seed=1)
    for limit in (0, -3, 1.5, True, "2"):
        with pytest.raises(ValueError, match="limit"):
            turf.count_solutions(regions, limit)


# ----- generator ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(4, 17))
def test_generated_boards_are_unique_connected_and_lively(n: int) -> None:
    for seed in range(12):
        regions = turf.generate(n, seed=seed)
        assert regions.shape == (n, n)
        assert sorted(np.unique(regions).tolist()) == list(range(n))
        assert turf.count_solutions(regions, limit=3) == 1
        if n <= 10:  # beyond that the reference takes seconds
            assert reference_count(regions.tolist(), 2) == 1
        assert connected(regions)
        assert np.bincount(regions.ravel()).max() * 5 <= 2 * n * n  # no turf over 40%
        for line in (*regions, *regions.T):
            assert len(set(line.tolist())) > 1  # no row or column is a single turf


def test_generate_reaches_twenty() -> None:
    regions = turf.generate(20, seed=5)
    assert turf.count_solutions(regions) == 1 and connected(regions)


def test_generate_is_deterministic_for_a_seed() -> None:
    assert np.array_equal(turf.generate(9, seed=42), turf.generate(9, seed=42))
    boards = {turf.generate(9, seed=s).tobytes() for s in range(20)}
    assert len(boards) == 20
    assert not np.array_equal(turf.generate(9, seed=42), turf.generate(9, seed=43))
    # huge and negative seeds are folded into 64 bits, not refused
    assert turf.count_solutions(turf.generate(7, seed=-1)) == 1
    assert turf.count_solutions(turf.generate(7, seed=3**80)) == 1


def test_generate_without_seed_still_gives_a_valid_board() -> None:
    regions = turf.generate(8)
    assert turf.count_solutions(regions) == 1 and connected(regions)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"n": 3}, "4 to 20"),
        ({"n": 21}, "4 to 20"),
        ({"n": 9.0}, "n must be a whole number"),
        ({"n": 9, "seed": "abc"}, "seed must be a whole number"),
        ({"n": 9, "seed": 1.5}, "seed must be a whole number"),
    ],
)
def test_generate_refuses_bad_arguments(kwargs: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        turf.generate(**kwargs)
