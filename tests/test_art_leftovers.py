"""The visual leftovers of issue 26 item 7, each as a player would notice it on screen."""

from __future__ import annotations

import pytest

from tests.screens import make_app

SMALL_AND_TALL = ((800, 480), (1080, 1920), (1280, 800))


def label(scene, key):
    return next(w for w in scene.widgets if w.key == key)


def endless_with_a_record(app):
    """The endless chooser after one 9x9 board cleared: best time, mistakes, cleared, stock."""
    from game.moleturf import boards as store
    from game.moleturf.endless import EndlessChooser
    from tests.test_endless import InlineWorker

    records = store.load_records(app.storage)
    records.record(9, 2, 83.0, 1)
    store.save_records(app.storage, records)
    app.scenes.push(EndlessChooser(app, InlineWorker()))
    return "records"


def daily_cleared_today(app):
    """The daily screen once today is cleared: the day, streak, best streak, today's result."""
    from game.moleturf import boards as store
    from game.moleturf.daily import DailyScene
    from tests.test_daily import DAY, DayWorker

    saved = store.load_daily(app.storage)
    saved.record.record(DAY, 100.0, 1)
    store.save_daily(app.storage, saved)
    app.scenes.push(DailyScene(app, today=DAY, worker=DayWorker()))
    return "summary"


@pytest.mark.parametrize("screen", [endless_with_a_record, daily_cleared_today])
@pytest.mark.parametrize("size", SMALL_AND_TALL)
@pytest.mark.parametrize("lang", ["en", "ja", "hu"])
def test_four_line_summaries_keep_the_body_size(tmp_path, screen, size, lang):
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        key = screen(app)
        summary = label(app.scenes.top, key)
        assert summary.text.count("\n") == 3  # four lines
        ((fitted, _box),) = summary.texts(app.ui)
        assert fitted.size == summary.size and fitted.fits  # not shrunk to fit three
    finally:
        app.storage.close()


def sector_map(tmp_path, size, lang="en"):
    from game.moleturf import store

    app = make_app(tmp_path, size=size, lang=lang)
    progress = store.load_progress(app.storage)
    for n in (1, 2, 3):
        progress.record(n, 60.0 + n, n - 1)
    store.save_progress(app.storage, progress)
    app.open_scene("moleturf")
    return app, app.scenes.top


@pytest.mark.parametrize("size", ((800, 480), (1080, 1920), (1280, 800), (480, 800)))
def test_sector_tiles_keep_stars_badge_and_number_apart_and_inside(tmp_path, size):
    from game.moleturf.sectors import BADGE_MIN, STAR_MIN, SectorTile

    app, scene = sector_map(tmp_path, size)
    try:
        tiles = [w for w in scene.widgets if isinstance(w, SectorTile)]
        assert len(tiles) == 30
        border = max(2, app.ui.m.gap // 2) * 2  # the current tile's border, the widest
        for tile in tiles:
            best = tile.progress.cleared.get(tile.number)
            parts = tile.parts(app.ui, best)
            inner = tile.rect.inflate(-2 * border, -2 * border)
            assert inner.contains(parts.stars), (tile.number, parts.stars, inner)
            assert parts.stars.h >= STAR_MIN, tile.number  # ~5 px stars read as dots
            if best is not None or not tile.open:  # a tick or a padlock
                assert parts.badge.w >= BADGE_MIN, tile.number  # not a blob
                assert inner.contains(parts.badge)
                assert not parts.badge.colliderect(parts.number), tile.number
                assert not parts.badge.colliderect(parts.stars)
                if parts.detail is not None:
                    assert not parts.badge.colliderect(parts.detail)
            assert not parts.number.colliderect(parts.stars)
    finally:
        app.storage.close()


def floor_rows(surface, x: int, top: int) -> set[int]:
    """The rows below ``top`` where a floor line crosses the 9 columns from ``x``: the
    dimmest of them brighter than the dimmest two rows above and below (a slanted ray lights
    only a pixel or two of a row's span, a level line all of it)."""

    def dimmest(y: int) -> int:
        return min(sum(surface.get_at((x + i, y))[:3]) for i in range(9))

    return {
        y
        for y in range(top + 2, surface.get_height() - 2)
        if dimmest(y) > 2 * max(dimmest(y - 2), dimmest(y + 2)) + 8
    }


@pytest.mark.parametrize("size", ((800, 480), (1280, 800), (1080, 1920)))
def test_the_floor_lines_run_unbroken_past_the_still_area_behind_a_board(size):
    import pygame

    from game.ui.backdrop import HORIZON, Backdrop, calm_reach

    w, h = size
    board = pygame.Rect(w // 4, h // 8, w // 3, h * 3 // 4)
    reach = calm_reach(size)  # the shade behind a board fades out this far beyond it
    hole = board.inflate(2 * reach, 2 * reach)
    backdrop = Backdrop()
    backdrop.update(2.0)  # the floor a third of a spacing on from where it stood still
    surface = pygame.Surface(size)
    backdrop.draw(surface, board)
    top = round(h * HORIZON) + 2
    outside, inside = (
        floor_rows(surface, hole.left - 12, top),
        floor_rows(surface, hole.left + 3, top),
    )
    assert len(outside) >= 5 and outside == inside  # no break where the still area begins
    first = surface.copy()
    backdrop.update(1.0)
    backdrop.draw(surface, board)
    # a board on screen: nothing of the backdrop moves, so nothing can break
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(surface, "RGB")
