"""Regenerate assets/sectors/sectors.json: the 30 sectors of Cyber Mole Turf.

Scans a fixed range of seeds of ``core.moleturf.turf.generate(9, seed)``, keeps the boards with
pleasant turfs that the hint engine finishes alone, and picks a quota per difficulty level,
spread over each level's scores, in non-decreasing difficulty. The same run always writes the
same file.

    .venv/bin/python -m tools.make_sectors            # writes the shipped file
    .venv/bin/python -m tools.make_sectors --out x.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from core.moleturf import turf
from core.moleturf.logic import LEVELS, Grade, grade
from core.moleturf.sectors import FORMAT_VERSION, SECTORS, SIDE

OUT = Path(__file__).resolve().parent.parent / "assets" / "sectors" / "sectors.json"

# sectors per hardest technique level: the first ones teach the rules, the last need
# the one-step contradictions
QUOTAS = {1: 3, 2: 6, 3: 8, 4: 7, 5: 6}
FIRST_SEED = 1
SEEDS = 6000
SMALLEST_TURF = 2  # a one-cell turf gives its mole away: allowed once, in level 1 only
LARGEST_TURF = 18


def looks_good(regions: np.ndarray, level: int) -> bool:
    """Turfs of even-ish sizes, so no turf swallows the board."""
    sizes = np.bincount(regions.ravel(), minlength=len(regions))
    if sizes.max() > LARGEST_TURF:
        return False
    tiny = int((sizes < SMALLEST_TURF).sum())
    return tiny == 0 or (tiny == 1 and level == 1)


def canonical(regions: np.ndarray) -> bytes:
    """The same key for boards equal up to rotation, reflection and turf renaming."""
    keys = []
    for turn in range(4):
        for board in (np.rot90(regions, turn), np.rot90(regions, turn).T):
            names: dict[int, int] = {}
            keys.append(bytes(names.setdefault(int(t), len(names)) for t in board.ravel()))
    return min(keys)


def progress(done: int, total: int, found: dict[int, int]) -> None:
    width = 30
    filled = width * done // total
    counts = " ".join(f"L{level}:{found.get(level, 0)}" for level in QUOTAS)
    bar = "#" * filled + "." * (width - filled)
    print(f"\r[{bar}] {done}/{total} seeds  {counts}", end="", file=sys.stderr, flush=True)


def candidates() -> dict[int, list[tuple[int, int, np.ndarray, Grade]]]:
    """Every usable board of the seed range, by level: (score, seed, regions, grade)."""
    pool: dict[int, list[tuple[int, int, np.ndarray, Grade]]] = {level: [] for level in QUOTAS}
    seen: set[bytes] = set()
    for done, seed in enumerate(range(FIRST_SEED, FIRST_SEED + SEEDS), start=1):
        regions = turf.generate(SIDE, seed=seed)
        graded = grade(regions)
        key = canonical(regions)
        if graded and looks_good(regions, graded.level) and key not in seen:
            seen.add(key)
            pool[graded.level].append((graded.score, seed, regions, graded))
        if done % 50 == 0 or done == SEEDS:
            progress(done, SEEDS, {level: len(boards) for level, boards in pool.items()})
    print(file=sys.stderr)
    return pool


def choose(pool: dict[int, list[tuple[int, int, np.ndarray, Grade]]]) -> list[tuple]:
    """The quota of each level, spread evenly over the level's scores, easiest first."""
    chosen = []
    for level, quota in QUOTAS.items():
        boards = sorted(pool[level], key=lambda entry: (entry[0], entry[1]))
        if len(boards) < quota:
            raise SystemExit(f"only {len(boards)} level-{level} boards; widen the seed range")
        picks = sorted({round(i * (len(boards) - 1) / (quota - 1)) for i in range(quota)})
        chosen += [boards[i] for i in picks]
    assert len(chosen) == SECTORS
    return chosen


def to_json(chosen: list[tuple]) -> str:
    sectors = []
    for number, (score, seed, regions, graded) in enumerate(chosen, start=1):
        sectors.append(
            {
                "number": number,
                "seed": seed,
                "regions": ["".join(str(t) for t in row) for row in regions.tolist()],
                "solution": turf.solve(regions).tolist(),
                "difficulty": score,
                "level": graded.level,
                "steps": graded.steps,
                "stars": graded.stars,
            }
        )
    # one sector per line keeps the file short and its diffs readable
    lines = ",\n  ".join(json.dumps(sector) for sector in sectors)
    head = f'"version": {FORMAT_VERSION}, "generator": "tools/make_sectors.py"'
    return f'{{{head},\n "sectors": [\n  {lines}\n ]\n}}\n'


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the sectors")
    args = parser.parse_args(argv)
    chosen = choose(candidates())
    for number, (score, seed, _, graded) in enumerate(chosen, start=1):
        hardest = sorted(t for t in graded.techniques if LEVELS[t] == graded.level)
        print(
            f"sector {number:2}  level {graded.level}  difficulty {score}  "
            f"steps {graded.steps:2}  seed {seed:5}  hardest: {', '.join(hardest)}"
        )
    args.out.write_text(to_json(chosen), "utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
