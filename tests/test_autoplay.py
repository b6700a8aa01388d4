"""The autoplayer: legal, reproducible games that end, won most of the time on beginner."""

from __future__ import annotations

import numpy as np

from core.demineur.autoplay import play
from core.demineur.rules import PRESETS, Minesweeper


def test_a_game_is_played_to_its_end_with_legal_moves() -> None:
    for seed in range(20):
        game = Minesweeper(16, 10, 25, seed=seed)
        moves = play(game)
        assert game.over
        assert moves[0] == ("reveal", 5, 8)
        replay = Minesweeper(16, 10, 25, seed=seed)
        for action, r, c in moves:
            if action == "reveal":
                assert replay.reveal(r, c) > 0, "a reveal that changed nothing"
            else:
                replay.toggle_flag(r, c)
        assert replay.status == game.status
        assert (replay.revealed == game.revealed).all()
        # flags go only on mines: the engine proves them before placing them
        assert not (game.flagged & ~game.mine_mask).any()
        if game.status == "lost":
            assert moves[-1][0] == "reveal" and game.mine_mask[moves[-1][1:]]


def test_same_seed_same_moves() -> None:
    first = play(Minesweeper(30, 16, 60, seed=11))
    assert play(Minesweeper(30, 16, 60, seed=11)) == first


def test_it_wins_beginner_like_a_strong_player() -> None:
    preset = PRESETS["beginner"]
    wins = 0
    for seed in range(200):
        game = Minesweeper(preset.cols, preset.rows, preset.mines, seed=seed)
        play(game)
        wins += game.status == "won"
    assert wins / 200 >= 0.9


def test_it_continues_a_game_in_progress_and_lifts_a_wrong_flag() -> None:
    game = Minesweeper(9, 9, 10, seed=21)
    game.reveal(4, 4)
    wrong = tuple(int(x) for x in np.argwhere(~game.mine_mask & ~game.revealed)[0])
    game.toggle_flag(*wrong)
    moves = play(game, flag_mines=False)
    assert all(action == "reveal" or (r, c) == wrong for action, r, c in moves)
    if game.status == "won":
        assert game.revealed[wrong]


def test_a_fixed_layout_is_played_from_a_guess() -> None:
    mask = np.zeros((6, 6), bool)
    mask[0, 0] = mask[5, 5] = True
    game = Minesweeper.from_mines(mask)
    moves = play(game)
    assert game.over and moves[0][0] == "reveal"
