"""What a screen's next step will import, imported in the background while the screen shows.

Every first screen opens without the boards' machinery (numpy, the rules, the kernels: over a
tenth of a second and 12 MiB that the first frame need not wait for, bench/bench_start.py).
Loaded only when asked for, they made the press that opens a board wait 135-165 ms for them.
So a screen names in ``Scene.next_screens`` the screens it is likely to open next (the level
choice: the Démineur board), and in ``Scene.needs`` what it imports itself once shown (a
replay: its game's rules); once it is on screen the app hands their modules to
``Warmup.start``, which imports them on a thread of its own. The main loop goes on drawing
meanwhile (an import takes the interpreter's lock a few milliseconds at a time); a press
that needs a module still being imported waits only for the rest of it. An import that fails
here is left to the real import, which reports it where it is needed.
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Iterable


class Warmup:
    """At most one background import at a time; ``close`` waits for it (the program's exit
    never leaves a module half imported)."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._pending: frozenset[str] = frozenset()  # what the running warm-up imports

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, names: Iterable[str]) -> bool:
        """Import on a background thread those of ``names`` not yet imported; False when an
        earlier warm-up is still running (ask again later), True once they are taken care of."""
        if self.busy:
            return False
        missing = [name for name in names if name not in sys.modules]
        if not missing:
            return True
        self._pending = frozenset(missing)
        self._thread = threading.Thread(
            target=_import_each, args=(missing,), name="warm-up", daemon=True
        )
        self._thread.start()
        return True

    def waiting_for(self, names: Iterable[str]) -> bool:
        """Whether one of ``names`` is being imported in the background now (a screen that
        needs it may wait for it a frame or two rather than import it itself at once)."""
        return self.busy and any(name in self._pending for name in names)

    def close(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            self._thread.join(timeout)


def _import_each(names: list[str]) -> None:
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the real import, where it is needed, reports it
            pass
