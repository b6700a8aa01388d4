"""Per-board-size statistics: what the statistics screen will show a player."""

import pygame
import pytest

from core.demineur.stats import RECENT, Statistics, board_key, parse_key, time_axis, trend

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
    with pytest.raises(ValueError, match="statistics entry is incomplete or malformed"):
        Statistics.from_dict({KEY: {"played": 1}})
    with pytest.raises(ValueError, match="statistics must be an object keyed by board size"):
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


# ---- the chart's arithmetic ------------------------------------------------------------------


def test_the_trend_is_a_moving_median_one_slow_game_barely_moves():
    steady = [30_000] * 10
    slow = steady[:5] + [600_000] + steady[5:]  # the phone rang during one game
    assert trend(steady) == [30_000.0] * 10
    assert max(trend(slow)) == 30_000.0  # a mean or a fitted line would jump here
    improving = [60_000 - 5_000 * i for i in range(10)]
    line = trend(improving)
    assert line == sorted(line, reverse=True) and line[-1] == improving[-3]
    assert trend([]) == [] and trend([4000]) == [4000.0]


def test_the_time_axis_is_round_and_ignores_one_far_outlier():
    assert time_axis([]) == (60_000, 20_000)  # an empty chart still has an axis
    for times in ([41_250], [41_250, 90_000], [3000, 3100, 2900], [1, 2], [10**9]):
        top, step = time_axis(times)
        assert top >= max(times) and top % step == 0 and 1 <= top // step <= 5
    top, step = time_axis([30_000] * 20 + [3_600_000])
    assert top == 120_000 and step == 30_000  # the hour-long game sits on the top edge
    with pytest.raises(ValueError, match="a time cannot be negative"):
        time_axis([-1])


# ---- the file --------------------------------------------------------------------------------


def test_an_old_statistics_file_without_recent_times_still_loads(app):
    from game.demineur.store import STATS_FILE, STATS_VERSION, StatsBook

    old = Statistics()
    old.record(KEY, True, 4000, "2026-11-30")
    app.storage.save_soon(STATS_FILE, {"sizes": old.to_dict()}, STATS_VERSION)
    app.storage.flush()
    book = StatsBook(app.storage)
    assert book.stats.to_dict() == old.to_dict() and book.recent == {}
    assert app.storage.damaged == []
    book.record(KEY, True, 5000)  # and the chart fills from the next win
    assert StatsBook(app.storage).recent == {KEY: [5000]}


def test_recent_times_are_capped_and_a_longer_list_is_refused(app):
    from game.demineur.store import STATS_FILE, STATS_VERSION, StatsBook

    book = StatsBook(app.storage)
    for i in range(RECENT + 30):
        book.record(KEY, True, 1000 + i)
    assert book.recent[KEY] == [1000 + i for i in range(30, RECENT + 30)]  # the last, in order
    app.storage.flush()
    assert StatsBook(app.storage).recent[KEY] == book.recent[KEY]
    sizes = book.stats.to_dict()
    app.storage.save_soon(
        STATS_FILE, {"sizes": sizes, "recent": {KEY: [1000] * (RECENT + 1)}}, STATS_VERSION
    )
    app.storage.flush()
    assert StatsBook(app.storage).recent == {}  # set aside as damaged
    assert [name for name, _moved in app.storage.damaged] == [STATS_FILE]


# ---- the screen ------------------------------------------------------------------------------


def _played(app, games: int):
    """A book with ``games`` games on Beginner (7 won of 10, times drifting down), and a few
    on other sizes once there are many."""
    from game.demineur.store import StatsBook

    book = StatsBook(app.storage, today=lambda: "2026-11-30")
    for i in range(games):
        key = KEY if i < 10 or i % 4 else board_key(16, 10, 25) if i % 8 else board_key(7, 5, 3)
        won = i % 10 not in (3, 7)
        book.record(key, won, 90_000 - 150 * i + (i * 7919) % 20_000)
    return book


def _text_boxes(scene, ui):
    """Where each label's text lands (its fitted lines, as drawn)."""
    from game.ui.widgets import Label

    boxes = {}
    for w in scene.widgets:
        if isinstance(w, Label) and w.text:
            ((fitted, rect),) = w.texts(ui)
            assert fitted.fits, (w.key, w.text)
            boxes[w.key] = pygame.Rect(0, 0, fitted.width, fitted.height)
            boxes[w.key].centery = rect.centery
            boxes[w.key].x = {"left": rect.x, "right": rect.right - fitted.width}.get(
                w.align, rect.centerx - fitted.width // 2
            )
    return boxes


@pytest.mark.parametrize("games", [0, 1, 2, 500])
@pytest.mark.parametrize(
    ("size", "lang"),
    [((1280, 800), "en"), ((1920, 1080), "hu"), ((1280, 800), "ja"), ((480, 800), "hu")],
)
def test_the_statistics_screen_reads_with_no_one_a_few_or_hundreds_of_games(
    tmp_path, games, size, lang
):
    from game.demineur.stats import StatsScene
    from tests.screens import make_app, overlaps

    app = make_app(tmp_path, size=size, lang=lang)
    try:
        book = _played(app, games)
        scene = app.open_scene("demineur.stats", book, KEY)
        assert isinstance(scene, StatsScene)
        app.draw(0)
        chart, m = scene.chart, app.metrics
        wins = len(book.recent.get(KEY, []))
        assert wins == min(games - games // 5, RECENT) if games < 10 else wins == RECENT
        assert len(chart.points) == wins  # one dot per recent win, the last 50 at most
        # nothing outside the chart, no label over another, no text under the floor
        assert all(chart.rect.contains(box) for box in chart.labels)
        assert not overlaps(chart.labels)
        assert min(chart.sizes) >= m.text_floor
        if wins:
            assert all(chart.plot.collidepoint(p) for p in chart.points)
            assert not any(chart.plot.colliderect(box) for box in chart.labels)
        texts = _text_boxes(scene, app.ui)
        assert not overlaps(list(texts.values()))
        assert not any(chart.rect.colliderect(box) for box in texts.values())
        shown = {w.key: getattr(w, "text", "") for w in scene.widgets}
        if games == 0:  # the empty state says so, in words, in each part
            assert "no_games" in shown and "no_times" in shown and not chart.points
        else:
            assert shown["v0"] == str(book.stats.get(KEY).played)
            assert "rate0" in shown and "no_games" not in shown
    finally:
        app.close()
