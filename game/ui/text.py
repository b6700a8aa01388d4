"""Text: the shipped M+ fonts, line breaking for Latin and Japanese, shrink-to-fit.

Every text is laid out here, and none smaller than ``FontBook.floor`` (the window's
``Metrics.text_floor``, set with the metrics): a text that does not fit its box at the floor is
reported as not fitting, and the screen makes room (more lines, a wider box, pages), never a
smaller size. Only the board's digits, sized to their cells, are drawn without the floor.

Line breaking: Latin text breaks at spaces; Japanese text between phrases only
(``game.ui.linebreak``: never inside a katakana word), and a line never starts with closing
punctuation, a small kana or the long-vowel mark (。、」）ー ッ …) and never ends with opening
punctuation (「（ …): the "kinsoku" rules; nor does a line end on a digit, which keeps a number
with its counter.

Caches are bounded by what they hold, not by how many entries: rendered lines by their
pixels' bytes (``RENDER_BUDGET``), layouts by an estimate of their size (``FIT_BUDGET``), and
the open font faces (each holds its file open) by count (``FONTS_KEPT``); each drops the
entry used least recently first. A long session thus settles at a fixed size whatever text
it shows (a result line per game, a clock that ticks every second).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from game.platform.paths import resource
from game.ui import debug
from game.ui.linebreak import is_katakana, phrase_breaks, unbreakable

FONT_FILES = {False: "Mplus1-Regular.otf", True: "Mplus1-Bold.otf"}
RENDER_BUDGET = 10 * 2**20  # bytes of rendered lines kept (a 4K screen shows up to 6 MB)
FIT_BUDGET = 2**20  # estimated bytes of layouts kept
FONTS_KEPT = 32  # open font faces (sizes x weights)
ENTRY_BYTES = 200  # what an entry costs besides its contents: key, record, dict slot

# may not start a line
CLOSING = set(
    "、。，．・：；？！‼⁇⁈⁉ー〜～…‥゛゜ゝゞヽヾ々〻"
    "’”）〕］｝〉》」』】〙〗〟｠»"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ",.:;!?)]}%"
)
# may not end a line
OPENING = set("‘“（〔［｛〈《「『【〘〖〝｟«([{")
DIGITS = set("0123456789０１２３４５６７８９")


def is_wide(ch: str) -> bool:
    """CJK ideographs, kana and full-width forms: a line may break beside them."""
    return ord(ch) >= 0x2E80


_ASIDE = re.compile(r"[(（][^()（）]{1,24}[)）]")  # "(Mole Turf)", 「（モグラ・ターフ）」


def in_asides(text: str) -> frozenset[int]:
    """Indices inside a short aside in brackets ("(Mole Turf)"): it names one thing, read as
    a whole, so no line ends in it."""
    return frozenset(i for m in _ASIDE.finditer(text) for i in range(m.start() + 1, m.end()))


def break_points(text: str, phrases: bool = True) -> list[int]:
    """Indices ``i`` where a line may end before ``text[i]`` (0 < i < len(text)). Japanese
    breaks between phrases; with ``phrases=False`` (for a phrase too wide for its line) between
    any two characters, but never inside a katakana word."""
    points = []
    starts = phrase_breaks(text) if phrases else frozenset[int]()  # game.ui.linebreak
    # a position, even when a phrase must be broken; a short aside in brackets
    inside = unbreakable(text) | in_asides(text)
    for i in range(1, len(text)):
        prev, ch = text[i - 1], text[i]
        if ch == " " or i in inside:
            continue
        if prev == " ":
            points.append(i)
        elif prev in DIGITS:
            continue  # a number stays with the counter after it: 「9行」, never 「9／行」
        elif (is_wide(prev) or is_wide(ch)) and ch not in CLOSING and prev not in OPENING:
            if (i in starts) if phrases else not (is_katakana(prev) and is_katakana(ch)):
                points.append(i)
    return points


def words(text: str) -> list[str]:
    """The pieces of ``text`` no line break may split (a Latin word, one Japanese character)."""
    pieces: list[str] = []
    for paragraph in text.split("\n"):
        cuts = [0, *break_points(paragraph), len(paragraph)]
        pieces.extend(paragraph[a:b].strip() for a, b in zip(cuts, cuts[1:], strict=False))
    return [p for p in pieces if p]


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Lines of ``text`` no wider than ``width`` where breaking allows; ``\\n`` forces a break."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(paragraph, font, width))
    return lines


def _wrap_paragraph(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines = []
    while text:
        if font.size(text)[0] <= width:
            lines.append(text)
            break
        points = break_points(text)
        cut = _last_fitting(text, points, font, width)
        if cut == 0:  # the first phrase alone is too wide: break inside it
            points = break_points(text, phrases=False)
            cut = _last_fitting(text, points, font, width)
        if cut == 0 and points:  # nothing fits: overflow to the first allowed break (fit()
            cut = points[0]  # then picks a smaller size) rather than break a rule
        elif cut == 0:  # one word with no break at all: cut it by characters
            cut = 1
            while cut < len(text) and font.size(text[: cut + 1])[0] <= width:
                cut += 1
            inside = unbreakable(text)
            while cut < len(text) and (
                text[cut] in CLOSING
                or is_katakana(text[cut - 1])
                and is_katakana(text[cut])
                or text[cut - 1] in DIGITS
                or cut in inside
            ):
                cut += 1  # a katakana word, a number or a position overflows whole (fit()
                # then picks a smaller size)
        lines.append(text[:cut].rstrip())
        text = text[cut:].lstrip(" ")
    return lines or [""]


def _last_fitting(text: str, points: list[int], font: pygame.font.Font, width: int) -> int:
    cut = 0
    for point in points:
        if font.size(text[:point].rstrip())[0] > width:
            break
        cut = point
    return cut


@dataclass(frozen=True)
class Fitted:
    """Text laid out in a box: the font size used, its lines, and whether it fits."""

    size: int
    bold: bool
    lines: tuple[str, ...]
    line_h: int
    width: int  # of the widest line
    fits: bool
    text: str = ""  # what was laid out (the debug registry checks where its lines broke)

    @property
    def height(self) -> int:
        return self.line_h * len(self.lines)


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """A cache of at most ``budget`` bytes (as its callers count them), least recently used
    dropped first; a single entry bigger than a quarter of the budget is not kept at all."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def values(self) -> list[V]:
        return [v for v, _size in self._items.values()]

    def get(self, key: K) -> V | None:
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: K, value: V, size: int) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        if size > self.budget // 4:
            return
        self._items[key] = (value, size)
        self.bytes += size
        while self.bytes > self.budget:
            _key, (_value, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


def dimmed(sprite: pygame.Surface, k: float) -> pygame.Surface:
    """``sprite`` with its colour scaled by ``k`` (0..1; its alpha kept), made for one draw: a
    sign that dims and brightens keeps one sprite at full strength, not one per strength (the
    launcher's wordmark kept seven halos and four renders of itself, 30 MB at 4K)."""
    if k >= 1:
        return sprite
    out = sprite.copy()  # a surface of its own, unclipped: the blended fill covers it all
    v = max(0, round(255 * k))
    out.fill((v, v, v), special_flags=pygame.BLEND_RGB_MULT)
    return out


def surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


def _text_bytes(*texts: str) -> int:
    return sum(4 * len(t) + 50 for t in texts)  # at worst 4 bytes a character, plus the object


class FontBook:
    """The shipped fonts at any pixel size, and cached layouts and renderings of text."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.floor = 14  # the smallest size any text is laid out at: UI sets the window's
        self._fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        self._probes: dict[bool, pygame.font.Font] = {}  # one face a weight, sized as needed
        self._fits: BoundedCache[tuple, Fitted] = BoundedCache(FIT_BUDGET)
        self._renders: BoundedCache[tuple, pygame.Surface] = BoundedCache(RENDER_BUDGET)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, size), bold)
        font = self._fonts.get(key)
        if font is not None:
            self._fonts.move_to_end(key)
            return font
        path = resource("cmt_assets", "fonts", FONT_FILES[bold])
        font = self._fonts[key] = pygame.font.Font(str(path), key[0])
        while len(self._fonts) > FONTS_KEPT:
            self._fonts.popitem(last=False)  # closed (and its file) once nothing holds it
        return font

    def _measure_with(self, size: int, bold: bool) -> pygame.font.Font:
        """A face to measure text at ``size`` with while fitting: the face of that size if it
        is open, else one face per weight set to that size (pygame-ce's ``point_size``, the
        same metrics): fitting tries several sizes, and a face opened for each is ~0.5 MiB."""
        key = (max(6, size), bold)
        font = self._fonts.get(key)
        if font is not None:
            return font
        probe = self._probes.get(bold)
        if probe is None:
            path = resource("cmt_assets", "fonts", FONT_FILES[bold])
            probe = self._probes[bold] = pygame.font.Font(str(path), key[0])
        elif probe.point_size != key[0]:
            probe.point_size = key[0]
        return probe

    @property
    def cached_bytes(self) -> int:
        """Bytes held by the render and layout caches (as they count them)."""
        return self._renders.bytes + self._fits.bytes

    def fit(
        self,
        text: str,
        box: tuple[int, int],
        size: int,
        bold: bool = False,
        max_lines: int = 3,
    ) -> Fitted:
        """The largest size from ``size`` down to the floor at which ``text`` fits ``box``; at
        the floor a text too long for ``box`` or ``max_lines`` keeps all its lines (``fits`` is
        then False: the caller gives it room)."""
        size, low = max(size, self.floor), self.floor
        key = (text, box, size, bold, low, max_lines)
        cached = self._fits.get(key)
        if cached is not None:
            return cached
        pieces = words(text)
        tried: dict[int, Fitted] = {}

        def at(s: int) -> Fitted:
            if s not in tried:  # the size asked for is the one likely drawn: its own face
                font = self.font(s, bold) if s == size else self._measure_with(s, bold)
                tried[s] = self._layout(text, pieces, box, font, s, bold, max_lines)
            return tried[s]

        # The largest size that fits, found by trying a few sizes rather than every one from
        # the top (a number squeezed into a small tile tried 17): the size the box's scale
        # suggests, then one at a time up or down from there.
        result = at(size)
        if not result.fits and size > low:
            scale = min(box[0] / max(1, result.width), box[1] / max(1, result.height))
            s = max(low, min(size - 1, int(size * scale)))
            if at(s).fits:
                while s + 1 < size and at(s + 1).fits:
                    s += 1
            else:
                while s > low and not at(s).fits:
                    s -= 1
            result = at(s)
        self._fits.put(key, result, ENTRY_BYTES + _text_bytes(text, *result.lines))
        return result

    def _layout(
        self,
        text: str,
        pieces: list[str],
        box: tuple[int, int],
        font: pygame.font.Font,
        size: int,
        bold: bool,
        max_lines: int,
    ) -> Fitted:
        """``text`` wrapped to ``box``'s width in ``font`` (at ``size``), and whether it fits
        the box."""
        w, h = box
        lines = wrap(text, font, w)
        widest = max(font.size(line)[0] for line in lines)
        line_h = font.get_linesize()
        fits = len(lines) <= max_lines and widest <= w and line_h * len(lines) <= h
        # a word wider than the box would be cut mid-word ("Nagyítá/s"): a smaller size first
        fits = fits and all(font.size(p)[0] <= w for p in pieces)
        return Fitted(size, bold, tuple(lines), line_h, widest, fits, text)

    def render_line(self, line: str, size: int, bold: bool, colour) -> pygame.Surface:
        key = (line, size, bold, tuple(colour))
        surf = self._renders.get(key)
        if surf is None:
            surf = self.font(size, bold).render(line, True, colour)
            self._renders.put(key, surf, ENTRY_BYTES + _text_bytes(line) + surface_bytes(surf))
        return surf

    def draw(
        self,
        surface: pygame.Surface,
        fitted: Fitted,
        rect: pygame.Rect,
        colour,
        align: str = "center",
        dim: float = 1.0,
    ) -> None:
        """Draw fitted text in ``rect``, centred vertically; ``align`` left, center or right;
        ``colour`` scaled by ``dim`` (``dimmed``)."""
        y = rect.centery - fitted.height // 2
        for i, line in enumerate(fitted.lines):
            surf = dimmed(self.render_line(line, fitted.size, fitted.bold, colour), dim)
            if align == "left":
                x = rect.x
            elif align == "right":
                x = rect.right - surf.get_width()
            else:
                x = rect.centerx - surf.get_width() // 2
            surface.blit(surf, (x, y))
            if debug.recording is not None:
                debug.record(
                    "text",
                    surf.get_bounding_rect().move(x, y),  # the ink, not the line's room
                    box=pygame.Rect(rect),
                    source=fitted.text,
                    lines=fitted.lines,
                    line=i,
                    fits=fitted.fits,
                )
            y += fitted.line_h

    def text(
        self,
        surface: pygame.Surface,
        text: str,
        rect: pygame.Rect,
        size: int,
        colour,
        bold: bool = False,
        align: str = "center",
        max_lines: int = 3,
    ) -> Fitted:
        fitted = self.fit(text, rect.size, size, bold, max_lines=max_lines)
        self.draw(surface, fitted, rect, colour, align)
        return fitted
