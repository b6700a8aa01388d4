"""The Cython kernels against the plain-Python reference, and properties over random play."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from core.demineur.rules import Minesweeper
from tests.reference_minesweeper import ReferenceGame

MOVES = st.lists(
    st.tuples(
        st.sampled_from(["reveal", "flag", "chord"]), st.integers(0, 999), st.integers(0, 999)
    ),
    max_size=60,
)


def play_both(cols, rows, mines, seed, first, moves):
    game = Minesweeper(cols, rows, mines, seed=seed)
    ref = ReferenceGame(cols, rows, mines, seed=seed)
    results = [(game.reveal(*first), ref.reveal(*first))]
    for name, r, c in moves:
        r, c = r % rows, c % cols
        if name == "reveal":
            results.append((game.reveal(r, c), ref.reveal(r, c)))
        elif name == "flag":
            results.append((game.toggle_flag(r, c), ref.toggle_flag(r, c)))
        else:
            results.append((game.chord(r, c), ref.chord(r, c)))
    return game, ref, results


def assert_same(game: Minesweeper, ref: ReferenceGame) -> None:
    assert np.array_equal(game.mine_mask, np.array(ref.layout))
    assert np.array_equal(game.counts, np.array(ref.counts))
    assert np.array_equal(game.revealed, np.array(ref.revealed))
    assert np.array_equal(game.flagged, np.array(ref.flagged))
    assert game.status == ref.status
    assert game.exploded == ref.exploded


def test_kernels_match_the_reference_on_many_random_boards():
    rng = np.random.default_rng(2024)
    for seed in range(300):
        cols, rows = int(rng.integers(3, 25)), int(rng.integers(3, 25))
        mines = int(rng.integers(0, cols * rows - 9 + 1))
        first = (int(rng.integers(rows)), int(rng.integers(cols)))
        moves = [
            (
                str(rng.choice(["reveal", "flag", "chord"])),
                int(rng.integers(rows)),
                int(rng.integers(cols)),
            )
            for _ in range(40)
        ]
        game, ref, results = play_both(cols, rows, mines, seed, first, moves)
        assert [a for a, _ in results] == [b for _, b in results]
        assert_same(game, ref)


def test_cascade_matches_the_reference_on_sparse_marathon_boards():
    for seed in range(20):
        game, ref, results = play_both(80, 40, 240, seed, (20, 40), [])
        assert results[0][0] == results[0][1]
        assert_same(game, ref)


@settings(max_examples=150, deadline=None)
@given(
    cols=st.integers(3, 16),
    rows=st.integers(3, 16),
    density=st.floats(0, 1),
    seed=st.integers(0, 2**64 - 1),
    first=st.tuples(st.integers(0, 999), st.integers(0, 999)),
    moves=MOVES,
)
def test_rules_hold_over_random_move_sequences(cols, rows, density, seed, first, moves):
    mines = int(density * (cols * rows - 9))
    first = (first[0] % rows, first[1] % cols)
    game, ref, results = play_both(cols, rows, mines, seed, first, moves)
    assert [a for a, _ in results] == [b for _, b in results]
    assert_same(game, ref)

    mask, revealed, flagged = game.mine_mask, game.revealed, game.flagged
    r0, c0 = first
    assert not mask[max(r0 - 1, 0) : r0 + 2, max(c0 - 1, 0) : c0 + 2].any()
    assert game.mines_left == mines - int(flagged.sum())
    assert not (revealed & flagged).any()
    if game.status != "lost":
        assert not (revealed & mask).any()
        assert game.exploded is None
    else:
        assert mask[game.exploded] and revealed[game.exploded]
    if game.status != "lost":
        assert (game.status == "won") == bool(revealed[~mask].all())
    assert game.safe_left == int((~revealed & ~mask).sum())
