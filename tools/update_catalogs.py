"""Collect every translatable string of game/ with Babel and bring the three catalogs up to date.

Babel's extractor reads the ``_``, ``N_``, ``pgettext``, ``ngettext``, ``npgettext``, ``NC_`` and
``N_plural`` calls of game/ (the hint templates of game/hints.py among them), with the
``# Translators:`` comment just above a call. Every msgid with a ``{placeholder}`` is flagged
``python-brace-format`` and gets a translator comment saying what each placeholder stands for
(from ``PLACEHOLDERS`` below, unless the source comment already names it). Then each
``locale/<lang>/LC_MESSAGES/cmt.po`` is updated from that template: translations of msgids
still in the code are kept (entries appended by hand are merged the same way), new msgids
come in untranslated (English stays empty: gettext shows the msgid), msgids no longer used are
dropped, and nothing is matched fuzzily. Every plural pair also gets a message of its own for
exactly one thing (context ``one``; see ``game.i18n.ONE``). Translate the empty ones afterwards.

    .venv/bin/python -m tools.update_catalogs
"""

from __future__ import annotations

import datetime
import string
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from core.problems import MESSAGES, NOTES
from game.catalogs import read_po_file
from game.i18n import DOMAIN, LANGUAGES, one_context

ROOT = Path(__file__).resolve().parent.parent
PROJECT, VERSION = "cyber-mole-turf-demineur", "0.1.0"
# the header's dates stay put, so that a run that changes no message changes no file
STAMP = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)
SOURCE = ROOT / "game"

KEYWORDS = {
    "_": None,
    "N_": None,
    "pgettext": ((1, "c"), 2),
    "ngettext": (1, 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_plural": (1, 2),
    "NC_": ((1, "c"), 2),
}
COMMENT_TAGS = ("Translators:",)
ONE_COMMENT = (
    "Translators: the sentence for exactly one thing (the count is 1): say it as your language "
    "speaks of one thing, without the count if it reads better"
)

# What each placeholder stands for, told to the translators beside every msgid using it. A
# placeholder whose meaning depends on the message is explained by a "# Translators:" comment
# above the call instead (it then needs no entry here).
PLACEHOLDERS = {
    "row": "a row number, counted from 1 (a position: 'row 3' / 3行目 / a 3. sor)",
    "col": "a column number, counted from 1 (a position: 'column 5' / 5列目 / az 5. oszlop)",
    "value": "the number shown in that cell (1 to 8)",
    "cells": "how many cells the hint is about (the form of the sentence agrees with it)",
    "count": "how many things the sentence counts (its form agrees with it)",
    "row_a": "the row of the first number, counted from 1",
    "col_a": "the column of the first number, counted from 1",
    "value_a": "the first number's value (1 to 8)",
    "row_b": "the row of the second number, counted from 1",
    "col_b": "the column of the second number, counted from 1",
    "value_b": "the second number's value (1 to 8)",
    "numbers": "'this number' or 'these 3 linked numbers', translated on its own",
    "arrangements": "'12 arrangements of mines', translated on its own",
    "mines": "a number of mines; in '{n} mine' alone, the phrase itself",
    "n": "a number: what the message counts or numbers (mines, days, a page, a board side)",
    "percent": "a percentage already written the language's way, with its sign (23%)",
    "turf": "a turf colour name (translated with the context 'turf colour')",
    "rows": "row numbers counted from 1, already joined as a list ('2 and 5')",
    "cols": "column numbers counted from 1, already joined as a list ('2 and 5')",
    "turfs": "turf colour names already joined as a list ('orange and green')",
    "forced": "cells named as in 'row {row}, column {col}', already joined as a list",
    "other_row": "the row left without a place, counted from 1",
    "other_col": "the column left without a place, counted from 1",
    "other_turf": "the colour name of the turf left without a place",
    "flags": "how many flags touch the number",
    "time": "a time, written m:ss.t or m:ss",
    "level": "a Démineur level name (Beginner, Expert...)",
    "board": "a board: a level name with its size, or a custom size",
    "place": "a place in today's ranking (1 for the best)",
    "rank": "a place among the best times (1 for the best)",
    "name": "a player's name or initials",
    "number": "a Mole Turf sector number (1 to 30)",
    "seconds": "a number of seconds",
    "total": "the number of pages",
    "game": "a game's name (Démineur or Cyber Mole Turf)",
    "speed": "a replay speed factor (1, 2, 4...)",
    "ms": "a number of milliseconds",
    "file": "the name of a data file",
    "files": "the names of data files",
    "left": "how many moles are still to place",
    "slow": "the slowest time on the chart",
    "fast": "the fastest time on the chart",
    "most": "the largest number of columns or rows",
    "bv": "the board's 3BV (its least number of clicks), or solved/total",
    "bvs": "3BV per second, a decimal number written the language's way",
    "efficiency": "a percentage written the language's way, with its sign",
    "hints": "how many hints were used",
    "stars": "a difficulty: 1 to 5 in '{stars} of 5 stars', elsewhere that phrase translated",
    "date": "a date, already written the language's way",
    "days": "a number of days in a row",
    "reason": "why, as a sentence already translated",
}


def placeholders(msgid: str) -> list[str]:
    names = [field for _, field, _, _ in string.Formatter().parse(msgid) if field]
    return list(dict.fromkeys(names))


def explain(ids: tuple[str, ...], comments: list[str]) -> tuple[list[str], list[str]]:
    """The translator comments of a msgid (and its plural): the source's, then a line for each
    placeholder the source comment does not mention; and the placeholders nobody explains."""
    names = list(dict.fromkeys(n for m in ids for n in placeholders(m)))
    said = " ".join(comments)
    missing = [n for n in names if f"{{{n}}}" not in said]
    known = [f"{{{n}}}: {PLACEHOLDERS[n]}" for n in missing if n in PLACEHOLDERS]
    return comments + known, [n for n in missing if n not in PLACEHOLDERS]


def template() -> Catalog:
    """Every message of the program, as Babel extracts it from game/."""
    pot = Catalog(domain=DOMAIN, project=PROJECT, version=VERSION, fuzzy=False)
    pot.creation_date = pot.revision_date = STAMP
    found = extract_from_dir(
        str(SOURCE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    for filename, _lineno, msgid, comments, context in found:
        ids = tuple(m for m in (msgid if isinstance(msgid, tuple) else (msgid,)) if m)
        flags = ["python-brace-format"] if any(placeholders(m) for m in ids) else []
        # the same msgid met again adds its comments and location to the first one's
        pot.add(
            ids if len(ids) > 1 else ids[0],
            locations=[(f"game/{filename}", None)],
            auto_comments=comments,
            context=context,
            flags=flags,
        )
    for template in MESSAGES.values():  # core's refusals of input, said by game.hints.problem
        pot.add(
            template,
            locations=[("core/problems.py", None)],
            auto_comments=[f"{{{name}}}: {NOTES[name]}" for name in placeholders(template)],
            context="problem",
            flags=["python-brace-format"] if placeholders(template) else [],
        )
    for message in list(pot):  # every plural pair gets its message for exactly one thing
        if message.pluralizable:
            pot.add(
                message.id[0],
                locations=message.locations,
                auto_comments=[*message.auto_comments, ONE_COMMENT],
                context=one_context(message.context),
                flags=message.flags,
            )
    unknown = []
    for message in pot:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            message.auto_comments, names = explain(ids, message.auto_comments)
            unknown += [f"{ids[0]!r}: {{{name}}}" for name in names]
    if unknown:
        raise SystemExit(
            "say what each placeholder stands for in a '# Translators:' comment above the call "
            "(or add it to PLACEHOLDERS):\n  " + "\n  ".join(unknown)
        )
    return pot


def catalog_path(language: str) -> Path:
    return ROOT / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def update(language: str, pot: Catalog) -> Catalog:
    path = catalog_path(language)
    if path.exists():
        catalog = read_po_file(path, language, DOMAIN)
    else:
        catalog = Catalog(locale=language, domain=DOMAIN)
    catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
    catalog.header_comment = (
        f"# {DOMAIN}: {language}. `python -m tools.update_catalogs` updates it."
    )
    catalog.project, catalog.version, catalog.revision_date = PROJECT, VERSION, STAMP
    catalog.language_team = catalog.last_translator = ""
    catalog.msgid_bugs_address = ""
    catalog.obsolete.clear()
    if language == "en":  # the msgids are the English text: nothing to translate, nothing fuzzy
        for message in catalog:
            message.flags.discard("fuzzy")
    return catalog


def write(language: str, catalog: Catalog) -> None:
    path = catalog_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(
            f, catalog, include_lineno=False, ignore_obsolete=True, sort_output=True, width=100
        )


def main() -> None:
    pot = template()
    for language in LANGUAGES:
        catalog = update(language, pot)
        write(language, catalog)
        todo = [m for m in catalog if m.id and not (all(m.string) if m.pluralizable else m.string)]
        note = "" if language == "en" else f", {len(todo)} untranslated"  # English is the msgid
        print(f"{catalog_path(language).relative_to(ROOT)}: {len(pot)} messages{note}")


if __name__ == "__main__":
    main()
