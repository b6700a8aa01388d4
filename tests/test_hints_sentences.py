"""Hint sentences as a player reads them, in English, Japanese and Hungarian.

The hints come from real boards: Démineur games played by their hints (the positions of
tests/test_ms_logic.py), the 30 shipped Mole Turf sectors and the hard boards of
tests/test_turf_hint_deep.py, each driven by its hints to the end. A blank cell's hint
(``zero``) never comes up in play, since the game opens a blank's neighbours itself: it is
asked of a real board showing one blank cell alone. ``overlap_mine`` came up in none of some 500
seeded games: it is checked on a real ``overlap_safe`` hint with the technique swapped.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest

from core.demineur.logic import Analysis
from core.demineur.rules import Minesweeper
from core.hints import Hint
from core.moleturf import turf
from core.moleturf.logic import hint as turf_hint
from core.moleturf.sectors import load_sectors
from game import hints, i18n
from tests.test_ms_logic import positions
from tests.test_turf_hint_deep import STUCK_AT_EMPTY, STUCK_LATER, board
from tests.test_turf_logic import cells_of, empty

# a seeded game (rows, cols, mines, seed) and the step at which it gives each technique
DEMINEUR_GAMES = {
    "all_mines": (9, 9, 16, 902, 8),
    "group_mine": (6, 6, 9, 928, 17),
    "group_safe": (9, 9, 16, 923, 8),
    "guess": (9, 9, 16, 902, 29),
    "guess_approx": (10, 10, 30, 905, 12),
    "overlap_safe": (9, 9, 16, 902, 16),
    "satisfied": (9, 9, 16, 900, 0),
    "subset_mine": (9, 9, 16, 909, 28),
    "subset_safe": (9, 9, 16, 902, 28),
    "total_mine": (10, 10, 30, 910, 64),
    "total_safe": (9, 9, 16, 928, 59),
}
SWAPPED = {"overlap_mine": "overlap_safe"}
# the wordings the Démineur screen picks for what the board shows (game.demineur.play.told)
SWAPPED |= {
    "satisfied_deduced": "satisfied",
    "guess_start": "guess",
    "guess_approx_start": "guess_approx",
}


def demineur_hints() -> dict[str, Hint]:
    game = Minesweeper(9, 9, 10, seed=1)
    found = {"first_touch": game.hint()}
    game.reveal(4, 4)
    r, c = np.argwhere(game.revealed & (game.counts == 0))[0]
    blank = np.zeros_like(game.revealed)
    blank[r, c] = True
    found["zero"] = Analysis(blank, game.counts, game.mines).hint()
    for technique, (rows, cols, mines, seed, step) in DEMINEUR_GAMES.items():
        for i, (_game, h) in enumerate(positions(rows, cols, mines, seed, follow=step + 1)):
            if i == step:
                found[technique] = h
    for technique, sibling in SWAPPED.items():
        found[technique] = replace(found[sibling], technique=technique)
    return found


def turf_hints() -> dict[str, Hint]:
    found: dict[str, Hint] = {}

    def drive(regions, solution) -> None:
        n = len(regions)
        moles, crossed = empty(n), empty(n)
        while (h := turf_hint(regions, moles, crossed, solution)) is not None:
            found.setdefault(h.technique, h)
            for r, c in h.cells:
                (moles if h.kind == "mole" else crossed)[r, c] = True

    sectors = load_sectors()
    for sector in sectors:
        drive(sector.regions, sector.solution)
    for rows in {**STUCK_AT_EMPTY, **STUCK_LATER}.values():
        regions = board(rows)
        drive(regions, turf.solve(regions))
    regions, solution = sectors[0].regions, sectors[0].solution
    n = len(regions)
    wrong = cells_of(n, [(0, (int(solution[0]) + 3) % n)])
    found["wrong_mole"] = turf_hint(regions, wrong, empty(n), solution)
    mark = cells_of(n, [(1, int(solution[1]))])
    found["wrong_mark"] = turf_hint(regions, empty(n), mark, solution)
    return found


@pytest.fixture(scope="module")
def real_hints() -> dict[str, Hint]:
    found = {**demineur_hints(), **turf_hints()}
    assert set(found) == set(hints.DEMINEUR) | set(hints.MOLETURF), "a technique was not met"
    return found


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def say(language: str, h: Hint) -> str:
    i18n.set_language(language)
    return hints.sentence(h)


def counted(h: Hint) -> list[Hint]:
    """The hint as it is, and with each number the sentence agrees with set to 1, 2 and 21."""
    variants = [h]
    template = hints.DEMINEUR.get(h.technique) or hints.MOLETURF[h.technique]
    keys = ["cells"] + [k for k in ("count", "mines", "numbers", "arrangements") if k in h.params]
    if isinstance(template, tuple) and template[2] == "forced":
        keys = ["cells"]
        forced = h.params["forced"]
        variants.append(replace(h, params={**h.params, "forced": forced[:1]}))
        variants.append(replace(h, params={**h.params, "forced": forced[:1] * 2}))
    for key in keys:
        for n in (1, 2, 21):
            variants.append(replace(h, params={**h.params, key: n}))
    return variants


ENGLISH_PLURALS = "cells|mines|neighbours|places|moles|cases|arrangements|flags|numbers|turfs"


def test_english_sentences_agree_with_their_numbers(real_hints):
    for h in real_hints.values():
        for v in counted(h):
            text = say("en", v)
            assert "{" not in text and text.endswith("."), text
            assert not re.search(rf"\b1 ({ENGLISH_PLURALS})\b", text), text
            assert not re.search(r"\b(these|all) 1 ", text), text
            assert not re.search(r"\b([02-9]|\d\d+) (cell|mine|neighbour|place|mole|case)\b", text)


def test_english_reads_as_the_issue_asks(real_hints):
    h = Hint("mole", ((4, 2),), (("col", 2),), "last_in_col", {"row": 5, "col": 3})
    assert say("en", h) == "Column 3: the only place left for its mole is row 5."
    two = replace(real_hints["turfs_in_rows"], params={"rows": (2, 5), "turfs": (1, 3)})
    assert "The orange and green turfs have cells left only in rows 2 and 5" in say("en", two)


# every Japanese sentence ends politely; 「、」 and 「・」 separate, never an ASCII comma
POLITE = ("です", "ます", "ません", "ください")


def test_japanese_positions_are_ordinal_and_every_sentence_is_polite(real_hints):
    for h in real_hints.values():
        for v in counted(h):
            text = say("ja", v)
            assert "{" not in text and "," not in text, text
            assert not re.search(r"\d+[行列](?!目)", text), f"a position read as a count: {text}"
            for part in filter(None, re.split(r"(?<=。)", text)):
                body = re.sub(r"（[^）]*）", "", part).rstrip("。")
                assert body.endswith(POLITE), f"not です/ます: {part}"
    h = Hint("mole", ((4, 2),), (("col", 2),), "last_in_col", {"row": 5, "col": 3})
    assert say("ja", h) == "3列目でモグラを置けるのは5行目だけです。"
    two = replace(real_hints["turfs_in_rows"], params={"rows": (2, 5), "turfs": (1, 3)})
    assert say("ja", two).startswith("オレンジ・緑のターフは2・5行目")


def test_a_japanese_sentence_about_one_cell_says_one_cell(real_hints):
    """Japanese has one plural form, so a plural pair alone said of a single cell what it says
    of many: 「隠れた1マスはすべて地雷です」. A sentence about one thing is its own message."""
    singles = 0
    for h in real_hints.values():
        for v in counted(h):
            if v.params.get("cells", len(v.cells)) != 1:
                continue
            singles += 1
            text = say("ja", v)
            assert not re.search(r"(?<!\d)1マス", text), text
            assert "すべて地雷" not in text and "つながった1個" not in text, text
    assert singles > 30


# Hungarian numerals, spelled out independently of game.i18n: the article is "az" exactly when
# the numeral (or its ordinal) starts with a vowel
UNITS = ["", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc"]
TENS = ["", "tíz", "húsz", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan"]
TENS += ["kilencven"]


def numeral(n: int) -> str:
    if n == 100:
        return "száz"
    tens = {1: "tizen", 2: "huszon"}.get(n // 10, TENS[n // 10]) if n % 10 else TENS[n // 10]
    return tens + UNITS[n % 10]


def expected_article(n: int) -> str:
    return "az" if numeral(n)[0] in "aáeéiíoóöőuúüű" else "a"


def articles_before_numbers(text: str) -> list[tuple[str, int]]:
    return [(a.lower(), int(n)) for a, n in re.findall(r"\b([Aa]z?) (\d+)\b", text)]


def test_hungarian_article_is_right_before_every_number_from_1_to_100(real_hints):
    seen = set()
    for technique in ("last_in_col", "satisfied", "turf_in_row", "all_mines", "deep_contradiction"):
        h = real_hints[technique]
        for n in range(1, 101):
            numbers = {k: n for k in ("row", "col", "count") if k in h.params}
            text = say("hu", replace(h, params={**h.params, **numbers, "cells": n}))
            assert "a(z)" not in text and "A(z)" not in text, text
            for article, number in articles_before_numbers(text):
                assert article == expected_article(number), f"{article} {number}: {text}"
                seen.add(number)
    assert seen == set(range(1, 101))


def test_hungarian_sentences_of_every_technique(real_hints):
    for h in real_hints.values():
        for v in counted(h):
            text = say("hu", v)
            assert "{" not in text and "a(z)" not in text.lower(), text
            assert not text[0].islower() and text.endswith("."), text
            for article, number in articles_before_numbers(text):
                assert article == expected_article(number), text
            # "the 3" as a cell takes the -s suffix in vowel harmony: 3-as, 5-ös, 6-os, 4-es
            for number, suffix in re.findall(r"\b(\d)-(\w+)", text):
                want = {"1": "es", "2": "es", "3": "as", "4": "es", "5": "ös"}
                want |= {"6": "os", "7": "es", "8": "as"}
                assert suffix.startswith(want[number]), text
    h = Hint("mole", ((4, 2),), (("col", 2),), "last_in_col", {"row": 5, "col": 3})
    assert say("hu", h) == "3. oszlop: a vakond már csak az 5. sorba kerülhet."
    two = replace(real_hints["turfs_in_rows"], params={"rows": (1, 5), "turfs": (1, 3)})
    assert say("hu", two).startswith("A narancs és a zöld területnek már csak az 1. és az 5. sor")


def test_hungarian_article_before_every_turf_colour(real_hints):
    h = real_hints["last_in_turf"]
    for turf_id, colour in enumerate(hints.TURF_COLOURS):
        text = say("hu", replace(h, params={**h.params, "turf": turf_id}))
        name = hints.turf_name(turf_id)
        vowel = name[0] in "aáeéiíoóöőuúüű"
        assert text.startswith(f"{'Az' if vowel else 'A'} {name} terület"), (colour, text)
    i18n.set_language("hu")
    assert hints.turf_name(13) == "olajzöld"  # a vowel-initial colour, so "az" is really tested


def test_japanese_colour_names_are_the_everyday_ones():
    i18n.set_language("ja")
    names = {c: hints.turf_name(i) for i, c in enumerate(hints.TURF_COLOURS)}
    assert (names["brown"], names["yellow"], names["teal"]) == ("茶色", "黄色", "青緑")


def test_a_refusal_agrees_with_the_number_of_flags():
    from core.moves import Refusal

    one = Refusal("chord_flags", (0, 0), {"value": 3, "flags": 1})
    two = Refusal("chord_flags", (0, 0), {"value": 3, "flags": 2})
    i18n.set_language("en")
    assert hints.refusal(one).endswith("this 3 touches 1 flag.")
    assert hints.refusal(two).endswith("this 3 touches 2 flags.")
    i18n.set_language("hu")
    assert hints.refusal(two).endswith(". Ennél a 3-asnál 2 zászló van.")
    assert "az 5-ösnél" in hints.refusal(Refusal("chord_flags", (0, 0), {"value": 5, "flags": 2}))
