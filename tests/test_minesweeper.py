"""Every rule of the Démineur rule book, each with a test that fails if the rule breaks."""

import copy
import pickle

import numpy as np
import pytest

from core.demineur.rules import PRESETS, Minesweeper


def layout(text: str) -> np.ndarray:
    """A fixed board from a picture: '*' is a mine, '.' a safe cell."""
    return np.array([[ch == "*" for ch in line.split()] for line in text.strip().splitlines()])


def started(text: str, r: int, c: int) -> Minesweeper:
    game = Minesweeper.from_mines(layout(text))
    game.reveal(r, c)
    return game


# ----- presets and sizes -------------------------------------------------------------------


def test_presets_are_the_rule_books_six_levels():
    table = {name: (p.cols, p.rows, p.mines) for name, p in PRESETS.items()}
    assert table == {
        "beginner": (9, 9, 10),
        "intermediate": (16, 10, 25),
        "hard": (20, 12, 40),
        "expert": (30, 16, 60),
        "extreme": (40, 20, 60),
        "marathon": (80, 40, 240),
    }


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_lays_exactly_its_mines(name):
    p = PRESETS[name]
    game = Minesweeper(p.cols, p.rows, p.mines, seed=7)
    game.reveal(p.rows // 2, p.cols // 2)
    assert game.mine_mask.shape == (p.rows, p.cols)
    assert int(game.mine_mask.sum()) == p.mines


@pytest.mark.parametrize(
    "args, words",
    [
        ((0, 9, 1), "columns"),
        ((9, 1001, 1), "rows"),
        ((2, 2, 0), "too small"),
        ((9, 9, 73), "0 to 72"),
        ((9, 9, -1), "0 to 72"),
        ((9.0, 9, 10), "whole number"),
        (("9", 9, 10), "whole number"),
        ((True, 9, 10), "whole number"),
    ],
)
def test_impossible_sizes_are_refused_with_a_clear_message(args, words):
    with pytest.raises(ValueError, match=words):
        Minesweeper(*args)


def test_largest_boards_are_accepted():
    Minesweeper(1000, 1000, 1000 * 1000 - 9, seed=1)
    game = Minesweeper(9, 9, 72, seed=3)
    assert game.reveal(4, 4) == 9  # every cell but the protected square is a mine
    assert game.status == "won"


@pytest.mark.parametrize("cell", [(-1, 0), (0, 9), (9, 0), (0, -1)])
def test_moves_off_the_board_are_refused(cell):
    game = Minesweeper(9, 9, 10, seed=1)
    for move in (game.reveal, game.toggle_flag, game.chord):
        with pytest.raises(ValueError, match="off the board"):
            move(*cell)


def test_a_cell_must_be_given_as_whole_numbers():
    game = Minesweeper(9, 9, 10, seed=1)
    with pytest.raises(ValueError, match="whole number"):
        game.reveal(1.5, 2)
    assert game.reveal(np.int64(4), np.int32(4)) > 0  # numpy integers are whole numbers


# ----- the protected first touch -----------------------------------------------------------


def test_no_layout_exists_before_the_first_touch():
    game = Minesweeper(9, 9, 10, seed=1)
    assert game.status == "ready"
    assert game.counts is None and game.mine_mask is None


@pytest.mark.parametrize(
    "cell, protected", [((4, 4), 9), ((0, 0), 4), ((8, 8), 4), ((0, 4), 6), ((4, 8), 6)]
)
def test_first_touch_square_is_mine_free_and_opens(cell, protected):
    for seed in range(30):
        game = Minesweeper(9, 9, 72, seed=seed)  # as dense as allowed: all else is mined
        opened = game.reveal(*cell)
        r, c = cell
        square = game.mine_mask[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2]
        assert square.size == protected and not square.any()
        assert game.counts[r, c] == 0
        assert opened >= protected
        assert game.revealed[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2].all()


def test_layout_is_deterministic_for_a_seed_and_varies_with_it():
    a, b, c = (Minesweeper(30, 16, 60, seed=s) for s in (5, 5, 6))
    for game in (a, b, c):
        game.reveal(8, 15)
    assert np.array_equal(a.mine_mask, b.mine_mask)
    assert not np.array_equal(a.mine_mask, c.mine_mask)


def test_placement_is_uniform_over_the_allowed_cells():
    # 5x5 board, first touch in the centre: 16 allowed cells, 4 mines each time.
    hits = np.zeros((5, 5))
    games = 4000
    for seed in range(games):
        game = Minesweeper(5, 5, 4, seed=seed)
        game.reveal(2, 2)
        hits += game.mine_mask
    expected = games * 4 / 16
    outside = np.ones((5, 5), bool)
    outside[1:4, 1:4] = False
    assert hits[~outside].sum() == 0
    # each allowed cell is hit 1000 times on average; 5 sigma is about 150
    assert np.abs(hits[outside] - expected).max() < 150


# ----- numbers and the chain reaction ------------------------------------------------------

BOARD = """
* . . . .
. . . . .
. . . * .
. . . . .
"""


def test_numbers_count_the_eight_neighbours():
    game = started(BOARD, 3, 0)
    assert game.counts.tolist() == [
        [0, 1, 0, 0, 0],
        [1, 1, 1, 1, 1],
        [0, 0, 1, 0, 1],
        [0, 0, 1, 1, 1],
    ]


def test_a_zero_opens_its_whole_region_bordered_by_numbers():
    game = started(BOARD, 3, 0)
    assert game.revealed.astype(int).tolist() == [
        [0, 0, 0, 0, 0],
        [1, 1, 1, 0, 0],
        [1, 1, 1, 0, 0],
        [1, 1, 1, 0, 0],
    ]


def test_a_number_opens_only_itself():
    game = started(BOARD, 1, 1)
    assert game.revealed.sum() == 1


def test_an_empty_marathon_board_opens_in_one_touch():
    game = Minesweeper(80, 40, 0, seed=1)
    assert game.reveal(0, 0) == 3200
    assert game.status == "won"


def test_an_empty_million_cell_board_opens_in_one_touch():
    game = Minesweeper(1000, 1000, 0, seed=1)  # the cascade is iterative: no recursion limit
    assert game.reveal(999, 0) == 1_000_000
    assert game.status == "won"


def test_the_cascade_does_not_open_a_flagged_cell():
    game = started(BOARD, 3, 4)  # a number: opens itself only
    game.toggle_flag(3, 0)
    opened = game.reveal(2, 0)
    assert not game.revealed[3, 0] and game.flagged[3, 0]
    assert opened == 8


# ----- flags -------------------------------------------------------------------------------


def test_flags_only_after_the_first_touch():
    game = Minesweeper(9, 9, 10, seed=1)
    assert game.toggle_flag(0, 0) is False
    assert not game.flagged.any() and game.mines_left == 10


def test_a_flag_toggles_and_guards_its_cell():
    game = started(BOARD, 3, 0)
    assert game.toggle_flag(0, 0) is True
    assert game.reveal(0, 0) == 0 and not game.revealed[0, 0]
    assert game.status == "playing"
    assert game.toggle_flag(0, 0) is False and not game.flagged[0, 0]


def test_flags_are_unlimited_and_the_counter_goes_negative():
    game = started(BOARD, 3, 0)
    hidden = list(zip(*np.nonzero(~game.revealed), strict=True))
    for r, c in hidden:
        game.toggle_flag(r, c)
    assert game.mines_left == 2 - len(hidden) < 0


def test_a_revealed_cell_cannot_be_flagged():
    game = started(BOARD, 3, 0)
    assert game.toggle_flag(3, 0) is False and not game.flagged[3, 0]


# ----- chord -------------------------------------------------------------------------------

CHORD = """
* . . . . *
. . . . . .
. . * * . .
. . . . . .
* . . . . *
"""


def test_chord_with_matching_flags_opens_every_hidden_neighbour():
    game = started(CHORD, 0, 1)  # a 1 next to the corner mine
    game.toggle_flag(0, 0)
    opened = game.chord(0, 1)
    assert game.revealed[0, 2] and game.revealed[1, 0] and game.revealed[1, 1]
    assert game.revealed[1, 2]
    # (0, 2) is a zero: the chord's reveal cascades along the top edge up to the 1 at (0, 4)
    assert game.revealed[0, 2:5].all() and not game.revealed[0, 5]
    assert opened == game.revealed.sum() - 1
    assert game.status == "playing"


def test_chord_with_too_few_or_too_many_flags_does_nothing():
    game = started(CHORD, 0, 1)
    before = game.revealed.copy()
    assert game.chord(0, 1) == 0  # no flag
    game.toggle_flag(0, 0)
    game.toggle_flag(1, 1)
    assert game.chord(0, 1) == 0  # two flags on a 1
    assert np.array_equal(game.revealed, before)


def test_chord_with_a_wrong_flag_reveals_the_mine_and_loses():
    game = started(CHORD, 0, 1)
    game.toggle_flag(1, 0)  # wrong: the mine is at (0, 0)
    game.chord(0, 1)
    assert game.status == "lost"
    assert game.exploded == (0, 0) and game.revealed[0, 0]


def test_chord_on_a_hidden_cell_or_a_zero_does_nothing():
    game = started(BOARD, 3, 0)
    assert game.chord(0, 4) == 0
    assert game.chord(3, 0) == 0


def test_chord_can_win_the_game():
    game = started("* .\n. .\n. .", 1, 0)  # a 1
    game.toggle_flag(0, 0)
    assert game.chord(1, 0) == 4
    assert game.status == "won"


# ----- win and loss ------------------------------------------------------------------------


def test_win_as_soon_as_every_safe_cell_is_revealed_without_flags():
    game = started(CHORD, 0, 1)
    mines = layout(CHORD)
    safe = [(r, c) for r in range(5) for c in range(6) if not mines[r, c]]
    for r, c in safe[:-1]:
        game.reveal(r, c)
    if game.status == "playing":
        game.reveal(*safe[-1])
    assert game.status == "won"
    assert not game.flagged.any()
    assert not game.revealed[mines].any()


def test_loss_as_soon_as_a_mine_is_revealed():
    game = started(CHORD, 0, 1)
    assert game.reveal(0, 0) == 1
    assert game.status == "lost" and game.exploded == (0, 0)


def test_an_unprotected_fixed_layout_can_be_lost_on_the_first_touch():
    game = Minesweeper.from_mines(layout(CHORD))
    game.reveal(0, 0)
    assert game.status == "lost"


def test_every_move_is_ignored_after_the_end():
    game = started(CHORD, 0, 1)
    game.reveal(0, 0)
    snapshot = (game.revealed.copy(), game.flagged.copy())
    assert game.reveal(1, 1) == 0
    assert game.toggle_flag(2, 2) is False
    assert game.chord(0, 1) == 0
    assert np.array_equal(game.revealed, snapshot[0])
    assert np.array_equal(game.flagged, snapshot[1])


def test_public_arrays_cannot_be_changed_from_outside():
    game = started(BOARD, 3, 0)
    with pytest.raises(ValueError, match="read-only"):
        game.revealed[0, 0] = True
    with pytest.raises(ValueError, match="read-only"):
        game.mine_mask[0, 0] = False


def test_from_mines_refuses_bad_layouts():
    with pytest.raises(ValueError, match="2-D array of booleans"):
        Minesweeper.from_mines([[0, 1], [1, 0]])
    with pytest.raises(ValueError, match="no safe cell"):
        Minesweeper.from_mines(np.ones((3, 3), bool))


# ----- copies ------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copied_game_plays_on_its_own(how):
    """A copy (a replay's checkpoint, a solver trying a move) plays by the rules on its own
    grids: a reveal in it opens its cells and counts towards its win, and the original does
    not move."""
    game = started(BOARD, 1, 1)  # a number: one cell open
    twin = copy.deepcopy(game) if how == "deepcopy" else pickle.loads(pickle.dumps(game))
    assert twin.reveal(3, 0) == 8  # the zero's region, as in the original
    assert twin.revealed.sum() == 9 and game.revealed.sum() == 1
    assert twin.safe_left == game.safe_left - 8
    twin.toggle_flag(0, 4)
    assert twin.flagged[0, 4] and not game.flagged[0, 4]
    assert game.reveal(3, 0) == 8  # the original plays on as before
