"""The hint both games give: a conclusion, the cells it is about, and the evidence it used."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Hint:
    """One step of explained reasoning.

    kind: Démineur ``"safe" | "mine" | "guess"``; Mole Turf ``"mole" | "cross" | "fix"``.
    cells: the ``(row, col)`` cells the hint concludes about.
    evidence: the units it used, e.g. ``("number", r, c)``, ``("total",)``, ``("row", i)``,
        ``("col", j)``, ``("turf", k)``, ``("mole", r, c)``.
    technique: a stable id; the front end turns it and ``params`` into a sentence.
    params: the values the sentence needs (numbers, colours, a probability...).
    """

    kind: str
    cells: tuple[tuple[int, int], ...]
    evidence: tuple[tuple[Any, ...], ...] = ()
    technique: str = ""
    params: dict[str, Any] = field(default_factory=dict)
