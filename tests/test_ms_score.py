"""3BV and the figures the Démineur end screen shows."""

import numpy as np
import pytest

from core.demineur.rules import Minesweeper
from core.demineur.score import efficiency, three_bv, three_bv_per_second
from tests.reference_minesweeper import three_bv as reference_three_bv


def test_three_bv_of_a_small_board_by_hand():
    board = ["*....", ".....", "...*.", "....."]
    mask = np.array([[ch == "*" for ch in line] for line in board])
    # two openings (top right, bottom left) and three numbers no opening touches
    assert three_bv(mask) == (5, 0)


def test_an_empty_board_is_one_click_and_a_checkerboard_of_numbers_one_each():
    assert three_bv(np.zeros((1000, 1000), bool))[0] == 1
    mask = np.zeros((3, 3), bool)
    mask[1, 1] = True
    assert three_bv(mask)[0] == 8


def test_three_bv_matches_the_reference_on_random_boards():
    rng = np.random.default_rng(7)
    for _ in range(300):
        rows, cols = rng.integers(1, 20, size=2)
        mask = rng.random((rows, cols)) < rng.random() * 0.5
        shown = rng.random((rows, cols)) < rng.random()
        assert three_bv(mask, shown) == reference_three_bv(mask.tolist(), shown.tolist())


def test_a_lost_game_is_scored_on_the_part_solved():
    board = ["*....", ".....", "...*.", "....."]
    mask = np.array([[ch == "*" for ch in line] for line in board])
    game = Minesweeper.from_mines(mask)
    game.reveal(0, 3)  # opens the top-right opening (one click of five)
    assert three_bv(mask, game.revealed) == (5, 1)
    game.reveal(3, 4)  # a lone number
    assert three_bv(mask, game.revealed) == (5, 2)
    game.reveal(2, 3)  # the mine
    assert three_bv(mask, game.revealed) == (5, 2)


def test_rates():
    assert three_bv_per_second(30, 15_000) == pytest.approx(2.0)
    assert three_bv_per_second(30, 0) == 0.0
    assert efficiency(30, 40) == pytest.approx(0.75)
    assert efficiency(30, 0) == 0.0


def test_a_layout_must_be_booleans():
    with pytest.raises(ValueError, match="booleans"):
        three_bv(np.zeros((3, 3), int))
