"""Screen changes drawn over a fifth of a second: a neon wipe, or a fade for an overlay.

Only the picture moves: the scene stack has already changed when a transition starts, so the
new screen is drawn live underneath (its animations run, input reaches it), and the last frame
of the old one, kept as a still copy, is uncovered by a wipe with a glowing edge (a new screen
comes in from the right, going back uncovers the left) or, for a dialog or the pause menu over
the same screen, fades out. At its end the frame is exactly the new screen's. The app starts
none with reduced motion.
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
    """The old frame ``before`` leaving the screen from ``start_ms`` on.

    ``forward`` (a screen opened) wipes leftwards, backward (a screen closed) rightwards;
    ``overlay`` (only a dialog or a menu over the same screen came or went) fades instead.
    """

    def __init__(self, before: pygame.Surface, start_ms: int, forward: bool, overlay: bool) -> None:
        self.before = before
        self.start_ms = start_ms
        self.forward = forward
        self.overlay = overlay

    @property
    def duration_ms(self) -> int:
        return FADE_MS if self.overlay else WIPE_MS

    def progress(self, now_ms: int) -> float:
        return min(1.0, max(0.0, (now_ms - self.start_ms) / self.duration_ms))

    def done(self, now_ms: int) -> bool:
        return self.progress(now_ms) >= 1.0

    def edge(self, now_ms: int) -> int:
        """The wipe's x: the old frame lies left of it going forward, right of it going back."""
        w = self.before.get_width()
        p = ease(self.progress(now_ms))
        return round(w * (1 - p)) if self.forward else round(w * p)

    def draw(self, surface: pygame.Surface, now_ms: int, plain: bool = False) -> None:
        """Lay what is left of the old frame over the new one (``plain``: no glow)."""
        if self.done(now_ms) or self.before.get_size() != surface.get_size():
            return
        if self.overlay:
            self.before.set_alpha(round(255 * (1 - ease(self.progress(now_ms)))))
            surface.blit(self.before, (0, 0))
            return
        w, h = surface.get_size()
        x = self.edge(now_ms)
        old = pygame.Rect(0, 0, x, h) if self.forward else pygame.Rect(x, 0, w - x, h)
        surface.blit(self.before, old, old)
        line = max(2, h // 360)
        if not plain:
            halo = glow.glow_rect((line, h), theme.GLOW_ACCENT, max(6, w // 80))
            surface.blit(halo, halo.get_rect(center=(x, h // 2)), special_flags=pygame.BLEND_ADD)
        surface.fill(theme.HC_EDGE if plain else theme.ACCENT, (x - line // 2, 0, line, h))
