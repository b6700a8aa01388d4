"""The shared look: glow sprites, the animated backdrop and the transitions between screens."""

from __future__ import annotations

import pygame
import pytest

from game.platform.intents import Device, Intent, Kind
from game.ui import glow, theme
from game.ui.backdrop import Backdrop
from game.ui.transition import WIPE_MS
from tests.screens import make_app

SIZE = (1280, 800)


def frame(app, now_ms: int = 0) -> pygame.Surface:
    app.draw(now_ms)
    return app.screen.copy()


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    rgb = pygame.image.tobytes
    return a.get_size() == b.get_size() and rgb(a, "RGB") == rgb(b, "RGB")


def still_app(folder, reduced: bool = False, animate: bool = True):
    """An app as the loop runs it (screen changes animated) with a still backdrop, so that
    two runs show the same frames; the launcher is on screen."""
    app = make_app(folder, size=SIZE)
    app.backdrop.still = True
    app.settings.reduced_motion = reduced
    app.use_device(Device.KEYBOARD)
    app.animate_changes = animate
    frame(app)
    return app


def open_settings(app) -> None:
    """Focus the launcher's Settings button and confirm it, as a keyboard player does."""
    app.scenes.top.focus = "settings"
    app.dispatch(Intent(Kind.CONFIRM, device=Device.KEYBOARD))


def settings_without_transition(folder, reduced: bool = False) -> tuple[pygame.Surface, list[str]]:
    app = still_app(folder, reduced, animate=False)
    try:
        open_settings(app)
        assert app.transition is None
        return frame(app), [type(s).__name__ for s in app.scenes.scenes]
    finally:
        app.close()


def test_a_transition_ends_on_the_same_screen_as_no_transition(tmp_path):
    target, stack = settings_without_transition(tmp_path / "plain")
    app = still_app(tmp_path / "animated")
    try:
        launcher = frame(app)
        button = next(w.rect for w in app.scenes.top.widgets if w.key == "settings")
        open_settings(app)
        assert [type(s).__name__ for s in app.scenes.scenes] == stack  # changed at once
        start = app.transition.start_ms
        middle = frame(app, start + WIPE_MS // 2)
        assert not same(middle, target)  # the wipe is on screen: part old, part new
        w, h = SIZE
        left, right = pygame.Rect(0, 0, w // 5, h), pygame.Rect(w - w // 5, 0, w // 5, h)
        assert button.x < left.right  # the button pressed leaves lit, with the old screen:
        lit = left.clip(button.inflate(button.h, button.h))
        assert not same(middle.subsurface(lit), launcher.subsurface(lit))
        above = pygame.Rect(0, 0, left.w, lit.y)
        assert same(middle.subsurface(above), launcher.subsurface(above))
        assert same(middle.subsurface(right), target.subsurface(right))  # the new one comes
        assert same(frame(app, start + WIPE_MS + 1), target)
        assert app.transition is None
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 800), (800, 480)])
def test_a_wipe_into_a_board_leaves_the_old_frame_untouched_until_it_passes(tmp_path, size):
    """The wipe uncovers the old frame where the window already shows it: a board drawn
    clipped to its own area (cells, a hint's ring, an effect) stays within what the wipe
    uncovered, and the old frame, outside the edge's glow, is the launcher's every frame."""
    from core.demineur.rules import PRESETS, Minesweeper
    from core.demineur.session import DemineurSession
    from game.demineur.levels import Level
    from game.demineur.play import DemineurScene
    from game.demineur.store import StatsBook

    app = make_app(tmp_path, size=size)
    app.backdrop.still = True
    app.animate_changes = True
    try:
        launcher = frame(app)
        p = PRESETS["beginner"]
        game = Minesweeper(p.cols, p.rows, p.mines, seed=11)
        level = Level.preset("beginner")
        scene = DemineurScene(app, level, StatsBook(app.storage), DemineurSession(game, level.name))
        app.scenes.push(scene)
        scene.act("tap", p.rows // 2, p.cols // 2)
        wipe = app.transition
        start = wipe.start_ms
        w, h = size
        reach = max(6, min(w, h) // 60) * 2 + max(2, h // 360)  # the edge's glow, either side
        seen_new = False
        for ms in range(0, WIPE_MS, 15):
            shown = frame(app, start + ms)
            old = wipe.old_part(start + ms)
            untouched = old.inflate(-2 * reach, 0).clamp(old) if old.w > 2 * reach else None
            if untouched is not None and untouched.w > 0:
                assert same(shown.subsurface(untouched), launcher.subsurface(untouched)), ms
            seen_new = seen_new or old.w < w // 2
        assert seen_new
        end = frame(app, start + WIPE_MS + 1)
        app.transition = None
        assert same(frame(app, start + WIPE_MS + 1), end)  # the end is the board, drawn whole
    finally:
        app.close()


def test_input_during_a_transition_goes_to_the_new_screen_once(tmp_path):
    app = still_app(tmp_path)
    try:
        open_settings(app)
        frame(app, app.transition.start_ms + 20)  # the wipe has begun
        settings = app.scenes.top
        assert settings.focus == "back"
        app.dispatch(Intent(Kind.CURSOR, delta=(0, 1), device=Device.KEYBOARD))
        assert app.scenes.top is settings and settings.focus != "back"  # moved in Settings
        app.dispatch(Intent(Kind.BACK, device=Device.KEYBOARD))
        assert len(app.scenes) == 1  # back at the launcher, not past it
    finally:
        app.close()


def test_with_reduced_motion_no_frame_shows_a_mix(tmp_path):
    target, _stack = settings_without_transition(tmp_path / "plain", reduced=True)
    app = still_app(tmp_path / "reduced", reduced=True)
    try:
        open_settings(app)
        assert app.transition is None
        assert same(frame(app), target)  # the very first frame is the new screen, whole
    finally:
        app.close()


def test_a_dialog_wipes_in_and_ends_as_drawn_without_a_wipe(tmp_path):
    from game.shell.dialog import Dialog

    app = still_app(tmp_path)
    try:
        app.scenes.top.relayout()
        before = frame(app)
        app.scenes.push(Dialog(app, "Board saved."))
        start = app.transition.start_ms
        assert app.transition.overlay
        assert same(frame(app, start), before)  # the wipe starts from the old frame
        w, h = SIZE
        middle = frame(app, start + 75)
        bottom = pygame.Rect(0, h - h // 5, w, h // 5)
        assert same(middle.subsurface(bottom), before.subsurface(bottom))  # still to go
        end = frame(app, start + 1000)
        app.transition = None
        assert same(frame(app, start + 1000), end)  # and ends on the dialog as drawn plainly
        assert not same(end, before)
    finally:
        app.close()


def test_the_backdrop_moves_but_not_with_a_board_on_screen():
    surface_a, surface_b = pygame.Surface(SIZE), pygame.Surface(SIZE)
    board = pygame.Rect(400, 150, 480, 480)
    backdrop = Backdrop()
    backdrop.draw(surface_a)
    backdrop.update(2.0)
    backdrop.draw(surface_b)
    assert not same(surface_a, surface_b)  # the floor glides, the band sweeps
    backdrop.draw(surface_a, board)
    backdrop.update(2.0)
    backdrop.draw(surface_b, board)
    assert same(surface_a, surface_b)  # only the board moves (test_art_leftovers: no seam)
    # behind the board the backdrop is dimmer than beside it
    inside = pygame.transform.average_color(surface_a, board)
    beside = pygame.transform.average_color(surface_a, pygame.Rect(0, 150, 300, 480))
    assert sum(inside[:3]) < sum(beside[:3])


def test_reduced_motion_stills_the_backdrop_and_high_contrast_plains_it():
    a, b = pygame.Surface(SIZE), pygame.Surface(SIZE)
    still = Backdrop(still=True)
    still.draw(a)
    still.update(5.0)
    still.draw(b)
    assert same(a, b)
    Backdrop(plain=True).draw(a)
    assert pygame.transform.average_color(a)[:3] == theme.HC_BACKGROUND


def test_a_glow_is_made_once_and_fades_away_from_its_shape():
    halo = glow.glow_rect((200, 40), theme.GLOW_ACCENT, 12, 2, 8)
    assert glow.glow_rect((200, 40), theme.GLOW_ACCENT, 12, 2, 8) is halo  # cached, not redone
    p = glow.pad(12)
    on_edge = halo.get_at((p + 100, p + 1))
    farther = halo.get_at((p + 100, p // 3))
    assert on_edge.a > farther.a > 0 or on_edge.a > farther.a == 0
    r, g, b, a = on_edge
    assert max(r, g, b) <= a  # premultiplied: added as light it never overshoots its colour
    with pytest.raises(ValueError, match="a glow needs a positive size, not 0x40"):
        glow.glow_rect((0, 40), theme.GLOW_ACCENT, 12)


@pytest.mark.parametrize(
    ("size", "radius", "width", "corner", "inside"),
    [
        ((927, 788), 13, 4, 26, 0),
        ((600, 130), 13, 0, 13, 0),
        ((40, 30), 12, 2, 8, 0),
        ((300, 90), 6, 0, 0, 0),
        ((540, 540), 20, 6, 0, 10),
    ],
    ids=[
        "launcher card",
        "filled panel",
        "smaller than its stretch",
        "square corners",
        "a board's ring, inside its edge too",
    ],
)
def test_a_panel_kept_as_its_halo_bands_looks_as_with_the_whole_halo(
    size, radius, width, corner, inside
):
    """A panel's halo is kept as the bands its opaque panel leaves uncovered (and a board's,
    whose cells leave its edge uncovered, reaching in as far): drawn with the panel over it,
    the picture is the one the whole halo gives, pixel for pixel."""
    rect = pygame.Rect((35, 41), size)
    pictures = []
    for banded in (False, True):
        surface = pygame.Surface((size[0] + 110, size[1] + 120))
        Backdrop().draw(surface)
        if banded:
            pieces = glow.glow_under(size, theme.GLOW_ACCENT, radius, width, corner, inside)
            glow.add_under(surface, pieces, rect)
        else:
            halo = glow.glow_rect(size, theme.GLOW_ACCENT, radius, width, corner)
            surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_ADD)
        cover = rect.inflate(-2 * inside, -2 * inside)
        pygame.draw.rect(surface, theme.PANEL, cover, border_radius=corner)
        pictures.append(surface)
    assert same(*pictures)
    kept = sum(
        s.get_pitch() * s.get_height()
        for s, _at in glow.glow_under(size, theme.GLOW_ACCENT, radius, width, corner, inside)
    )
    whole = glow.glow_rect(size, theme.GLOW_ACCENT, radius, width, corner)
    assert size[0] < 100 or kept < whole.get_pitch() * whole.get_height() / 2


def test_a_window_wide_line_glows_as_its_halo_does_without_a_sprite_of_its_width():
    """A bar's edge (and the backdrop's horizon and light band) is lit row by row: the same
    light as the line's whole halo all along it, and no window-wide sprite is kept."""
    w, radius = 640, 13
    line = pygame.Rect(0, 100, w, 2)
    pictures = []
    for rows in (False, True):
        surface = pygame.Surface((w, 220))
        Backdrop().draw(surface)
        if rows:
            kept = glow.cached_bytes()
            glow.add_line_glow(surface, line, theme.GLOW_ACCENT, radius)
            assert glow.cached_bytes() == kept
        else:
            halo = glow.glow_rect(line.size, theme.GLOW_ACCENT, radius)
            surface.blit(halo, halo.get_rect(center=line.center), special_flags=pygame.BLEND_ADD)
        pictures.append(surface)
    away_from_ends = pygame.Rect(3 * glow.pad(radius), 0, w - 6 * glow.pad(radius), 220)
    assert same(*(p.subsurface(away_from_ends) for p in pictures))
    unlit = pygame.Surface((w, 220))
    Backdrop().draw(unlit)
    assert not same(pictures[1], unlit)  # it does light the window


@pytest.mark.parametrize(
    "rect",
    [
        pygame.Rect(200, 100, 900, 560),
        pygame.Rect(-40, 30, 500, 300),
        pygame.Rect(300, 90, 60, 500),
    ],
    ids=["a board", "off the edge", "too thin for an even middle"],
)
def test_the_shade_behind_a_board_is_white_less_its_halo(rect):
    """The calm area behind a board is dimmed by white less the board's halo, as if that
    shade were one surface of the board's size (it is made a band at a time)."""
    size, depth, radius = (1280, 800), (60, 60, 52), 26
    by_bands, whole = pygame.Surface(size), pygame.Surface(size)
    Backdrop().draw(by_bands)
    whole.blit(by_bands, (0, 0))
    glow.multiply_shade(by_bands, rect, depth, radius, corner=radius)
    halo = glow.glow_rect(rect.size, depth, radius, corner=radius)
    shade = pygame.Surface(halo.get_size())
    shade.fill((255, 255, 255))
    shade.blit(halo, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    whole.blit(shade, shade.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_MULT)
    assert same(by_bands, whole)
    centre = rect.clip(by_bands.get_rect()).center
    unlit = pygame.Surface(size)
    Backdrop().draw(unlit)
    assert sum(by_bands.get_at(centre)[:3]) < sum(unlit.get_at(centre)[:3])  # it does dim


def test_in_high_contrast_a_switch_on_looks_unlike_one_off():
    from game.ui.layout import metrics_for
    from game.ui.text import FontBook
    from game.ui.widgets import UI, SettingRow

    m = metrics_for(SIZE)
    ui = UI(FontBook(), m, show_focus=False, plain=True)
    looks = []
    for on in (True, False):
        surface = pygame.Surface(SIZE)
        row = SettingRow(
            pygame.Rect(20, 20, 600, m.unit),
            "row",
            "Music",
            "On" if on else "Off",
            "toggle",
            lambda step: None,
            m,
            on=on,
        )
        row.draw(surface, ui, focused=False)
        pill = row._parts(m)[1].inflate(-m.gap * 2, -m.gap * 2)
        looks.append(sum(pygame.transform.average_color(surface, pill)[:3]))
    assert looks[0] > looks[1] + 300  # on: a white pill; off: black with a white edge
