"""Hint sentences: any ``core.hints.Hint`` of either game as a sentence in the player's
language, and why a move was refused (``core.moves.Refusal``).

``core`` gives a technique id and its parameters only; the English templates below are the
msgids of the translations (``python -m tools.update_catalogs`` extracts them), and
``sentence`` fills them in the language set by ``game.i18n.set_language``. A template that
names a number of things is a plural pair (``N_plural``): its third item is the parameter it
agrees with, ``"cells"`` being how many cells the hint is about. Rows and columns in the
parameters are already counted from 1, as players count them; turfs are ids, named here by
the colour the board paints them in. Hungarian sentences write "a(z)" before a number or a
colour and "{value}-s" for "the 3" as a cell: ``i18n.grammar`` settles both once the
numbers are known (az 5., a 3-as, az 5-ös).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from core.hints import Hint
from core.moves import Refusal
from core.problems import MESSAGES, Problem
from game import i18n
from game.i18n import N_, NC_, N_plural, _, ngettext, pgettext

Template = str | tuple[str, str, str]

# Démineur, one template per technique of ``core.demineur.logic``.
DEMINEUR: dict[str, Template] = {
    "first_touch": N_(
        "The first touch is always safe: no mine is ever placed on it or next to it."
    ),
    "zero": N_plural(
        "Row {row}, column {col} is blank: no mine touches it, so its hidden neighbour is safe.",
        "Row {row}, column {col} is blank: no mine touches it, so its {cells} hidden neighbours "
        "are safe.",
        "cells",
    ),
    "satisfied": N_plural(
        "The {value} at row {row}, column {col} already has all its mines: its other hidden "
        "neighbour is safe.",
        "The {value} at row {row}, column {col} already has all its mines: its other {cells} "
        "hidden neighbours are safe.",
        "cells",
    ),
    # "satisfied" when its mines are not all flagged: the other numbers proved them mines
    "satisfied_deduced": N_plural(
        "The {value} at row {row}, column {col} already touches all its mines, the deduced ones "
        "included: its other hidden neighbour is safe.",
        "The {value} at row {row}, column {col} already touches all its mines, the deduced ones "
        "included: its other {cells} hidden neighbours are safe.",
        "cells",
    ),
    "all_mines": N_plural(
        "The {value} at row {row}, column {col} still needs a mine and has just one hidden "
        "neighbour left: that cell is a mine.",
        "The {value} at row {row}, column {col} still needs a mine in each of its {cells} "
        "hidden neighbours: they are all mines.",
        "cells",
    ),
    "subset_safe": N_plural(
        "Every mine the {value_a} at row {row_a}, column {col_a} still needs also touches the "
        "{value_b} at row {row_b}, column {col_b}, and that is all the {value_b} needs: its "
        "other hidden neighbour is safe.",
        "Every mine the {value_a} at row {row_a}, column {col_a} still needs also touches the "
        "{value_b} at row {row_b}, column {col_b}, and that is all the {value_b} needs: its "
        "other {cells} hidden neighbours are safe.",
        "cells",
    ),
    "subset_mine": N_plural(
        "The {value_b} at row {row_b}, column {col_b} needs more mines than the cells it shares "
        "with the {value_a} at row {row_a}, column {col_a} can hold: its other hidden neighbour "
        "is a mine.",
        "The {value_b} at row {row_b}, column {col_b} needs more mines than the cells it shares "
        "with the {value_a} at row {row_a}, column {col_a} can hold: its other {cells} hidden "
        "neighbours are all mines.",
        "cells",
    ),
    "overlap_safe": N_plural(
        "Compare the {value_a} at row {row_a}, column {col_a} with the {value_b} at row "
        "{row_b}, column {col_b}: the hidden cells they share hold so many mines that the "
        "{value_b}'s other hidden neighbour is safe.",
        "Compare the {value_a} at row {row_a}, column {col_a} with the {value_b} at row "
        "{row_b}, column {col_b}: the hidden cells they share hold so many mines that the "
        "{value_b}'s other {cells} hidden neighbours are safe.",
        "cells",
    ),
    "overlap_mine": N_plural(
        "Compare the {value_a} at row {row_a}, column {col_a} with the {value_b} at row "
        "{row_b}, column {col_b}: the hidden cells they share can hold only a few mines, so the "
        "{value_b}'s other hidden neighbour is a mine.",
        "Compare the {value_a} at row {row_a}, column {col_a} with the {value_b} at row "
        "{row_b}, column {col_b}: the hidden cells they share can hold only a few mines, so the "
        "{value_b}'s other {cells} hidden neighbours are all mines.",
        "cells",
    ),
    "group_safe": N_plural(
        "Together, {numbers} allow {arrangements}, and not one puts a mine on this cell: it "
        "is safe.",
        "Together, {numbers} allow {arrangements}, and not one puts a mine on any of these "
        "{cells} cells: they are safe.",
        "cells",
    ),
    "group_mine": N_plural(
        "Together, {numbers} allow {arrangements}, and every one puts a mine on this cell: it "
        "is a mine.",
        "Together, {numbers} allow {arrangements}, and every one puts a mine on each of these "
        "{cells} cells: they are mines.",
        "cells",
    ),
    "total_safe": N_plural(
        "The board hides {mines} in all, and the numbers need every one of them elsewhere: "
        "this cell is safe.",
        "The board hides {mines} in all, and the numbers need every one of them elsewhere: "
        "these {cells} cells are safe.",
        "cells",
    ),
    "total_mine": N_plural(
        "The board hides {mines} in all, and the numbers leave room for the last one only "
        "here: this cell is a mine.",
        "The board hides {mines} in all, and the numbers leave room for the last ones only "
        "here: these {cells} cells are mines.",
        "cells",
    ),
    # "best", not "safest": a cell a little riskier may be chosen for what it is likely to show
    "guess": N_(
        "Nothing is certain any more. The best cell to try is row {row}, column {col}: it "
        "hides a mine with a chance of {percent}."
    ),
    "guess_approx": N_(
        "Nothing is certain any more. The safest cell to try is row {row}, column {col}: it "
        "hides a mine with a chance of about {percent} (an estimate: there are too many "
        "arrangements to count)."
    ),
    # the same right after the first touch, when nothing was ever certain
    "guess_start": N_(
        "The first touch opened too little to deduce anything yet. The best cell to try is row "
        "{row}, column {col}: it hides a mine with a chance of {percent}."
    ),
    "guess_approx_start": N_(
        "The first touch opened too little to deduce anything yet. The safest cell to try is "
        "row {row}, column {col}: it hides a mine with a chance of about {percent} (an "
        "estimate: there are too many arrangements to count)."
    ),
}

# the counted nouns the Démineur sentences fill in
COUNTED = {
    "numbers": lambda n: ngettext("this number", "these {n} linked numbers", n),
    "arrangements": lambda n: ngettext(
        "only {n} arrangement of mines", "{n} arrangements of mines", n
    ),
    "mines": lambda n: ngettext("{n} mine", "{n} mines", n),
}


# Cyber Mole Turf, one template per technique of ``core.moleturf.logic``.
MOLETURF: dict[str, Template] = {
    "wrong_mole": N_("The mole at row {row}, column {col} is not part of the solution: remove it."),
    "wrong_mark": N_(
        "The marker at row {row}, column {col} covers the cell where a mole belongs: erase it."
    ),
    "mole_sees": N_(
        "The mole at row {row}, column {col} rules out the rest of its row and its column, the "
        "rest of the {turf} turf and every cell touching it."
    ),
    "last_in_row": N_("Row {row}: the only place left for its mole is column {col}."),
    "last_in_col": N_("Column {col}: the only place left for its mole is row {row}."),
    "last_in_turf": N_(
        "The {turf} turf: the only place left for its mole is row {row}, column {col}."
    ),
    "turf_in_row": N_plural(
        "All that is left of the {turf} turf lies in row {row}, so its mole is in that row: the "
        "other cell of row {row} is impossible.",
        "All that is left of the {turf} turf lies in row {row}, so its mole is in that row: the "
        "other {cells} cells of row {row} are impossible.",
        "cells",
    ),
    "turf_in_col": N_plural(
        "All that is left of the {turf} turf lies in column {col}, so its mole is in that "
        "column: the other cell of column {col} is impossible.",
        "All that is left of the {turf} turf lies in column {col}, so its mole is in that "
        "column: the other {cells} cells of column {col} are impossible.",
        "cells",
    ),
    "row_in_turf": N_plural(
        "All that is left of row {row} lies in the {turf} turf, so the turf's mole is in row "
        "{row}: the turf's other cell is impossible.",
        "All that is left of row {row} lies in the {turf} turf, so the turf's mole is in row "
        "{row}: the turf's other {cells} cells are impossible.",
        "cells",
    ),
    "col_in_turf": N_plural(
        "All that is left of column {col} lies in the {turf} turf, so the turf's mole is in "
        "column {col}: the turf's other cell is impossible.",
        "All that is left of column {col} lies in the {turf} turf, so the turf's mole is in "
        "column {col}: the turf's other {cells} cells are impossible.",
        "cells",
    ),
    "seen_by_row": N_plural(
        "Wherever the mole of row {row} goes, it rules out this cell: it is impossible.",
        "Wherever the mole of row {row} goes, it rules out these {cells} cells: they are "
        "impossible.",
        "cells",
    ),
    "seen_by_col": N_plural(
        "Wherever the mole of column {col} goes, it rules out this cell: it is impossible.",
        "Wherever the mole of column {col} goes, it rules out these {cells} cells: they are "
        "impossible.",
        "cells",
    ),
    "seen_by_turf": N_plural(
        "Wherever the mole of the {turf} turf goes, it rules out this cell: it is impossible.",
        "Wherever the mole of the {turf} turf goes, it rules out these {cells} cells: they are "
        "impossible.",
        "cells",
    ),
    "turfs_in_rows": N_plural(
        "The {turfs} turfs have cells left only in rows {rows}, so their moles fill those rows: "
        "the other cell of those rows is impossible.",
        "The {turfs} turfs have cells left only in rows {rows}, so their moles fill those rows: "
        "the other {cells} cells of those rows are impossible.",
        "cells",
    ),
    "turfs_in_cols": N_plural(
        "The {turfs} turfs have cells left only in columns {cols}, so their moles fill those "
        "columns: the other cell of those columns is impossible.",
        "The {turfs} turfs have cells left only in columns {cols}, so their moles fill those "
        "columns: the other {cells} cells of those columns are impossible.",
        "cells",
    ),
    "rows_in_turfs": N_plural(
        "Rows {rows} have cells left only in the {turfs} turfs, so those turfs' moles are in "
        "these rows: the other cell of those turfs is impossible.",
        "Rows {rows} have cells left only in the {turfs} turfs, so those turfs' moles are in "
        "these rows: the other {cells} cells of those turfs are impossible.",
        "cells",
    ),
    "cols_in_turfs": N_plural(
        "Columns {cols} have cells left only in the {turfs} turfs, so those turfs' moles are in "
        "these columns: the other cell of those turfs is impossible.",
        "Columns {cols} have cells left only in the {turfs} turfs, so those turfs' moles are in "
        "these columns: the other {cells} cells of those turfs are impossible.",
        "cells",
    ),
    "would_empty_row": N_plural(
        "A mole at row {row}, column {col} would force a mole onto {forced}, and then row "
        "{other_row} would have no place left for its mole: that cell is impossible.",
        "A mole at row {row}, column {col} would force moles onto {forced}, and then row "
        "{other_row} would have no place left for its mole: that cell is impossible.",
        "forced",
    ),
    "would_empty_col": N_plural(
        "A mole at row {row}, column {col} would force a mole onto {forced}, and then column "
        "{other_col} would have no place left for its mole: that cell is impossible.",
        "A mole at row {row}, column {col} would force moles onto {forced}, and then column "
        "{other_col} would have no place left for its mole: that cell is impossible.",
        "forced",
    ),
    "would_empty_turf": N_plural(
        "A mole at row {row}, column {col} would force a mole onto {forced}, and then the "
        "{other_turf} turf would have no place left for its mole: that cell is impossible.",
        "A mole at row {row}, column {col} would force moles onto {forced}, and then the "
        "{other_turf} turf would have no place left for its mole: that cell is impossible.",
        "forced",
    ),
    "forcing_chain_row": N_plural(
        "A mole at row {row}, column {col} would force {count} more mole: {forced}. Then row "
        "{other_row} would have no place left for its mole: that cell is impossible.",
        "A mole at row {row}, column {col} would set off a chain of {count} forced moles: "
        "{forced}. Then row {other_row} would have no place left for its mole: that cell is "
        "impossible.",
        "count",
    ),
    "forcing_chain_col": N_plural(
        "A mole at row {row}, column {col} would force {count} more mole: {forced}. Then "
        "column {other_col} would have no place left for its mole: that cell is impossible.",
        "A mole at row {row}, column {col} would set off a chain of {count} forced moles: "
        "{forced}. Then column {other_col} would have no place left for its mole: that cell is "
        "impossible.",
        "count",
    ),
    "forcing_chain_turf": N_plural(
        "A mole at row {row}, column {col} would force {count} more mole: {forced}. Then the "
        "{other_turf} turf would have no place left for its mole: that cell is impossible.",
        "A mole at row {row}, column {col} would set off a chain of {count} forced moles: "
        "{forced}. Then the {other_turf} turf would have no place left for its mole: that cell "
        "is impossible.",
        "count",
    ),
    # a cases or deep-contradiction hint is told in steps (``_in_steps``): a cases entry here
    # is the step that splits, a deep contradiction's the step that ends it
    # Translators: {places}: column numbers counted from 1, already joined as a list ('2 and 5')
    "cases_row": N_("Then row {rows} has only columns {places} left for its mole."),
    # Translators: {places}: row numbers counted from 1, already joined as a list ('2 and 5')
    "cases_col": N_("Then column {cols} has only rows {places} left for its mole."),
    # Translators: {places}: cells named as 'row {row}, column {col}', already joined as a list
    "cases_turf": N_("Then the {turf} turf has only {places} left for its mole."),
    # Translators: {ends}: rows, columns and turfs named as 'row 5' or 'the red turf', as a list
    "deep_contradiction": N_(
        "Tried in turn, with the cases they split into, every case ends with a row, column or "
        "turf that has no place for its mole: {ends}. So row {row}, column {col} is impossible."
    ),
}

# How a cell is named inside a sentence (the forced moles of a would_empty_* hint).
CELL_NAME = N_("row {row}, column {col}")

# The steps of a hint that splits into cases (``cases_*``, ``deep_contradiction``): the
# supposed mole and the moles it forces, the unit split into its places left (the entry of
# MOLETURF), then each place with the moles it forces and the unit it leaves with no place
# (cases), or the units the nested cases leave with no place (deep); then the conclusion.
SUPPOSE = N_("Suppose a mole at row {row}, column {col}.")
SUPPOSE_FORCING = N_plural(
    "Suppose a mole at row {row}, column {col}: it forces a mole onto {forced}.",
    "Suppose a mole at row {row}, column {col}: it forces moles onto {forced}.",
    "count",
)
CASE_EMPTY: dict[str, Template] = {
    "row": N_("A mole at row {row}, column {col} would leave row {other_row} with no place."),
    "col": N_("A mole at row {row}, column {col} would leave column {other_col} with no place."),
    "turf": N_(
        "A mole at row {row}, column {col} would leave the {other_turf} turf with no place."
    ),
}
CASE_FORCING: dict[str, Template] = {
    "row": N_plural(
        "A mole at row {row}, column {col} would force a mole onto {forced}, and then row "
        "{other_row} would have no place left.",
        "A mole at row {row}, column {col} would force moles onto {forced}, and then "
        "row {other_row} would have no place left.",
        "count",
    ),
    "col": N_plural(
        "A mole at row {row}, column {col} would force a mole onto {forced}, and then column "
        "{other_col} would have no place left.",
        "A mole at row {row}, column {col} would force moles onto {forced}, and then "
        "column {other_col} would have no place left.",
        "count",
    ),
    "turf": N_plural(
        "A mole at row {row}, column {col} would force a mole onto {forced}, and then the "
        "{other_turf} turf would have no place left.",
        "A mole at row {row}, column {col} would force moles onto {forced}, and then "
        "the {other_turf} turf would have no place left.",
        "count",
    ),
}
CASES_END = N_("Every place fails, so row {row}, column {col} is impossible.")
# a unit in a list of the units left with no place
UNIT_NAMES = {
    "row": NC_("unit", "row {n}"),
    "col": NC_("unit", "column {n}"),
    "turf": NC_("unit", "the {turf} turf"),
}
# a long list is cut: its first item and how many more (the board shows every cell)
MOST_NAMED = {"cells": 2, "units": 3}
MORE = {
    # Translators: {first}: a cell named as 'row {row}, column {col}'; {n}: how many more
    # cells (at least 2)
    "cells": NC_("cells", "{first} and {n} more"),
    # Translators: {first}: a row, column or turf named as 'row 5' or 'the red turf'; {n}: how
    # many more of them (at least 3)
    "units": NC_("units", "{first} and {n} more"),
}

# The name each turf id goes by in sentences; the front end paints turf k in colour k. (The
# context is written out in each NC_ call: the extractor reads literals only.)
COLOUR_CONTEXT = "turf colour"
TURF_COLOURS: tuple[str, ...] = (
    NC_("turf colour", "red"),
    NC_("turf colour", "orange"),
    NC_("turf colour", "yellow"),
    NC_("turf colour", "green"),
    NC_("turf colour", "cyan"),
    NC_("turf colour", "blue"),
    NC_("turf colour", "purple"),
    NC_("turf colour", "pink"),
    NC_("turf colour", "brown"),
    NC_("turf colour", "lime"),
    NC_("turf colour", "teal"),
    NC_("turf colour", "navy"),
    NC_("turf colour", "magenta"),
    NC_("turf colour", "olive"),
    NC_("turf colour", "grey"),
    NC_("turf colour", "white"),
)


def turf_name(turf: int) -> str:
    """The translated colour name of turf ``turf`` (turf k is painted in colour k)."""
    return pgettext(COLOUR_CONTEXT, TURF_COLOURS[turf])


def _fill(key: str, value: Any) -> Any:
    if key in ("turf", "other_turf"):
        return turf_name(value)
    if key == "turfs":
        return i18n.names(turf_name(t) for t in value)
    if key == "forced" and not isinstance(value, str):  # a string: listed already
        return i18n.join(_cell_names(value))
    if key in COUNTED:
        return COUNTED[key](value).format(n=value)
    if key == "percent":
        return i18n.percent(value / 100)
    if isinstance(value, tuple):  # rows or columns
        return i18n.ordinals(value)
    return value


def _cell_names(cells: Iterable[tuple[int, int]]) -> list[str]:
    return [_(CELL_NAME).format(row=r, col=c) for r, c in cells]


def _listed(names: list[str], what: str) -> str:
    """Names as a list, cut after the first when there are more than ``MOST_NAMED``
    ("row 2, column 5 and 4 more"): ``what`` is ``"cells"`` or ``"units"``."""
    if len(names) > MOST_NAMED[what]:
        more = pgettext(what, MORE[what])
        return more.format(first=names[0], n=len(names) - 1)
    return i18n.join(names)


def _unit_name(unit: tuple[str, int]) -> str:
    kind, i = unit
    name = pgettext("unit", UNIT_NAMES[kind])
    return name.format(n=i, turf=turf_name(i) if kind == "turf" else "")


def _end(unit: tuple[str, int]) -> dict[str, int]:
    """The parameter naming the unit a step leaves with no place (``other_row`` ...)."""
    kind, i = unit
    return {f"other_{kind}": i}


def _in_steps(hint: Hint) -> str:
    """A cases or deep-contradiction hint, told step by step (see ``SUPPOSE``)."""
    p = hint.params
    at = {"row": p["row"], "col": p["col"]}
    forced = p["forced"]
    if forced:
        listed = _listed(_cell_names(forced), "cells")
        told = [render(SUPPOSE_FORCING, {**at, "count": len(forced), "forced": listed})]
    else:
        told = [render(SUPPOSE, at)]
    split: dict[str, Any] = {key: p[key] for key in ("rows", "cols", "turf") if key in p}
    kind = {"rows": "row", "cols": "col", "turf": "turf"}[next(iter(split))]
    # the places of a row are columns, those of a column rows, those of a turf cells
    if kind == "turf":
        places = {"places": i18n.join(_cell_names(p["places"]))}  # each named again below
    else:
        places = {"places": i18n.ordinals(cell[kind == "row"] for cell in p["places"])}
    told.append(render(MOLETURF[f"cases_{kind}"], {**split, **places}))
    if hint.technique == "deep_contradiction":
        ends = _listed([_unit_name(unit) for unit in p["ends"]], "units")
        told.append(render(MOLETURF["deep_contradiction"], {**at, "ends": ends}))
        return i18n.sentences(*told)
    for (r, c), case_forced, end in p["cases"]:
        case = {"row": r, "col": c, **_end(end)}
        if case_forced:
            listed = _listed(_cell_names(case_forced), "cells")
            case |= {"count": len(case_forced), "forced": listed}
            told.append(render(CASE_FORCING[end[0]], case))
        else:
            told.append(render(CASE_EMPTY[end[0]], case))
    told.append(render(CASES_END, at))
    return i18n.sentences(*told)


# the techniques told in steps
IN_STEPS = ("cases_row", "cases_col", "cases_turf", "deep_contradiction")


def named_cells(hint: Hint) -> tuple[tuple[int, int], ...]:
    """The cells a hint's sentence names besides the ones it concludes about, as the board
    counts them (from 0): the moles a supposition forces and the places of a split, each
    once, so the board can show them with the sentence."""
    p = hint.params
    cells = list(p.get("forced", ())) + list(p.get("places", ()))
    for _place, case_forced, _end_unit in p.get("cases", ()):
        cells += case_forced
    return tuple(
        dict.fromkeys((r - 1, c - 1) for r, c in cells if (r - 1, c - 1) not in hint.cells)
    )


def render(template: Template, params: dict[str, Any]) -> str:
    """A template (or plural pair) in the current language, filled with ``params``."""
    if isinstance(template, tuple):
        one, many, agrees = template
        n = params[agrees]
        text = ngettext(one, many, len(n) if isinstance(n, tuple) else n)
    else:
        text = _(template)
    return i18n.grammar(text.format(**{key: _fill(key, value) for key, value in params.items()}))


# A board cell as the player sees it: the game's (row, col) -> the (row, col) on screen, both
# from 0. A Démineur board turned for an upright screen (``BoardView.to_screen``) shows the
# game's columns as rows: the sentence then names the row and column the player sees, the
# ones the highlight is drawn at.
Placement = Callable[[int, int], tuple[int, int]]
CELL_KEYS = (("row", "col"), ("row_a", "col_a"), ("row_b", "col_b"))


def placed(params: dict[str, Any], place: Placement | None) -> dict[str, Any]:
    """``params`` with every named cell (rows and columns counted from 1) where ``place``
    puts it on the screen; the one place hint and refusal sentences turn board coordinates
    into the row and column words a player reads."""
    if place is None:
        return params
    out = dict(params)
    for row, col in CELL_KEYS:
        if row in out and col in out:
            r, c = place(out[row] - 1, out[col] - 1)
            out[row], out[col] = r + 1, c + 1
    if "forced" in out:
        out["forced"] = tuple(tuple(v + 1 for v in place(r - 1, c - 1)) for r, c in out["forced"])
    return out


def sentence(hint: Hint, place: Placement | None = None) -> str:
    """The hint of either game as one sentence in the current language, its cells named as
    ``place`` shows them (default: as the game counts them)."""
    if hint.technique in IN_STEPS:
        return _in_steps(hint)
    template = DEMINEUR.get(hint.technique) or MOLETURF.get(hint.technique)
    if template is None:
        raise ValueError(f"no sentence for the hint technique {hint.technique!r}")
    return render(template, placed({"cells": len(hint.cells), **hint.params}, place))


# Why a move was refused (``core.moves.Refusal.reason``), for the message line.
REFUSALS: dict[str, Template] = {
    # Démineur
    "game_over": N_("The game is over: retry it or start a new one."),
    "nothing_to_open": N_("This cell is already open."),
    "chord_flags": N_plural(
        "A chord opens a number's neighbours once exactly as many flags touch it as its "
        "value: this {value} touches {flags} flag.",
        "A chord opens a number's neighbours once exactly as many flags touch it as its "
        "value: this {value} touches {flags} flags.",
        "flags",
    ),
    "chord_hidden": N_("A chord is made on a revealed number; this cell is still hidden."),
    "flag_before_start": N_("Flags come after the first touch: touch a cell to start."),
    "flagged": N_("A flagged cell does not open: take the flag away first."),
    # Cyber Mole Turf
    "won": N_("This sector is cleared."),
    "over": N_("Your shields are gone: retry the sector or undo the last move."),
    "mole_there": N_("A mole stands on this cell: markers go on cells without a mole."),
    "nothing_to_erase": N_("There is nothing to erase here."),
    "nothing_to_mark": N_("Every cell of this drag is marked already."),
    "nothing_to_apply": N_("The board already shows this hint."),
}


def refusal(refused: Refusal, place: Placement | None = None) -> str:
    """Why an intent changed nothing, as one sentence in the current language."""
    return render(REFUSALS[refused.reason], placed(refused.params, place))


def problem(bad: ValueError) -> str:
    """Why a piece of input was refused, in the player's language: a ``core.problems.Problem``
    by its reason (its English detail, if any, for the English game only); any other
    ValueError (a game file the rules refuse for a reason of their own) as one general
    sentence, its English kept for the English game only."""
    if isinstance(bad, Problem):
        if bad.detail and i18n.current() == "en":
            return str(bad)  # what a library or a rule said, in English, for the English game
        params = {key: _fill(key, value) for key, value in bad.params.items()}
        if "level" in params:  # a Démineur level's id
            params["level"] = _(i18n.LEVEL_NAMES.get(params["level"], params["level"]))
        text = pgettext("problem", MESSAGES[bad.reason]).format(**params)
        # a reason follows a colon ("This code cannot be read: …"): its first letter stays
        return text[:1] + i18n.grammar(text)[1:]
    if i18n.current() == "en":
        return str(bad)
    return _("its content is damaged or was written by another program")
