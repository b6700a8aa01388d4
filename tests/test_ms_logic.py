"""The Démineur engine: certain hints are never wrong and follow from their evidence alone,
probabilities match brute-force counting, and the hint speaks of what the board lacks."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from core.demineur import logic as ms_logic
from core.demineur.logic import Analysis
from core.demineur.rules import PRESETS, Minesweeper
from game.hints import DEMINEUR as TECHNIQUES
from game.hints import sentence

# ----- a plain reference: arrangements of mines that satisfy some revealed numbers ---------


def neighbours(r: int, c: int, rows: int, cols: int) -> list[tuple[int, int]]:
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


def arrangements(game: Minesweeper, numbers: list[tuple[int, int]]):
    """Yield (cells, mines) for every assignment of the hidden cells around ``numbers``
    that meets each of those numbers."""
    hidden = ~game.revealed
    cells = sorted(
        {n for r, c in numbers for n in neighbours(r, c, game.rows, game.cols) if hidden[n]}
    )
    where = {cell: k for k, cell in enumerate(cells)}
    constraints = [
        (
            int(game.counts[r, c]),
            [where[n] for n in neighbours(r, c, game.rows, game.cols) if hidden[n]],
        )
        for r, c in numbers
    ]
    by_cell: list[list[int]] = [[] for _ in cells]
    for k, (_, members) in enumerate(constraints):
        for m in members:
            by_cell[m].append(k)
    value = [0] * len(cells)

    def fits(k: int, upto: int) -> bool:
        target, members = constraints[k]
        placed = sum(value[m] for m in members if m <= upto)
        open_ = sum(1 for m in members if m > upto)
        return placed <= target <= placed + open_

    def walk(p: int):
        if p == len(cells):
            yield cells, tuple(value)
            return
        for v in (0, 1):
            value[p] = v
            if all(fits(k, p) for k in by_cell[p]):
                yield from walk(p + 1)
        value[p] = 0

    yield from walk(0)


def follows_from_evidence(game: Minesweeper, hint) -> bool:
    """Does the hint's conclusion hold in every arrangement its evidence allows?"""
    numbers = [(r, c) for kind, *rc in hint.evidence if kind == "number" for r, c in [rc]]
    use_total = ("total",) in hint.evidence
    want = 1 if hint.kind == "mine" else 0
    hidden_total = int((~game.revealed).sum())
    possible = False
    for cells, mines in arrangements(game, numbers):
        outside = hidden_total - len(cells)
        left = game.mines - sum(mines)
        if use_total and not 0 <= left <= outside:
            continue
        possible = True
        where = dict(zip(cells, mines, strict=True))
        for cell in hint.cells:
            if cell in where:
                if where[cell] != want:
                    return False
            elif not use_total or left != want * outside:
                return False
    return possible


def positions(preset_rows: int, preset_cols: int, mines: int, seed: int, follow: int = 200):
    """Seeded positions of one game, with the hint at each: start, then alternate following
    the hint and random safe reveals."""
    rng = np.random.default_rng(seed)
    game = Minesweeper(preset_cols, preset_rows, mines, seed=seed)
    game.reveal(int(rng.integers(preset_rows)), int(rng.integers(preset_cols)))
    for _ in range(follow):
        if game.status != "playing":
            return
        hint = game.hint()
        board = np.stack([game.revealed, game.flagged])
        yield game, hint
        if game.status != "playing":
            return
        if (np.stack([game.revealed, game.flagged]) != board).any():
            hint = game.hint()  # the caller moved
        if hint.kind == "mine":
            for cell in hint.cells:
                game.toggle_flag(*cell)
        elif hint.kind == "safe" and rng.random() < 0.7:
            game.reveal(*hint.cells[int(rng.integers(len(hint.cells)))])
        else:
            safe = np.argwhere(~game.mine_mask & ~game.revealed & ~game.flagged)
            game.reveal(*safe[int(rng.integers(len(safe)))])


# ----- certain hints -----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
def test_certain_hints_are_never_wrong(name: str) -> None:
    preset = PRESETS[name]
    checked, seed = 0, 0
    while checked < 1000:
        seed += 1
        for game, hint in positions(preset.rows, preset.cols, preset.mines, seed):
            assert hint is not None
            if hint.kind in ("safe", "mine"):
                truth = game.mine_mask[tuple(np.array(hint.cells).T)]
                assert truth.all() if hint.kind == "mine" else not truth.any(), hint
                checked += 1


def test_certain_hints_follow_from_their_evidence_alone() -> None:
    techniques = set()
    for seed in range(75):
        rng = np.random.default_rng(seed)
        rows, cols = int(rng.integers(5, 8)), int(rng.integers(5, 8))
        mines = max(1, int(rows * cols * (0.12, 0.2, 0.28)[seed % 3]))
        for game, hint in positions(rows, cols, mines, 1000 + seed, follow=40):
            if hint.kind == "guess":
                continue
            techniques.add(hint.technique)
            assert follows_from_evidence(game, hint), hint
            # and the evidence is not padded with every number on the board
            assert len(hint.evidence) <= int((game.revealed & (game.counts > 0)).sum()) + 1
    assert {"satisfied", "all_mines"} <= techniques
    assert techniques & {"subset_safe", "subset_mine", "overlap_safe", "overlap_mine"}
    assert techniques & {"group_safe", "group_mine"}


def board(picture: str) -> Minesweeper:
    """A fixed layout from a picture: '*' mine, '.' hidden safe cell, '#' revealed cell."""
    lines = [line.strip() for line in picture.strip().splitlines()]
    mask = np.array([[ch == "*" for ch in line] for line in lines])
    shown = np.array([[ch == "#" for ch in line] for line in lines])
    game = Minesweeper.from_mines(mask)
    for r, c in np.argwhere(shown):
        game.reveal(r, c)
    assert (game.revealed == shown).all(), "the picture opens more than it shows"
    return game


def test_a_flagged_mine_is_not_news() -> None:
    """After the player flags a proved mine, the next hint is about something else."""
    flagged_then = 0
    for seed in range(20):
        for game, hint in positions(8, 8, 12, 1500 + seed, follow=30):
            if hint.kind != "mine":
                continue
            for cell in hint.cells:
                game.toggle_flag(*cell)
            after = game.hint()
            assert not set(after.cells) & set(hint.cells)
            if after.kind != "guess":
                assert follows_from_evidence(game, after)
            flagged_then += 1
    assert flagged_then > 20


def test_a_wrong_flag_is_only_an_opinion() -> None:
    """A safe cell flagged by mistake never counts as a mine; the hint proves it safe."""
    pointed_out = 0
    for seed in range(40):
        rng = np.random.default_rng(seed)
        game = Minesweeper(9, 9, 10, seed=2000 + seed)
        game.reveal(4, 4)
        safe = np.argwhere(~game.mine_mask & ~game.revealed)
        if not len(safe):
            continue
        wrong = tuple(int(x) for x in safe[int(rng.integers(len(safe)))])
        game.toggle_flag(*wrong)
        while game.status == "playing":
            hint = game.hint()
            if hint.kind in ("safe", "mine"):
                truth = game.mine_mask[tuple(np.array(hint.cells).T)]
                assert truth.all() if hint.kind == "mine" else not truth.any()
            if hint.kind == "mine":
                for cell in hint.cells:
                    game.toggle_flag(*cell)
                continue
            for cell in hint.cells[:1] if hint.kind == "guess" else hint.cells:
                if game.flagged[cell]:
                    pointed_out += cell == wrong
                    game.toggle_flag(*cell)
                game.reveal(*cell)
    assert pointed_out > 10


def test_the_total_count_decides_a_walled_in_cell() -> None:
    game = board(
        """
        .*##
        **##
        ####
        """
    )
    hint = game.hint()
    assert hint.kind == "mine" and hint.technique == "all_mines"
    for cell in [(0, 1), (1, 0), (1, 1)]:
        game.toggle_flag(*cell)
    hint = game.hint()
    assert (hint.kind, hint.cells, hint.technique) == ("safe", ((0, 0),), "total_safe")
    assert hint.evidence[-1] == ("total",)
    assert follows_from_evidence(game, hint)


def test_a_game_over_has_no_hint_and_a_new_game_points_at_the_first_touch() -> None:
    game = Minesweeper(9, 9, 10, seed=3)
    hint = game.hint()
    assert hint.kind == "safe" and hint.technique == "first_touch"
    game.reveal(*hint.cells[0])
    assert game.status == "playing" and game.revealed.sum() >= 9
    game.reveal(*np.argwhere(game.mine_mask)[0])
    assert game.hint() is None


# ----- guesses and probabilities -----------------------------------------------------------


def brute_probabilities(game: Minesweeper) -> dict[tuple[int, int], Fraction]:
    numbers = [tuple(rc) for rc in np.argwhere(game.revealed & (game.counts > 0))]
    hidden = int((~game.revealed).sum())
    weight_total = Fraction(0)
    per_cell: dict[tuple[int, int], Fraction] = {}
    cells: list = []
    interior_mines = Fraction(0)
    for cells, mines in arrangements(game, numbers):
        outside = hidden - len(cells)
        left = game.mines - sum(mines)
        if not 0 <= left <= outside:
            continue
        w = Fraction(comb(outside, left))
        weight_total += w
        for cell, m in zip(cells, mines, strict=True):
            per_cell[cell] = per_cell.get(cell, Fraction(0)) + w * m
        if outside:
            interior_mines += w * Fraction(left, outside)
    result = {cell: per_cell.get(cell, Fraction(0)) / weight_total for cell in cells}
    for cell in map(tuple, np.argwhere(~game.revealed)):
        result.setdefault(cell, interior_mines / weight_total)
    return result


def test_probabilities_match_brute_force_counting() -> None:
    compared = 0
    for seed in range(30):
        rng = np.random.default_rng(seed)
        rows, cols = int(rng.integers(4, 7)), int(rng.integers(4, 7))
        mines = int(rng.integers(3, rows * cols // 3))
        for game, _ in itertools.islice(positions(rows, cols, mines, 500 + seed, follow=8), 4):
            analysis = Analysis(game.revealed, game.counts, game.mines)
            analysis.solve()
            prob, approximate = analysis.probabilities()
            assert not approximate
            expected = brute_probabilities(game)
            for cell, p in expected.items():
                if np.isnan(prob[cell]):  # decided: the brute force must agree it is certain
                    assert p == (1 if cell in analysis.mine_cells() else 0)
                else:
                    assert prob[cell] == pytest.approx(float(p), abs=1e-9)
                compared += 1
    assert compared > 300


def test_a_true_fifty_fifty_is_a_guess_at_one_half() -> None:
    game = board(
        """
        *#
        .#
        """
    )
    hint = game.hint()
    assert hint.kind == "guess" and hint.technique == "guess"
    assert hint.params["probability"] == pytest.approx(0.5)
    assert hint.params["percent"] == 50 and not hint.params["approximate"]
    assert hint.cells[0] in ((0, 0), (1, 0))


def plain_guess(monkeypatch) -> None:
    """The guess without the look-ahead, the 50/50 rules or the end-game search."""
    monkeypatch.setattr(ms_logic, "LOOKAHEAD_CANDIDATES", 1)
    monkeypatch.setattr(ms_logic, "ENDGAME_SOLUTIONS", 0)


def test_the_plain_guess_picks_the_least_risky_cell(monkeypatch) -> None:
    plain_guess(monkeypatch)
    guesses = 0
    for seed in range(40):
        for game, hint in positions(6, 6, 8, 900 + seed, follow=30):
            if hint.kind != "guess":
                continue
            expected = brute_probabilities(game)
            best = min(expected.values())
            assert expected[hint.cells[0]] == best
            assert hint.params["probability"] == pytest.approx(float(best))
            guesses += 1
    assert guesses > 20


def test_the_guess_tells_its_exact_risk_and_is_the_same_each_time() -> None:
    guesses = riskier = 0
    for seed in range(40):
        for game, hint in positions(6, 6, 8, 900 + seed, follow=30):
            if hint.kind != "guess":
                continue
            expected = brute_probabilities(game)
            chosen = expected[hint.cells[0]]
            assert hint.params["probability"] == pytest.approx(float(chosen))
            assert hint.technique == "guess" and hint.kind == "guess"
            assert abs(hint.params["percent"] - float(chosen) * 100) <= 1
            assert game.hint() == hint  # the same position, the same guess
            guesses += 1
            riskier += chosen > min(expected.values())
    assert guesses > 20 and riskier < guesses  # mostly the safest, not always


def reference_win_chance(game: Minesweeper) -> tuple[Fraction, set[tuple[int, int]]]:
    """Best play from here, by a plain game-tree search over every layout left: the chance
    to win and the cells that achieve it (a cell safe in every layout is opened for free)."""
    hidden = [tuple(rc) for rc in np.argwhere(~game.revealed)]
    rows, cols = game.rows, game.cols
    layouts = []
    for chosen in itertools.combinations(range(len(hidden)), game.mines):
        mines = {hidden[k] for k in chosen}
        if all(
            sum(n in mines for n in neighbours(r, c, rows, cols)) == game.counts[r, c]
            for r, c in map(tuple, np.argwhere(game.revealed))
        ):
            layouts.append(frozenset(mines))

    def shown(cell, mines):
        return sum(n in mines for n in neighbours(*cell, rows, cols))

    memo: dict = {}

    def win(options: frozenset, opened: frozenset) -> Fraction:
        if len(options) == 1:
            return Fraction(1)
        key = (options, opened)
        if key in memo:
            return memo[key]
        for cell in hidden:
            if cell not in opened and all(cell not in m for m in options):
                parts: dict[int, set] = {}
                for m in options:
                    parts.setdefault(shown(cell, m), set()).add(m)
                memo[key] = sum(
                    Fraction(len(p), len(options)) * win(frozenset(p), opened | {cell})
                    for p in parts.values()
                )
                return memo[key]
        memo[key] = max(try_cell(cell, options, opened) for cell in hidden if cell not in opened)
        return memo[key]

    def try_cell(cell, options, opened) -> Fraction:
        parts: dict[int, set] = {}
        for m in options:
            if cell not in m:
                parts.setdefault(shown(cell, m), set()).add(m)
        return sum(
            Fraction(len(p), len(options)) * win(frozenset(p), opened | {cell})
            for p in parts.values()
        )

    everything = frozenset(layouts)
    chances = {cell: try_cell(cell, everything, frozenset()) for cell in hidden}
    best = max(chances.values())
    return best, {cell for cell, chance in chances.items() if chance == best}


def test_the_end_game_guess_wins_as_often_as_best_play_can() -> None:
    checked = 0
    for seed in range(60):
        for game, hint in positions(5, 5, 5, 3000 + seed, follow=30):
            if hint.kind != "guess" or int((~game.revealed).sum()) > 14:
                continue
            best, cells = reference_win_chance(game)
            assert hint.cells[0] in cells, (seed, best)
            # the chance itself, as the solver benchmark reports it ("best possible")
            analysis = Analysis(game.revealed, game.counts, game.mines)
            analysis.solve()
            assert analysis.win_chance() == pytest.approx(float(best))
            checked += 1
            break
    assert checked >= 10


def test_an_unavoidable_fifty_fifty_is_taken_before_a_safer_guess(monkeypatch) -> None:
    # two rows: the left column holds one mine that no cell can ever tell apart, walled in by
    # the board's edges; the hidden right part is safer per cell but has to be guessed too
    mines = np.zeros((2, 16), bool)
    mines[0, 0] = mines[0, 4] = True
    mines[1, 9] = mines[0, 13] = mines[1, 15] = True
    game = Minesweeper.from_mines(mines)
    for c in range(1, 4):
        game.reveal(0, c)
        game.reveal(1, c)
    monkeypatch.setattr(ms_logic, "ENDGAME_SOLUTIONS", 0)
    hint = game.hint()
    assert hint.kind == "guess"
    assert hint.cells[0] in ((0, 0), (1, 0))
    assert hint.params["percent"] == 50
    plain_guess(monkeypatch)
    assert game.hint().cells[0] not in ((0, 0), (1, 0))


def test_a_group_too_large_to_count_is_estimated_and_said_so(monkeypatch) -> None:
    monkeypatch.setattr(ms_logic, "COUNT_BUDGET", 3)
    seen_estimate = False
    for seed in range(30):
        for game, hint in positions(10, 10, 22, 700 + seed, follow=30):
            if hint.kind == "guess":
                assert 0.0 <= hint.params["probability"] <= 1.0
                seen_estimate |= hint.params["approximate"]
                assert (hint.technique == "guess_approx") == hint.params["approximate"]
            else:
                truth = game.mine_mask[tuple(np.array(hint.cells).T)]
                assert truth.all() if hint.kind == "mine" else not truth.any()
    assert seen_estimate


def test_a_dense_board_with_an_estimated_group_still_gets_a_hint() -> None:
    """A group too large to count is estimated by a rounded mine count; on this dense board
    (10x10, 30 mines) that count once left no total agreeing with the mines left, and the
    Hint button crashed the game (a division by zero)."""
    guesses = 0
    for game, hint in positions(10, 10, 30, 939):
        if hint.kind == "guess":
            guesses += 1
            assert 0.0 <= hint.params["probability"] <= 1.0
        else:
            truth = game.mine_mask[tuple(np.array(hint.cells).T)]
            assert truth.all() if hint.kind == "mine" else not truth.any()
    assert guesses


# ----- sentences ---------------------------------------------------------------------------


def test_every_hint_has_a_sentence_its_params_fill() -> None:
    used = set()
    for seed in range(30):
        for game, hint in positions(9, 9, 16, 300 + seed, follow=60):
            assert hint.technique in TECHNIQUES
            assert "{" not in sentence(hint)
            used.add(hint.technique)
            # rows and columns are counted from 1, as players do
            if hint.kind == "guess":
                assert (hint.params["row"] - 1, hint.params["col"] - 1) == hint.cells[0]
            elif "row" in hint.params:
                number = ("number", hint.params["row"] - 1, hint.params["col"] - 1)
                assert number in hint.evidence
                assert game.counts[number[1:]] == hint.params["value"]
    assert {"satisfied", "all_mines", "guess"} <= used


def test_the_guess_passes_over_the_safest_cell_when_it_can_tell_nothing() -> None:
    # the bottom row: (5, 2) is the safest hidden cell, but if it is safe it can only show a
    # 2 (the 3 above it sees all its hidden neighbours, and two of the 3's mines are proved
    # at (3, 1) and (4, 1)), so opening it teaches nothing and another guess follows; the hint
    # takes a slightly riskier cell whose number can settle its neighbours
    game = board(
        """
        .###*..
        *####*.
        #####..
        .*###..
        .*###**
        .*..*..
        """
    )
    hint = game.hint()
    while hint.kind == "mine":  # the player flags what the hints prove, then asks again
        for cell in hint.cells:
            game.toggle_flag(*cell)
        hint = game.hint()
    chances = brute_probabilities(game)
    safest = min(chances, key=chances.get)
    assert safest == (5, 2) and hint.kind == "guess" and hint.cells[0] != safest
    chosen = hint.cells[0]
    assert chances[chosen] - chances[safest] < Fraction(1, 10)
    assert hint.params["probability"] == pytest.approx(float(chances[chosen]))
    numbers = [tuple(rc) for rc in np.argwhere(game.revealed & (game.counts > 0))]
    hidden = int((~game.revealed).sum())
    shown = set()
    for cells, mines in arrangements(game, numbers):
        left = game.mines - sum(mines)
        if not 0 <= left <= hidden - len(cells):
            continue
        layout = dict(zip(cells, mines, strict=True))
        if not layout[safest]:
            shown.add(sum(layout.get(n, 0) for n in neighbours(*safest, game.rows, game.cols)))
    assert len(shown) == 1


def test_the_proved_mines_are_every_unflagged_mine_proved_and_follow_from_their_evidence():
    """The attract mode's flag step: every mine the rules prove, without a flag yet, as one
    hint whose evidence alone proves each of them (not merely the numbers beside them)."""
    steps = 0
    for seed in range(40):
        for game, _hint in positions(7, 7, 10, 2000 + seed, follow=30):
            analysis = Analysis(game.revealed, game.counts, game.mines)
            step = analysis.proved_mines(game.flagged)
            proved = {c for c in analysis.mine_cells() if not game.flagged[c]}
            if step is None:
                assert not proved
                continue
            steps += 1
            assert step.kind == "mine" and set(step.cells) == proved
            assert game.mine_mask[tuple(np.array(step.cells).T)].all()
            assert follows_from_evidence(game, step), step
    assert steps > 50
