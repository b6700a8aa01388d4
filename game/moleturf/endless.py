"""Endless play: a fresh Mole Turf board of any size from 5x5 to 16x16 at the difficulty
chosen (1 to 5 stars, as the hint engine grades it), one after another.

The chooser sets the size and difficulty (the two rows step with a tap on − / +, left and
right on a pad or the arrow keys), shows the records of that kind (best time, fewest
mistakes, boards cleared: ``moleturf_endless.json``) and how many boards are ready. Boards
come from the ``Stock``, refilled in a background process, so Play opens one at once; when
none is ready yet (the first start, or a kind played faster than it is made), a progress bar
shows the generator's work and the board opens as soon as it is made.

``FreeBoardScene`` plays any board that is not one of the 30 sectors (endless, the daily
sector, the library): the sector screen with its own title, result and end.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import numpy as np
import pygame

from core.moleturf.session import SHIELDS, MoleTurfSession
from core.moleturf.turf import decode
from game.i18n import _, clock
from game.moleturf import boards as store
from game.moleturf import openers
from game.moleturf.hud import draw_progress, mistakes_text
from game.moleturf.panel import BoardPreview
from game.moleturf.play import MoleTurfScene
from game.moleturf.stock import Stock, Worker
from game.shell.dialog import Overlay
from game.shell.scene import Host, Scene
from game.shell.session_scene import SessionScene
from game.ui.layout import Metrics, columns
from game.ui.widgets import Button, Label, Panel, SettingRow, Widget, split_for_preview

# on_cleared(seconds, mistakes) -> the lines the end of the board shows
Cleared = Callable[[float, int], list[str]]


class FreeBoardScene(MoleTurfScene):
    """A board beyond the 30 sectors, in play. It is not resumed after the screen is left
    (the endless stock and the daily board give it back); ``on_cleared`` records the result
    and says what to show; ``next_board``, when given, offers another board at the end."""

    def __init__(
        self,
        app: Host,
        regions: np.ndarray,
        title: str,
        on_cleared: Cleared,
        next_board: Callable[[], None] | None = None,
        tick: Callable[[], object] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        SessionScene.__init__(self, app)  # not MoleTurfScene's: there is no sector
        self.regions = np.ascontiguousarray(regions, dtype=np.int32)
        self.board_title, self.on_cleared, self.next_board = title, on_cleared, next_board
        self.tick = tick  # called every frame (the endless stock keeps filling during play)
        self.setup(None, clock)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.tick is not None:
            self.tick()

    def title(self) -> str:
        return self.board_title

    def _fits(self, session: MoleTurfSession | None) -> bool:
        return False

    def new_session(self) -> MoleTurfSession:
        return MoleTurfSession.new(
            self.regions, shields=SHIELDS, auto_x=self.app.settings.auto_x, clock=self.clock
        )

    def save_session(self) -> None:
        self.session.changed = False  # nothing to resume: see the class's note

    def cleared(self) -> None:
        lines = self.on_cleared(self.elapsed, self.session.mistakes)
        self.app.audio.play("win")
        self.app.scenes.push(BoardCleared(self.app, self, lines))


class BoardCleared(Overlay):
    """A free board cleared: its result, then another board or back to where it came from."""

    def __init__(self, app: Host, board_scene: FreeBoardScene, lines: list[str]) -> None:
        super().__init__(app)
        self.board_scene, self.lines = board_scene, lines

    def build(self, m: Metrics) -> list[Widget]:
        panel = self.panel(m, 5).inflate(-2 * m.margin, -2 * m.margin)
        title = pygame.Rect(panel.x, panel.y, panel.w, m.unit)
        buttons = pygame.Rect(panel.x, panel.bottom - m.unit, panel.w, m.unit)
        text = pygame.Rect(
            panel.x, title.bottom + m.gap, panel.w, buttons.y - title.bottom - 2 * m.gap
        )
        widgets: list[Widget] = [
            Label(title, "title", _("Board cleared!"), m.title_font, bold=True),
            Label(text, "summary", "\n".join(self.lines), m.font),
        ]
        if self.board_scene.next_board is not None:
            left, mid, right = columns(buttons, 3, m.gap)
            widgets.append(Button(left, "next", _("Next board"), self.next, primary=True))
        else:
            mid, right = columns(buttons, 2, m.gap)
        widgets.append(Button(mid, "replay", _("Watch replay"), self.watch_replay))
        alone = self.board_scene.next_board is None
        widgets.append(Button(right, "leave", _("Back"), self.leave_board, primary=alone))
        return widgets

    def watch_replay(self) -> None:
        """The cleared board played back; Back comes back here."""
        openers.replay(self.app, self.board_scene.session.to_document())

    def next(self) -> None:
        self.leave_board()
        if self.board_scene.next_board is not None:
            self.board_scene.next_board()

    def leave_board(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        if self.app.scenes.top is self.board_scene:
            self.app.scenes.pop()

    def on_back(self) -> None:
        self.leave_board()


def result_lines(seconds: float, mistakes: int, best: bool) -> list[str]:
    lines = [_("Time {time}").format(time=clock(seconds * 1000)), mistakes_text(mistakes)]
    if best:
        lines.append(_("New best time!"))
    return lines


def stars_text(level: int) -> str:
    return _("{stars} of 5 stars").format(stars=level)


class EndlessChooser(Scene):
    """Size and difficulty, the records of that kind, and Play."""

    def __init__(self, app: Host, worker: Any = None) -> None:
        super().__init__(app)
        self.records = store.load_records(app.storage)
        self.stock = Stock(app.storage, worker if worker is not None else Worker())
        self.n, self.level = 9, 2
        self.waiting = False  # Play was asked for while no board was ready
        self.stock.want(self.n, self.level)

    # the chooser -----------------------------------------------------------------------------
    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Endless play"), back=True)
        column, square = split_for_preview(m, self.body(m), m.unit * 14, m.unit * 8)
        row_h = m.unit + m.gap
        width, x, y = column.w, column.x, column.y
        size = SettingRow(
            pygame.Rect(x, y, width, m.unit),
            "size",
            _("Board size"),
            f"{self.n} × {self.n}",
            "stepper",
            self.change_size,
            m,
        )
        level = SettingRow(
            pygame.Rect(x, y + row_h, width, m.unit),
            "level",
            _("Difficulty"),
            stars_text(self.level),
            "stepper",
            self.change_level,
            m,
        )
        play = pygame.Rect(x, column.bottom - m.unit, width, m.unit)
        info = pygame.Rect(x, y + 2 * row_h + m.gap, width, play.y - 2 * m.gap - (y + 2 * row_h))
        self.bar = pygame.Rect(
            info.x + m.gap, info.bottom - m.gap - m.unit // 3, info.w - 2 * m.gap, m.unit // 3
        )
        text = pygame.Rect(info.x + m.gap, info.y + m.gap, info.w - 2 * m.gap, 0)
        text.h = self.bar.y - m.gap - text.y
        summary = self.summary()
        widgets += [
            size,
            level,
            Panel(info, "records_panel"),
            # room for each line to wrap once: a Label lays out 3 lines unless told, and
            # shrank the 4-line records below the body size
            Label(text, "records", summary, m.font, max_lines=2 * summary.count("\n") + 2),
            BoardPreview(
                square,
                "preview",
                self.next_board(),
                self.n,
                self.app.settings.turf_patterns,
                stars=self.level,
            ),
            Button(play, "play", self.play_label(), self.play, primary=True),
        ]
        if self.focus is None or self.focus == "back":
            self.focus = "play"
        return widgets

    def next_board(self) -> np.ndarray | None:
        """The board Play opens next (the first ready one of the kind chosen), or None."""
        codes = self.stock.boards.get(store.key(self.n, self.level))
        return decode(codes[0]) if codes else None

    def summary(self) -> str:
        record = self.records.get(self.n, self.level)
        if record is None:
            lines = [_("No board of this kind cleared yet.")]
        else:
            lines = [
                _("Best time {time}").format(time=clock(record.best_time * 1000)),
                _("Fewest mistakes: {n}").format(n=record.fewest_mistakes),
                _("Boards cleared: {n}").format(n=record.cleared),
            ]
        ready = self.stock.count(self.n, self.level)
        if (self.n, self.level) in self.stock.failed:
            lines.append(_("This size rarely reaches this difficulty: try another."))
        elif ready:
            lines.append(_("Boards ready: {n}").format(n=ready))
        else:
            lines.append(_("Making a board…"))
        return "\n".join(lines)

    def play_label(self) -> str:
        return _("Waiting for the board…") if self.waiting else _("Play")

    def change_size(self, step: int) -> None:
        self.n = min(max(store.SIDES.start, self.n + step), store.SIDES.stop - 1)
        self.level = min(self.level, store.max_level(self.n))
        self.changed()

    def change_level(self, step: int) -> None:
        top = store.max_level(self.n)
        if self.level + step > top:
            self.app.notice(_("This size rarely reaches this difficulty: try another."))
        self.level = min(max(store.LEVELS.start, self.level + step), top)
        self.changed()

    def changed(self) -> None:
        self.waiting = False
        self.stock.want(self.n, self.level)
        self.relayout()

    # playing ---------------------------------------------------------------------------------
    def play(self) -> None:
        board = self.stock.take(self.n, self.level)
        if board is None:
            self.waiting = (self.n, self.level) not in self.stock.failed
            self.relayout()
            return
        self.waiting = False
        n, level = self.n, self.level
        title = _("Endless {n}×{n}, {stars}").format(n=n, stars=stars_text(level))

        def cleared(seconds: float, mistakes: int) -> list[str]:
            best = self.records.record(n, level, seconds, mistakes)
            store.save_records(self.app.storage, self.records)
            return result_lines(seconds, mistakes, best)

        openers.board(self.app, board, title, cleared, self.play, self.stock.update)

    def update(self, dt: float) -> None:
        made = self.stock.update()
        if made is not None or self.waiting:
            if self.waiting and self.stock.count(self.n, self.level):
                self.play()
            elif made is not None:
                self.relayout()

    def frame_key(self) -> Hashable | None:
        """At rest but for the progress bar of a board being made (the share as drawn: a
        rounded share would leave the bar a few pixels behind the work)."""
        if self.pressed is not None:
            return None
        making = self.stock.making() == (self.n, self.level)
        bar = self.stock.progress() if making else None
        return (id(self.widgets), self.focus, bar)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.stock.making() == (self.n, self.level):
            draw_progress(surface, self.bar, self.stock.progress(), self.app.ui.plain)

    def leave(self) -> None:
        self.stock.close()

    def closing(self) -> None:
        self.stock.close()

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Play")), ("back", _("Back"))]
