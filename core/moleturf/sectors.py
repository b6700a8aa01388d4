"""The 30 sectors of Cyber Mole Turf, shipped as data in ``assets/sectors/sectors.json``.

``tools/make_sectors.py`` writes the file; :func:`load_sectors` reads it back and checks every
sector, so a damaged file is refused with a message instead of giving an unplayable board.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from core.checks import as_int
from core.problems import Problem

if TYPE_CHECKING:
    import numpy as np

# numpy and the turf search are imported where a sector is read, not here: the data files'
# schemas (game.platform.schemas) read SECTORS before any screen needs a board

FORMAT_VERSION = 1
SECTORS = 30
SIDE = 9
SHIELDS = 3  # a game's shields (mistakes it survives), every sector's number


def check_params(params: dict[str, Any]) -> tuple[int | None, int]:
    """A game document's parameters as far as they can be read without the rules: its
    sector (None for a board of its own) and shields; the rules check its board itself."""
    shields = as_int(params["shields"], "shields")
    if not 1 <= shields <= SHIELDS:
        raise Problem("file_shields", most=SHIELDS, shields=shields)
    sector = params["sector"]
    if sector is not None:
        sector = as_int(sector, "sector")
        if not 1 <= sector <= SECTORS:
            raise Problem("file_sector", most=SECTORS, sector=sector)
        if shields != SHIELDS:
            raise Problem("file_sector_shields", most=SHIELDS, shields=shields)
    return sector, shields


@dataclass(frozen=True)
class Sector:
    """One sector: its turf map, its only solution and how hard it is.

    ``difficulty`` is the engine's grade score (never lower than the sector before);
    ``level`` is the hardest technique it needs, from 1 (rules only) to 5; ``stars`` is the
    difficulty the sector map shows, 1 to 5 (``Grade.stars``, stored since grading the 30
    boards at start-up would take a quarter of a second).
    """

    number: int
    regions: np.ndarray
    solution: np.ndarray
    difficulty: int
    level: int
    stars: int


def _read_shipped() -> str:
    return (resources.files("cmt_assets") / "sectors" / "sectors.json").read_text("utf-8")


def follows_rules(regions: np.ndarray, solution: np.ndarray) -> bool:
    """True when ``solution`` puts one mole per row, column and turf, none touching."""
    n = len(regions)
    cols = [int(c) for c in solution]
    if sorted(cols) != list(range(n)):
        return False
    if len({int(regions[r, c]) for r, c in enumerate(cols)}) != n:
        return False
    return all(abs(cols[r] - cols[r + 1]) > 1 for r in range(n - 1))


def _sector(entry: object, number: int) -> Sector:
    import numpy as np

    from core.moleturf import turf

    if not isinstance(entry, dict):
        raise ValueError(f"sector {number} is not an object")
    try:
        rows = entry["regions"]
        if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
            raise ValueError("regions must be a list of digit strings")
        if not all(row.isdigit() for row in rows):
            raise ValueError("regions hold something other than turf digits")
        regions = turf.validate([[int(ch) for ch in row] for row in rows])
        if regions.shape != (SIDE, SIDE):
            raise ValueError(f"the board is {len(regions)}x{len(regions)}, not 9x9")
        solution = np.array(entry["solution"], dtype=np.int32)
        difficulty, level, stars = entry["difficulty"], entry["level"], entry["stars"]
        if entry["number"] != number:
            raise ValueError(f"it is numbered {entry['number']!r}")
    except KeyError as missing:
        raise ValueError(f"sector {number} has no {missing} field") from None
    except TypeError as bad:
        raise ValueError(f"sector {number}: {bad}") from None
    except ValueError as bad:
        raise ValueError(f"sector {number}: {bad}") from None
    if solution.shape != (SIDE,) or not follows_rules(regions, solution):
        raise ValueError(f"sector {number}: the stored solution breaks the rules")
    if turf.count_solutions(regions, limit=2) != 1:
        raise ValueError(f"sector {number} has more than one solution")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (difficulty, level, stars)):
        raise ValueError(f"sector {number}: difficulty, level and stars must be whole numbers")
    if not 1 <= stars <= 5:
        raise ValueError(f"sector {number}: stars must be 1 to 5, not {stars}")
    regions.flags.writeable = False
    solution.flags.writeable = False
    return Sector(number, regions, solution, difficulty, level, stars)


def _entries(text: str | None) -> list[object]:
    """The file's list of sectors (``text`` replaces the shipped file), checked as a whole."""
    try:
        data = json.loads(_read_shipped() if text is None else text)
    except json.JSONDecodeError as bad:
        raise ValueError(f"the sector file is not valid JSON: {bad}") from None
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise ValueError(f"the sector file must be an object with version {FORMAT_VERSION}")
    entries = data.get("sectors")
    if not isinstance(entries, list) or len(entries) != SECTORS:
        raise ValueError(f"the sector file must list exactly {SECTORS} sectors")
    return entries


def load_stars(text: str | None = None) -> tuple[int, ...]:
    """Each sector's stars (1 to 5, as the sector map shows them) in play order, read without
    numpy and the turf search: the map shows no more, and ``load_sectors`` checks the whole
    file when a board is needed. ValueError naming the first sector whose stars are damaged.
    """
    stars = []
    for number, entry in enumerate(_entries(text), start=1):
        value = entry.get("stars") if isinstance(entry, dict) else None
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 5:
            raise ValueError(f"sector {number}: stars must be 1 to 5, not {value!r}")
        stars.append(value)
    return tuple(stars)


def load_sectors(text: str | None = None) -> list[Sector]:
    """The sectors in play order, checked; ``text`` replaces the shipped file (for tests).

    Raises ValueError naming the first problem when the data is damaged.
    """
    entries = _entries(text)
    sectors = [_sector(entry, number) for number, entry in enumerate(entries, start=1)]
    for before, after in zip(sectors, sectors[1:], strict=False):
        if after.difficulty < before.difficulty:
            raise ValueError(f"sector {after.number} is easier than sector {before.number}")
    return sectors
