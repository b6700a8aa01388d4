"""The documented name of the autoplayer; the code lives in ``core.demineur.autoplay``."""

from core.demineur.autoplay import play

__all__ = ["play"]
