"""The visual leftovers of issue 26 item 7, each as a player would notice it on screen."""

from __future__ import annotations

import pytest

from tests.screens import make_app

SMALL_AND_TALL = ((800, 480), (1080, 1920), (1280, 800))


def label(scene, key):
    return next(w for w in scene.widgets if w.key == key)


@pytest.mark.parametrize("size", SMALL_AND_TALL)
@pytest.mark.parametrize("lang", ["en", "ja", "hu"])
def test_the_endless_records_keep_the_body_size_with_four_lines(tmp_path, size, lang):
    from game.moleturf import boards as store
    from game.moleturf.endless import EndlessChooser
    from tests.test_endless import InlineWorker

    app = make_app(tmp_path, size=size, lang=lang)
    try:
        records = store.load_records(app.storage)
        records.record(9, 2, 83.0, 1)
        store.save_records(app.storage, records)
        chooser = EndlessChooser(app, InlineWorker())
        app.scenes.push(chooser)
        records_label = label(chooser, "records")
        assert records_label.text.count("\n") == 3  # best time, mistakes, cleared, stock
        ((fitted, _box),) = records_label.texts(app.ui)
        assert fitted.size == records_label.size and fitted.fits
    finally:
        app.storage.close()


@pytest.mark.parametrize("size", SMALL_AND_TALL)
@pytest.mark.parametrize("lang", ["en", "ja", "hu"])
def test_the_daily_summary_keeps_the_body_size_once_cleared_today(tmp_path, size, lang):
    from game.moleturf import boards as store
    from game.moleturf.daily import DailyScene
    from tests.test_daily import DAY, DayWorker

    app = make_app(tmp_path, size=size, lang=lang)
    try:
        saved = store.load_daily(app.storage)
        saved.record.record(DAY, 100.0, 1)
        store.save_daily(app.storage, saved)
        scene = DailyScene(app, today=DAY, worker=DayWorker())
        app.scenes.push(scene)
        summary = label(scene, "summary")
        assert summary.text.count("\n") == 3  # the day, streak, best streak, today's result
        ((fitted, _box),) = summary.texts(app.ui)
        assert fitted.size == summary.size and fitted.fits
    finally:
        app.storage.close()
