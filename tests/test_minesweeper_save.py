"""A saved unfinished Démineur game comes back exactly; a damaged one is refused."""

import json

import numpy as np
import pytest

from core.demineur.rules import Minesweeper


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def same_state(a, b):
    assert (a.cols, a.rows, a.mines, a.seed, a.status) == (
        b.cols,
        b.rows,
        b.mines,
        b.seed,
        b.status,
    )
    assert (a.revealed == b.revealed).all() and (a.flagged == b.flagged).all()
    assert (a.mine_mask == b.mine_mask).all() and (a.counts == b.counts).all()
    assert a.mines_left == b.mines_left and a.safe_left == b.safe_left
    assert a.exploded == b.exploded


def played(seed=5):
    clock = FakeClock()
    game = Minesweeper(16, 10, 25, seed=seed, clock=clock)
    game.reveal(4, 7)
    hidden = np.argwhere(~game.revealed & ~game.mine_mask)
    mine = np.argwhere(game.mine_mask)[0]
    game.toggle_flag(*mine)
    clock.now += 12.5
    return game, clock, hidden


def test_a_game_in_progress_survives_a_round_trip_through_json():
    game, clock, hidden = played()
    saved = json.loads(json.dumps(game.to_dict()))
    back = Minesweeper.from_dict(saved, clock=clock)
    same_state(game, back)
    assert back.elapsed_ms == 12500  # the time played so far, the clock paused
    clock.now += 30
    assert back.elapsed_ms == 12500
    back.resume()
    clock.now += 2
    assert back.elapsed_ms == 14500
    # the restored game plays on exactly like the original
    r, c = hidden[0]
    assert back.reveal(r, c) == game.reveal(r, c)
    same_state(game, back)


def test_the_time_played_comes_back_to_the_millisecond_however_often_it_is_saved():
    game, clock, _ = played()
    for ms in (1001, 4003, 59_999, 123_457):  # each lost a millisecond to float rounding
        data = {**game.to_dict(), "elapsed_ms": ms}
        for _ in range(3):  # the program saves on every close and resumes on every start
            data = Minesweeper.from_dict(data, clock=clock).to_dict()
        assert data["elapsed_ms"] == ms
    back = Minesweeper.from_dict({**game.to_dict(), "elapsed_ms": 1001}, clock=clock)
    back.resume()
    clock.now += 0.25
    assert back.elapsed_ms == 1251


def test_finished_and_unstarted_games_round_trip():
    game, clock, _ = played()
    mine = tuple(np.argwhere(game.mine_mask & ~game.flagged)[0])
    game.reveal(*mine)
    back = Minesweeper.from_dict(game.to_dict(), clock=clock)
    same_state(game, back)
    assert back.status == "lost" and back.exploded == mine
    fresh = Minesweeper(9, 9, 10, seed=3)
    back = Minesweeper.from_dict(fresh.to_dict())
    assert back.status == "ready" and back.mine_mask is None
    assert back.reveal(4, 4) == fresh.reveal(4, 4)  # the same seed lays the same board


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda d: d.pop("revealed"), "lacks"),
        (lambda d: d.update(status="paused"), "status"),
        (lambda d: d.update(elapsed_ms=-1), "time"),
        (lambda d: d.update(revealed=d["revealed"][:-1]), "revealed grid"),
        (lambda d: d.update(layout=["1" * 16] * 10), "mines, not 25"),
        (lambda d: d.update(flagged=d["revealed"]), "flag on a revealed"),
        (lambda d: d.update(status="won"), "does not match"),
        (lambda d: d.update(exploded=[0, 0]), "not lost"),
        (lambda d: d.update(cols=2000), "columns"),
    ],
)
def test_a_damaged_save_is_refused_with_a_reason(damage, message):
    game, _clock, _ = played()
    data = game.to_dict()
    damage(data)
    with pytest.raises(ValueError, match=message):
        Minesweeper.from_dict(data)


def test_a_fixed_layout_round_trips_before_and_after_its_first_touch():
    # fixed layouts may be smaller or denser than a seeded board allows (no protected square)
    for mask in (
        np.array([[True, False, False], [False, False, False], [False, False, True]]),
        np.array([[True] * 5, [True] * 5, [True, True, False, True, True], [True] * 5]),
        np.eye(6, dtype=bool),
    ):
        game = Minesweeper.from_mines(mask)
        back = Minesweeper.from_dict(json.loads(json.dumps(game.to_dict())))
        assert back.status == "ready" and back.seed is None
        assert (back.mine_mask == mask).all()
        safe = tuple(np.argwhere(~mask)[-1])
        game.reveal(*safe)
        back = Minesweeper.from_dict(json.loads(json.dumps(game.to_dict())))
        same_state(game, back)


def test_a_damaged_fixed_layout_save_is_refused():
    data = Minesweeper.from_mines(np.eye(6, dtype=bool)).to_dict()
    for key, value, words in (
        ("mines", 5, "6 mines, not 5"),
        ("layout", None, "layout grid"),
        ("no_guess", True, "no-guess"),
    ):
        with pytest.raises(ValueError, match=words):
            Minesweeper.from_dict({**data, key: value})
