"""``python -m game``: parse the command line, check what the program needs, start it.

Before any window opens, a data folder that is a file or cannot be made, a screenshot that
could not be saved, a kiosk without a valid operator PIN (``kiosk.json``), and (on Linux and
the BSDs) the lack of any display are each told in one line with a non-zero exit. The data
folder is locked (``Storage.lock``): a second program on the same folder is told so and runs
read-only; a second kiosk refuses to start (exit 1), since it could keep neither its scores
nor its log of the operator's entries.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

from game.i18n import LANGUAGES
from game.kiosk.config import (
    ConfigError,
    ConfigMissing,
    KioskSetup,
    idle_problem,
    pin_problem,
    prepare,
    set_pin,
    start_problem,
)
from game.platform.paths import DATA_DIR_ENV, data_dir
from game.platform.storage import Storage
from game.shell.registry import GAME_IDS

HEADLESS = "SDL_VIDEODRIVER=dummy python -m game --frames N --screenshot out.png"
OFFSCREEN_DRIVERS = ("offscreen", "dummy", "evdev")  # SDL drivers that show no window


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


def idle_seconds(text: str) -> int:
    try:
        n: int | None = int(text)
    except ValueError:
        n = None
    problem = idle_problem(n)
    if problem or n is None:
        raise argparse.ArgumentTypeError(f"{problem or 'not a whole number'} ({text!r})")
    return n


def program_name() -> str:
    """The command the player typed: ``moleturf``, ``demineur``, ``cyber-mole-turf``, or
    ``python -m game`` (its ``argv[0]`` is then the package's ``__main__.py``)."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    if not name or name in ("__main__.py", "-m", "-c") or name.startswith("python"):
        return "python -m game"
    return name.removesuffix(".exe")


def build_parser(prog: str = "python -m game") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
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
        "--replay",
        metavar="FILE",
        help="watch a saved game or replay (a best game from the data folder, or one shared)",
    )
    parser.add_argument(
        "--import",
        dest="import_file",
        metavar="FILE",
        help="add the Mole Turf boards of a JSON file (a list of n x n grids of turf ids, "
        "4 to 16 wide, each with exactly one solution) to the board library and exit",
    )
    parser.add_argument(
        "--frames",
        type=positive,
        metavar="N",
        help="render N frames and exit 0 (for tests and documentation; settings are not saved)",
    )
    parser.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add the game to this user's desktop menu (a .desktop entry and its icons, "
        "starting the game as it was started now) and exit",
    )
    parser.add_argument(
        "--screenshot",
        metavar="PATH",
        help="save the last rendered frame as a PNG (with --frames; 1 frame if not given)",
    )
    kiosk = parser.add_argument_group("kiosk mode (see the README's Kiosk section)")
    kiosk.add_argument(
        "--kiosk",
        action="store_true",
        help="run as an unattended kiosk: fullscreen (unless --windowed or --size), no way "
        "out but the operator's PIN, attract mode when idle; needs kiosk.json in the data "
        "folder (--set-kiosk-pin writes it)",
    )
    kiosk.add_argument(
        "--idle-seconds",
        type=idle_seconds,
        metavar="N",
        help="kiosk: seconds without input before 'Still playing?' (10..3600; default: "
        "kiosk.json's idle_seconds, else 60)",
    )
    kiosk.add_argument(
        "--set-kiosk-pin",
        nargs="?",
        const="",
        metavar="PIN",
        help="write the kiosk operator's PIN (4 to 8 digits) into kiosk.json and exit; "
        "without PIN it is read twice from the terminal without echo",
    )
    return parser


def data_dir_problem(folder: Path, given: str | None) -> str | None:
    """Why ``folder`` cannot hold the saves (it is made if missing), or None."""
    source = "--data-dir" if given else (f"${DATA_DIR_ENV}" if os.environ.get(DATA_DIR_ENV) else "")
    where = f"the data folder {folder}" + (f" (from {source})" if source else "")
    if folder.exists() and not folder.is_dir():
        return f"{where} is a file, not a folder"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return f"{where} cannot be created: {error.strerror or error}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{where} is not writable"
    return None


def screenshot_problem(path: str) -> str | None:
    """Why a screenshot could not be saved at ``path``, or None."""
    target = Path(path)
    if target.is_dir():
        return f"--screenshot {path} is a folder, not a file"
    folder = target.parent
    if not folder.is_dir():
        return f"--screenshot {path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK) or (
        target.exists() and not os.access(target, os.W_OK)
    ):
        return f"--screenshot {path} is not writable"
    return None


def display_problem(args: argparse.Namespace) -> str | None:
    """Why no window can be shown, or None; only asked when neither ``--frames`` (nor
    ``--screenshot``) nor an explicit ``SDL_VIDEODRIVER`` says how to run."""
    if args.frames is not None or args.screenshot or os.environ.get("SDL_VIDEODRIVER"):
        return None
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd", "dragonfly")):
        return None  # Windows and macOS always have their own display
    named = [f"{v}={os.environ[v]}" for v in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(v)]
    if named:
        if _window_display():
            return None
        return (
            f"no display to open a window on ({' and '.join(named)} set, but no display "
            f"answers there); to run headless: {HEADLESS}"
        )
    if _console_display():  # a kiosk or handheld drawing straight to the screen (KMS/DRM)
        return None
    return (
        "no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
        f"to run headless: {HEADLESS}"
    )


def _window_display() -> bool:
    """Whether SDL opens a real window system (X11 or Wayland) where ``DISPLAY`` or
    ``WAYLAND_DISPLAY`` points. A stale one (an ssh session without X, a server gone) would
    otherwise leave SDL on an invisible off-screen driver, the game running unseen."""
    import pygame

    for variable, driver in (("DISPLAY", "x11"), ("WAYLAND_DISPLAY", "wayland")):
        if not os.environ.get(variable):
            continue
        os.environ["SDL_VIDEODRIVER"] = driver  # that system only: no fallback, no probing
        try:
            pygame.display.init()
            return pygame.display.get_driver() not in OFFSCREEN_DRIVERS
        except pygame.error:
            continue
        finally:
            pygame.display.quit()
            del os.environ["SDL_VIDEODRIVER"]
    return False


def _console_display() -> bool:
    """Whether SDL can draw on the console through KMS/DRM; if so it is the driver used.

    Asked only where a DRM device exists: without one SDL would fall back to an invisible
    off-screen driver, and the player would see nothing at all.
    """
    if not any(Path("/dev/dri").glob("card*")):
        return False
    import pygame

    os.environ["SDL_VIDEODRIVER"] = "kmsdrm"
    try:
        pygame.display.init()
    except pygame.error:
        del os.environ["SDL_VIDEODRIVER"]
        return False
    finally:
        pygame.display.quit()
    return True


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    parser = build_parser(prog or program_name())
    args = parser.parse_args(argv)
    if args.frames is not None or os.environ.get("SDL_VIDEODRIVER") in OFFSCREEN_DRIVERS:
        # a headless run has no window to render fast to, by design: nothing to warn about
        warnings.filterwarnings("ignore", "no fast renderer available")

    def fail(message: str, status: int = 2) -> int:
        print(f"{parser.prog}: error: {message}", file=sys.stderr)
        return status

    if args.install_desktop_entry:
        return install_entry(fail)
    folder = data_dir(args.data_dir)
    problem = data_dir_problem(folder, args.data_dir)
    if problem:
        return fail(problem)
    if args.set_kiosk_pin is not None:
        return set_kiosk_pin(args.set_kiosk_pin, folder, fail)
    if args.import_file is not None:
        return import_boards(args.import_file, folder, fail)
    if problem := options_problem(args, folder):
        return fail(problem)
    replay = None
    if args.replay:
        try:
            replay = read_replay(args.replay)
        except ValueError as bad:
            return fail(f"--replay {args.replay}: {bad}")
    if problem := display_problem(args):
        return fail(problem, 1)
    return start(args, folder, parser.prog, fail, replay)


def install_entry(fail) -> int:
    """``--install-desktop-entry``: the menu entry and its icons for this user."""
    from game.platform.desktop import install_desktop_entry

    try:
        written = install_desktop_entry()
    except OSError as error:
        return fail(f"the desktop entry could not be written: {error}", 1)
    print(f"desktop entry: {written[0]} (icons: {len(written) - 1})")
    return 0


def options_problem(args: argparse.Namespace, folder: Path) -> str | None:
    """What is wrong with the options of a run that opens the window, or None."""
    if args.idle_seconds is not None and not args.kiosk:
        return "--idle-seconds is a kiosk option: use it with --kiosk"
    if args.kiosk:
        if args.game or args.replay:
            return "--kiosk shows both games itself: it cannot be used with --game or --replay"
        if problem := start_problem(folder):
            return problem
    if args.screenshot:
        return screenshot_problem(args.screenshot)
    return None


def holder(storage: Storage) -> str:
    """The " (process N)" naming the process that holds the data folder, where known."""
    return f" (process {storage.holder_pid})" if storage.holder_pid else ""


def start(args: argparse.Namespace, folder: Path, prog: str, fail, replay) -> int:
    """Take the data folder (a kiosk needs it to itself) and run the window."""
    storage = Storage(folder)  # holds the folder's lock while the program runs
    kiosk = previous_sigterm = None
    if args.kiosk:
        if storage.read_only:
            storage.close()
            return fail(
                f"another copy of the game{holder(storage)} is using {folder}: a kiosk needs "
                "its data folder to itself, so this one does not start",
                1,
            )
        try:
            config, warning = prepare(folder)  # a plain PIN hashed, the file made owner-only
        except (ConfigMissing, ConfigError):  # changed since it was checked above
            storage.close()
            return fail(start_problem(folder) or f"{folder}/kiosk.json changed as it was read")
        if warning:
            print(f"{prog}: warning: {warning}", file=sys.stderr)
        kiosk = KioskSetup(config, args.idle_seconds)
        os.environ.setdefault("SDL_WINDOWS_NO_CLOSE_ON_ALT_F4", "1")  # Windows' own Alt+F4
        # a fullscreen window that loses the focus stays where it is (SDL would minimise it)
        os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")
        # SIGTERM ends the program cleanly from now on (the loop installs its own handler;
        # SDL, seeing one set, does not turn it into a quit event that a kiosk ignores)
        previous_sigterm = signal.signal(signal.SIGTERM, _stop_now)
    elif storage.read_only:
        print(
            f"{prog}: another copy of the game{holder(storage)} is using {folder}: "
            "this one runs read-only and saves nothing",
            file=sys.stderr,
        )
    try:
        return _run(args, fail, replay, kiosk)
    finally:
        storage.close()
        if previous_sigterm is not None:
            signal.signal(signal.SIGTERM, previous_sigterm)


def _stop_now(_signum: int, _frame: object) -> None:
    raise SystemExit(0)


def set_kiosk_pin(given: str, folder: Path, fail) -> int:
    """``--set-kiosk-pin [PIN]``: write the PIN (asked twice without echo when not given)."""
    if given:
        pin = given
    else:
        import getpass

        try:
            pin = getpass.getpass("Kiosk operator PIN (4 to 8 digits): ")
            again = getpass.getpass("The same PIN again: ")
        except (EOFError, KeyboardInterrupt):
            return fail("no PIN was given: nothing was written")
        if pin != again:
            return fail("the two PINs differ: nothing was written")
    if problem := pin_problem(pin):
        return fail(f"{problem}: nothing was written")
    storage = Storage(folder)
    try:
        if storage.read_only:
            return fail(f"a copy of the game{holder(storage)} is using {folder}: stop it first")
        try:
            done = set_pin(folder, pin)
        except (OSError, ConfigError) as error:
            return fail(
                f"the PIN could not be written: {getattr(error, 'strerror', None) or error}"
            )
    finally:
        storage.close()
    print(done)
    return 0


def import_boards(path: str, folder: Path, fail) -> int:
    """``--import FILE``: the file's good boards join the library (boards already there are
    kept, a board there already is not added twice); each bad board gets one line naming
    the file and the board. 0 when every board was good, 1 otherwise."""
    from game.moleturf import boards as store

    try:
        found, problems = store.read_import(path)
    except ValueError as bad:
        return fail(f"--import {path}: {bad}; nothing was imported")
    for problem in problems:
        print(f"{path}: {problem}", file=sys.stderr)
    storage = Storage(folder)
    try:
        if storage.read_only:
            return fail(f"a copy of the game{holder(storage)} is using {folder}: stop it first")
        library = store.load_library(storage)
        if storage.damaged:
            kept = storage.damaged[-1][1].name
            return fail(
                f"the board library in {folder} is damaged (kept as {kept}): nothing was imported"
            )
        added = 0
        for board in found:
            try:
                added += library.add(board)[0]
            except ValueError as full:
                return fail(f"--import {path}: {full}; nothing was imported")
        storage.save_json(store.LIBRARY_FILE, store.library_document(library), store.VERSION)
    finally:
        storage.close()
    print(store.import_summary(path, added, len(found) - added, len(problems), len(library.boards)))
    return 1 if problems else 0


def read_replay(path: str) -> tuple[str, dict]:
    """The kind and document of a game file, read as far as its summary (no rules, numpy or
    kernels: the replay screen replays the moves once its first frame is on screen);
    ValueError saying what is wrong."""
    from core.documents import MAX_TEXT, peek_document
    from game.platform.storage import read_regular

    try:  # a named pipe or a device is refused at once, and no more is read than a game holds
        text = read_regular(path, MAX_TEXT, follow_links=True).decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"cannot be read: {getattr(error, 'strerror', None) or error}") from None
    except ValueError as error:  # larger than MAX_TEXT bytes
        raise ValueError(f"the file is too large for a game file ({error})") from None
    found, document = peek_document(text)
    return found.kind, document


def _run(
    args: argparse.Namespace,
    fail: Callable[[str], int],
    replay: tuple[str, dict] | None = None,
    kiosk: KioskSetup | None = None,
) -> int:
    from game.app import App, Options

    windowed = args.windowed or (args.size is not None and not args.fullscreen)
    options = Options(
        game=args.game,
        windowed=windowed,
        fullscreen=args.fullscreen or (kiosk is not None and not windowed),
        size=args.size,
        lang=args.lang,
        data_dir=args.data_dir,
        frames=args.frames,
        screenshot=args.screenshot,
        replay=replay,
        kiosk=kiosk,
    )
    app = App(options)
    status = app.run()
    if app.replay_refused is not None:  # its moves failed the check read_replay leaves out
        return fail(f"--replay {args.replay}: {app.replay_refused}")
    return status


def main_moleturf() -> int:
    return main(["--game", "moleturf", *sys.argv[1:]])  # named by argv[0]: "moleturf"


def main_demineur() -> int:
    return main(["--game", "demineur", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
