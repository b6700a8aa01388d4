"""What a player sees at the moments that matter: a clash, the end of a sector or of a
Démineur game (the banner beside the board, the effects kept on the board)."""

import numpy as np
import pygame
import pytest

pytest.importorskip("core.moleturf.rules")

from game.moleturf.board import CONFLICT
from game.moleturf.play import GameOver
from game.ui.banner import BANNER_S
from tests.screens import wait
from tests.test_demineur_screen import open_scene, win_the_test_board
from tests.test_moleturf_screen import click, play, rival_cells


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> np.ndarray:
    return pygame.surfarray.array3d(surface.subsurface(rect)).reshape(-1, 3)


def reds(surface: pygame.Surface, rect: pygame.Rect) -> int:
    p = pixels(surface, rect).astype(int)
    return int(((p[:, 0] > 200) & (p[:, 1] < 90) & (p[:, 2] < 110)).sum())


def test_a_clash_carries_a_badge_that_reads_on_every_fill(app):
    scene = play(app)
    a, b = rival_cells(scene)
    click(app, scene, *a)
    click(app, scene, *b)
    wait(app, 0.6)  # the alarm is over: what stays is the clash itself
    app.draw(0)
    for cell in (a, b):
        box = scene.board.cell_rect(*cell)
        corner = pygame.Rect(box.right - box.w // 3, box.y, box.w // 3, box.h // 3)
        p = pixels(app.screen, corner)
        assert (np.abs(p - CONFLICT).sum(axis=1) < 30).sum() > 20  # the red disc
        assert (p.min(axis=1) > 235).sum() > 4  # its white "!"
        assert (p.max(axis=1) < 30).sum() > 4  # its dark rim, apart from any fill


def test_shields_down_is_a_banner_then_a_titled_dialog(app):
    scene = play(app)
    cells = [(r, c) for r in range(2) for c in range(2)] + [(2, 2), (3, 3)]
    for cell in cells:
        if scene.game.status == "playing":
            click(app, scene, *cell)
    assert scene.game.status == "over"
    app.draw(0)
    wait(app, 0.4)
    app.draw(0)
    banner = scene.text_rect.clip(scene.side_rect)
    assert reds(app.screen, banner) > 500  # "Shields down" in red, large, beside the board
    assert not scene.side_rect.colliderect(scene.board.rect)
    wait(app, 0.6)
    dialog = app.scenes.top
    assert isinstance(dialog, GameOver)
    titles = [w for w in dialog.widgets if w.key == "title"]
    assert titles and titles[0].text == "Shields down"
    assert titles[0].rect.bottom <= min(w.rect.y for w in dialog.widgets if w.key != "title")


@pytest.fixture
def clock():
    from tests.screens import FakeClock

    return FakeClock()


def test_a_demineur_win_has_its_banner_for_a_second_then_the_figures(app, clock):
    scene = open_scene(app, clock)
    app.draw(0)
    win_the_test_board(scene)
    box = scene.message_box
    seen = []
    for _step in range(int(BANNER_S / 0.1) + 4):
        scene.update(0.1)
        app.draw(0)
        seen.append(scene.effects.banner is not None)
    assert seen[:8] == [True] * 8 and not seen[-1]  # about a second, then gone
    assert "You won" in scene.message_text()  # the figures take the box back
    assert not box.colliderect(scene.view.board_area().move(scene.view.rect.topleft))


def lit_outside_the_board(scene) -> tuple[int, int]:
    """Pixels the effects light this frame (drawn alone on black): inside, outside the board."""
    layer = pygame.Surface(scene.app.screen.get_size())
    scene.effects.draw(layer, scene.view, scene.codes())
    lit = np.any(pygame.surfarray.array3d(layer) > 0, axis=2)
    board = scene.view.board_area().move(scene.view.rect.topleft)
    inside = lit[board.x : board.right, board.y : board.bottom].sum()
    return int(inside), int(lit.sum() - inside)


def test_the_win_sweep_and_confetti_stay_on_the_board(app, clock):
    scene = open_scene(app, clock)
    app.draw(0)
    win_the_test_board(scene)
    for seconds in (0.3, 0.6, 1.2):  # the sweep, then the confetti
        scene.update(seconds - scene.effects.t + scene.effects.banner[1])
        inside, outside = lit_outside_the_board(scene)
        assert inside > 500 and outside == 0, (seconds, inside, outside)


def test_the_explosion_stays_on_the_board(app, clock):
    scene = open_scene(app, clock)
    app.draw(0)
    scene.act("tap", 4, 0)
    scene.act("tap", 0, 8)  # a mine
    assert scene.game.status == "lost"
    for _step in range(4):
        scene.update(0.08)
        inside, outside = lit_outside_the_board(scene)
        assert inside > 200 and outside == 0


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (800, 480)])
def test_the_finale_moles_have_room(size):
    from game.moleturf.celebration import finale_places

    w, h = size
    art = pygame.Rect(0, 0, w, h * 6 // 10)
    places = finale_places(art, 9)
    side = places[0][1]
    assert side >= min(w, h) // 12  # big enough to be seen, on a tall screen too
    boxes = [pygame.Rect(0, 0, side, side).inflate(side // 2, side // 2) for _ in places]
    for box, (centre, _side) in zip(boxes, places, strict=True):
        box.center = centre
        assert art.inflate(side, side).contains(box)
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])


def test_one_focus_colour_apart_from_every_turf_and_digit():
    from game.demineur.sprites import NEON
    from game.moleturf.sprites import TURF_FILL, TURF_RGB
    from game.ui import theme
    from tests.test_turf_colours import delta_e, lab

    digits = NEON.numbers[1:]
    for colour in (*TURF_RGB, *TURF_FILL, *digits):
        assert delta_e(theme.FOCUS, colour) >= 20, colour
    pairs = [(a, b) for i, a in enumerate(digits) for b in digits[i + 1 :]]
    assert min(delta_e(a, b) for a, b in pairs) >= 30  # each digit its own colour
    assert lab(digits[7])[0] >= 60  # 8, the most dangerous number, is bright, not grey
    assert delta_e(digits[0], digits[5]) >= 60  # 6 far from 1


def test_the_board_cursor_is_the_focus_colour(app):
    from game.ui import theme

    scene = play(app)
    app.ui.show_focus = True
    scene.focus = "board"
    app.draw(0)
    box = scene.board.cell_rect(*scene.cursor).inflate(12, 12)
    p = pixels(app.screen, box)
    assert (np.abs(p - theme.FOCUS).sum(axis=1) < 20).sum() > 50


def test_the_attract_shift_never_uncovers_a_dark_edge(tmp_path):
    from game.kiosk import attract
    from tests.test_kiosk import kiosk_app

    app = kiosk_app(tmp_path, size=(1280, 800))
    try:
        app.kiosk.step = 0
        app.kiosk.start_attract()
        t = max(attract.DRIFT_PERIODS) / 4  # both swings well under way
        app.clock.now = t
        dx, dy = attract.offset(t)
        assert dx > 2 and dy > 2
        app.transition = None  # the wipe into the attract mode is over
        app.draw(0)
        frame = pygame.surfarray.array3d(app.screen)
        alone = pygame.Surface(app.screen.get_size())
        app.backdrop.draw_still(alone, dy)  # still at the edges, lowered with the picture
        backdrop = pygame.surfarray.array3d(alone)
        below = attract.banner_rect(app.metrics, app.scenes.top.header_bottom(app.metrics), t)
        top = below.bottom + app.metrics.unit  # below the header bars, banner's and screen's
        strip = frame[:dx, top:]
        assert (strip == backdrop[:dx, top:]).all()  # the backdrop, not a dark band
        assert len(np.unique(strip.reshape(-1, 3), axis=0)) > 3  # with its grid in it
    finally:
        pygame.display.quit()


def test_the_score_table_sets_first_place_apart_and_invites(tmp_path):
    from tests.test_kiosk import kiosk_app

    app = kiosk_app(tmp_path, size=(1280, 800))
    try:
        app.kiosk.scores.add("demineur:beginner", 41000, "ANNA")
        app.kiosk.scores.add("demineur:beginner", 52000, "BELA")
        app.open_scene("kiosk.scores")
        said = []
        fonts = app.fonts
        real = fonts.text

        def spy(surface, text, rect, size, colour, *args, **kwargs):
            said.append((text, colour, args[0] if args else kwargs.get("bold", False)))
            return real(surface, text, rect, size, colour, *args, **kwargs)

        fonts.text = spy
        app.draw(0)
        ranks = [(text, colour, bold) for text, colour, bold in said if text in ("1.", "2.")]
        first, second = ranks[0], ranks[1]  # the beginner card's, drawn first
        assert (first[0], second[0]) == ("1.", "2.")
        assert first[1:] != second[1:]  # #1 does not look like #2 (nor #5)
        texts = [text for text, _c, _b in said]
        assert "Be the first!" in texts and "This place is free" in texts
        assert "—" not in texts
    finally:
        pygame.display.quit()


def test_the_celebration_leaves_the_cleared_board_in_sight(app):
    scene = play(app)
    wait(app, 0.2)
    app.draw(0)
    board = scene.board.rect
    before = pixels(app.screen, board).copy()
    app.open_scene("moleturf.celebration", scene, 83.4, 1, True)
    wait(app, 0.5)  # confetti falling, moles cheering
    app.draw(0)
    panel = app.scenes.top.widgets[0].rect.unionall([w.rect for w in app.scenes.top.widgets])
    assert not panel.inflate(2 * app.metrics.margin, 2 * app.metrics.margin).colliderect(board)
    after = pixels(app.screen, board)
    changed = (np.abs(after.astype(int) - before).sum(axis=1) > 30).mean()
    assert changed < 0.01  # the board as it was: not dimmed, nothing over its cells


# ----- pictures of the board to be played ------------------------------------------------------
def turf_hues(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many of the first nine turf colours show in ``rect`` (their bright border lines)."""
    from game.moleturf.sprites import TURF_RGB

    p = pixels(surface, rect).astype(int)
    return sum(
        int((np.abs(p - np.array(TURF_RGB[k])).sum(axis=1) < 60).sum() > 40) for k in range(9)
    )


def shown(app, scene, key):
    app.draw(0)
    return next(w for w in scene.widgets if w.key == key).rect


def test_endless_pictures_the_next_board_in_its_turf_colours(app):
    from game.moleturf.endless import EndlessChooser
    from tests.test_endless import InlineWorker

    chooser = EndlessChooser(app, InlineWorker())
    app.scenes.push(chooser)
    chooser.stock.boards.clear()
    chooser.relayout()
    assert turf_hues(app.screen, shown(app, chooser, "preview")) <= 1  # none made yet: covered
    for _step in range(20):
        chooser.update(0.05)
    assert chooser.next_board() is not None
    chooser.relayout()
    assert turf_hues(app.screen, shown(app, chooser, "preview")) >= 5


def daily_scene(app, played: bool):
    import datetime as dt

    from core.moleturf.daily import DayResult
    from game.moleturf.daily import DailyScene
    from tests.test_endless import InlineWorker

    today = dt.date(2026, 12, 2)
    scene = DailyScene(app, today, InlineWorker())
    app.scenes.push(scene)
    for _step in range(100):
        scene.update(0.05)
        if scene.board is not None:
            break
    for k in (1, 2, 4):
        scene.saved.record.results[today - dt.timedelta(days=k)] = DayResult(90.0, 0)
    if played:
        scene.saved.record.results[today] = DayResult(80.0, 1)
    scene.relayout()
    return scene


@pytest.mark.parametrize("played", [False, True])
def test_the_daily_board_is_covered_until_played(app, played):
    scene = daily_scene(app, played)
    assert scene.board is not None
    hues = turf_hues(app.screen, shown(app, scene, "preview"))
    assert hues >= 5 if played else hues <= 1


def test_the_streak_strip_tells_won_missed_and_today_apart(app):
    scene = daily_scene(app, False)
    app.draw(0)
    side, gap = scene.cell_side, app.metrics.gap // 2

    def chip(days_ago: int) -> np.ndarray:  # the mean colour of that day's chip
        i = 29 - days_ago
        r, c = divmod(i, scene.cells_per_row)
        box = pygame.Rect(scene.strip.x + c * (side + gap), scene.strip.y + r * (side + gap),
                          side, side)  # fmt: skip
        return pixels(app.screen, box).astype(float).mean(axis=0)

    won, missed, today = chip(1), chip(3), chip(0)
    for a, b in ((won, missed), (won, today), (missed, today)):
        assert np.abs(a - b).sum() > 40
    assert np.abs(chip(2) - won).sum() < 5 and np.abs(chip(5) - missed).sum() < 5


def test_the_library_pictures_the_board_in_focus_and_invites_when_empty(app):
    from core import turf
    from game.moleturf import boards as store
    from game.moleturf.editor import LibraryScene

    scene = LibraryScene(app)
    app.scenes.push(scene)
    keys = {w.key for w in scene.widgets}
    assert {"open_editor", "open_code", "empty_board"} <= keys  # not one line on the backdrop
    scene.library = store.Library()
    for i in range(3):
        scene.library.add(turf.generate(6 + i, seed=i), f"Board {i + 1}")
    scene.relayout()
    box = shown(app, scene, "preview")
    first = pixels(app.screen, box).copy()
    assert turf_hues(app.screen, box) >= 5
    scene.focus = "edit2"
    app.draw(0)
    assert (np.abs(pixels(app.screen, box).astype(int) - first).sum(axis=1) > 60).mean() > 0.2
    scene.to_code()
    assert app.scenes.top.__class__.__name__ == "CodeScene"


def test_how_to_play_pictures_each_section_with_the_games_own_boards(app):
    from game.shell.howto import Picture

    seen = set()
    for game in ("moleturf", "demineur"):
        scene = app.open_scene("howto", game)
        pages, _size, _line_h = scene.pages(app.metrics, *scene.text_box(app.metrics)[0].size)
        for _page in pages:
            app.draw(0)
            picture = next(w for w in scene.widgets if isinstance(w, Picture))
            text = next(w for w in scene.widgets if w.key == "text")
            assert picture.shown and not picture.rect.colliderect(text.rect)
            seen |= set(picture.shown)
            if game == "moleturf":
                assert turf_hues(app.screen, picture.boxes()[0]) >= 4
            scene.turn(1)
        app.scenes.pop()
    wanted = {"solved", "rules", "clash", "markers", "playing", "number", "flags", "lost"}
    assert {name for _game, name in seen} == wanted


def test_the_rules_picture_outlines_each_rules_unit_in_white(app):
    from game.moleturf import pictures

    surface = pygame.Surface((400, 400))
    pictures.draw(surface, app.fonts, surface.get_rect(), "rules", False, False)
    for quarter in (pygame.Rect(x, y, 200, 200) for y in (0, 200) for x in (0, 200)):
        p = pixels(surface, quarter)
        assert (p.min(axis=1) > 235).sum() > 30  # the hint's white outline of the unit


# ----- the launcher ----------------------------------------------------------------------------
def test_the_launcher_names_the_program_in_a_large_glowing_sign(app):
    from game.shell.launcher import Wordmark

    launcher = app.scenes.top
    mark = next(w for w in launcher.widgets if isinstance(w, Wordmark))
    assert mark.size > app.metrics.title_font * 1.5 and mark.rect.y >= app.metrics.header_h
    wait(app, 2.0)  # lit: the flicker is over
    app.draw(0)
    p = pixels(app.screen, mark.rect).astype(int)
    cyan = (p[:, 2] > 150) & (p[:, 1] > 150) & (p[:, 0] < 120)
    assert cyan.sum() > 2000  # the letters, in the neon colour
    halo = (p[:, 2] - p[:, 0] > 25) & (p.max(axis=1) < 150) & ~cyan
    assert halo.sum() > cyan.sum() // 2  # and their glow around them

    def strengths() -> set[float]:
        seen = set()
        for t in (0.0, 0.2, 0.4, 2.0):
            launcher.t = t
            seen.add(mark.strength())
        return seen

    assert len(strengths()) >= 3  # it lights up like a sign, not at once
    app.settings.reduced_motion = True
    assert len(strengths()) == 1


def test_the_launchers_mole_turf_picture_is_the_boards_own_turf_drawing(app):
    from game.moleturf.board import BoardView, Look
    from game.ui.art import TURFS, Preview

    preview = Preview("moleturf", app.fonts, True, False, False, (41, 211, 224))
    layer = preview._turf_layer(40, "." * 36)  # the board with nothing on it yet
    view = BoardView(pygame.Rect(0, 0, 240, 240), 6)
    board = pygame.Surface((240, 240))
    view.draw_turfs(board, [[int(k) for k in row] for row in TURFS], Look())
    a = pygame.surfarray.array3d(layer).astype(int)
    b = pygame.surfarray.array3d(board).astype(int)
    assert np.abs(a - b).max() == 0


@pytest.mark.parametrize("patterns", [False, True])
def test_the_editors_colour_buttons_wear_the_boards_textures(app, patterns):
    from game.moleturf.sprites import TURF_FILL, pattern_colour

    app.change_setting("turf_patterns", patterns)
    scene = app.open_scene("moleturf.editor")
    app.draw(0)
    for k in range(9):
        box = next(w for w in scene.widgets if w.key == f"turf{k}").rect
        p = pixels(app.screen, box.inflate(-box.w // 5, -box.h // 5)).astype(int)
        ink = (np.abs(p - pattern_colour(TURF_FILL[k])).sum(axis=1) < 40).mean()
        fill = (np.abs(p - TURF_FILL[k]).sum(axis=1) < 60).mean()
        if patterns:
            assert ink > 0.1, k  # the texture the board's cells of that turf carry
        else:
            assert ink < 0.05 and fill > 0.4, k  # the turf's own dim fill, as on the board


# ----- the sector map --------------------------------------------------------------------------
def test_cleared_sectors_look_alike_and_stars_and_badges_sit_inside_their_tiles(app):
    from game.moleturf.sectors import SectorMap

    scene = SectorMap(app)
    for n in range(1, 8):
        scene.progress.record(n, 60.0 + 7 * n, 1)
    scene.progress.current = 8
    app.scenes.push(scene)
    app.draw(0)
    tiles = {w.number: w for w in scene.widgets if w.key.startswith("sector")}
    edges = []
    for n in range(1, 8):  # the middle of each cleared tile's left edge: one colour for all
        tile = tiles[n].rect
        edges.append(tuple(app.screen.get_at((tile.x + 1, tile.centery))[:3]))
    assert len(set(edges)) == 1
    ui = app.ui
    for n, tile in tiles.items():
        best = scene.progress.cleared.get(n)
        parts = tile.parts(ui, best)
        border = max(2, app.metrics.gap // 2) * 2
        inside = tile.rect.inflate(-2 * border, -2 * border)
        assert inside.contains(parts.stars) and inside.contains(parts.badge), n
        if n <= 7 or not tile.open:  # a tick on cleared tiles, a padlock on locked ones
            assert parts.badge.w >= 16
            p = pixels(app.screen, parts.badge).astype(int)
            green = (np.abs(p - (64, 200, 120)).sum(axis=1) < 40).mean()
            assert (green > 0.3) == (n <= 7), n
