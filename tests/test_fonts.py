"""The shipped font draws every character of every catalog; Japanese wraps by the rules."""

import struct
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.i18n import LANGUAGE_NAMES, LANGUAGES
from game.platform.paths import resource
from game.ui.text import CLOSING, FONT_FILES, OPENING, FontBook, break_points, wrap


def cmap_chars(path: Path) -> set[int]:
    """The code points a TrueType/OpenType font maps (cmap formats 4 and 12)."""
    data = path.read_bytes()
    num_tables = struct.unpack(">H", data[4:6])[0]
    tables = {}
    for i in range(num_tables):
        tag, _check, offset, _length = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        tables[tag] = offset
    cmap = tables[b"cmap"]
    n = struct.unpack(">H", data[cmap + 2 : cmap + 4])[0]
    chars: set[int] = set()
    for i in range(n):
        _pid, _eid, off = struct.unpack(">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i])
        sub = cmap + off
        fmt = struct.unpack(">H", data[sub : sub + 2])[0]
        if fmt == 4:
            segs = struct.unpack(">H", data[sub + 6 : sub + 8])[0] // 2
            ends = struct.unpack(f">{segs}H", data[sub + 14 : sub + 14 + 2 * segs])
            starts_at = sub + 16 + 2 * segs
            starts = struct.unpack(f">{segs}H", data[starts_at : starts_at + 2 * segs])
            deltas_at = starts_at + 2 * segs
            deltas = struct.unpack(f">{segs}h", data[deltas_at : deltas_at + 2 * segs])
            ranges_at = deltas_at + 2 * segs
            ranges = struct.unpack(f">{segs}H", data[ranges_at : ranges_at + 2 * segs])
            for k in range(segs):
                for c in range(starts[k], ends[k] + 1):
                    if c == 0xFFFF:
                        continue
                    if ranges[k] == 0:
                        glyph = (c + deltas[k]) & 0xFFFF
                    else:
                        at = ranges_at + 2 * k + ranges[k] + 2 * (c - starts[k])
                        glyph = struct.unpack(">H", data[at : at + 2])[0]
                        glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
                    if glyph:
                        chars.add(c)
        elif fmt == 12:
            groups = struct.unpack(">I", data[sub + 12 : sub + 16])[0]
            for g in range(groups):
                start, end, _gid = struct.unpack(
                    ">III", data[sub + 16 + 12 * g : sub + 28 + 12 * g]
                )
                chars.update(range(start, end + 1))
    return chars


@pytest.fixture(scope="module")
def charsets():
    return {bold: cmap_chars(resource("cmt_assets", "fonts", f)) for bold, f in FONT_FILES.items()}


def catalog_text() -> str:
    parts = list(LANGUAGE_NAMES.values())
    for language in LANGUAGES:
        for msgid, msgstr in i18n.catalog_messages(language, keep_untranslated=True).items():
            if msgid:  # a context (before \x04) is never shown
                parts += [msgid.split("\x04")[-1], msgstr]
    return "".join(parts)


def test_every_character_of_every_catalog_is_in_both_weights(charsets):
    text = catalog_text()
    assert "ő" in text and "設定" in text  # the catalogs really are loaded
    needed = {ord(ch) for ch in text if ch not in "\n\t\x00"}
    for bold, chars in charsets.items():
        missing = sorted(chr(c) for c in needed - chars)
        assert not missing, f"{FONT_FILES[bold]} lacks {''.join(missing)}"


def test_the_cmap_reader_knows_a_missing_glyph(charsets):
    assert ord("A") in charsets[False] and ord("あ") in charsets[False]
    assert 0x1F4A1 not in charsets[False]  # 💡 is not in M+: the test would catch it


def test_fonts_ship_with_their_licence_and_stay_small():
    folder = resource("cmt_assets", "fonts", FONT_FILES[False]).parent
    licence = (folder / "OFL-mplus-copyright.txt").read_text(encoding="utf-8")
    assert "OFL" in licence and "M+ FONTS" in licence
    assert sum(p.stat().st_size for p in folder.iterdir()) < 6_000_000


JAPANESE = (
    "「モグラ」は、行・列・ターフにそれぞれ1匹だけ配置できます。隣り合うマス（斜めも含む）"
    "には置けません！ヒントを使うと、確実なマスがわかります。ちょっと待ってね…。"
)


@pytest.mark.parametrize("width", range(40, 400, 23))
def test_japanese_never_starts_a_line_with_closing_punctuation(width):
    pygame.font.init()
    font = FontBook().font(20)
    lines = wrap(JAPANESE, font, width)
    assert "".join(lines) == JAPANESE  # nothing lost or added
    assert len(lines) > 1
    for line in lines[1:]:
        assert line[0] not in CLOSING, line
    for line in lines[:-1]:
        assert line[-1] not in OPENING, line
    for line in lines:  # wider only where no break is allowed at all (a katakana word)
        fits = font.size(line)[0] <= width + font.size("。」")[0]
        assert fits or not break_points(line, phrases=False), line


def test_kinsoku_break_points():
    text = "です。「はい」"
    allowed = break_points(text)
    assert 2 not in allowed  # never before 。
    assert 4 not in allowed  # never after 「
    assert 6 not in allowed  # never before 」
    assert 3 in allowed


def test_a_number_stays_with_its_counter():
    text = "場所は、9行目1列目だけです。"
    assert break_points(text) == [4]  # between phrases only: 場所は、／9行目1列目だけです。
    allowed = break_points(text, phrases=False)  # inside a phrase too wide for its line
    assert 5 not in allowed and 8 not in allowed  # never 9／行 nor 1／列
    assert 7 not in allowed  # nor inside one cell: 9行目／1列目
    assert 4 in allowed and 11 in allowed  # before a position and after it are fine


def test_latin_text_breaks_at_spaces_only():
    pygame.font.init()
    font = FontBook().font(20)
    text = "Érintés és hosszú nyomás cseréje (Démineur)"
    lines = wrap(text, font, 200)
    assert len(lines) > 1
    assert " ".join(lines) == text


def test_fit_shrinks_until_the_text_fits():
    fonts = FontBook()
    fitted = fonts.fit("Színtévesztőknek: mintás területek", (180, 60), 30)
    assert fitted.fits and fitted.size < 30 and fitted.width <= 180 and fitted.height <= 60
    roomy = fonts.fit("OK", (180, 60), 30)
    assert roomy.size == 30 and roomy.lines == ("OK",)


def test_fit_shrinks_a_word_rather_than_cut_it():
    fonts = FontBook()
    word = "Nagyítás"
    width = fonts.font(30).size(word)[0] - 10  # two lines fit, the word on one line does not
    fitted = fonts.fit(word, (width, 200), 30)
    assert fitted.fits and fitted.lines == (word,) and fitted.size < 30
    japanese = fonts.fit("盤面に合わせる", (130, 200), 30)  # Japanese may still break anywhere
    assert japanese.fits and japanese.size == 30 and len(japanese.lines) > 1
