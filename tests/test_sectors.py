"""The 30 shipped sectors: unique, solvable by hints alone, distinct, in rising difficulty."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from core.moleturf import turf
from core.moleturf.logic import grade
from core.moleturf.sectors import load_sectors, load_stars
from tests.test_turf_logic import drive
from tools.make_sectors import canonical

SECTORS = load_sectors()


def raw() -> str:
    return (resources.files("cmt_assets") / "sectors" / "sectors.json").read_text("utf-8")


def connected(cells: set[tuple[int, int]]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for step in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if step in cells and step not in seen:
                seen.add(step)
                todo.append(step)
    return seen == cells


def test_thirty_nine_by_nine_sectors_of_nine_connected_turfs() -> None:
    assert [s.number for s in SECTORS] == list(range(1, 31))
    for sector in SECTORS:
        assert sector.regions.shape == (9, 9)
        for k in range(9):
            cells = {
                (int(r), int(c)) for r, c in zip(*np.nonzero(sector.regions == k), strict=True)
            }
            assert cells and connected(cells), f"sector {sector.number}: turf {k} is split"


def test_each_sector_has_exactly_its_stored_solution() -> None:
    for sector in SECTORS:
        assert turf.count_solutions(sector.regions, limit=3) == 1
        assert (turf.solve(sector.regions) == sector.solution).all()


def test_difficulty_never_decreases_and_matches_the_engine() -> None:
    for before, after in zip(SECTORS, SECTORS[1:], strict=False):
        assert after.difficulty >= before.difficulty
    for sector in SECTORS:
        graded = grade(sector.regions)
        assert graded is not None, f"sector {sector.number} needs a guess"
        assert (graded.score, graded.level, graded.stars) == (
            sector.difficulty,
            sector.level,
            sector.stars,
        )


def test_early_sectors_teach_and_the_last_need_advanced_techniques() -> None:
    levels = [s.level for s in SECTORS]
    assert levels[0] == 1 and levels[-1] == 5
    assert set(levels) == {1, 2, 3, 4, 5}


def test_hints_alone_solve_every_sector_with_no_wrong_hint_and_enough_evidence() -> None:
    used = set()
    for sector in SECTORS:
        steps = drive(sector.regions, sector.solution, judge=True)
        assert steps is not None, f"the hints get stuck on sector {sector.number}"
        used |= {step.technique for step in steps}
    # the set as a whole teaches every family of techniques
    for family in ("mole_sees", "last_in_", "_in_row", "_in_turf", "seen_by_", "s_in_", "would_"):
        assert any(family in t for t in used), f"no sector needs {family}"


def test_sectors_are_distinct_even_when_turned_or_recoloured() -> None:
    keys = {canonical(s.regions) for s in SECTORS}
    assert len(keys) == 30
    turned = np.rot90(SECTORS[4].regions).T
    assert canonical((turned + 3) % 9) == canonical(SECTORS[4].regions)


def test_the_stored_seeds_regenerate_the_sectors() -> None:
    data = json.loads(raw())
    for entry, sector in list(zip(data["sectors"], SECTORS, strict=True))[::7]:
        assert (turf.generate(9, seed=entry["seed"]) == sector.regions).all()


def test_shipped_boards_are_read_only() -> None:
    with pytest.raises(ValueError, match="read-only"):
        SECTORS[0].regions[0, 0] = 1


# ----- damaged data is refused ----------------------------------------------------------------


def damaged(change) -> str:
    data = json.loads(raw())
    change(data)
    return json.dumps(data)


def swap_solution(data: dict) -> None:
    solution = data["sectors"][3]["solution"]
    solution[0], solution[1] = solution[1], solution[0]


def two_solutions(data: dict) -> None:
    # a board with two solutions; its stored solution is one of them
    rows = ["000011111", "000011111", "222233333", "222233333", "444455555"]
    rows += ["444455555", "666677777", "666677777", "888888888"]
    data["sectors"][0]["regions"] = rows
    board = np.array([[int(ch) for ch in row] for row in rows])
    data["sectors"][0]["solution"] = turf.solve(board).tolist()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "version 1"),
        (lambda d: d["sectors"].pop(), "exactly 30"),
        (lambda d: d["sectors"][2].pop("solution"), "sector 3 has no 'solution'"),
        (lambda d: d["sectors"][5]["regions"].pop(), "sector 6"),
        (lambda d: d["sectors"][5]["regions"].__setitem__(0, "88886666x"), "sector 6"),
        (lambda d: d["sectors"][7].update(number=9), "sector 8: it is numbered 9"),
        (swap_solution, "sector 4: the stored solution breaks the rules"),
        (lambda d: d["sectors"][29].update(difficulty=0), "sector 30 is easier than sector 29"),
        (lambda d: d["sectors"][1].update(level="hard"), "whole numbers"),
        (lambda d: d["sectors"][3].pop("stars"), "sector 4 has no 'stars'"),
        (lambda d: d["sectors"][3].update(stars=6), "sector 4: stars must be 1 to 5, not 6"),
    ],
)
def test_damaged_sector_data_is_refused(change, message) -> None:
    with pytest.raises(ValueError, match=message):
        load_sectors(damaged(change))


def test_a_board_with_two_solutions_is_refused() -> None:
    with pytest.raises(ValueError, match="more than one solution"):
        load_sectors(damaged(two_solutions))


def test_a_file_that_is_not_json_is_refused() -> None:
    with pytest.raises(ValueError, match="not valid JSON"):
        load_sectors("{sectors: 30")


def test_the_sector_map_reads_the_same_stars_without_the_boards() -> None:
    assert load_stars() == tuple(s.stars for s in SECTORS)
    for change, message in (
        (lambda d: d["sectors"][3].update(stars=6), "sector 4: stars must be 1 to 5, not 6"),
        (lambda d: d["sectors"][3].pop("stars"), "sector 4: stars must be 1 to 5, not None"),
        (lambda d: d["sectors"][0].update(stars=True), "sector 1: stars must be 1 to 5"),
        (lambda d: d["sectors"].pop(), "exactly 30"),
    ):
        with pytest.raises(ValueError, match=message):
            load_stars(damaged(change))
