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
