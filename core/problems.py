"""Why a piece of input was refused (a share code, a turf map), as a stable id and parameters.

``Problem`` is a ``ValueError``, so every caller that catches those keeps working; its text
(``str``) is the English sentence, for the command line and logs. The front end says it in
the player's language from ``reason`` and ``params``, the way a refused move's ``Refusal``
is said: ``MESSAGES`` holds the English template of each reason, and the catalogs hold their
translations (``tools.update_catalogs`` collects them, with the context ``"problem"``).
"""

from __future__ import annotations

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
}


class Problem(ValueError):
    """``reason`` is a key of ``MESSAGES``; ``params`` fill its template."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(MESSAGES[reason].format(**params))
        self.reason = reason
        self.params = params
