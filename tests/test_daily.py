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
