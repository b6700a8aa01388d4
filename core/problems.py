"""Why a piece of input was refused (a share code, a turf map, a game file), as a stable id
and parameters.

``Problem`` is a ``ValueError``, so every caller that catches those keeps working; its text
(``str``) is the English sentence, for the command line and logs. The front end says it in
the player's language from ``reason`` and ``params``, the way a refused move's ``Refusal``
is said: ``MESSAGES`` holds the English template of each reason, and the catalogs hold their
translations (``tools.update_catalogs`` collects them, with the context ``"problem"``).
"""

from __future__ import annotations

import json
from typing import Any

MESSAGES = {
    # share codes (core.moleturf.turf.decode)
    "code_not_text": "a share code is text, not {kind}",
    "code_not_turf": "this is not a Mole Turf share code (they start with T1)",
    "code_format": "this share code is of a format this program does not read",
    "code_character": "the share code holds {character}, which no share code uses",
    "code_typo": "the share code has a typo: its check character does not match",
    "code_size": "the share code is for a {n}×{n} board, not one of 4×4 to 16×16",
    "code_length": "the share code is too short or too long for its board: a part is missing",
    "code_no_board": "the share code does not describe a board",
    # turf maps (core.moleturf.turf.validate)
    "map_ragged": "a turf map must be a square grid: its rows differ in length",
    "map_not_square": "a turf map must be a square grid, not one of shape {shape}",
    "map_size": "a turf map must be {low} to {high} cells wide, not {n}",
    "map_not_whole": "turf ids must be whole numbers, not {kind} values",
    "map_id": "turf id {id} is outside 0..{top} on this {n}×{n} board",
    "map_missing": "a {n}×{n} board needs all {n} turfs; missing: {missing}",
    # game files: saved games, replays and imports (core.documents, core.midend, the sessions)
    "file_too_large": "the file is too large for a game file ({size} characters)",
    "file_not_json": "the file is not JSON: it breaks off or is garbled at line {line}, column "
    "{column}",
    "file_nested": "the file is not JSON this program reads: it is nested too deeply",
    "file_wrapper_version": "the saved file has version {version}; this program reads version "
    "{supported} only",
    "file_no_game": "this is not a game file of this program (it names no game)",
    "file_game_unknown": "the file is a {kind} game; this program plays Démineur and Cyber Mole "
    "Turf only",
    "file_not_object": "a game file must hold a JSON object",
    "file_no_version": "the game file has no version number",
    "file_version": "the game file is of version {version}; this program reads version "
    "{supported} only",
    "file_wrong_game": "the game file is a {kind} game, not {expected}",
    "file_field_missing": "the game file has no {field} field",
    "file_damaged": "the game file is damaged: one of its values is not of the kind its field "
    "holds",
    "file_params_not_object": "the game file's board parameters must be an object",
    "file_moves_not_list": "the game file's moves must be a list",
    "file_too_many_moves": "the game file has {moves} moves; at most {most} are read",
    "file_move_shape": "move {move} of the game file is not [time, name, ...]",
    "file_move_unknown": "move {move} of the game file is {name}, which is not a move of this game",
    "file_move_arguments": "move {move} of the game file, {name}, does not have the arguments "
    "such a move takes",
    "file_move_time": "the time of move {move} must be a whole number of milliseconds from 0 to "
    "{most}, not {value}",
    "file_move_order": "move {move} is timed before the move before it",
    "file_move_refused": "move {move} of the game cannot be made: the rules do not allow it on "
    "the board as it stands",
    "file_no_undo": "move {move} of the game cannot be made: this game has no undo",
    "file_time_played": "the time played must be a whole number of milliseconds from 0 to "
    "{most}, not {value}",
    "file_time_short": "the time played is shorter than the time of the last move",
    "file_hint_count": "the hint count must be a whole number from 0 to {most}, not {value}",
    # Démineur game files (core.demineur.session, core.demineur.presets)
    "file_clicks_missing": "the game file's click count is missing or too small",
    "file_clicks_many": "the game file's click count is over {most}",
    "file_no_guess": "the game file's no-guess setting must be true or false",
    "file_layout_no_guess": "a fixed layout cannot be a no-guess board",
    "file_layout_mines": "the layout has {found} mines, not {count}",
    "file_layout_grid": "the layout must be {rows} rows of {cols} 0/1 characters",
    "file_seed": "the seed must be a whole number from 0 to 2**64-1, not {value}",
    "board_cols": "columns must be between 1 and {most}, not {n}",
    "board_rows": "rows must be between 1 and {most}, not {n}",
    "board_too_small": "a {cols}x{rows} board is too small: it needs at least {least} cells for "
    "the protected first touch",
    "board_mines": "a {cols}x{rows} board takes 0 to {most} mines (the first touch keeps a 3x3 "
    "square free), not {count}",
    "board_mines_cells": "a {cols}x{rows} board holds fewer than {cells} mines, not {count}",
    "board_level": "the level must be Beginner, Intermediate, Hard, Expert, Extreme, Marathon "
    "or Custom, not {value}",
    "board_level_size": "the {level} level is {p_cols}x{p_rows} with {p_mines} mines, not "
    "{cols}x{rows} with {count}",
    # Mole Turf game files (core.moleturf.session, core.moleturf.sectors)
    "file_turf_seed": "a Mole Turf game file has no seed",
    "file_not_sector_board": "the game file's board is not the board of sector {sector}",
    "file_shields": "a Mole Turf game has 1 to {most} shields, not {shields}",
    "file_sector": "the sectors are 1 to {most}, not {sector}",
    "file_sector_shields": "a sector is played with {most} shields, not {shields}",
}


# What each placeholder of a message above stands for, for the translators (the catalogs say
# it beside each message).
NOTES = {
    "kind": "what was found instead: a programmer's type name (str, float64) or, for a game "
    "file, the game's name as the file writes it, in quotes ('chess')",
    "character": "the character that is not allowed, in quotes ('I')",
    "n": "a number: the board side asked for",
    "shape": "the grid's size, as 9×8",
    "low": "the smallest board side allowed (4)",
    "high": "the largest board side allowed (16)",
    "id": "a turf number that is not allowed",
    "top": "the largest turf number allowed",
    "missing": "the turf numbers missing, as a list (3, 5)",
    "size": "how many characters the file holds",
    "line": "a line number in the file, counted from 1",
    "column": "a character's place on that line, counted from 1",
    "version": "the version number the file gives (it may be anything the file holds)",
    "supported": "the one version number this program reads",
    "expected": "the name of the game the file was opened as, in quotes ('demineur')",
    "field": "the name of a field of the file, in quotes ('moves'): not translated",
    "moves": "how many moves the file holds",
    "most": "the largest number allowed",
    "move": "a move's number in the game, counted from 1",
    "value": "the value the file holds there, as written in the file (it may be text)",
    "found": "how many mines the layout holds",
    "count": "the number of mines the file gives",
    "cols": "the number of columns of the board",
    "rows": "the number of rows of the board",
    "least": "the smallest number of cells allowed",
    "cells": "the number of cells of the board",
    "level": "a Démineur level name, translated (Beginner, Expert...)",
    "p_cols": "the columns of that level's board",
    "p_rows": "the rows of that level's board",
    "p_mines": "the mines of that level's board",
    "name": "the name of a move as the file writes it, in quotes ('reveal'): not translated",
    "sector": "a sector number",
    "shields": "the number of shields the file gives",
}

# a value a file held, shown in a sentence: no longer than this many characters
SHOWN = 40


def shown(value: Any, as_json: bool = False) -> str:
    """A value read from a file as a sentence quotes it (its repr, or as JSON writes it), cut
    to ``SHOWN`` characters."""
    text = json.dumps(value) if as_json else repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


class Problem(ValueError):
    """``reason`` is a key of ``MESSAGES``; ``params`` fill its template. ``detail`` (what a
    library said: a JSON parser's message, a rule's refusal) follows the English text in
    brackets, for the command line and logs; the sentences a player reads leave it out."""

    def __init__(self, reason: str, detail: str | None = None, **params: Any) -> None:
        text = MESSAGES[reason].format(**params)
        super().__init__(f"{text} ({detail})" if detail else text)
        self.reason = reason
        self.params = params
        self.detail = detail
