"""The Mole Turf hint engine: each technique, the fix hints, soundness, evidence and grading."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from core.hints import Hint
from core.moleturf import turf
from core.moleturf.logic import (
    LEVELS,
    grade,
    hint,
    solve_steps,
)
from core.moleturf.rules import MoleTurf
from core.moleturf.sectors import load_sectors
from game.hints import MOLETURF as TECHNIQUES
from game.hints import sentence as explain

ROOT = Path(__file__).resolve().parent.parent

# turf 0 lies wholly in row 0; nothing else is forced on the empty board
FIVE = np.array(
    [
        [0, 0, 0, 1, 1],
        [2, 2, 1, 1, 1],
        [2, 3, 3, 3, 4],
        [2, 3, 4, 4, 4],
        [2, 2, 4, 4, 4],
    ]
)


def empty(n: int) -> np.ndarray:
    return np.zeros((n, n), bool)


def cells_of(n: int, cells) -> np.ndarray:
    board = empty(n)
    for r, c in cells:
        board[r, c] = True
    return board


# ----- a brute-force judge of evidence --------------------------------------------------------


def unit_cells(regions: np.ndarray, unit: tuple) -> set[tuple[int, int]]:
    n = len(regions)
    kind, i = unit
    if kind == "row":
        return {(i, c) for c in range(n)}
    if kind == "col":
        return {(r, i) for r in range(n)}
    return {(r, c) for r in range(n) for c in range(n) if regions[r, c] == i}


def touching(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def possible(regions, moles, crossed, units, with_mole=None, without=None) -> bool:
    """Can the listed units each get exactly one mole, none touching, on the board as it is?

    Only the listed units' rules apply (plus no-touching); ``with_mole`` is a hypothetical
    mole, ``without`` a cell treated as crossed.
    """
    groups = [unit_cells(regions, u) for u in units]
    n = len(regions)
    free = {
        (r, c)
        for r in range(n)
        for c in range(n)
        if not crossed[r, c] and not moles[r, c] and (r, c) != without
    }
    placed = {(r, c) for r, c in zip(*np.nonzero(moles), strict=True)}
    if with_mole is not None:
        if any(touching(with_mole, m) for m in placed):
            return False
        placed.add(with_mole)

    def search(placed: set) -> bool:
        counts = [len(g & placed) for g in groups]
        if max(counts, default=0) > 1:
            return False
        if 0 not in counts:
            return True
        group = groups[counts.index(0)]
        for cell in sorted(group & free):
            if cell not in placed and not any(touching(cell, m) for m in placed):
                if search(placed | {cell}):
                    return True
        return False

    return search(placed)


def evidence_suffices(regions, moles, crossed, step: Hint) -> bool:
    units = []
    for item in step.evidence:
        if item[0] == "mole":
            r, c = item[1], item[2]
            units += [("row", r), ("col", c), ("turf", int(regions[r, c]))]
        else:
            units.append(item)
    if step.kind == "mole":
        return not possible(regions, moles, crossed, units, without=step.cells[0])
    return all(not possible(regions, moles, crossed, units, with_mole=cell) for cell in step.cells)


def drive(regions: np.ndarray, solution: np.ndarray, judge: bool = False) -> list[Hint] | None:
    """Play from the empty board by hints alone, checking each against the solution."""
    n = len(regions)
    moles, crossed = empty(n), empty(n)
    answer = cells_of(n, enumerate(solution))
    steps = []
    while (found := hint(regions, moles, crossed, solution)) is not None:
        assert found.kind in ("mole", "cross"), f"a fix hint on a board with no mistake: {found}"
        for r, c in found.cells:
            assert not moles[r, c] and not crossed[r, c], f"{found} tells what the board shows"
            assert answer[r, c] == (found.kind == "mole"), f"wrong hint {found}"
        if judge:
            assert evidence_suffices(regions, moles, crossed, found), f"{found} lacks evidence"
        target = moles if found.kind == "mole" else crossed
        for r, c in found.cells:
            target[r, c] = True
        steps.append(found)
        assert len(steps) <= n * n
    if moles.sum() < n:
        return None
    assert (moles == answer).all()
    return steps


# ----- single techniques on hand-made boards --------------------------------------------------


def test_a_mole_rules_out_its_row_column_turf_and_neighbours() -> None:
    moles = cells_of(5, [(2, 2)])
    found = hint(FIVE, moles, empty(5))
    assert found.kind == "cross" and found.technique == "mole_sees"
    assert found.evidence == (("mole", 2, 2),)
    expected = {(2, c) for c in range(5)} | {(r, 2) for r in range(5)}
    expected |= {(r, c) for r in (1, 2, 3) for c in (1, 2, 3)}
    expected |= {(r, c) for r in range(5) for c in range(5) if FIVE[r, c] == 3}
    assert set(found.cells) == expected - {(2, 2)}
    assert found.params == {"row": 3, "col": 3, "turf": 3}


def test_the_last_candidate_of_a_row_is_a_mole() -> None:
    crossed = cells_of(5, [(1, c) for c in (0, 1, 3, 4)])
    found = hint(FIVE, empty(5), crossed)
    assert (found.kind, found.cells, found.evidence) == ("mole", ((1, 2),), (("row", 1),))
    assert found.technique == "last_in_row" and found.params == {"row": 2, "col": 3}


def test_a_turf_inside_one_row_clears_the_rest_of_the_row() -> None:
    found = hint(FIVE, empty(5), empty(5))
    assert found.kind == "cross" and found.technique == "turf_in_row"
    assert found.cells == ((0, 3), (0, 4))
    assert found.evidence == (("turf", 0), ("row", 0))
    assert explain(found) == (
        "All that is left of the red turf lies in row 1, so its mole is in that row: the "
        "other 2 cells of row 1 are impossible."
    )


def test_hints_follow_the_board_as_it_stands() -> None:
    # with the turf-in-row crosses already marked, the engine moves on to something new
    crossed = cells_of(5, [(0, 3), (0, 4)])
    found = hint(FIVE, empty(5), crossed)
    assert found is not None
    assert not any(crossed[r, c] for r, c in found.cells)


# ----- fix hints ------------------------------------------------------------------------------


def board_with_solution(n: int = 8, seed: int = 3) -> tuple[np.ndarray, np.ndarray]:
    regions = turf.generate(n, seed=seed)
    return regions, turf.solve(regions)


def test_a_wrong_mole_is_named_before_anything_else() -> None:
    regions, solution = board_with_solution()
    wrong_col = (int(solution[0]) + 3) % len(regions)
    moles = cells_of(len(regions), [(0, wrong_col)])
    crossed = cells_of(len(regions), [(1, int(solution[1]))])  # a wrong marker too
    found = hint(regions, moles, crossed, solution)
    assert (found.kind, found.cells, found.technique) == ("fix", ((0, wrong_col),), "wrong_mole")
    assert explain(found) == (
        f"The mole at row 1, column {wrong_col + 1} is not part of the solution: remove it."
    )
    moles[0, wrong_col] = False
    found = hint(regions, moles, crossed, solution)
    assert (found.kind, found.cells, found.technique) == (
        "fix",
        ((1, int(solution[1])),),
        "wrong_mark",
    )


def test_no_hint_once_the_board_is_solved() -> None:
    regions, solution = board_with_solution()
    moles = cells_of(len(regions), enumerate(solution))
    assert hint(regions, moles, empty(len(regions)), solution) is None


@pytest.mark.parametrize(
    ("regions", "moles", "message"),
    [
        (np.zeros((3, 4), int), empty(3), "square"),
        (np.zeros((5, 5), int), empty(5), "missing: 1, 2, 3, 4"),
        (FIVE, empty(4), "5x5 array of booleans"),
        (FIVE.astype(float), empty(5), "whole numbers"),
    ],
)
def test_bad_boards_are_refused(regions, moles, message) -> None:
    with pytest.raises(ValueError, match=message):
        hint(regions, moles, empty(len(moles)))


def test_a_bad_solution_is_refused() -> None:
    with pytest.raises(ValueError, match="one column per row"):
        hint(FIVE, empty(5), empty(5), solution=[0, 1, 2])


# ----- the engine over many generated boards --------------------------------------------------


def test_every_step_is_right_new_and_proved_by_its_evidence() -> None:
    # the shipped sectors, judged the same way in test_sectors.py, cover every technique family
    used = Counter()
    for n in (6, 7, 8, 9):
        for seed in range(12):
            regions, solution = board_with_solution(n, seed)
            steps = drive(regions, solution, judge=True)
            if steps is not None:
                used.update(step.technique for step in steps)
    assert used["mole_sees"] > 0
    assert set(used) <= set(TECHNIQUES) - {"wrong_mole", "wrong_mark"}


def test_the_engine_solves_every_generated_board() -> None:
    # with forcing chains and cases it never gets stuck on a board with one solution
    for n in (7, 8, 9, 10, 11):
        for seed in range(60):
            assert grade(turf.generate(n, seed=1000 + seed)) is not None, (n, seed)


def test_driving_hints_alone_solves_boards_with_no_wrong_hint() -> None:
    for seed in range(30):
        regions, solution = board_with_solution(9, 500 + seed)
        steps = drive(regions, solution)
        assert (steps is None) == (solve_steps(regions) is None)


# ----- grading --------------------------------------------------------------------------------


def test_grade_counts_the_hardest_technique_and_the_steps() -> None:
    regions, _ = board_with_solution(9, 7)
    steps = solve_steps(regions)
    graded = grade(regions)
    assert graded.steps == len(steps)
    assert graded.level == max(LEVELS[s.technique] for s in steps)
    assert sum(graded.techniques.values()) == len(steps)
    assert graded.score // 100 == graded.level


def test_a_board_that_needs_a_guess_is_rejected() -> None:
    # two solutions: no logic can choose between them
    regions = np.array(
        [
            [0, 0, 0, 0, 1, 1],
            [0, 0, 0, 0, 1, 1],
            [2, 2, 3, 3, 1, 1],
            [2, 2, 3, 3, 4, 4],
            [5, 5, 5, 5, 4, 4],
            [5, 5, 5, 5, 4, 4],
        ]
    )
    assert turf.count_solutions(regions) == 2
    assert grade(regions) is None


def test_harder_techniques_mean_a_higher_score() -> None:
    scores = {}
    for seed in range(40):
        graded = grade(turf.generate(9, seed=seed))
        if graded is not None:
            scores.setdefault(graded.level, []).append(graded.score)
    levels = sorted(scores)
    assert len(levels) >= 3
    for low, high in zip(levels, levels[1:], strict=False):
        assert max(scores[low]) < min(scores[high])


# ----- sentences ------------------------------------------------------------------------------


def test_every_technique_has_a_sentence_and_a_level() -> None:
    assert set(TECHNIQUES) == set(LEVELS)


def test_a_sentence_names_turfs_by_their_colour() -> None:
    found = Hint(
        "cross",
        ((3, 3),),
        (("row", 1), ("row", 2)),
        "turfs_in_rows",
        {"count": 2, "rows": (2, 3), "turfs": (0, 5)},
    )
    assert explain(found) == (
        "The red and blue turfs have cells left only in rows 2 and 3, so their moles fill "
        "those rows: the other cell of those rows is impossible."
    )


def test_a_contradiction_names_the_moles_it_forces() -> None:
    found = Hint(
        "cross",
        ((0, 0),),
        (("row", 1), ("turf", 4)),
        "would_empty_turf",
        {"row": 1, "col": 1, "forced": ((2, 3), (4, 4)), "other_turf": 4},
    )
    assert explain(found) == (
        "A mole at row 1, column 1 would force moles onto row 2, column 3 and row 4, column 4, "
        "and then the cyan turf would have no place left for its mole: that cell is impossible."
    )


# ----- MoleTurf.hint() ------------------------------------------------------------------------


def follow_hints(game: MoleTurf) -> Counter:
    """Play a game by its hints alone: place each mole, mark each cross."""
    used = Counter()
    while (found := game.hint()) is not None:
        assert found.kind in ("mole", "cross"), f"a fix hint though no mistake was made: {found}"
        used[found.technique] += 1
        if found.kind == "mole":
            assert game.place(*found.cells[0]) == "placed"
        else:
            game.mark_many(found.cells)
        assert sum(used.values()) <= game.n * game.n
    return used


@pytest.mark.parametrize("auto_x", [True, False])
def test_following_the_hints_wins_a_sector_without_a_mistake(auto_x: bool) -> None:
    sector = load_sectors()[24]
    game = MoleTurf(sector.regions, auto_x=auto_x)
    used = follow_hints(game)
    assert game.status == "won" and game.shields == 3
    assert (game.moles == cells_of(9, enumerate(sector.solution))).all()
    # with auto-❌ on, the board already shows what each mole rules out
    assert ("mole_sees" in used) is not auto_x


def test_the_game_hint_names_a_wrong_mole_then_a_wrong_marker() -> None:
    sector = load_sectors()[10]
    game = MoleTurf(sector.regions)
    wrong = (0, (int(sector.solution[0]) + 4) % 9)
    right = (2, int(sector.solution[2]))
    game.place(*wrong)
    game.toggle_mark(*right)
    found = game.hint()
    assert (found.kind, found.cells, found.technique) == ("fix", (wrong,), "wrong_mole")
    game.place(*wrong)  # removes it
    found = game.hint()
    assert (found.kind, found.cells, found.technique) == ("fix", (right,), "wrong_mark")
    game.toggle_mark(*right)
    assert game.hint().kind in ("mole", "cross")


def test_a_won_game_has_no_hint() -> None:
    sector = load_sectors()[0]
    game = MoleTurf(sector.regions)
    for r, c in enumerate(sector.solution):
        game.place(r, int(c))
    assert game.status == "won" and game.hint() is None


def test_on_a_map_with_several_solutions_a_right_mole_is_never_called_wrong() -> None:
    stripes = np.repeat(np.arange(5), 5).reshape(5, 5)
    other = [3, 0, 2, 4, 1]  # a full placement that wins, whatever solution solve() finds
    game = MoleTurf(stripes)
    game.toggle_mark(0, int(game.solution[0]))
    for r, c in enumerate(other[:-1]):
        game.place(r, c)
        found = game.hint()
        assert found.kind != "fix", found
    game.place(4, other[4])
    assert game.status == "won"
