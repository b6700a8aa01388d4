"""Mole Turf hints that never get stuck: forcing chains, cases and nested cases.

On a board with exactly one solution, from any correct partial progress, ``hint()`` always
gives a certain hint: right against the solution, new, and proved by its evidence alone
(the brute-force judge of test_turf_logic). The fixtures are boards on which the engine of
levels 1 to 5 alone gave up (most at the empty board); the sweeps use seeds never tuned on.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from core.moleturf import turf
from core.moleturf.logic import LEVELS, grade, hint, solve_steps, stars
from game.hints import sentence
from tests.player_turf import effort, spearman
from tests.test_turf_logic import cells_of, drive, empty, evidence_suffices

DIGITS = "0123456789abcdefghijklmnopqrstuv"


def board(rows: list[str]) -> np.ndarray:
    return np.array([[DIGITS.index(ch) for ch in row] for row in rows])


# Awkward hand-made boards (turfs in pieces, one-cell turfs, long thin turfs, stripes), made
# by awkward() below, where the level 1-5 techniques alone got stuck.
STUCK_AT_EMPTY = {
    "7 pieces": ["1116600", "1163333", "5443432", "2053366", "6535552", "4422551", "0222355"],
    "8 pieces": [
        "55210514", "55573630", "45131460", "76661471",
        "65523621", "76042121", "32774711", "74010516",
    ],
    "9 pieces": [
        "084650883", "384467662", "867264045", "385580845", "834666881",
        "388803746", "836844184", "082851588", "522467430",
    ],
    "12 blobs": [
        "11111114444a", "111111122444", "1b111152444a", "b51151552444",
        "b551155524ba", "6551559524bb", "666592924483", "66669122433b",
        "69690112483b", "6661aa008883", "6111a0008337", "001000778377",
    ],
}  # fmt: skip
STUCK_LATER = {
    "10 stripes": [
        "8222988899", "8882288899", "8888888869", "8788888766", "7757870700",
        "3350777000", "5555505000", "5555255552", "5222255444", "5521331442",
    ],
    "13 thin": [
        "8869999b99b99", "88999a9bbbb3a", "88991993ababa", "609911ccabaaa", "6609119ccacac",
        "66881111c1c1c", "0855bb1cca111", "088811111aaaa", "7681111ccaaa1", "b88111cc1aaa1",
        "b7811111122a0", "b787511122004", "b777222124400",
    ],
    "15 singletons": [
        "440000066877766", "400000666777666", "700043066766666", "704033666766666",
        "744043066766666", "444045377766666", "44444437666c66c", "45555d57779c6c2",
        "44db4d39993cccc", "bbbb336699caccc", "ebbdd36639ccccc", "eebbde3333cc2cc",
        "bbbbaee333222c2", "bbaaae0e3e2e225", "aaa111ebee2eee5",
    ],
    "16 blobs": [
        "3999995555bbbeff", "535355c5fbbbfeff", "5777353522bbeeef", "7773533529bbbbef",
        "37735335222b2eee", "3333b33222222aae", "338bb222222daa2a", "333bb6222d66aaaa",
        "833b662dddddaa4a", "85b7772ddcccc40a", "556677711c1cccb4", "258899771c1ccc00",
        "5557777799c3c333", "58999997c999c003", "999999979999cc33", "799999999999c033",
    ],
}  # fmt: skip
# generated boards (turf.generate(n, seed)) where the level 1-5 techniques got stuck
STUCK_GENERATED = [(9, 703), (10, 989), (11, 187), (16, 113)]


# ----- awkward boards ---------------------------------------------------------------------

STYLES = ("blobs", "thin", "pieces", "singletons", "stripes")
SIDES = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _planted(n: int, rng: random.Random) -> list[int]:
    """A random placement of n moles, one per row and column, none touching."""
    cols: list[int] = []

    def place(r: int) -> bool:
        if r == n:
            return True
        options = [c for c in range(n) if c not in cols and (not cols or abs(c - cols[-1]) > 1)]
        rng.shuffle(options)
        for c in options:
            cols.append(c)
            if place(r + 1):
                return True
            cols.pop()
        return False

    assert place(0)
    return cols


def awkward(n: int, seed: int, style: str) -> np.ndarray | None:
    """A board with exactly one solution whose turfs are of an awkward ``style``: ``blobs``
    (random growth), ``thin`` (long straight arms), ``pieces`` (turfs split in several
    pieces), ``singletons`` (several one-cell turfs), ``stripes`` (mostly horizontal); None
    when the repairs did not make the solution unique."""
    rng = random.Random(f"{style}:{n}:{seed}")
    cols = _planted(n, rng)
    ids = list(range(n))
    rng.shuffle(ids)
    regions = -np.ones((n, n), np.int32)
    for r, c in enumerate(cols):
        regions[r, c] = ids[r]
    planted = {(r, c) for r, c in enumerate(cols)}
    tiny = rng.randint(1, max(1, n // 4)) if style == "singletons" else 0
    growers = list(ids[tiny:])
    tip = {ids[r]: (r, cols[r]) for r in range(n)}
    heading = {t: rng.choice(SIDES) for t in ids}
    while (regions < 0).any():
        t = rng.choice(growers)
        frontier = [
            (r + dr, c + dc, (dr, dc), (r, c))
            for r, c in zip(*np.nonzero(regions == t), strict=True)
            for dr, dc in SIDES
            if 0 <= r + dr < n and 0 <= c + dc < n and regions[r + dr, c + dc] < 0
        ]
        if not frontier:
            # a turf walled in stays so: it stops growing; holes nobody reaches at the end
            # join a neighbouring turf
            growers.remove(t)
            if not growers:
                for r, c in zip(*np.nonzero(regions < 0), strict=True):
                    near = [
                        regions[r + dr, c + dc]
                        for dr, dc in SIDES
                        if 0 <= r + dr < n and 0 <= c + dc < n and regions[r + dr, c + dc] >= 0
                    ]
                    regions[r, c] = rng.choice(near) if near else rng.choice(ids)
            continue
        if style == "thin":
            ahead = [f for f in frontier if f[3] == tip[t] and f[2] == heading[t]]
            if ahead and rng.random() < 0.85:
                pick = ahead[0]
            else:
                pick = rng.choice([f for f in frontier if f[3] == tip[t]] or frontier)
                heading[t] = pick[2]
        elif style == "stripes":
            flat = [f for f in frontier if f[2][0] == 0]
            pick = rng.choice(flat if flat and rng.random() < 0.9 else frontier)
        else:
            pick = rng.choice(frontier)
        regions[pick[0], pick[1]] = t
        tip[t] = (pick[0], pick[1])
    if style == "pieces":
        for _ in range(2 * n):
            r, c = rng.randrange(n), rng.randrange(n)
            if (r, c) not in planted:
                regions[r, c] = rng.randrange(n)
    # repair: a rival solution's mole moves into another turf, which breaks that rival
    for _ in range(400):
        found, sols = turf._search(regions, 2)
        if found == 1:
            return regions
        rival = sols[0] if list(sols[0]) != cols else sols[1]
        r, c = rng.choice([(r, int(c)) for r, c in enumerate(rival) if (r, int(c)) not in planted])
        others = {
            int(regions[r + dr, c + dc]) for dr, dc in SIDES if 0 <= r + dr < n and 0 <= c + dc < n
        } - {int(regions[r, c])}
        if not others:
            others = set(range(n)) - {int(regions[r, c])}
        regions[r, c] = rng.choice(sorted(others))
    return None


# ----- the fixtures -----------------------------------------------------------------------


def fixtures() -> list[tuple[str, np.ndarray]]:
    boards = [(name, board(rows)) for name, rows in {**STUCK_AT_EMPTY, **STUCK_LATER}.items()]
    boards += [(f"generated {n} seed {s}", turf.generate(n, seed=s)) for n, s in STUCK_GENERATED]
    return boards


@pytest.mark.parametrize("regions", [b for _, b in fixtures()], ids=[n for n, _ in fixtures()])
def test_the_fixtures_have_one_solution_and_need_more_than_level_5(regions) -> None:
    assert turf.count_solutions(regions, limit=2) == 1
    if len(regions) < 15:  # the biggest are played through below, which shows the same
        graded = grade(regions)
        assert graded is not None and graded.level >= 6


@pytest.mark.parametrize("name", sorted(STUCK_AT_EMPTY))
def test_the_empty_board_already_needs_a_deep_technique(name) -> None:
    regions = board(STUCK_AT_EMPTY[name])
    n = len(regions)
    first = solve_steps(regions)
    assert first is not None
    # the first hint beyond level 5 comes before any mole is placed
    moles = 0
    for step in first:
        if LEVELS[step.technique] >= 6:
            break
        moles += step.kind == "mole"
    assert moles == 0, n


@pytest.mark.parametrize("name", ["7 pieces", "8 pieces", "9 pieces", "10 stripes", "12 blobs"])
def test_hints_alone_solve_the_fixtures_judged(name) -> None:
    regions = board({**STUCK_AT_EMPTY, **STUCK_LATER}[name])
    steps = drive(regions, turf.solve(regions), judge=True)
    assert steps is not None
    assert max(LEVELS[s.technique] for s in steps) >= 6


@pytest.mark.parametrize("name", ["13 thin", "15 singletons", "16 blobs"])
def test_hints_alone_solve_the_big_fixtures(name) -> None:
    regions = board(STUCK_LATER[name])
    steps = drive(regions, turf.solve(regions))
    assert steps is not None
    assert max(LEVELS[s.technique] for s in steps) >= 6


def test_hints_alone_solve_the_generated_fixtures_judged() -> None:
    for n, seed in STUCK_GENERATED:
        regions = turf.generate(n, seed=seed)
        assert drive(regions, turf.solve(regions), judge=n <= 11) is not None


# ----- fresh boards, never tuned on -------------------------------------------------------


@pytest.mark.parametrize("n", range(4, 17))
def test_fresh_boards_of_every_size_are_solved_by_hints_alone(n) -> None:
    boards = [turf.generate(n, seed=90_000 + n)]
    for k, style in enumerate(STYLES):
        made = None
        seed = 7_000 + 10 * n + k
        while made is None:
            made = awkward(n, seed, style)
            seed += 1000
        boards.append(made)
    for regions in boards:
        # the judge is a plain search: on the biggest boards it checks the first board only
        judge = n <= 9 or regions is boards[0]
        assert drive(regions, turf.solve(regions), judge=judge) is not None


def random_progress(regions: np.ndarray, solution: np.ndarray, rng: random.Random):
    """Some moles of the solution and some markers off it, as a player might have them."""
    n = len(regions)
    rows = rng.sample(range(n), rng.randint(0, n - 1))
    moles = cells_of(n, [(r, int(solution[r])) for r in rows])
    crossed = empty(n)
    share = rng.random() * 0.8
    for r in range(n):
        for c in range(n):
            if c != solution[r] and rng.random() < share:
                crossed[r, c] = True
    return moles, crossed


@pytest.mark.parametrize("n", [5, 6, 7, 8, 9, 10, 12, 14, 16])
def test_any_correct_progress_gets_a_certain_proved_hint(n) -> None:
    rng = random.Random(n)
    for k in range(6):
        regions = awkward(n, 8_000 + k, STYLES[k % len(STYLES)])
        if regions is None:
            continue
        solution = turf.solve(regions)
        answer = cells_of(n, enumerate(solution))
        for _ in range(4):
            moles, crossed = random_progress(regions, solution, rng)
            for given in (solution, None):
                found = hint(regions, moles, crossed, given)
                assert found is not None and found.kind in ("mole", "cross"), found
                for r, c in found.cells:
                    assert not moles[r, c] and not crossed[r, c]
                    assert answer[r, c] == (found.kind == "mole"), found
            if n <= 10:
                assert evidence_suffices(regions, moles, crossed, found), found


# ----- the new techniques -----------------------------------------------------------------


def first_hint_of(regions: np.ndarray, prefix: str):
    """The board state before the first hint whose technique starts with ``prefix``."""
    n = len(regions)
    solution = turf.solve(regions)
    moles, crossed = empty(n), empty(n)
    while (found := hint(regions, moles, crossed, solution)) is not None:
        if found.technique.startswith(prefix):
            return found, moles, crossed
        target = moles if found.kind == "mole" else crossed
        for r, c in found.cells:
            target[r, c] = True
    raise AssertionError(f"no {prefix} hint")


@pytest.mark.parametrize(
    ("name", "prefix"),
    [("10 stripes", "forcing_chain_"), ("8 pieces", "cases_"), ("8 pieces", "deep_")],
)
def test_each_deep_technique_is_explained_and_proved(name, prefix) -> None:
    regions = board({**STUCK_AT_EMPTY, **STUCK_LATER}[name])
    found, moles, crossed = first_hint_of(regions, prefix)
    assert found.kind == "cross" and len(found.cells) == 1
    assert evidence_suffices(regions, moles, crossed, found)
    # the evidence is what the proof reads, not every unit of the board
    assert len(found.evidence) < 3 * len(regions)
    text = sentence(found)
    assert f"row {found.params['row']}, column {found.params['col']}" in text
    assert "{" not in text
    if prefix == "forcing_chain_":
        assert found.params["count"] == len(found.params["forced"]) >= 3
    if prefix == "cases_":
        assert found.params["count"] == len(found.params["places"]) >= 2
    if prefix == "deep_":
        assert found.params["depth"] >= 2 and found.params["count"] >= 3


def test_a_cases_sentence_names_the_supposed_cell_the_forced_moles_and_each_empty_unit() -> None:
    from core.hints import Hint
    from game.hints import named_cells

    case_one = ((4, 2), ((2, 1), (3, 5)), ("turf", 3))
    case_two = ((7, 1), ((2, 2), (3, 5), (4, 3), (5, 7)), ("row", 6))
    case_three = ((8, 8), (), ("col", 2))
    found = Hint(
        "cross",
        ((0, 3),),
        (("row", 0),),
        "cases_turf",
        {
            "row": 1,
            "col": 4,
            "forced": ((6, 6),),
            "count": 3,
            "turf": 0,
            "places": ((4, 2), (7, 1), (8, 8)),
            "cases": (case_one, case_two, case_three),
        },
    )
    assert sentence(found) == (
        "Suppose a mole at row 1, column 4: it forces a mole onto row 6, column 6. Then the red "
        "turf has only row 4, column 2; row 7, column 1; and row 8, column 8 left for its mole. "
        "A mole at row 4, column 2 would force moles onto row 2, column 1 and row 3, column 5, "
        "and then the green turf would have no place left. A mole at row 7, column 1 would force "
        "moles onto row 2, column 2 and 3 more, and then row 6 would have no place left. A mole "
        "at row 8, column 8 would leave column 2 with no place. Every place fails, so row 1, "
        "column 4 is impossible."
    )
    # the board shows every cell the sentence names or counts, the cut ones too, each once
    assert set(named_cells(found)) == {
        (5, 5), (3, 1), (6, 0), (7, 7), (1, 0), (2, 4), (1, 1), (3, 2), (4, 6)
    }  # fmt: skip
    assert len(named_cells(found)) == 9


def open_cells(regions, crossed, placed, kind: str, i: int) -> list[tuple[int, int]]:
    """The cells of a unit (rows and columns counted from 1) still open to a mole beside the
    moles ``placed``: not crossed, and sharing no row, column or turf with one nor touching."""
    n = len(regions)
    cells = [(r, c) for r in range(n) for c in range(n)]
    unit = {"row": lambda r, c: r == i - 1, "col": lambda r, c: c == i - 1}
    inside = unit.get(kind, lambda r, c: regions[r, c] == i)
    return [
        (r, c)
        for r, c in cells
        if inside(r, c) and not crossed[r, c]
        if not any(
            r == mr
            or c == mc
            or regions[r, c] == regions[mr, mc]
            or max(abs(r - mr), abs(c - mc)) == 1
            for mr, mc in placed
        )
    ]


@pytest.mark.parametrize(("name", "prefix"), [("8 pieces", "cases_"), ("8 pieces", "deep_")])
def test_a_real_split_hint_names_what_it_reasons_about(name, prefix) -> None:
    """The places tried, each one's forced moles and the unit it leaves empty (cases), or
    the units the nested cases leave empty (deep) are those of the refutation itself: each
    case, replayed by the brute-force judge, really leaves that unit with no place."""
    regions = board({**STUCK_AT_EMPTY, **STUCK_LATER}[name])
    found, moles, crossed = first_hint_of(regions, prefix)
    p = found.params
    text = sentence(found)
    for r, c in p["places"]:
        assert str(c if "rows" in p else r) in text
    if prefix == "cases_":
        assert len(p["cases"]) == p["count"] == len(p["places"])
        for (r, c), forced, (kind, i) in p["cases"]:
            assert f"A mole at row {r}, column {c} would" in text
            # the supposed mole, its forced moles and this case's: then the unit has no place
            placed = [(fr - 1, fc - 1) for fr, fc in ((p["row"], p["col"]), *p["forced"])]
            placed += [(r - 1, c - 1)] + [(fr - 1, fc - 1) for fr, fc in forced]
            placed += [tuple(m) for m in np.argwhere(moles)]
            assert open_cells(regions, crossed, placed, kind, i) == [], (found, kind, i)
    else:
        assert p["ends"] and len(set(p["ends"])) == len(p["ends"])
        assert "every case ends with a row, column or turf" in text


# ----- stars ------------------------------------------------------------------------------


def test_stars_follow_the_hardest_technique() -> None:
    seen = {}
    for seed in range(40):
        regions = turf.generate(8, seed=seed)
        graded = grade(regions)
        assert 1 <= graded.stars <= 5
        assert stars(regions) == graded.stars
        seen.setdefault(graded.level, set()).add(graded.stars)
    levels = sorted(seen)
    for low, high in zip(levels, levels[1:], strict=False):
        assert max(seen[low]) <= min(seen[high]) + 1
    for _, rows in STUCK_AT_EMPTY.items():
        assert stars(board(rows)) == 5


def test_stars_rank_fresh_boards_as_a_player_like_solver_does() -> None:
    # the yardstick shares no code with the engine: rules, looking around, then trying
    # (tests/player_turf.py); more stars must mean more of its effort, on boards never tuned on
    graded, efforts = [], []
    for n in (6, 7, 8, 9):
        for seed in range(90_000, 90_020):
            regions = turf.generate(n, seed=seed)
            graded.append(grade(regions).stars)
            found = effort(regions.tolist())
            assert found.solved
            efforts.append(found.score)
    assert len(set(graded)) >= 3
    assert spearman(graded, efforts) >= 0.5


def test_a_board_with_two_solutions_has_no_stars() -> None:
    stripes = np.repeat(np.arange(5), 5).reshape(5, 5)
    assert stars(stripes) is None
