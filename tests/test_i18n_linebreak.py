"""Japanese line breaks a reader accepts: between phrases, never inside a katakana word or a
number with its counter, on every Japanese string the game shows, wrapped at many widths."""

import re

import pygame
import pytest

from game import i18n
from game.ui.linebreak import has_japanese, is_katakana, phrase_breaks
from game.ui.text import FontBook, break_points, wrap


@pytest.fixture(scope="module")
def japanese() -> list[str]:
    texts = []
    for message in i18n.read_catalog("ja"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        texts += [s for s in strings if s and has_japanese(s)]
    assert len(texts) > 150
    return texts


def test_a_katakana_word_and_a_number_with_its_counter_are_never_split(japanese):
    pygame.font.init()
    font = FontBook().font(20)
    for text in japanese:
        for width in (120, 200, 320, 480):
            lines = wrap(text, font, width)
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")
            for a, b in zip(lines, lines[1:], strict=False):
                if a and b:
                    assert not (is_katakana(a[-1]) and is_katakana(b[0])), f"{a}／{b}"
                    assert not a[-1].isdigit(), f"{a}／{b}"


def test_lines_break_between_phrases():
    text = "9行目6列目の2は、残りの地雷の数と隠れたマスの数が同じです。"
    cuts = [0, *break_points(text), len(text)]
    pieces = [text[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]
    assert pieces == ["9行目6列目の", "2は、", "残りの", "地雷の", "数と", "隠れた", "マスの"] + [
        "数が",
        "同じです。",
    ]
    # the words of the issue: デミヌール and モグラ stay whole, even in a narrow box
    pygame.font.init()
    font = FontBook().font(20)
    for text in ("サイバーモグラ・ターフ & デミヌール", "モグラを置けるのは5行目だけです。"):
        for width in range(60, 400, 20):
            lines = wrap(text, font, width)
            for word in re.findall("[ァ-ヺー]+", text):  # デミヌール, モグラ, サイバーモグラ...
                assert any(word in line for line in lines), (word, lines)


def test_latin_text_is_left_to_the_spaces():
    assert phrase_breaks("Row 3: the only place left for its mole is column 5.") == frozenset()
    assert phrase_breaks("Az 5. sor: a vakond már csak a 3. oszlopba kerülhet.") == frozenset()


def test_a_position_is_never_split_and_a_list_breaks_after_its_marks(japanese):
    """「8行/目5列目」 and 「7行目/11列目」 were seen on screen: a position is one unit, even
    when a phrase too wide for its line must be broken; a list breaks after 「・」 and 「、」."""
    pygame.font.init()
    font = FontBook().font(20)
    filled = [
        "7行目11列目の3と8行目12列目の1を比べてください。",
        "2・5・8・11・14行目のマスは赤・青・緑・黄色・紫のターフにしか残っていません。",
        *[re.sub(r"\{\w+\}", "12", t) for t in japanese if re.search(r"\}[行列]目", t)],
    ]
    for text in filled:
        for width in (40, 60, 90, 120, 200):
            lines = wrap(text, font, width)
            for a, b in zip(lines, lines[1:], strict=False):
                joint = a[-4:] + "／" + b[:4]
                assert not re.search(r"\d[行列]／目|[行列]／目|目／\d+列目", joint), joint
                assert not re.search(r"\d／\d|\d／[行列]", joint), joint
    list_text = filled[1]
    cuts = set(break_points(list_text))
    assert {list_text.index("・") + 1, list_text.index("赤・") + 2} <= cuts


def test_a_hungarian_ordinal_stays_with_its_word():
    """「A 16. / sorban így már csak…」: a line ending in an ordinal reads as a sentence end."""
    pygame.font.init()
    font = FontBook().font(20)
    text = (
        "Tegyük fel, hogy a 8. sor 12. mezőjén vakond áll. A 16. sorban így már csak a 10. és a "
        "11. oszlopba kerülhet vakond. Egyik sem jó, tehát a 8. sor 12. mezője kiesik."
    )
    for width in range(80, 400, 7):
        lines = wrap(text, font, width)
        assert " ".join(lines) == text
        assert not any(re.search(r"\d\.$", line) for line in lines[:-1]), (width, lines)
