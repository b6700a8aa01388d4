"""One term per concept in each language: the glossary beside each catalog
(locale/<lang>/GLOSSARY.md) is followed by every translated message. A player who meets
"マーカー" on a button and "印" in a hint, or "Súgás" on a button and "tipp" in a notice,
reads two things where the game means one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.i18n import catalog_messages

ROOT = Path(__file__).resolve().parent.parent


def glossary(language: str) -> list[tuple[str, str, str]]:
    """(English, must use, never) patterns of the glossary's table, in its order."""
    rows = []
    for line in (ROOT / "locale" / language / "GLOSSARY.md").read_text("utf-8").splitlines():
        if not line.startswith("| ") or line.startswith(("| English", "|---")):
            continue
        # a | inside a pattern is written \| so that the table stays a table
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        rows.append((cells[0], cells[1], cells[2]))
    return rows


@pytest.mark.parametrize("language", ["ja", "hu"])
def test_the_glossary_is_followed_by_every_message(language: str) -> None:
    terms = glossary(language)
    assert len(terms) >= 15, "the glossary lost its table"
    messages = catalog_messages(language)
    assert len(messages) > 300
    wrong = []
    for key, text in messages.items():
        msgid = key.rpartition("\x04")[2]  # a context says which sense, it is not text
        msgid = msgid.replace("Mole Turf", "")  # the game's name is never translated
        for english, must, never in terms:
            uses = re.search(rf"\b(?:{english})\b", msgid, re.IGNORECASE)
            # a plural's forms are each a whole text of their own
            if must and uses and not all(re.search(must, t) for t in text.split("\x00")):
                wrong.append(f"{english!r} needs {must!r}: {msgid!r} -> {text!r}")
            if never and re.search(never, text):
                wrong.append(f"{never!r} is not a term: {msgid!r} -> {text!r}")
    assert not wrong, f"{len(wrong)} messages leave the glossary:\n" + "\n".join(wrong)


def test_a_term_that_drifts_is_found() -> None:
    """The check itself: the old Japanese marker word in a hint is caught."""
    english, must, never = next(t for t in glossary("ja") if t[0] == "markers?")
    assert re.search(never, "3行目4列目の印は")
    assert not re.search(never, "旗は目印です") and not re.search(never, "矢印キー")
    assert re.search(must, "マーカーモード")
