"""Hint sentences: any ``core.hints.Hint`` of either game as a sentence in the player's
language, and why a move was refused (``core.moves.Refusal``).

``core`` gives a technique id and its parameters only; the English templates below are the
msgids of the translations (``tools/make_hint_pots.py`` writes them into the catalogs), and
``sentence`` fills them in the language set by ``game.i18n.set_language``. Rows and columns
in the parameters are already counted from 1, as players count them; turfs are ids, named
here by the colour the board paints them in.
"""

from __future__ import annotations

from typing import Any

from core.hints import Hint
from core.moves import Refusal
from game.i18n import N_, _, pgettext

# Démineur, one template per technique of ``core.demineur.logic``.
DEMINEUR: dict[str, str] = {
    "first_touch": "The first touch is always safe: it never hides a mine, nor do its neighbours.",
    "zero": (
        "The blank cell at row {row}, column {col} has no mine around it: "
        "its hidden neighbours are safe."
    ),
    "satisfied": (
        "The {value} at row {row}, column {col} already touches all of its mines: "
        "its other hidden neighbours are safe."
    ),
    "all_mines": (
        "The {value} at row {row}, column {col} has just enough hidden neighbours left "
        "for its mines: these {count} cells are mines."
    ),
    "subset_safe": (
        "The mines the {value_a} at row {row_a}, column {col_a} still needs all touch the "
        "{value_b} at row {row_b}, column {col_b} too, and they are all the {value_b} needs: "
        "its other hidden neighbours are safe."
    ),
    "subset_mine": (
        "The {value_b} at row {row_b}, column {col_b} needs more mines than the cells it "
        "shares with the {value_a} at row {row_a}, column {col_a} can hold: "
        "its other hidden neighbours are mines."
    ),
    "overlap_safe": (
        "Compare the {value_a} at row {row_a}, column {col_a} with the {value_b} at "
        "row {row_b}, column {col_b}: their shared hidden cells take so many mines that the "
        "{value_b}'s other hidden neighbours are safe."
    ),
    "overlap_mine": (
        "Compare the {value_a} at row {row_a}, column {col_a} with the {value_b} at "
        "row {row_b}, column {col_b}: their shared hidden cells can take only a few mines, so "
        "the {value_b}'s other hidden neighbours are mines."
    ),
    "group_safe": (
        "These {numbers} linked numbers allow {arrangements} arrangements of mines, "
        "and none of them puts a mine here: these cells are safe."
    ),
    "group_mine": (
        "These {numbers} linked numbers allow {arrangements} arrangements of mines, "
        "and every one of them puts a mine here: these cells are mines."
    ),
    "total_safe": (
        "The board has {mines} mines in all, and the numbers already need every one of "
        "them elsewhere: these cells are safe."
    ),
    "total_mine": (
        "The board has {mines} mines in all, and the numbers leave room for the last ones "
        "only here: these cells are mines."
    ),
    "guess": (
        "No certain move is left. The least risky cell is at row {row}, column {col}: "
        "a {percent}% chance of a mine."
    ),
    "guess_approx": (
        "No certain move is left. The least risky cell is at row {row}, column {col}: "
        "about a {percent}% chance of a mine (an estimate: too many arrangements to count)."
    ),
}


# Cyber Mole Turf, one template per technique of ``core.moleturf.logic``.
MOLETURF: dict[str, str] = {
    "wrong_mole": "The mole at row {row}, column {col} is not part of the solution: remove it.",
    "wrong_mark": (
        "The marker at row {row}, column {col} covers the cell where a mole belongs: erase it."
    ),
    "mole_sees": (
        "The mole at row {row}, column {col} rules out the rest of its row, its column, "
        "the {turf} turf and its 8 neighbours."
    ),
    "last_in_row": "Row {row} has only one place left for its mole: column {col}.",
    "last_in_col": "Column {col} has only one place left for its mole: row {row}.",
    "last_in_turf": (
        "The {turf} turf has only one place left for its mole: row {row}, column {col}."
    ),
    "turf_in_row": (
        "Every cell left in the {turf} turf is in row {row}, so the turf's mole is in that row: "
        "the other cells of row {row} are impossible."
    ),
    "turf_in_col": (
        "Every cell left in the {turf} turf is in column {col}, so the turf's mole is in that "
        "column: the other cells of column {col} are impossible."
    ),
    "row_in_turf": (
        "Every cell left in row {row} is in the {turf} turf, so the turf's mole is in row {row}: "
        "the turf's other cells are impossible."
    ),
    "col_in_turf": (
        "Every cell left in column {col} is in the {turf} turf, so the turf's mole is in "
        "column {col}: the turf's other cells are impossible."
    ),
    "seen_by_row": (
        "Wherever the mole of row {row} goes, it rules out these cells: they are impossible."
    ),
    "seen_by_col": (
        "Wherever the mole of column {col} goes, it rules out these cells: they are impossible."
    ),
    "seen_by_turf": (
        "Wherever the mole of the {turf} turf goes, it rules out these cells: they are impossible."
    ),
    "turfs_in_rows": (
        "The {count} turfs {turfs} have cells left only in rows {rows}, so their moles fill "
        "those rows: the other cells of rows {rows} are impossible."
    ),
    "turfs_in_cols": (
        "The {count} turfs {turfs} have cells left only in columns {cols}, so their moles fill "
        "those columns: the other cells of columns {cols} are impossible."
    ),
    "rows_in_turfs": (
        "Rows {rows} have cells left only in the {count} turfs {turfs}, so those turfs' moles "
        "are in these rows: the turfs' other cells are impossible."
    ),
    "cols_in_turfs": (
        "Columns {cols} have cells left only in the {count} turfs {turfs}, so those turfs' moles "
        "are in these columns: the turfs' other cells are impossible."
    ),
    "would_empty_row": (
        "A mole at row {row}, column {col} would force moles on {forced}, and then row "
        "{other_row} would have no place left for its mole: that cell is impossible."
    ),
    "would_empty_col": (
        "A mole at row {row}, column {col} would force moles on {forced}, and then column "
        "{other_col} would have no place left for its mole: that cell is impossible."
    ),
    "would_empty_turf": (
        "A mole at row {row}, column {col} would force moles on {forced}, and then the "
        "{other_turf} turf would have no place left for its mole: that cell is impossible."
    ),
    "forcing_chain_row": (
        "A mole at row {row}, column {col} would set off a chain of {count} forced moles: "
        "{forced}. Then row {other_row} would have no place left for its mole: "
        "that cell is impossible."
    ),
    "forcing_chain_col": (
        "A mole at row {row}, column {col} would set off a chain of {count} forced moles: "
        "{forced}. Then column {other_col} would have no place left for its mole: "
        "that cell is impossible."
    ),
    "forcing_chain_turf": (
        "A mole at row {row}, column {col} would set off a chain of {count} forced moles: "
        "{forced}. Then the {other_turf} turf would have no place left for its mole: "
        "that cell is impossible."
    ),
    "cases_row": (
        "A mole at row {row}, column {col} and the moles it forces would leave row {rows} "
        "only {count} places for its mole; each of them, with the moles it forces in turn, "
        "leaves some row, column or turf with no place: that cell is impossible."
    ),
    "cases_col": (
        "A mole at row {row}, column {col} and the moles it forces would leave column {cols} "
        "only {count} places for its mole; each of them, with the moles it forces in turn, "
        "leaves some row, column or turf with no place: that cell is impossible."
    ),
    "cases_turf": (
        "A mole at row {row}, column {col} and the moles it forces would leave the {turf} "
        "turf only {count} places for its mole; each of them, with the moles it forces in "
        "turn, leaves some row, column or turf with no place: that cell is impossible."
    ),
    "deep_contradiction": (
        "A mole at row {row}, column {col} leads nowhere: however the places left are tried "
        "for the moles it does not force, all {count} cases end with some row, column or "
        "turf that has no place for its mole: that cell is impossible."
    ),
}

# How a cell is named inside a sentence (the forced moles of a would_empty_* hint).
CELL_NAME = "row {row}, column {col}"

# The name each turf id goes by in sentences; the front end paints turf k in colour k.
COLOUR_CONTEXT = "turf colour"
TURF_COLOURS: tuple[str, ...] = (
    "red",
    "orange",
    "yellow",
    "green",
    "cyan",
    "blue",
    "purple",
    "pink",
    "brown",
    "lime",
    "teal",
    "navy",
    "magenta",
    "olive",
    "grey",
    "white",
)


def turf_name(turf: int) -> str:
    """The translated colour name of turf ``turf`` (turf k is painted in colour k)."""
    return pgettext(COLOUR_CONTEXT, TURF_COLOURS[turf])


def _fill(key: str, value: Any) -> Any:
    if key in ("turf", "other_turf"):
        return turf_name(value)
    if key == "turfs":
        return ", ".join(turf_name(t) for t in value)
    if key == "forced":
        cell = _(CELL_NAME)
        return "; ".join(cell.format(row=r, col=c) for r, c in value)
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return value


def sentence(hint: Hint) -> str:
    """The hint of either game as one sentence in the current language."""
    template = DEMINEUR.get(hint.technique) or MOLETURF.get(hint.technique)
    if template is None:
        raise ValueError(f"no sentence for the hint technique {hint.technique!r}")
    params = {key: _fill(key, value) for key, value in hint.params.items()}
    return _(template).format(**params)


# Why a move was refused (``core.moves.Refusal.reason``), for the message line.
REFUSALS: dict[str, str] = {
    # Démineur
    "game_over": N_("The game is over: retry it or start a new one."),
    "nothing_to_open": N_("This cell is already open."),
    "chord_flags": N_(
        "A chord opens a number's neighbours once exactly as many flags touch it as its "
        "value: this {value} touches {flags}."
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


def refusal(refused: Refusal) -> str:
    """Why an intent changed nothing, as one sentence in the current language."""
    return _(REFUSALS[refused.reason]).format(**refused.params)
