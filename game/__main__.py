"""``python -m game``: parse the command line and start the program."""

from __future__ import annotations

import argparse
import sys

from game.i18n import LANGUAGES
from game.platform.paths import DATA_DIR_ENV
from game.shell.registry import GAME_IDS


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if not (320 <= w <= 16384 and 320 <= h <= 16384):
        raise argparse.ArgumentTypeError(f"width and height must be 320..16384, not {text!r}")
    return w, h


def positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"the number of frames must be 1 or more, not {text!r}")
    return n


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Cyber Mole Turf & Démineur: two logic-puzzle games. Opens on the launcher; "
        "F11 or Alt+Enter switches between fullscreen and a window.",
    )
    parser.add_argument("--game", choices=GAME_IDS, help="open this game directly")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="start in a resizable window")
    mode.add_argument(
        "--fullscreen",
        action="store_true",
        help="start fullscreen at the desktop resolution (the default unless the settings "
        "remember a window)",
    )
    parser.add_argument(
        "--size",
        type=parse_size,
        metavar="WxH",
        help="window size, e.g. 1280x800 (implies --windowed unless --fullscreen is given)",
    )
    parser.add_argument("--lang", choices=LANGUAGES, help="language of the screens")
    parser.add_argument(
        "--data-dir",
        metavar="PATH",
        help=f"folder for settings and saved games (default: ${DATA_DIR_ENV}, else the "
        "platform's user data folder)",
    )
    parser.add_argument(
        "--frames",
        type=positive,
        metavar="N",
        help="render N frames and exit 0 (for tests and documentation; settings are not saved)",
    )
    parser.add_argument(
        "--screenshot",
        metavar="PATH",
        help="save the last rendered frame as a PNG (with --frames; 1 frame if not given)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from game.app import App, Options

    options = Options(
        game=args.game,
        windowed=args.windowed or (args.size is not None and not args.fullscreen),
        fullscreen=args.fullscreen,
        size=args.size,
        lang=args.lang,
        data_dir=args.data_dir,
        frames=args.frames,
        screenshot=args.screenshot,
    )
    return App(options).run()


def main_moleturf() -> int:
    return main(["--game", "moleturf", *sys.argv[1:]])


def main_demineur() -> int:
    return main(["--game", "demineur", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
