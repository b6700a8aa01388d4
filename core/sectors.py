"""The documented name of the 30 sectors; the code lives in ``core.moleturf.sectors``."""

from core.moleturf.sectors import SECTORS, Sector, load_sectors

__all__ = ["SECTORS", "Sector", "load_sectors"]
