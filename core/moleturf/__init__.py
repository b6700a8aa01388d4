"""Cyber Mole Turf, the back end: rules, the turf search and generator, hints, sectors.

``core.moleturf.MoleTurf`` is the documented name of the game object: the rules
(``core.moleturf.rules.MoleTurf``, which know nothing of undo) played through their mid-end
(``core.moleturf.session``), so its ``undo`` and ``redo`` are the mid-end's
(``core.moleturf.session.PlayedSector``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["MoleTurf"]


def __getattr__(name: str) -> Any:
    """``MoleTurf`` is imported on first use, so reading a constant of a submodule (the data
    files' schemas read ``sectors.SECTORS``) does not load the rules, numpy and the kernels."""
    if name == "MoleTurf":
        from core.moleturf.session import PlayedSector

        return PlayedSector
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
