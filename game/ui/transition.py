"""Screen changes drawn over a fifth of a second: a neon wipe across, or down for an overlay.

Only the picture moves: the scene stack has already changed when a transition starts, so the
new screen is drawn live (its animations run, input reaches it), and the last frame of the
old one is uncovered by a wipe with a glowing edge: across for a new screen (it comes in from
the right, going back uncovers the left), down the screen (up when it closes) for a dialog or
the pause menu over the same screen, shorter. The old frame is not copied: it is what the
window already shows, and the new screen is drawn only where the wipe has passed
(``new_part``); the strip of old frame the edge's glow lies on is kept, to put back when the
edge has moved on. At its end the frame is exactly the new screen's. The app starts none with
reduced motion.

A wipe costs a strip a frame; a fade would cost a full-window alpha blend a frame (2.8 ms at
1920x1080, bench/bench_backdrop.py), so overlays wipe too; a copy of the old frame would cost
the window's size again (33 MB at 4K).
"""

from __future__ import annotations

import pygame

from game.ui import glow, theme

WIPE_MS = 220
FADE_MS = 150


def ease(p: float) -> float:
    """Smoothstep: starts and ends gently."""
    p = min(1.0, max(0.0, p))
    return p * p * (3 - 2 * p)


class Transition:
    """A wipe from the frame on ``size``'s window at ``start_ms`` to what is drawn after.

    ``forward`` (a screen opened) wipes leftwards, backward (a screen closed) rightwards;
    ``overlay`` (only a dialog or a menu over the same screen came or went) wipes downwards
    when it opens, upwards when it closes. Each frame: ``restore`` what the edge's glow lay
    on, draw the new screen clipped to ``new_part``, then ``draw_edge``.
    """

    def __init__(self, size: tuple[int, int], start_ms: int, forward: bool, overlay: bool) -> None:
        self.size = size
        self.start_ms = start_ms
        self.forward = forward
        self.overlay = overlay
        self._under: tuple[pygame.Surface, tuple[int, int]] | None = None  # old frame, glowed

    @property
    def duration_ms(self) -> int:
        return FADE_MS if self.overlay else WIPE_MS

    def progress(self, now_ms: int) -> float:
        return min(1.0, max(0.0, (now_ms - self.start_ms) / self.duration_ms))

    def done(self, now_ms: int) -> bool:
        return self.progress(now_ms) >= 1.0

    def old_part(self, now_ms: int) -> pygame.Rect:
        """What is left of the old frame: left of the edge going forward, right of it going
        back; for an overlay below the edge opening, above it closing."""
        w, h = self.size
        p = ease(self.progress(now_ms))
        if self.overlay:
            y = round(h * p) if self.forward else round(h * (1 - p))
            return pygame.Rect(0, y, w, h - y) if self.forward else pygame.Rect(0, 0, w, y)
        x = round(w * (1 - p)) if self.forward else round(w * p)
        return pygame.Rect(0, 0, x, h) if self.forward else pygame.Rect(x, 0, w - x, h)

    def new_part(self, now_ms: int) -> pygame.Rect:
        """Where the wipe has passed: the rest of the window."""
        w, h = self.size
        old = self.old_part(now_ms)
        if self.overlay:
            return (
                pygame.Rect(0, 0, w, old.y)
                if self.forward
                else pygame.Rect(0, old.bottom, w, h - old.bottom)
            )
        return (
            pygame.Rect(old.right, 0, w - old.right, h)
            if self.forward
            else pygame.Rect(0, 0, old.x, h)
        )

    def restore(self, surface: pygame.Surface) -> None:
        """Put back the old frame where the last edge's glow lay on it."""
        if self._under is not None:
            surface.blit(*self._under)
            self._under = None

    def draw_edge(self, surface: pygame.Surface, now_ms: int, plain: bool = False) -> None:
        """The wipe's glowing edge (``plain``: a line, no glow), keeping what it covers of
        the old frame."""
        if self.done(now_ms) or self.size != surface.get_size():
            return
        w, h = self.size
        old = self.old_part(now_ms)
        if old.size == (w, h):
            return  # not begun: the old frame whole, no edge yet
        line = max(2, h // 360)
        if self.overlay:
            y = old.y if self.forward else old.bottom
            edge = pygame.Rect(0, y - line // 2, w, line)
        else:
            x = old.right if self.forward else old.x
            edge = pygame.Rect(x - line // 2, 0, line, h)
        halo = (
            None if plain else glow.glow_rect(edge.size, theme.GLOW_ACCENT, max(6, min(w, h) // 60))
        )
        lit = edge if halo is None else halo.get_rect(center=edge.center)
        kept = lit.clip(old)
        if kept.w and kept.h:
            self._under = (surface.subsurface(kept).copy(), kept.topleft)
        if halo is not None:
            surface.blit(halo, lit, special_flags=pygame.BLEND_ADD)
        surface.fill(theme.HC_EDGE if plain else theme.ACCENT, edge)
