"""What both games' ``interpret_move`` answer: a move to execute, or a refusal with its reason.

A move is a plain tuple whose first item names it, e.g. ``("reveal", r, c)`` or
``("drag", True, ((r, c), ...))``; it is what the mid-end logs and saves. A ``Refusal`` says
why an intent changes nothing, as a stable id and parameters; the front end turns it into a
sentence (and a shake where it fits), so nothing is ever refused silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Move = tuple[Any, ...]


@dataclass(frozen=True)
class Refusal:
    """``reason`` is a stable id (``"flag_before_start"``, ``"chord_flags"``...); ``cell`` is
    the cell the intent was about, if any; ``params`` fill the front end's sentence."""

    reason: str
    cell: tuple[int, int] | None = None
    params: dict[str, Any] = field(default_factory=dict)
