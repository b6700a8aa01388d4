"""A screen that plays a game's mid-end session (``core.midend.Session``).

The session's clock runs only while the screen is on top of the stack and the window has
the focus. The screen saves its session at most ``SAVE_EVERY_S`` after a move (through the
background writer, so play never waits for the disk) and at once whenever it stops being
active: a pause, a menu, another screen, the window losing focus, the program closing.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from core.midend import Session
from game.shell.scene import Host, Scene

SAVE_EVERY_S = 0.5

S = TypeVar("S", bound=Session)


class SessionScene(Scene, Generic[S]):
    """``S``: the game's own session class (``SessionScene[DemineurSession]``)."""

    session: S

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.active = False
        self.focused_window = True
        self.since_save = 0.0  # seconds of updates since the session was last saved

    def save_session(self) -> None:
        """Write the session to its game's file (each game says where)."""
        raise NotImplementedError

    def save(self) -> None:
        self.save_session()
        self.since_save = 0.0

    def set_active(self, active: bool) -> None:
        self.active = active
        if active:
            self.session.resume()
        else:
            self.session.pause()
            self.save()  # the time played counts too, not only the moves

    def keep_saved(self, dt: float) -> None:
        """Called from ``update``: a changed session reaches the disk within SAVE_EVERY_S."""
        self.since_save += dt
        if self.session.changed and self.since_save >= SAVE_EVERY_S:
            self.save()

    def enter(self) -> None:
        super().enter()
        self.set_active(self.focused_window)

    def pause(self) -> None:
        self.set_active(False)

    def resume(self) -> None:
        self.set_active(self.focused_window)
        super().resume()

    def leave(self) -> None:
        self.set_active(False)

    def closing(self) -> None:
        self.set_active(False)

    def focus_changed(self, focused: bool) -> None:
        self.focused_window = focused
        self.set_active(focused and self.app.scenes.top is self)
