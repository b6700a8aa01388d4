"""The Cyber Mole Turf screen, driven headless by intents as each device sends them."""

import pygame
import pytest

from core.moves import Drag
from game import hints, i18n
from game.i18n import _
from game.moleturf.board import CONFLICT, draw_turf_dots
from game.moleturf.celebration import Celebration, Conquered
from game.moleturf.play import MoleTurfScene, sectors
from game.moleturf.sectors import SectorMap
from game.moleturf.sprites import pattern_box
from game.moleturf.store import load_progress
from game.platform.intents import Device, Intent, Kind
from game.shell.dialog import Dialog
from game.shell.pause import Pause
from tests.screens import make_app, overlaps, wait


def widget(scene, key):
    return next(w for w in scene.widgets if w.key == key)


def tap(app, key):
    app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=widget(app.scenes.top, key).rect.center))


def play(app, number=None) -> MoleTurfScene:
    app.open_game("moleturf")
    assert isinstance(app.scenes.top, SectorMap)
    if number is None:
        tap(app, "continue")
    else:
        app.scenes.top.open_sector(number)
    scene = app.scenes.top
    assert isinstance(scene, MoleTurfScene)
    return scene


def at(scene, r, c):
    return scene.board.cell_rect(r, c).center


def click(app, scene, r, c, kind=Kind.TAP):
    app.dispatch(Intent(kind, Device.MOUSE, pos=at(scene, r, c)))


def drag(app, scene, cells):
    app.dispatch(Intent(Kind.DRAG_START, Device.MOUSE, pos=at(scene, *cells[0])))
    for cell in cells[1:]:
        app.dispatch(Intent(Kind.DRAG_MOVE, Device.MOUSE, pos=at(scene, *cell)))
    app.dispatch(Intent(Kind.DRAG_END, Device.MOUSE, pos=at(scene, *cells[-1])))


def pad(app, kind, delta=(0, 0), held_x=False):
    app.dispatch(Intent(kind, Device.GAMEPAD, delta=delta, held_x=held_x))


def rival_cells(scene):
    """Two cells of row 0 outside the solution: moles there conflict with each other."""
    sol = int(scene.sector.solution[0])
    return [(0, c) for c in range(9) if abs(c - sol) > 1][:2]


def wrong_free_cell(scene):
    """A cell off the solution whose mole conflicts with nothing on an empty board."""
    sol = scene.sector.solution
    return next((0, c) for c in range(9) if c != int(sol[0]))


# ----- modes ---------------------------------------------------------------------------------


def test_mole_mode_tap_places_a_mole_that_burrows_in_and_a_second_tap_removes_it(app):
    scene = play(app)
    assert scene.mode == "mole" and widget(scene, "mole").active
    click(app, scene, 4, 4)
    assert scene.game.moles[4, 4]
    assert scene.game.auto_marks[4, 0] and scene.game.auto_marks[3, 3]
    assert (4, 4) in scene.effects.burrows
    click(app, scene, 4, 4)
    assert not scene.game.moles.any() and not scene.game.auto_marks.any()


def test_marker_mode_marks_and_eraser_mode_clears_and_the_active_mode_is_lit(app):
    scene = play(app)
    tap(app, "marker")
    assert scene.mode == "marker"
    assert widget(scene, "marker").active and not widget(scene, "mole").active
    click(app, scene, 2, 3)
    assert scene.game.marks[2, 3]
    tap(app, "eraser")
    assert widget(scene, "eraser").active
    click(app, scene, 2, 3)
    assert not scene.game.marks[2, 3]


def test_right_click_and_long_press_place_a_marker_in_any_mode(app):
    scene = play(app)
    click(app, scene, 1, 1, Kind.SECONDARY)
    assert scene.game.marks[1, 1] and not scene.game.moles.any()
    app.dispatch(Intent(Kind.LONG_PRESS, Device.TOUCH, pos=at(scene, 5, 5)))
    assert scene.game.marks[5, 5]


def test_a_drag_in_marker_mode_lays_a_barricade_undone_in_one_step(app):
    scene = play(app)
    tap(app, "marker")
    drag(app, scene, [(3, 0), (3, 4), (6, 4)])  # the cells in between count too
    laid = {(3, c) for c in range(5)} | {(r, 4) for r in range(3, 7)}
    marked = {(r, c) for r in range(9) for c in range(9) if scene.game.marks[r, c]}
    assert marked == laid
    tap(app, "undo")
    assert not scene.game.marks.any()
    tap(app, "redo")
    assert int(scene.game.marks.sum()) == len(laid)


def test_a_drag_that_starts_on_a_marker_removes_markers(app):
    scene = play(app)
    tap(app, "marker")
    drag(app, scene, [(2, 0), (2, 8)])
    assert scene.game.marks[2].all()
    drag(app, scene, [(2, 2), (2, 5)])
    assert list(scene.game.marks[2]) == [True, True, False, False, False, False, True, True, True]


# ----- conflicts, shields, game over ---------------------------------------------------------


def test_a_conflict_costs_a_shield_with_alarm_flash_and_shake_and_stays_highlighted(app):
    scene = play(app)
    a, b = rival_cells(scene)
    click(app, scene, *a)
    click(app, scene, *b)
    assert scene.game.shields == 2 and scene.session.mistakes == 1
    assert {a, b} <= set(scene.game.conflicts)
    wait(app, 0.1)
    assert scene.effects.shake(app.metrics.unit) != (0, 0)
    app.draw(0)
    corner = (app.metrics.width - 3, app.metrics.height // 2)
    flashed = app.screen.get_at(corner)
    wait(app, 1.0)  # flash and shake are over; the conflict stays marked
    assert scene.effects.shake(app.metrics.unit) == (0, 0)
    app.draw(0)
    calm = app.screen.get_at(corner)
    assert flashed.r > calm.r + 30 and flashed.r > 2 * flashed.g  # the red flash
    rect = scene.board.cell_rect(*b)
    edge = app.screen.get_at((rect.x + 3, rect.centery))
    assert abs(edge.r - CONFLICT[0]) < 40 and edge.g < 90
    assert "conflict" in scene.game.turf_status()


def lose(app, scene):
    a, b = rival_cells(scene)
    click(app, scene, *a)
    for _step in range(3):
        click(app, scene, *b)  # conflict
        if scene.game.status == "over":
            break
        click(app, scene, *b)  # take it away again
    assert scene.game.status == "over" and scene.game.shields == 0
    wait(app, 1.0)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog)
    assert [label for label, _action in dialog.buttons] == [_("Retry Sector"), _("Undo Last Move")]
    return dialog


def test_game_over_retry_sector_restarts_with_full_shields(app):
    scene = play(app)
    dialog = lose(app, scene)
    pad(app, Kind.BACK)  # Back does not skip the choice
    assert app.scenes.top is dialog
    tap(app, "button0")
    assert app.scenes.top is scene
    assert scene.game.status == "playing" and scene.game.shields == 3
    assert not scene.game.moles.any() and scene.elapsed == 0


def test_game_over_undo_last_move_continues_with_one_shield(app):
    scene = play(app)
    lose(app, scene)
    tap(app, "button1")
    assert app.scenes.top is scene
    assert scene.game.status == "playing" and scene.game.shields == 1
    assert not scene.game.conflicts


# ----- hints ---------------------------------------------------------------------------------


def test_a_hint_highlights_and_explains_then_applies(app):
    scene = play(app)
    pad(app, Kind.HINT)
    hint = scene.hint
    assert hint is not None and hint.kind in ("mole", "cross")
    assert widget(scene, "hint_text").text == hints.sentence(hint)
    look = scene.look()
    assert look.hint_cells == hint.cells and look.hint_units == hint.evidence
    assert scene.focus == "apply"
    pad(app, Kind.CONFIRM)
    r, c = hint.cells[0]
    if hint.kind == "mole":
        assert scene.game.moles[r, c]
    else:
        assert scene.game.marks[r, c] or scene.game.auto_marks[r, c]
    assert scene.hint is None and scene.focus == "board"


def test_a_hint_can_be_dismissed_and_speaks_the_players_language(app):
    scene = play(app)
    tap(app, "hint")
    assert scene.hint is not None
    tap(app, "dismiss")
    assert scene.hint is None and not any(w.key == "hint_text" for w in scene.widgets)
    tap(app, "language")  # EN -> JA
    tap(app, "hint")
    text = widget(scene, "hint_text").text
    assert text == hints.sentence(scene.hint)
    assert any(ord(ch) > 0x3000 for ch in text)


def test_a_fix_hint_points_at_the_players_wrong_mole(app):
    scene = play(app)
    cell = wrong_free_cell(scene)
    click(app, scene, *cell)
    assert scene.game.shields == 3
    tap(app, "hint")
    assert scene.hint.kind == "fix" and scene.hint.cells == (cell,)
    assert "remove" in widget(scene, "hint_text").text
    tap(app, "apply")
    assert not scene.game.moles[cell]


# ----- turf status dots ----------------------------------------------------------------------


def dot_pixels(statuses):
    surface = pygame.Surface((900, 100))
    boxes = draw_turf_dots(surface, pygame.Rect(0, 0, 900, 100), statuses, 0.3, False, True)
    return surface, boxes


def test_turf_dots_tick_a_done_turf_and_ring_a_conflict(app):
    scene = play(app)
    sol = scene.sector.solution
    k = int(scene.sector.regions[0, int(sol[0])])
    click(app, scene, 0, int(sol[0]))
    statuses = scene.game.turf_status()
    assert statuses[k] == "done"
    surface, boxes = dot_pixels(statuses)
    blank, _ = dot_pixels(["empty"] * 9)
    tick = boxes[k]
    changed = sum(
        surface.get_at((x, y)) != blank.get_at((x, y))
        for x in range(tick.x, tick.right)
        for y in range(tick.y, tick.bottom)
    )
    assert changed > tick.w * tick.h // 3  # lit up and ticked
    surface, boxes = dot_pixels(["empty"] * 4 + ["conflict"] + ["empty"] * 4)
    dot = boxes[4]
    outside = (dot.x - dot.w // 10, dot.centery)  # just beyond the dot: the red ring
    assert surface.get_at(outside)[:3] == CONFLICT
    assert surface.get_at((boxes[3].x - dot.w // 10, dot.centery))[:3] != CONFLICT


# ----- gamepad and keyboard ------------------------------------------------------------------


def test_gamepad_cursor_places_marks_erases_and_switches_mode(app):
    scene = play(app)
    start = scene.cursor
    pad(app, Kind.CURSOR, (1, 0))
    pad(app, Kind.CURSOR, (0, 1))
    assert scene.cursor == (start[0] + 1, start[1] + 1)
    pad(app, Kind.CONFIRM)
    assert scene.game.moles[scene.cursor]
    pad(app, Kind.CONFIRM)
    pad(app, Kind.ACTION_X)
    pad(app, Kind.ACTION_X_UP)
    assert scene.game.marks[scene.cursor]
    pad(app, Kind.ACTION_Y)
    assert not scene.game.marks[scene.cursor]
    pad(app, Kind.MODE_NEXT)
    assert scene.mode == "marker"
    pad(app, Kind.MODE_PREV)
    pad(app, Kind.MODE_PREV)
    assert scene.mode == "eraser"
    assert scene.look().cursor == scene.cursor  # drawn for the pad player


def test_holding_x_while_moving_lays_a_barricade_made_as_one_move_when_x_is_let_go(app):
    scene = play(app)
    scene.cursor = (0, 0)
    pad(app, Kind.ACTION_X)
    for _step in range(3):
        pad(app, Kind.CURSOR, (1, 0), held_x=True)
    path = [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert scene.look().pending == path and not scene.game.marks.any()  # a preview while held
    pad(app, Kind.ACTION_X_UP)
    assert [e.move for e in scene.session.log] == [Drag(True, tuple(path))]
    assert not scene.look().pending
    assert list(scene.game.marks[0, :4]) == [True] * 4
    assert int(scene.game.marks.sum()) == 4
    pad(app, Kind.UNDO)
    assert not scene.game.marks.any()


def test_the_pad_reaches_the_panel_below_the_board_and_back(app):
    scene = play(app)
    for _step in range(9):
        pad(app, Kind.CURSOR, (0, 1))
    assert scene.focus != "board"
    pad(app, Kind.CURSOR, (0, -1))
    assert scene.focus == "board"


def test_start_pauses_hides_the_board_and_stops_the_clock(app):
    scene = play(app)
    wait(app, 1.0)
    played = scene.elapsed
    assert played > 0.9
    pad(app, Kind.PAUSE)
    assert isinstance(app.scenes.top, Pause) and scene.hidden
    wait(app, 2.0)
    assert scene.elapsed == played
    pad(app, Kind.PAUSE)
    assert app.scenes.top is scene and not scene.hidden


# ----- sectors -------------------------------------------------------------------------------


def solve(app, scene):
    for r, c in enumerate(scene.sector.solution):
        click(app, scene, r, int(c))
    assert scene.game.status == "won"
    wait(app, 1.0)


def test_clearing_a_sector_celebrates_records_and_unlocks_the_next(app, tmp_path):
    scene = play(app)
    assert not scene.progress.unlocked(2)
    wait(app, 3.0)
    solve(app, scene)
    top = app.scenes.top
    assert isinstance(top, Celebration)
    progress = load_progress(app.storage)
    assert 1 in progress.cleared and 2.9 < progress.cleared[1].time < 3.5
    assert progress.cleared[1].mistakes == 0 and progress.current == 2
    tap(app, "next")
    nxt = app.scenes.top
    assert isinstance(nxt, MoleTurfScene) and nxt.number == 2
    pad(app, Kind.PAUSE)
    tap(app, "quit")
    sector_map = app.scenes.top
    assert isinstance(sector_map, SectorMap)
    assert widget(sector_map, "sector2").open and not widget(sector_map, "sector3").open
    sector_map.open_sector(3)  # locked: nothing opens
    assert app.scenes.top is sector_map


def test_the_current_sector_resumes_where_it_was_left_even_after_a_restart(tmp_path):
    app = make_app(tmp_path)
    scene = play(app)
    click(app, scene, 4, 4)
    click(app, scene, 0, 0, Kind.SECONDARY)
    wait(app, 2.0)
    pad(app, Kind.PAUSE)
    tap(app, "quit")
    app.close()
    app = make_app(tmp_path)
    try:
        scene = play(app)
        assert scene.game.moles[4, 4] and scene.game.marks[0, 0]
        assert 1.9 < scene.elapsed < 2.5
    finally:
        pygame.display.quit()


def test_the_unlock_all_setting_opens_every_sector(app):
    app.open_game("moleturf")
    sector_map = app.scenes.top
    assert not widget(sector_map, "sector30").open
    app.change_setting("unlock_all_sectors", True)
    assert widget(sector_map, "sector30").open
    sector_map.open_sector(30)
    assert app.scenes.top.number == 30


def test_clearing_the_last_sector_shows_the_final_screen(app):
    app.open_game("moleturf")
    sector_map = app.scenes.top
    for number in range(1, 30):
        sector_map.progress.record(number, 60.0, 1)
    sector_map.open_sector(30)
    scene = app.scenes.top
    solve(app, scene)
    final = app.scenes.top
    assert isinstance(final, Conquered)
    assert widget(final, "big").text == "Turf conquered!"
    # the last finished game can be watched again, as after every other (issue 26)
    from game.moleturf.replay import MoleTurfReplay

    tap(app, "replay")
    replay = app.scenes.top
    assert isinstance(replay, MoleTurfReplay) and replay.summary.params["sector"] == 30
    app.dispatch(Intent(Kind.BACK, Device.KEYBOARD))
    assert app.scenes.top is final


def test_a_damaged_progress_file_is_set_aside_with_a_notice(tmp_path):
    (tmp_path / "moleturf.json").write_text("{not json", encoding="utf-8")
    app = make_app(tmp_path)
    try:
        app.open_game("moleturf")
        assert app.scenes.top.progress.cleared == {}
        assert any("damaged" in text for text, _until in app.notices)
    finally:
        pygame.display.quit()


# ----- every screen in every size and language ------------------------------------------------


SIZES = [(1280, 800), (1920, 1080), (1080, 1920)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja", "hu"])
def test_every_state_lays_out_without_clipped_text_or_tiny_targets(tmp_path, size, lang):
    app = make_app(tmp_path, size, lang)
    try:
        app.open_game("moleturf")
        check_layout(app)
        scene = play(app)
        check_layout(app)
        tap(app, "hint")
        check_layout(app)
        pad(app, Kind.CURSOR, (1, 0))  # prompts shown: the layout shrinks
        check_layout(app)
        lose(app, scene)
        check_layout(app)
        tap(app, "button0")
        solve(app, scene)
        check_layout(app)
    finally:
        i18n.set_language("en")
        pygame.display.quit()


def check_layout(app):
    scene = app.scenes.top
    app.draw(0)
    m, ui = app.metrics, app.ui
    rects = [w.rect for w in scene.widgets]
    for w in scene.widgets:
        assert app.metrics.screen.contains(w.rect), w.key
        if w.focusable:
            assert min(w.rect.size) >= min(48, m.unit), (w.key, w.rect.size)
        for fitted, _box in w.texts(ui):
            assert fitted.fits, (w.key, fitted.lines)
    assert not overlaps(rects), [
        (scene.widgets[i].key, scene.widgets[j].key) for i, j in overlaps(rects)
    ]
    keys = [w.key for w in scene.widgets]  # a shared key would show two focus rings
    assert len(keys) == len(set(keys)), keys
    if isinstance(scene, MoleTurfScene):
        assert scene.board.rect.w >= 9 * 30
        assert m.screen.contains(scene.dots_rect)
        assert not scene.dots_rect.colliderect(scene.board.rect)


def test_sectors_are_the_shipped_thirty():
    assert [s.number for s in sectors()] == list(range(1, 31))


# ----- settings that change the screen -------------------------------------------------------


def region_colours(surface, rect):
    return {
        tuple(surface.get_at((x, y)))
        for x in range(rect.x, rect.right)
        for y in range(rect.y, rect.bottom)
    }


def test_colour_blind_patterns_mark_every_turf_on_the_board(app):
    scene = play(app)
    corners = []
    for patterns in (False, True):
        app.change_setting("turf_patterns", patterns)
        app.draw(0)
        cells = []
        for r, c in [(0, 0), (4, 4), (8, 8)]:
            cells.append(pattern_box(scene.board.cell_rect(r, c)))
        corners.append([region_colours(app.screen, box) for box in cells])
    plain, patterned = corners
    for before, after in zip(plain, patterned, strict=True):
        assert len(after - before) >= 1  # a texture drawn over the cell, in its own colour


def test_reduced_motion_keeps_the_alarm_but_not_the_shake(app):
    app.change_setting("reduced_motion", True)
    scene = play(app)
    a, b = rival_cells(scene)
    click(app, scene, *a)
    click(app, scene, *b)
    assert scene.game.shields == 2
    wait(app, 0.1)
    assert scene.effects.shake(app.metrics.unit) == (0, 0)
    app.draw(0)
    corner = (app.metrics.width - 3, app.metrics.height // 2)
    flashed = app.screen.get_at(corner)
    wait(app, 1.0)
    app.draw(0)
    assert flashed.r > app.screen.get_at(corner).r + 15  # a gentler red flash still tells


def calm_cells(scene, count=6):
    """Cells with nothing on them and nothing in conflict around: what the alarm must not hide."""
    n = scene.game.n
    return [
        (r, c)
        for r in range(n)
        for c in range(n)
        if not scene.game.moles[r, c] and (r, c) not in scene.game.conflicts
    ][:: max(1, n * n // count)][:count]


def test_the_alarm_never_hides_the_board(app):
    scene = play(app)
    a, b = rival_cells(scene)
    click(app, scene, *a)
    wait(app, 1.0)
    cells = calm_cells(scene)
    click(app, scene, *b)  # conflict: flash, halo, shake
    wait(app, 0.05)
    app.draw(0)
    dx, dy = scene.effects.shake(app.metrics.unit)
    assert scene.effects.alarm_strength() > 0.5
    during = [app.screen.get_at(scene.board.cell_rect(*cell).move(dx, dy).center) for cell in cells]
    wait(app, 1.0)
    app.draw(0)
    after = [app.screen.get_at(scene.board.cell_rect(*cell).center) for cell in cells]
    assert during == after  # every cell shows what it shows when the alarm is over


def test_reduced_motion_makes_the_alarm_an_instant_change(app):
    app.change_setting("reduced_motion", True)
    scene = play(app)
    a, b = rival_cells(scene)
    click(app, scene, *a)
    wait(app, 1.0)
    corner = (app.metrics.width - 3, app.metrics.height // 2)
    app.draw(0)
    calm = app.screen.get_at(corner)
    click(app, scene, *b)
    seen = []
    for _step in range(12):  # 0.6 s in 50 ms steps: the flash is on, then off, never fading
        wait(app, 0.05)
        app.draw(0)
        seen.append(tuple(app.screen.get_at(corner)))
    on = [c for c in seen if c != tuple(calm)]
    assert on and len(set(on)) == 1 and on[0][0] > calm.r + 15
    assert seen[: len(on)] == on and set(seen[len(on) :]) == {tuple(calm)}


def test_the_shield_broken_by_a_conflict_shows_a_crack(app):
    scene = play(app)
    a, b = rival_cells(scene)
    click(app, scene, *a)
    icons = scene.shield_box  # the shields' counter
    wait(app, 1.0)
    app.draw(0)
    whole = region_colours(app.screen, icons)
    click(app, scene, *b)
    wait(app, 0.2)
    app.draw(0)
    breaking = region_colours(app.screen, icons)
    assert any(c[0] > 200 and c[1] < 90 for c in breaking - whole)  # the red of the breaking shield
    wait(app, 1.0)
    app.draw(0)
    cracked = region_colours(app.screen, icons)
    assert cracked != whole and (20, 24, 36, 255) in cracked  # the crack stays on the spent one


def test_a_placed_mole_burrows_in_then_sometimes_fidgets(app):
    scene = play(app)
    cell = wrong_free_cell(scene)
    box = scene.board.cell_rect(*cell)
    click(app, scene, *cell)
    frames = []
    for _step in range(6):  # 0.3 s of burrowing: the cell changes from frame to frame
        wait(app, 0.05)
        app.draw(0)
        frames.append(app.screen.subsurface(box).copy())
    assert len({pygame.image.tobytes(f, "RGB") for f in frames}) >= 3
    wait(app, 0.5)
    seen = set()
    for _step in range(60):  # three seconds at rest: the lone mole fidgets once (subtly)
        wait(app, 0.05)
        app.draw(0)
        seen.add(pygame.image.tobytes(app.screen.subsurface(box), "RGB"))
    assert 2 <= len(seen) <= 20


def test_high_contrast_draws_black_turf_borders_and_no_glow(app):
    scene = play(app)
    app.change_setting("high_contrast", True)
    app.draw(0)
    board = scene.board.rect
    assert tuple(app.screen.get_at((board.x - 4, board.centery)))[:3] == (0, 0, 0)  # no halo
    regions = scene.game.regions
    r, c = next((r, c) for r in range(9) for c in range(8) if regions[r, c] != regions[r, c + 1])
    edge = scene.board.cell_rect(r, c)
    assert tuple(app.screen.get_at((edge.right, edge.centery)))[:3] == (0, 0, 0)
    app.change_setting("high_contrast", False)
    app.draw(0)
    glow = app.screen.get_at((board.x - 4, board.centery))
    assert glow.g + glow.b > 60  # the neon halo round the board is back


def test_show_timer_off_hides_the_sector_clock(app):
    scene = play(app)
    wait(app, 1.0)
    clock_box = scene.clock_box

    def timer_ink() -> int:  # pixels of the clock's cyan there (the backdrop is far darker)
        app.draw(0)
        return sum(
            1 for c in region_colours(app.screen, clock_box) if sum(c[:3]) > 400 and c[2] > 180
        )

    assert timer_ink() > 10  # "0:01" is written there
    app.change_setting("show_timer", False)
    assert timer_ink() == 0
    assert scene.elapsed > 0.9  # hidden, but the sector is still timed


def test_losing_the_window_focus_pauses_the_sector(app):
    scene = play(app)
    wait(app, 0.5)
    app.process_events([pygame.event.Event(pygame.WINDOWFOCUSLOST)], 0)
    assert isinstance(app.scenes.top, Pause) and scene.hidden
    played = scene.elapsed
    wait(app, 2.0)
    assert scene.elapsed == played


def test_a_resize_mid_sector_keeps_moles_mode_hint_and_cursor(app):
    scene = play(app)
    r, c = 0, int(scene.sector.solution[0])
    click(app, scene, r, c)
    pad(app, Kind.CURSOR, (1, 0))
    cursor = scene.cursor
    assert cursor == (4, 5)
    tap(app, "marker")
    pad(app, Kind.HINT)
    hint = scene.hint_text
    assert hint
    pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
    app.on_resize()
    assert app.metrics.portrait and app.scenes.top is scene
    assert scene.game.moles[r, c] and scene.mode == "marker" and scene.cursor == cursor
    assert widget(scene, "hint_text").text == hint and widget(scene, "marker").active
    assert all(app.metrics.screen.contains(w.rect) for w in scene.widgets)
    click(app, scene, 8, 8)  # the new geometry: the tap lands on the cell drawn there
    assert scene.game.marks[8, 8]


def test_a_click_right_after_the_pad_lands_on_the_cell_that_was_drawn(app):
    scene = play(app)
    pad(app, Kind.CURSOR, (1, 0))  # the prompt bar comes: the board moves up
    app.draw(0)
    pos = at(scene, 8, 4)
    app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=pos))  # the bar goes: the board moves down
    assert scene.game.moles[8, 4] and scene.game.moles.sum() == 1
    assert not scene.prompt_bar_shown()


def test_the_pad_alone_reaches_undo_redo_and_the_mode_buttons_and_uses_them(app):
    scene = play(app)
    r, c = 4, int(scene.sector.solution[4])
    scene.cursor = (r, c)
    pad(app, Kind.CONFIRM)  # A: a mole at the cursor
    assert scene.game.moles[r, c]

    def focus(key):
        for _step in range(12):
            pad(app, Kind.CURSOR, (0, 1))
            if scene.focus != "board":
                break
        for _step in range(6):  # the panel's first button...
            if scene.focus == "mole":
                break
            pad(app, Kind.CURSOR, (-1, 0))
        for _step in range(6):  # ...then along the panel
            if scene.focus == key:
                return
            pad(app, Kind.CURSOR, (1, 0))
        assert scene.focus == key

    focus("undo")
    pad(app, Kind.CONFIRM)
    assert not scene.game.moles[r, c]
    focus("redo")
    pad(app, Kind.CONFIRM)
    assert scene.game.moles[r, c]
    focus("eraser")
    pad(app, Kind.CONFIRM)
    assert scene.mode == "eraser" and widget(scene, "eraser").active
    focus("marker")
    pad(app, Kind.CONFIRM)
    assert scene.mode == "marker"
    for _step in range(12):
        pad(app, Kind.CURSOR, (0, -1))
        if scene.focus == "board":
            break
    scene.cursor = (0, 0)
    pad(app, Kind.CONFIRM)  # A acts in the mode that is lit: a marker now
    assert scene.game.marks[0, 0] and not scene.game.moles[0, 0]


def test_left_from_the_panels_first_button_stays_in_the_panel(app):
    scene = play(app)
    scene.focus = "mole"
    pad(app, Kind.CURSOR, (-1, 0))  # nothing further left in the panel: no jump to the header
    assert scene.focus == "mole"
    pad(app, Kind.CURSOR, (1, 0))
    assert scene.focus == "marker"


def test_the_headers_pause_button_pauses_and_does_not_leave_the_sector(app):
    scene = play(app)
    tap(app, "back")
    assert isinstance(app.scenes.top, Pause) and scene in app.scenes.scenes
