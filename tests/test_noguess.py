"""No-guess boards: certain hints alone open them from the first tap, for every preset."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

from core.demineur import _mines, noguess
from core.demineur._logic import Deducer
from core.demineur.logic import Engine
from core.demineur.rules import PRESETS, Minesweeper
from tests.reference_minesweeper import SplitMix64


def solves(mine: np.ndarray, rows: int, cols: int, mines: int, start: int) -> bool:
    """Do certain deductions alone open every safe cell from ``start`` (padded indices)?"""
    deducer = Deducer(rows, cols, layout=mine)
    deducer.open(start)
    Engine(deducer, mines).run()
    return deducer.opened == rows * cols - mines


def play_by_certain_hints(game: Minesweeper) -> None:
    """Follow only certain hints; fail at the first guess the board asks for."""
    while game.status == "playing":
        hint = game.hint()
        assert hint.kind != "guess", f"the board needs a guess: {hint}"
        for cell in hint.cells:
            if hint.kind == "safe":
                game.reveal(*cell)
            else:
                game.toggle_flag(*cell)


@pytest.mark.parametrize("name", list(PRESETS))
def test_no_guess_boards_open_by_certain_hints_alone(name: str) -> None:
    preset = PRESETS[name]
    seeds = {"marathon": 3, "extreme": 6}.get(name, 15)
    for seed in range(seeds):
        game = Minesweeper(preset.cols, preset.rows, preset.mines, seed=seed, no_guess=True)
        rng = np.random.default_rng(seed)
        first = (int(rng.integers(preset.rows)), int(rng.integers(preset.cols)))
        game.reveal(*first)
        assert game.no_guess_failed is None
        r, c = first
        assert not game.mine_mask[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2].any()
        assert game.mine_mask.sum() == preset.mines
        play_by_certain_hints(game)
        assert game.status == "won"


def test_the_board_is_the_same_for_the_same_seed_and_tap() -> None:
    boards = []
    for _ in range(2):
        game = Minesweeper(30, 16, 60, seed=77, no_guess=True)
        game.reveal(3, 5)
        boards.append(game.mine_mask.copy())
    assert (boards[0] == boards[1]).all()
    other = Minesweeper(30, 16, 60, seed=78, no_guess=True)
    other.reveal(3, 5)
    assert (other.mine_mask != boards[0]).any()


def test_off_by_default_and_the_normal_layout_is_unchanged() -> None:
    game = Minesweeper(16, 10, 25, seed=5)
    assert game.no_guess is False
    game.reveal(4, 4)
    mine = np.zeros(12 * 18, np.uint8)
    _mines.place_mines(mine, 10, 16, 25, 4, 4, 5, np.empty(160, np.int32))
    assert (game.mine_mask == mine.reshape(12, 18)[1:-1, 1:-1].astype(bool)).all()


def test_repairs_turn_boards_that_need_guesses_into_boards_that_do_not() -> None:
    # dense boards where most random layouts need a guess: the repair loop must do the work
    rows, cols, mines = 16, 16, 50
    start = (8 + 1) * (cols + 2) + 8 + 1
    needed_guess = 0
    for seed in range(10):
        plain = np.zeros((rows + 2) * (cols + 2), np.uint8)
        _mines.place_mines(plain, rows, cols, mines, 8, 8, seed, np.empty(rows * cols, np.int32))
        needed_guess += not solves(plain, rows, cols, mines, start)
        game = Minesweeper(cols, rows, mines, seed=seed, no_guess=True)
        game.reveal(8, 8)
        assert game.no_guess_failed is None
        play_by_certain_hints(game)
    assert needed_guess >= 3


def test_a_crowded_board_gives_up_and_falls_back_to_the_normal_rule() -> None:
    game = Minesweeper(30, 16, 200, seed=4, no_guess=True)
    game.reveal(8, 15)
    assert game.no_guess_failed and "too crowded" in game.no_guess_failed
    normal = Minesweeper(30, 16, 200, seed=4)
    normal.reveal(8, 15)
    assert (game.mine_mask == normal.mine_mask).all()
    assert game.status in ("playing", "won")


def lay(rows: int, cols: int, mines: int, r0: int, c0: int, seed: int) -> np.ndarray:
    mine = np.zeros((rows + 2) * (cols + 2), np.uint8)
    noguess.lay_out(mine, rows, cols, mines, r0, c0, seed)
    return mine


def test_the_same_seed_gives_the_same_layout_and_no_clock_or_other_generator_is_read(
    monkeypatch,
) -> None:
    def forbidden(*args, **kwargs):
        raise AssertionError("the no-guess generator read a clock or another random source")

    for name in ("monotonic", "perf_counter", "time", "process_time", "thread_time"):
        monkeypatch.setattr(time, name, forbidden)
        monkeypatch.setattr(time, name + "_ns", forbidden)
    monkeypatch.setattr(random, "Random", forbidden)
    monkeypatch.setattr(random, "getrandbits", forbidden)
    monkeypatch.setattr(np.random, "default_rng", forbidden)
    # dense enough that restarts and repairs (and so every random choice) are needed
    for rows, cols, mines, seed in ((16, 30, 99, 5), (16, 16, 50, 3), (9, 9, 10, 1)):
        first = lay(rows, cols, mines, rows // 2, cols // 2, seed)
        again = lay(rows, cols, mines, rows // 2, cols // 2, seed)
        assert (first == again).all()
        assert int(first.sum()) == mines


def test_different_seeds_give_different_layouts() -> None:
    for rows, cols, mines in ((16, 30, 99), (9, 9, 10)):
        boards = {lay(rows, cols, mines, rows // 2, cols // 2, seed).tobytes() for seed in range(8)}
        assert len(boards) == 8


@pytest.mark.parametrize(
    ("rows", "cols", "mines", "seeds"), [(16, 30, 99, 25), (9, 9, 10, 40), (16, 16, 40, 15)]
)
def test_standard_boards_are_guess_free(rows: int, cols: int, mines: int, seeds: int) -> None:
    start = (rows // 2 + 1) * (cols + 2) + cols // 2 + 1
    for seed in range(seeds):
        mine = lay(rows, cols, mines, rows // 2, cols // 2, seed)
        grid = mine.reshape(rows + 2, cols + 2)
        assert not grid[0].any() and not grid[-1].any()
        assert not grid[:, 0].any() and not grid[:, -1].any()
        assert not grid[rows // 2 : rows // 2 + 3, cols // 2 : cols // 2 + 3].any()
        assert int(mine.sum()) == mines
        assert solves(mine, rows, cols, mines, start)


def test_a_plain_board_that_opens_without_a_guess_is_kept() -> None:
    # the stream starts at the seed, so the first layout tried is place_mines' for that seed
    rows, cols, mines = 9, 9, 10
    start = (4 + 1) * (cols + 2) + 4 + 1
    kept = 0
    for seed in range(20):
        plain = np.zeros((rows + 2) * (cols + 2), np.uint8)
        _mines.place_mines(plain, rows, cols, mines, 4, 4, seed, np.empty(81, np.int32))
        if solves(plain, rows, cols, mines, start):
            assert (lay(rows, cols, mines, 4, 4, seed) == plain).all()
            kept += 1
    assert kept >= 5


def test_the_stream_is_splitmix64_through_the_kernels() -> None:
    stream, reference = noguess.Stream(2024), SplitMix64(2024)
    for n in (1, 2, 7, 1000, 2**40):
        assert stream.below(n) == reference.below(n)
    values = np.arange(50, dtype=np.int32)
    stream.shuffle(values)
    expected = list(range(50))
    for i in range(49, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert values.tolist() == expected
    assert stream.state == reference.state


def test_the_bound_is_on_work_alone(monkeypatch) -> None:
    # a dense board found with the full bound is still found, the same, whatever the bound
    # above the work it took; below it, the generator gives up, leaving the grid empty
    found = lay(16, 16, 100, 8, 8, 0)
    monkeypatch.setattr(noguess, "WORK_LIMIT", noguess.WORK_LIMIT * 3)
    assert (lay(16, 16, 100, 8, 8, 0) == found).all()
    monkeypatch.setattr(noguess, "WORK_LIMIT", 200_000)
    mine = np.zeros(18 * 18, np.uint8)
    with pytest.raises(noguess.NoGuessGiveUp, match="work allowed"):
        noguess.lay_out(mine, 16, 16, 100, 8, 8, 0)
    assert not mine.any()


def test_no_guess_must_be_a_bool() -> None:
    with pytest.raises(ValueError, match="no_guess"):
        Minesweeper(9, 9, 10, no_guess="yes")
