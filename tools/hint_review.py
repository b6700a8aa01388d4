"""A review sheet of real hint sentences, for a translator to read in one sitting.

Plays seeded Démineur games by their hints on every preset and drives Mole Turf boards (the
shipped sectors and generated boards of 5 to 16 cells a side) from empty to their solution,
collecting each hint. The hints are grouped by technique and count shape (for each count a
sentence depends on: one or more than one), and a few of each group are printed in the
language asked, the English beside it:

    .venv/bin/python -m tools.hint_review ja
    .venv/bin/python -m tools.hint_review hu --per 5 --english

The sheet prints the same sentences on every run (the games are seeded). ``--fit WxH``
prints instead how long the hints told in steps (cases, nested cases) get on 16×16 boards:
characters, and the lines and text size the Mole Turf screen gives them in a window of
that size (headless).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Iterator

import numpy as np

from core.demineur.presets import PRESETS
from core.demineur.rules import Minesweeper
from core.hints import Hint
from core.moleturf import turf
from core.moleturf.logic import solve_steps
from core.moleturf.sectors import load_sectors
from game import hints, i18n

# parameters that place a hint rather than count something: they do not change its shape
PLACES = ("row", "col", "value", "turf", "percent", "forced", "other_", "places", "ends", "depth")


def demineur_hints(games: int) -> Iterator[Hint]:
    """The hints of seeded games on every preset, each game followed to its end."""
    for name, preset in PRESETS.items():
        for seed in range(games):
            rng = np.random.default_rng(seed)
            game = Minesweeper(preset.cols, preset.rows, preset.mines, seed=seed)
            yield game.hint()
            game.reveal(preset.rows // 2, preset.cols // 2)
            while game.status == "playing":
                hint = game.hint()
                yield hint
                if hint.kind == "mine":
                    for cell in hint.cells:
                        game.toggle_flag(*cell)
                elif hint.kind == "safe":
                    game.reveal(*hint.cells[int(rng.integers(len(hint.cells)))])
                else:  # a guess: the sheet wants sentences, not losses
                    safe = np.argwhere(~game.mine_mask & ~game.revealed & ~game.flagged)
                    game.reveal(*safe[int(rng.integers(len(safe)))])
            if name == "marathon":
                break  # one marathon is a thousand hints already


def moleturf_hints(boards: int) -> Iterator[Hint]:
    """The steps from empty to solved of the shipped sectors, of the hard boards of the tests
    (where cases and nested cases come up: generated boards rarely need them) and of
    generated boards."""
    from tests.test_turf_hint_deep import STUCK_AT_EMPTY, STUCK_LATER, board

    for sector in load_sectors():
        yield from solve_steps(sector.regions) or ()
    for rows in {**STUCK_AT_EMPTY, **STUCK_LATER}.values():
        yield from solve_steps(board(rows)) or ()
    for n in range(5, 17):
        for seed in range(boards):
            yield from solve_steps(turf.generate(n, seed)) or ()


def shape(hint: Hint) -> tuple[str, ...]:
    """The technique and, for each count the sentence depends on, whether it is one."""
    counts = {"cells": len(hint.cells)}
    for key, value in hint.params.items():
        if key.startswith(PLACES) or isinstance(value, (str, float)):
            continue
        counts[key] = len(value) if isinstance(value, (tuple, list)) else int(value)
    told = [f"{k}={'1' if v == 1 else 'n'}" for k, v in sorted(counts.items())]
    if hint.technique in hints.IN_STEPS:  # told in steps: how many moles the steps force
        # (0, 1 or more: the supposition's, and the most a case's)
        cases = [len(forced) for _, forced, _ in hint.params.get("cases", ())]
        told = [f"forced={min(len(hint.params['forced']), 2)}"]
        told += [f"case_forced={min(max(cases), 2)}"] if cases else []
    return (hint.technique, *told)


def sheet(language: str, per: int, english: bool, games: int, boards: int) -> list[str]:
    groups: dict[tuple[str, ...], list[Hint]] = defaultdict(list)
    for found in (demineur_hints(games), moleturf_hints(boards)):
        for hint in found:
            if hint.technique and len(groups[shape(hint)]) < per:
                groups[shape(hint)].append(hint)
    lines = []
    for key in sorted(groups):
        lines.append(f"## {' '.join(key)}")
        for hint in groups[key]:
            i18n.set_language(language)
            lines.append(f"- {hints.sentence(hint)}")
            if english:
                i18n.set_language("en")
                lines.append(f"  ({hints.sentence(hint)})")
        lines.append("")
    lines.append(f"{sum(map(len, groups.values()))} sentences in {len(groups)} shapes")
    return lines


def split_hints(seeds: int) -> list[Hint]:
    """The cases and nested-cases hints met solving the hard 16×16 boards of the tests (a
    fixture, and awkward boards of ``seeds`` seeds per style: generated boards seldom need a
    split) from empty."""
    from tests.test_turf_hint_deep import STUCK_AT_EMPTY, STUCK_LATER, STYLES, awkward, board

    boards = [board(rows) for rows in {**STUCK_AT_EMPTY, **STUCK_LATER}.values()]
    boards += [awkward(16, seed, style) for seed in range(seeds) for style in STYLES]
    found = []
    for regions in boards:
        if regions is not None and len(regions) == 16:
            found += [h for h in solve_steps(regions) or () if h.technique in hints.IN_STEPS]
    return found


def fit(language: str, size: tuple[int, int], found: list[Hint]) -> list[str]:
    """How the Mole Turf screen lays out each hint of ``found`` in a window of ``size``."""
    import os
    import statistics
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.moleturf.play import MoleTurfScene
    from game.moleturf.store import Progress
    from tests.screens import make_app

    was = i18n.current()
    app = make_app(tempfile.mkdtemp(), size, language)
    scene = MoleTurfScene(app, Progress(), 1)
    scene.regions = turf.generate(16, seed=1)
    scene.setup(None, None)
    app.scenes.push(scene)
    rows: dict[str, list[tuple[int, int, int, bool]]] = defaultdict(list)
    for hint in found:
        scene.hint = hint
        scene.relayout()
        label = next(w for w in scene.widgets if w.key == "hint_text")
        laid = app.fonts.fit(label.text, label.rect.size, label.size, label.bold, label.max_lines)
        kind = "deep" if hint.technique == "deep_contradiction" else "cases"
        rows[kind].append((len(label.text), len(laid.lines), laid.size, laid.fits))
    app.close()
    i18n.set_language(was)
    out = []
    for kind, got in sorted(rows.items()):
        chars, lines, px = ([row[k] for row in got] for k in range(3))
        out.append(
            f"{size[0]}x{size[1]} {language} {kind}: {len(got)} hints, characters median "
            f"{statistics.median(chars):.0f} max {max(chars)}, lines median "
            f"{statistics.median(lines):.0f} max {max(lines)}, text {min(px)}-{max(px)} px "
            f"(asked {label.size}), {sum(row[3] for row in got)} fit the panel"
        )
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.hint_review", description=__doc__)
    parser.add_argument("language", choices=i18n.LANGUAGES)
    parser.add_argument("--per", type=int, default=3, help="sentences per shape (3)")
    parser.add_argument("--english", action="store_true", help="the English under each")
    parser.add_argument("--games", type=int, default=12, help="Démineur games per preset (12)")
    parser.add_argument("--boards", type=int, default=4, help="Mole Turf boards per size (4)")
    parser.add_argument("--fit", metavar="WxH", help="lengths of the split hints instead")
    args = parser.parse_args(argv)
    if args.fit:
        w, h = (int(v) for v in args.fit.lower().split("x"))
        print("\n".join(fit(args.language, (w, h), split_hints(args.boards))))
        return
    print("\n".join(sheet(args.language, args.per, args.english, args.games, args.boards)))


if __name__ == "__main__":
    main()
