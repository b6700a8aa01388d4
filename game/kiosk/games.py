"""The games as a kiosk visitor plays them, and the kiosk's own choice of board.

The game screens are the usual ones (``DemineurScene``, ``MoleTurfScene``) given the
kiosk's stand-ins for their files (``KioskFiles``) and statistics (``KioskBook``): a
visitor's game leaves no trace in the personal statistics, the Mole Turf progress, the
saved unfinished games or the best-game replays. The kiosk uses the screens' public hooks
only (``ended``, ``cleared``, ``show_step``, ``say``: tests/test_structure.py checks it).
A game left unfinished (the visitor walked away, or started another) is simply dropped,
not counted as a loss. A win goes to today's arcade table (``game.kiosk.scores``) instead,
and a time good enough for it asks for the player's three letters.

The level choice offers the rule book's first four levels; the sector choice all 30
sectors, every one open. Neither shows the personal statistics, the resume button or any
setting.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from core.demineur.rules import PRESETS
from core.demineur.session import Result
from core.demineur.stats import board_key
from game.demineur.levels import Level
from game.demineur.play import DemineurScene
from game.i18n import _, board_size, clock
from game.kiosk import openers
from game.kiosk.scores import demineur_board, moleturf_board
from game.moleturf import openers as moleturf_openers
from game.moleturf.play import MoleTurfScene, sectors
from game.moleturf.store import Progress
from game.shell.scene import Host, Scene
from game.ui import theme
from game.ui.layout import Metrics, columns
from game.ui.widgets import Button, Label, Widget

LEVELS = ("beginner", "intermediate", "hard", "expert")
NAME_DELAY = 1.2  # seconds of the won board before the name entry


PRESET_OF_KEY = {board_key(p.cols, p.rows, p.mines): name for name, p in PRESETS.items()}


class KioskBook:
    """Stands in for the Démineur statistics: nothing is counted there. A visitor's win on a
    rule-book board goes in today's arcade table instead, and its place there is the rank the
    screen shows ("Best times on this board: #n"). Without a kiosk (the attract mode) nothing
    is recorded at all."""

    def __init__(self, kiosk: Any = None) -> None:
        self.kiosk = kiosk
        self.place: int | None = None  # the last win's place in today's table (0: the best)
        self.board = ""  # ...and the table's board

    def record(self, key: str, won: bool, time_ms: int) -> int | None:
        self.place = None
        name = PRESET_OF_KEY.get(key)
        if self.kiosk is None or not won or name is None:
            return None
        self.board = demineur_board(name)
        self.place = self.kiosk.won(self.board, time_ms)
        return None if self.place is None else self.place + 1

    def abandon(self, key: str) -> None:
        pass  # a game left unfinished is dropped, not counted as a loss


class KioskFiles:
    """Stands in for the player's files: a visitor's game leaves no trace on disk (no saved
    game, no best-game replay, no Mole Turf progress)."""

    def save_game(self, session: Any) -> None:
        pass

    def forget_game(self) -> None:
        pass

    def save_best(self, session: Any) -> None:
        pass

    def save_progress(self, progress: Any) -> None:
        pass


class KioskDemineurScene(DemineurScene):
    kiosk_role = "game"
    visitor = True  # False in the attract mode: its games go in no table
    name_at: float | None = None  # when the name entry opens over a won game

    def __init__(
        self, app: Host, level: Level, book: Any = None, session: Any = None, clock: Any = None
    ) -> None:
        self.kiosk_book = (
            book if book is not None else KioskBook(app.kiosk if self.visitor else None)
        )
        super().__init__(app, level, self.kiosk_book, session, clock, KioskFiles())

    def start(self, session) -> None:
        self.name_at = None
        super().start(session)

    def ended(self, result: Result) -> None:
        if getattr(self.kiosk_book, "place", None) is not None:
            self.name_at = self.t + NAME_DELAY  # the win is seen first

    def update(self, dt: float) -> None:
        super().update(dt)
        due = self.name_at is not None and self.t >= self.name_at
        if due and self.result is not None and self.app.scenes.top is self:
            self.name_at = None
            book = self.kiosk_book
            self.app.kiosk.ask_name(book.board, book.place, self.result.ms)


class KioskMoleTurfScene(MoleTurfScene):
    kiosk_role = "game"
    visitor = True

    def __init__(
        self,
        app: Host,
        progress: Progress | None = None,
        number: int = 1,
        session: Any = None,
        clock: Any = None,
    ) -> None:
        progress = progress if progress is not None else Progress()
        super().__init__(app, progress, number, session, clock, KioskFiles())

    def cleared(self) -> None:
        """The kiosk's celebration, not the one that records progress."""
        seconds, mistakes, ms = self.elapsed, self.session.mistakes, self.session.elapsed_ms
        self.app.audio.play("win")
        board = moleturf_board(self.number)
        place = self.app.kiosk.won(board, ms) if self.visitor else None
        moleturf_openers.celebration(self.app, self, seconds, mistakes, place == 0)
        if place is not None:
            self.app.kiosk.ask_name(board, place, ms)  # over the celebration


class KioskLevels(Scene):
    """Démineur in the kiosk: four levels, each with today's best time."""

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Démineur"), back=True, howto="demineur")
        body = self.body(m)
        n_cols = 1 if m.portrait else 2
        n_rows = -(-len(LEVELS) // n_cols)
        h = min(round(m.unit * 2.6), (body.h - (n_rows - 1) * m.gap) // n_rows)
        top = body.y + max(0, (body.h - n_rows * h - (n_rows - 1) * m.gap) // 2)
        cols = columns(pygame.Rect(body.x, top, body.w, h), n_cols, 2 * m.gap)
        table = self.app.kiosk.scores
        for i, name in enumerate(LEVELS):
            level = Level.preset(name)
            col = cols[i % n_cols]
            box = pygame.Rect(col.x, top + (i // n_cols) * (h + m.gap), col.w, h)
            size = board_size(level.cols, level.rows, level.mines)
            rows = table.rows(demineur_board(name))
            best = (
                _("Today's best: {time} {name}").format(
                    time=clock(rows[0].ms, tenths=True), name=rows[0].name
                )
                if rows
                else _("No time yet today")
            )
            label = f"{level.title()}\n{size}\n{best}"
            widgets.append(Button(box, name, label, partial(self.play, level), primary=i == 0))
        return widgets

    def play(self, level: Level) -> None:
        openers.demineur_play(self.app, level)

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Play")), ("back", _("Back"))]


class KioskSectors(Scene):
    """Cyber Mole Turf in the kiosk: every sector open, each with today's best time."""

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Cyber Mole Turf"), back=True, howto="moleturf")
        body = self.body(m)
        count = len(sectors())
        n_cols = 5 if m.portrait else 6
        n_rows = -(-count // n_cols)
        intro_h = m.font * 2
        room = body.h - intro_h - m.gap
        w = (body.w - (n_cols - 1) * m.gap) // n_cols
        h = min(round(m.unit * 1.8), (room - (n_rows - 1) * m.gap) // n_rows)
        block = intro_h + m.gap + n_rows * h + (n_rows - 1) * m.gap
        top = body.y + max(0, (body.h - block) // 2)  # the whole block centred
        grid = pygame.Rect(body.x, top + intro_h + m.gap, body.w, n_rows * h)
        widgets.append(
            Label(
                pygame.Rect(body.x, top, body.w, intro_h),
                "intro",
                _("Choose a sector: the fastest clears of the day make the high-score table."),
                m.font,
                colour=theme.TEXT_DIM,
            )
        )
        table = self.app.kiosk.scores
        for k in range(count):
            number = k + 1
            r, c = divmod(k, n_cols)
            box = pygame.Rect(grid.x + c * (w + m.gap), grid.y + r * (h + m.gap), w, h)
            rows = table.rows(moleturf_board(number))
            label = str(number) + (f"\n{clock(rows[0].ms, tenths=True)}" if rows else "")
            widgets.append(
                Button(box, f"sector{number}", label, partial(self.play, number), number == 1)
            )
        return widgets

    def play(self, number: int) -> None:
        openers.moleturf_play(self.app, Progress(), number)

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Play")), ("back", _("Back"))]
