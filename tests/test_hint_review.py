"""The translators' review sheet: real hints of every shape, in the language asked."""

from __future__ import annotations

from tools import hint_review


def test_the_review_sheet_holds_real_sentences_of_many_shapes_in_the_language_asked() -> None:
    lines = hint_review.sheet("ja", per=2, english=True, games=2, boards=1)
    shapes = [line for line in lines if line.startswith("## ")]
    sentences = [line for line in lines if line.startswith("- ")]
    assert len(shapes) >= 30 and len(sentences) >= len(shapes)
    assert any("cells=1" in s for s in shapes) and any("cells=n" in s for s in shapes)
    assert all("{" not in s and "行目" in s or "マス" in s or "地雷" in s for s in sentences)
    assert all(s.startswith("  (") for s in lines if s.startswith("  "))  # the English beside
    assert lines[-1].endswith(f"{len(sentences)} sentences in {len(shapes)} shapes")


def test_the_fit_sheet_measures_a_split_hint_as_the_mole_turf_screen_lays_it_out() -> None:
    from core.hints import Hint

    case = ((4, 2), ((2, 1), (3, 5), (5, 7)), ("turf", 3))
    params = {"row": 1, "col": 4, "forced": ((6, 6),), "count": 2, "turf": 0}
    params |= {"places": ((4, 2), (7, 1)), "cases": (case, ((7, 1), (), ("row", 6)))}
    found = Hint("cross", ((0, 3),), (("row", 0),), "cases_turf", params)
    (line,) = hint_review.fit("hu", (800, 480), [found])
    assert hint_review.i18n.current() == "en"  # the language it was
    hint_review.i18n.set_language("hu")
    chars = len(hint_review.hints.sentence(found))
    hint_review.i18n.set_language("en")
    assert line.startswith(f"800x480 hu cases: 1 hints, characters median {chars} max {chars}")
    assert line.endswith("1 fit the panel")
