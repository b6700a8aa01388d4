"""Per-board-size statistics: what the statistics screen will show a player."""

import pytest

from core.demineur.stats import Statistics, board_key

KEY = board_key(9, 9, 10)


def test_played_won_rate_and_streaks():
    stats = Statistics()
    for won in (True, True, False, True, True, True, False):
        stats.record(KEY, won, time_ms=10_000 if won else None, date="2026-11-30")
    s = stats.get(KEY)
    assert (s.played, s.won) == (7, 5)
    assert s.win_rate == pytest.approx(5 / 7)
    assert s.current_streak == 0 and s.best_streak == 3


def test_an_abandoned_started_game_counts_as_a_loss():
    stats = Statistics()
    stats.record(KEY, True, 5000, "2026-11-01")
    stats.abandon(KEY)
    s = stats.get(KEY)
    assert (s.played, s.won, s.current_streak) == (2, 1, 0)


def test_best_times_keep_the_ten_fastest_wins_with_dates_and_never_a_loss():
    stats = Statistics()
    for i, ms in enumerate([9000, 3000, 12000, 3000, 7000, 1000, 8000, 2000, 11000, 4000, 5000]):
        stats.record(KEY, True, ms, f"2026-11-{i + 1:02d}")
    stats.record(KEY, False, 500, "2026-11-30")  # a fast loss never enters the list
    times = stats.get(KEY).best_times
    assert [ms for ms, _ in times] == [1000, 2000, 3000, 3000, 4000, 5000, 7000, 8000, 9000, 11000]
    assert times[2] == (3000, "2026-11-02")  # an equal time keeps the older date first
    assert stats.record(KEY, True, 60_000, "2026-12-01") is None  # too slow to rank
    assert stats.record(KEY, True, 1500, "2026-12-02") == 2
    assert stats.record(KEY, True, 1500, "2026-12-02") == 3  # the same time and day again


def test_ranks_of_equal_times_on_the_same_day_follow_their_order():
    stats = Statistics()
    assert [stats.record(KEY, True, 4000, "2026-11-30") for _ in range(3)] == [1, 2, 3]


def test_sizes_are_kept_apart_and_reset_one_at_a_time():
    stats = Statistics()
    stats.record(KEY, True, 100, "d")
    other = board_key(80, 40, 240)
    stats.record(other, False)
    stats.reset(KEY)
    assert stats.get(KEY).played == 0
    assert stats.get(other).played == 1


def test_round_trip_and_damaged_data_is_refused():
    stats = Statistics()
    stats.record(KEY, True, 1234, "2026-11-30")
    stats.record(KEY, False)
    again = Statistics.from_dict(stats.to_dict())
    assert again.to_dict() == stats.to_dict()
    broken = stats.to_dict()
    broken[KEY]["won"] = 5  # more wins than games played
    with pytest.raises(ValueError, match="inconsistent"):
        Statistics.from_dict(broken)
    with pytest.raises(ValueError):
        Statistics.from_dict({KEY: {"played": 1}})
    with pytest.raises(ValueError):
        Statistics.from_dict([1, 2])
