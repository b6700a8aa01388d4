"""Where a Japanese line may break: between phrases (文節), as a reader expects.

BudouX (Google's phrase segmenter, a 126 kB pure-Python wheel with its model, no network)
splits a Japanese sentence into phrases: 「9行目6列目の|2は、|残りの|地雷の|数と…」. Two rules
are then enforced whatever the model says: a line never breaks inside a katakana word
(「デミヌール」, 「モグラ」; 「・」 between words still allows a break), nor after a digit, which
keeps a number with its counter (「3行目」, 「11個」, 「2か所」); nor inside a position (「8行目」,
「7行目11列目」), which a reader takes as one word. A list joined with 「・」 or 「、」 may break
after each mark. ``game.ui.text`` adds the kinsoku
rules (no line starts with 。、」ー… nor ends with 「（…) and breaks Latin text at spaces.

A sentence is segmented about 0.25 ms (median, the hint sentences); the result is cached, since
a text is laid out again at several sizes.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

KATAKANA_DOT = "・"


def is_katakana(ch: str) -> bool:
    """A katakana letter or the long-vowel mark (not 「・」, which separates words)."""
    return ("\u30a1" <= ch <= "\u30ff" and ch != KATAKANA_DOT) or "\uff66" <= ch <= "\uff9f"


def has_japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


@cache
def _parser() -> Any:
    """BudouX's Japanese model, loaded at the first Japanese text (~80 ms at start-up saved
    when the program opens in another language)."""
    import budoux

    return budoux.load_default_japanese_parser()


# A position is one unit to a reader: 「3行目」, 「5列目」 and a cell 「7行目11列目」 (a line
# may still break after the 目 that ends a cell, between two cells of a list)
_POSITION = re.compile(r"\d+[行列]目(?:\d+列目)?")
# a Hungarian ordinal stays with the word it numbers (「a 16. / sorban」 read as a sentence end)
_ORDINAL = re.compile(r"\d+\. (?=[a-záéíóöőúüű])")
# BudouX reads a list joined with 「・」 as one phrase (「2・5・8行目」): a line may break after
# each 「・」 and 「、」 of a text, the places a Japanese reader breaks a list
_LIST_MARKS = "・、"


@lru_cache(maxsize=4096)
def unbreakable(text: str) -> frozenset[int]:
    """Indices ``i`` before which no line may end, whatever else allows it: inside a
    position (「8行/目」, 「7行目/11列目」), and right after a Hungarian ordinal (「16. sor」)."""
    inside = {i for m in _POSITION.finditer(text) for i in range(m.start() + 1, m.end())}
    return frozenset(inside | {m.end() for m in _ORDINAL.finditer(text)})


@lru_cache(maxsize=4096)
def phrase_breaks(text: str) -> frozenset[int]:
    """Indices ``i`` (0 < i < len(text)) where a phrase of ``text`` starts: a line may end
    before ``text[i]``. Never inside a katakana word or a position, never right after a
    digit; always possible after 「・」 and 「、」."""
    if not has_japanese(text):
        return frozenset()
    points = {i + 1 for i, ch in enumerate(text[:-1]) if ch in _LIST_MARKS}
    at = 0
    for phrase in _parser().parse(text)[:-1]:
        at += len(phrase)
        points.add(at)
    inside = unbreakable(text)
    return frozenset(
        i
        for i in points
        if not (is_katakana(text[i - 1]) and is_katakana(text[i]))
        and not text[i - 1].isdigit()
        and i not in inside
    )
