"""The documented name of Démineur's game object; the code lives in ``core.demineur``."""

from core.demineur.rules import MAX_SIDE, PRESETS, PROTECTED, Minesweeper, Preset, check_size

__all__ = ["MAX_SIDE", "PRESETS", "PROTECTED", "Minesweeper", "Preset", "check_size"]
