"""Endless play: boards of any size at the difficulty asked for, the stock kept ready, and the
records per size and difficulty."""

import time

import numpy as np
import pytest

from core import turf
from core.moleturf import logic
from core.moleturf.rules import MoleTurf
from core.turf import LevelNotFound
from game.moleturf import boards as store
from game.moleturf.endless import BoardCleared, EndlessChooser, FreeBoardScene
from game.moleturf.stock import Stock, Worker
from game.platform.intents import Device, Intent, Kind
from tests.screens import make_app, wait


def turfs_connected(board):
    n = len(board)
    for t in range(n):
        cells = set(zip(*np.nonzero(board == t), strict=True))
        start = next(iter(cells))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nxt in cells and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        if seen != cells:
            return False
    return True


@pytest.mark.parametrize("level", range(1, 6))
def test_a_generated_board_grades_at_the_level_asked_for(level):
    board = turf.generate(8, seed=2026, level=level)
    assert logic.grade(board).stars == level
    assert turf.count_solutions(board) == 1
    assert turfs_connected(board)
    if level <= 2:  # the same seed gives the same board (the harder ones take seconds)
        assert np.array_equal(board, turf.generate(8, seed=2026, level=level))


def test_sizes_up_to_sixteen_take_a_level_too():
    for n in (5, 16):
        board = turf.generate(n, seed=5, level=2)
        assert board.shape == (n, n) and logic.grade(board).stars == 2


def test_a_bad_level_is_refused_in_words():
    for bad in (0, 6, -1):
        with pytest.raises(ValueError, match="level must be 1 to 5"):
            turf.generate(9, seed=1, level=bad)
    with pytest.raises(ValueError, match="whole number"):
        turf.generate(9, seed=1, level=2.5)


def test_the_work_bound_ends_a_hopeless_search_with_its_reason(monkeypatch):
    from core.moleturf import levels as inner

    monkeypatch.setattr(inner, "LEVEL_WORK", 3)  # three graded boards: no 5 stars on 5x5
    with pytest.raises(LevelNotFound, match=r"5x5 board at 5 stars within 3 graded boards"):
        turf.generate(5, seed=1, level=5)


# ----- the Endless screen ---------------------------------------------------------------------


class InlineWorker:
    """The worker's interface, making each board at once in this process (for the screens)."""

    def __init__(self):
        self.job, self.done, self.started = None, None, []

    def start(self, n, level, seed=None):
        self.job = (n, level)
        self.started.append((n, level))
        self.done = (n, level, turf.encode(turf.generate(n, seed=len(self.started), level=level)))

    def poll(self):
        done, self.done = self.done, None
        if done is not None:
            self.job = None
        return done

    def progress(self):
        return 0.5

    def close(self):
        pass


def widget(scene, key):
    return next(w for w in scene.widgets if w.key == key)


def solve_on_screen(app, scene):
    solution = turf.solve(scene.game.regions)
    for r, c in enumerate(solution):
        cell = scene.board.cell_rect(r, int(c)).center
        app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=cell))
    assert scene.game.status == "won"
    wait(app, 1.0)


def test_the_chooser_plays_a_board_of_the_size_and_difficulty_chosen_and_keeps_records(tmp_path):
    app = make_app(tmp_path)
    try:
        chooser = EndlessChooser(app, InlineWorker())
        app.scenes.push(chooser)
        chooser.focus = "size"  # 9x9 -> 6x6 with the pad, 2 -> 1 star with the keyboard
        for _ in range(3):
            app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(-1, 0)))
        chooser.focus = "level"
        app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(-1, 0)))
        assert (chooser.n, chooser.level) == (6, 1)
        for _ in range(5):
            wait(app, 0.05)
        assert chooser.stock.count(6, 1) == store.STOCK_PER_KIND
        app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=widget(chooser, "play").rect.center))
        scene = app.scenes.top
        assert isinstance(scene, FreeBoardScene) and scene.game.n == 6
        assert logic.grade(scene.game.regions).stars == 1
        solve_on_screen(app, scene)
        cleared = app.scenes.top
        assert isinstance(cleared, BoardCleared)
        assert any("Time" in line for line in cleared.lines)
        record = chooser.records.get(6, 1)
        assert record.cleared == 1 and record.fewest_mistakes == 0
        app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=widget(cleared, "next").rect.center))
        assert isinstance(app.scenes.top, FreeBoardScene)  # straight into the next board
        app.storage.flush()
    finally:
        app.storage.close()
    # a new start reads the records and the stock back
    again = make_app(tmp_path)
    try:
        records = store.load_records(again.storage)
        assert records.get(6, 1).cleared == 1
        assert records.get(6, 1).best_time == pytest.approx(record.best_time)
        stock = Stock(again.storage, None)
        assert stock.count(6, 1) >= 1  # the first board after a start needs no generation
        board = stock.take(6, 1)
        assert MoleTurf(board).n == 6 and turf.count_solutions(board) == 1
    finally:
        again.storage.close()


def test_play_with_nothing_ready_waits_and_opens_the_board_once_made(tmp_path):
    app = make_app(tmp_path)
    try:
        worker = InlineWorker()
        chooser = EndlessChooser(app, worker)
        app.scenes.push(chooser)
        worker.done = None  # the first board is still being made
        worker.job = (9, 2)
        chooser.play()
        assert chooser.waiting and app.scenes.top is chooser
        assert widget(chooser, "play").text == "Waiting for the board…"
        worker.done = (9, 2, turf.encode(turf.generate(9, seed=1, level=2)))
        wait(app, 0.05)
        assert isinstance(app.scenes.top, FreeBoardScene)
    finally:
        app.storage.close()


def test_the_worker_process_makes_boards_beside_the_game(tmp_path):
    worker = Worker()
    try:
        worker.start(7, 2, seed=11)
        for _ in range(600):
            done = worker.poll()
            if done is not None:
                break
            time.sleep(0.05)
        assert done is not None and done[:2] == (7, 2)
        assert np.array_equal(turf.decode(done[2]), turf.generate(7, seed=11, level=2))
    finally:
        worker.close()
    assert not worker.process.is_alive()


def test_a_damaged_stock_or_record_file_is_set_aside_not_a_crash(tmp_path):
    (tmp_path / store.STOCK_FILE).write_text(
        '{"version": 1, "data": {"boards": {"9x2": ["T1ZZZ"]}}}'
    )
    (tmp_path / store.ENDLESS_FILE).write_text('{"version": 1, "data": {"records": {"3x9": 1}}}')
    app = make_app(tmp_path)
    try:
        chooser = EndlessChooser(app, InlineWorker())
        app.scenes.push(chooser)
        assert chooser.records.records == {}
        assert list(tmp_path.glob(store.STOCK_FILE + ".damaged-*"))
        assert list(tmp_path.glob(store.ENDLESS_FILE + ".damaged-*"))
    finally:
        app.storage.close()


def test_a_small_board_offers_only_the_difficulties_it_reaches(tmp_path):
    app = make_app(tmp_path)
    try:
        chooser = EndlessChooser(app, InlineWorker())
        app.scenes.push(chooser)
        chooser.change_level(3)  # 5 stars on 9x9
        assert chooser.level == 5
        chooser.change_size(-4)  # 5x5 reaches 3 stars at most
        assert (chooser.n, chooser.level) == (5, 3)
        chooser.change_level(1)
        assert chooser.level == 3 and "rarely" in app.notices[-1][0]
    finally:
        app.storage.close()
