"""Per-board-size statistics: what the statistics screen will show a player."""

import pytest

from core.demineur.stats import Statistics, board_key, parse_key

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


# ---- keys that are not board sizes -----------------------------------------------------------

BAD_KEYS = [
    "garbage",
    "",
    "9x9",
    "9x9/",
    "9/10",
    "x9/10",
    "9x9/10/3",
    "9X9/10",
    "09x9/10",  # not what board_key writes
    "9x9/010",
    "0x9/10",
    "1x1/0",  # too small for the protected first touch
    "9x9/73",  # more mines than the rules allow
    "1001x9/10",  # wider than any board
    "-9x9/10",
    "９x9/10",  # a full-width digit
    " 9x9/10",
    "9x9/10\n",
    "../../etc/passwd",  # the best game's file name is made from the key
    "9" * 5000 + "x9/10",
]


@pytest.mark.parametrize("key", BAD_KEYS)
def test_a_key_that_is_not_a_board_size_is_a_damaged_file(key):
    entry = Statistics().get(KEY).to_dict()
    with pytest.raises(ValueError, match="statistics key"):
        parse_key(key)
    with pytest.raises(ValueError, match="statistics key"):
        Statistics.from_dict({KEY: entry, key: entry})


def test_every_key_board_key_makes_is_read_back():
    for cols, rows, mines in [(9, 9, 10), (80, 40, 240), (3, 3, 0), (1000, 1000, 999_991)]:
        key = board_key(cols, rows, mines)
        assert parse_key(key) == (cols, rows, mines)
        stats = Statistics()
        stats.record(key, True, 1000, "2026-11-30")
        assert Statistics.from_dict(stats.to_dict()).to_dict() == stats.to_dict()


@pytest.mark.parametrize("key", [*BAD_KEYS, "7x5/3", "9x9/10", "x/", "9x/10", "ax b/c"])
def test_the_statistics_screen_names_any_key_without_failing(key):
    from game.demineur.stats import size_label

    label = size_label(key)
    assert isinstance(label, str) and (label or not key)
    assert size_label("7x5/3") == "Custom: 7×5, 3 mines"


def test_a_statistics_file_with_a_bad_key_is_set_aside_and_the_screen_opens(app):
    from game.demineur.store import STATS_FILE, STATS_VERSION, StatsBook

    good = Statistics()
    good.record(KEY, True, 4000, "2026-11-30")
    sizes = good.to_dict()
    sizes["not a size"] = sizes[KEY]
    app.storage.save_soon(STATS_FILE, {"sizes": sizes, "recent": {}}, STATS_VERSION)
    app.storage.flush()
    book = StatsBook(app.storage)
    assert book.stats.to_dict() == {}  # refused whole: the defaults are used
    assert [name for name, _moved in app.storage.damaged] == [STATS_FILE]
    # and should a key the screen cannot split ever reach it, it still opens and steps
    book.stats.sizes["not a size"] = good.get(KEY)
    scene = app.open_scene("demineur.stats", book, "not a size")
    for _ in range(len(book.keys()) + 1):
        app.draw(0)
        scene.step(1)
    assert "not a size" in book.keys()
