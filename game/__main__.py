"""``python -m game``: parse the command line and start the program."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Cyber Mole Turf & Démineur: two logic-puzzle games.",
    )
    parser.add_argument(
        "--game",
        choices=("moleturf", "demineur"),
        help="open this game directly instead of the launcher",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    build_parser().parse_args(argv)
    print("The game screens are not built yet; see the open issues.", file=sys.stderr)
    return 1


def main_moleturf() -> int:
    return main(["--game", "moleturf", *sys.argv[1:]])


def main_demineur() -> int:
    return main(["--game", "demineur", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
