"""The daily sector: one board per calendar day, the same on every machine, and its streak."""

import datetime as dt
import subprocess
import sys

import numpy as np

from core import turf
from core.moleturf import daily, logic
from core.moleturf.daily import DailyRecord

DAY = dt.date(2026, 12, 1)


def test_the_same_date_gives_the_same_board_in_another_process():
    board = daily.board_for(DAY)
    # another interpreter (another hash seed): the date, not Python's hash(), seeds it
    code = subprocess.run(
        [
            sys.executable,
            "-c",
            "import datetime as dt; from core.moleturf import daily; from core import turf;"
            "print(turf.encode(daily.board_for(dt.date(2026, 12, 1))))",
        ],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
    ).stdout.strip()
    assert code == turf.encode(board)
    assert turf.count_solutions(board) == 1
    assert logic.grade(board).stars == daily.level_for(DAY) == 2  # a Tuesday


def test_other_dates_give_other_boards():
    days = [DAY + dt.timedelta(days=k) for k in range(-3, 4)] + [dt.date(2027, 12, 1)]
    codes = {turf.encode(daily.board_for(d)) for d in days if daily.level_for(d) <= 2}
    assert len(codes) == sum(1 for d in days if daily.level_for(d) <= 2)
    assert len({daily.seed_for(d) for d in days}) == len(days)


def test_the_streak_counts_days_in_a_row_up_to_today_or_yesterday():
    record = DailyRecord()
    for k in (5, 4, 3, 1, 0):  # a gap two days ago
        record.record(DAY - dt.timedelta(days=k), 60.0 + k, k % 2)
    assert record.streak(DAY) == 2
    assert record.streak(DAY + dt.timedelta(days=1)) == 2  # today not played yet: still on
    assert record.streak(DAY + dt.timedelta(days=2)) == 0  # a day missed: broken
    assert record.best_streak == 3
    history = record.last_days(DAY)
    assert len(history) == 30 and history[-1][0] == DAY and history[0][0] == DAY - dt.timedelta(29)
    assert [d for d, r in history if r is not None] == [
        DAY - dt.timedelta(days=k) for k in (5, 4, 3, 1, 0)
    ]
    assert not record.record(DAY, 30.0, 3)  # a second clear of the day keeps the best of both
    assert record.results[DAY] == daily.DayResult(30.0, 0)


def test_the_board_is_a_plain_nine_by_nine_of_connected_turfs():
    board = daily.board_for(DAY)
    assert board.shape == (9, 9) and set(np.unique(board)) == set(range(9))


# ----- the daily screen -----------------------------------------------------------------------
class DayWorker:
    """The worker's interface, making the day's board at once in this process."""

    def __init__(self):
        self.job = self.done = None

    def start(self, n, level, seed=None):
        self.job = (n, level)
        self.done = (n, level, turf.encode(daily.board_for(dt.date.fromisoformat(seed))))

    def poll(self):
        done, self.done = self.done, None
        self.job = None
        return done

    def progress(self):
        return 0.0

    def close(self):
        pass


def test_the_daily_screen_plays_the_day_and_keeps_the_streak_and_history(tmp_path):
    from game.moleturf import boards as store
    from game.moleturf.daily import DailyScene
    from game.moleturf.endless import BoardCleared, FreeBoardScene
    from game.platform.intents import Device, Intent, Kind
    from tests.screens import make_app, wait

    app = make_app(tmp_path)
    try:
        yesterday = DAY - dt.timedelta(days=1)
        saved = store.load_daily(app.storage)
        saved.record.record(yesterday, 100.0, 1)
        store.save_daily(app.storage, saved)
        scene = DailyScene(app, today=DAY, worker=DayWorker())
        app.scenes.push(scene)
        assert scene.board is None  # being made
        wait(app, 0.05)
        assert np.array_equal(scene.board, daily.board_for(DAY))
        summary = next(w for w in scene.widgets if w.key == "summary").text
        assert "Streak: 1 day" in summary
        play = next(w for w in scene.widgets if w.key == "play")
        app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=play.rect.center))
        board = app.scenes.top
        assert isinstance(board, FreeBoardScene)
        for r, c in enumerate(turf.solve(board.game.regions)):
            app.dispatch(
                Intent(Kind.TAP, Device.TOUCH, pos=board.board.cell_rect(r, int(c)).center)
            )
        wait(app, 1.0)
        assert isinstance(app.scenes.top, BoardCleared)
        assert "Streak: 2 days" in app.scenes.top.lines
        app.storage.flush()
    finally:
        app.storage.close()
    again = make_app(tmp_path)
    try:
        kept = store.load_daily(again.storage)
        assert kept.record.streak(DAY) == 2 and DAY in kept.record.results
        assert np.array_equal(kept.board_of(DAY), daily.board_for(DAY))  # no generation again
        scene = DailyScene(again, today=DAY, worker=None)
        assert scene.worker is None and scene.board is not None
    finally:
        again.storage.close()
