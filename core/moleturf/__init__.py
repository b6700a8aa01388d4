"""Cyber Mole Turf, the back end: rules, the turf search and generator, hints, sectors.

``core.moleturf.MoleTurf`` is the documented name of the game object.
"""

from core.moleturf.rules import MoleTurf

__all__ = ["MoleTurf"]
