"""No-guess boards: certain hints alone open them from the first tap, for every preset."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from core.demineur import _mines, noguess
from core.demineur.rules import PRESETS, Minesweeper


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
        needed_guess += not noguess.solves(plain, rows, cols, mines, start)
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


def test_an_injected_clock_bounds_the_search() -> None:
    ticks = itertools.count(0.0, 5.0)  # every reading is five seconds later
    mine = np.zeros(42 * 82, np.uint8)
    with pytest.raises(noguess.NoGuessGiveUp):
        noguess.lay_out(mine, 40, 80, 900, 20, 40, 1, clock=lambda: next(ticks), time_limit=1.0)
    assert not mine.any()


def test_no_guess_must_be_a_bool() -> None:
    with pytest.raises(ValueError, match="no_guess"):
        Minesweeper(9, 9, 10, no_guess="yes")
