"""The mid-end (after Simon Tatham's ``midend.c``): one session object per game.

A session sits between a game's rules (``core.demineur.rules``, ``core.moleturf.rules``)
and the front end. It owns:

- the **move log**: every move executed, with its time in ms of play from the game's start
  (read from the injected clock through the session's stopwatch), Undo and Redo included;
- **undo and redo** (for a game whose rules offer them, ``undoable``): the mid-end keeps the
  positions the game had before each move (``_position``) and puts one back (``_restore``);
  the rules know nothing of undo, they only say what a position is and when taking a move
  back is allowed (``_may_undo``, ``_may_redo``). Undo and Redo are entries of the log like
  the moves, so a replay shows them and a loaded game comes back with its whole history;
- the **timer**: running, paused (menus, pause, focus lost) and stopped by the rules'
  events, which each game's session states in ``_timer_should_run``;
- the **hint count** (asking again on an unchanged board does not count twice);
- **serialisation**: a saved game and a replay are one document — version, game kind,
  board parameters, seed, the generated layout (Tatham's "DESC"), the move log and the time
  played. Loading builds a fresh game from the parameters and layout and replays the log,
  reaching the identical state.

Rules stay in core: a session asks the game's ``interpret_move`` what an intent means and its
``execute_move`` to carry it out; it never decides a rule itself.
"""

from __future__ import annotations

import bisect
import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from core.hints import Hint
from core.moves import Move, MoveKind, Redo, Refusal, Undo, by_name, from_json, to_json
from core.problems import Problem, shown
from core.stopwatch import Stopwatch, no_clock

DOCUMENT_VERSION = 1
# The longest log read. A Marathon board (80x40, 240 mines) is won in at most 3,200 moves
# (2,960 safe cells, each reveal opens one at least, and 240 flags), a 16x16 Mole Turf sector
# in 256 (16 moles and 240 markers): 10,000 leaves a hesitant player 3x the longest game, and
# keeps resuming a whole maximal file (every move replayed) to about 50-85 ms on one core
# (bench/bench_big_files.py). A larger log is refused as hostile.
MAX_MOVES = 10_000
MAX_TIME_MS = 10**12  # about 31 years of play


@dataclass(frozen=True)
class Entry:
    """One move of the log: ``t_ms`` of play since the game's start, and the move."""

    t_ms: int
    move: Move


@dataclass(frozen=True)
class Outcome:
    """What an intent did: the move executed and its result, or the refusal."""

    move: Move | None
    result: Any = None
    refusal: Refusal | None = None


S = TypeVar("S", bound="Session")  # a game's own session class, in the class methods


class Session:
    """The mid-end of one game. Subclasses bind it to a game's rules (see the module doc)."""

    kind: ClassVar[str] = ""
    moves: ClassVar[tuple[MoveKind, ...]] = ()  # the game's own moves (Undo and Redo aside)
    undoable: ClassVar[bool] = False  # whether the game's rules offer undo and redo

    def __init__(self, game: Any, clock: Callable[[], float] | None = None) -> None:
        self.game = game
        self.stopwatch = Stopwatch(clock or no_clock)
        self.log: list[Entry] = []
        self.hints_used = 0
        self._hinted_at: int | None = None  # the log length when the last hint was counted
        self.changed = True  # set by every move; the front end clears it once saved
        self.held = False  # the front end paused the clock (menus, pause, focus lost)
        self._past: list[Any] = []  # the positions before each move still taken back by Undo
        self._future: list[Any] = []  # the positions after each move undone, for Redo

    # ----- to be given by each game ---------------------------------------------------------
    def interpret(self, intent: str, r: int, c: int, **context: Any) -> Move | Refusal:
        raise NotImplementedError

    def _execute(self, move: Move) -> Any:
        raise NotImplementedError

    def _timer_should_run(self) -> bool:
        """Whether play time counts in the game's state (before any pause)."""
        raise NotImplementedError

    def _describe(self) -> dict[str, Any]:
        """The document's ``params``, ``seed`` and ``layout``."""
        raise NotImplementedError

    def _position(self) -> Any:
        """An immutable record of the game's position, which ``_restore`` puts back (an
        undoable game gives both)."""
        raise NotImplementedError

    def _restore(self, position: Any) -> None:
        raise NotImplementedError

    def _may_undo(self) -> bool:
        """Whether the rules let a move be taken back now (a history aside)."""
        return True

    def _may_redo(self) -> bool:
        return True

    @classmethod
    def _rebuild(
        cls: type[S], params: Any, seed: Any, layout: Any, clock: Callable[[], float] | None
    ) -> S:
        """A fresh session for a document's board (ValueError when the data is bad)."""
        raise NotImplementedError

    def copy_game(self, game: Any = None) -> Any:
        """An independent copy of ``game`` (the session's own by default), a replay's
        checkpoint (a game whose arrays share memory keeps them together in its own copy hooks)."""
        return copy.deepcopy(self.game if game is None else game)

    @property
    def status(self) -> str:
        return self.game.status

    # ----- moves ---------------------------------------------------------------------------
    def act(self, intent: str, r: int, c: int, **context: Any) -> Outcome:
        """The player's intent on cell (r, c): interpreted by the rules, then executed."""
        move = self.interpret(intent, r, c, **context)
        if isinstance(move, Refusal):
            return Outcome(None, None, move)
        return Outcome(move, self.play(move))

    def play(self, move: Move) -> Any:
        """Execute ``move`` and log it with the time of play it was made at."""
        t_ms = self.stopwatch.elapsed_ms
        result = self._perform(move)
        self.log.append(Entry(t_ms, move))
        self.changed = True
        self._follow_rules_clock()
        return result

    @property
    def can_undo(self) -> bool:
        return self.undoable and bool(self._past) and self._may_undo()

    @property
    def can_redo(self) -> bool:
        return self.undoable and bool(self._future) and self._may_redo()

    def undo(self) -> bool:
        """Take the last move back (logged as an ``Undo``); False when nothing can be."""
        if not self.can_undo:
            return False
        self.play(Undo())
        return True

    def redo(self) -> bool:
        """Make the last undone move again (logged as a ``Redo``); False when none can be."""
        if not self.can_redo:
            return False
        self.play(Redo())
        return True

    def _perform(self, move: Move) -> Any:
        """Carry out an entry of the log: Undo and Redo here, any other move by the rules,
        the position before it kept for Undo. ValueError for an entry that cannot be made."""
        if isinstance(move, (Undo, Redo)):
            return self._step(move)
        if not isinstance(move, self.moves):
            raise ValueError(f"{move!r} is not a move of this game")
        before = self._position() if self.undoable else None
        result = self._execute(move)
        if self.undoable:
            self._past.append(before)
            self._future.clear()
        return result

    def _step(self, move: Undo | Redo) -> str:
        """Undo: back to the position before the last move; Redo: forward to the one after
        the last move undone. The position left goes on the other list."""
        if not self.undoable:
            raise ValueError("this game has no undo")
        back = isinstance(move, Undo)
        if not (self.can_undo if back else self.can_redo):
            raise ValueError(f"there is nothing to {move.name}")
        here = self._position()
        self._restore((self._past if back else self._future).pop())
        (self._future if back else self._past).append(here)
        return move.name

    def forget_history(self) -> None:
        """No move to undo or redo any more (a new game on the same board: Retry)."""
        self._past.clear()
        self._future.clear()

    def snapshot(self) -> tuple[Any, tuple[Any, ...], tuple[Any, ...]]:
        """The game and its undo history as they stand (a replay's checkpoint)."""
        return self.copy_game(), tuple(self._past), tuple(self._future)

    def restore_snapshot(self, snapshot: tuple[Any, tuple[Any, ...], tuple[Any, ...]]) -> None:
        game, past, future = snapshot
        self.game = self.copy_game(game)
        self._past, self._future = list(past), list(future)

    def hint(self) -> Hint | None:
        hint = self.game.hint()
        if hint is not None and self._hinted_at != len(self.log):
            self.hints_used += 1
            self._hinted_at = len(self.log)
            self.changed = True
        return hint

    # ----- the timer -----------------------------------------------------------------------
    @property
    def elapsed_ms(self) -> int:
        return self.stopwatch.elapsed_ms

    def pause(self) -> None:
        """Menus, the pause screen, the window losing focus: the clock stops (held) until
        ``resume``, whatever the moves made meanwhile."""
        self.held = True
        self.stopwatch.pause()

    def resume(self) -> None:
        """Back in play: the clock runs again if the rules say time counts."""
        self.held = False
        self._follow_rules_clock()

    def _follow_rules_clock(self) -> None:
        """The clock runs exactly when the rules say time counts and the front end does not
        hold it: a move that brings play back (Undo Last Move after Game Over) restarts it."""
        if self._timer_should_run() and not self.held:
            if not self.stopwatch.started:
                self.stopwatch.start()
            else:
                self.stopwatch.resume()
        elif self.stopwatch.running:
            self.stopwatch.pause()

    # ----- documents -----------------------------------------------------------------------
    def to_document(self) -> dict[str, Any]:
        """The whole game as plain JSON data: a saved game and a replay at once."""
        return {
            "version": DOCUMENT_VERSION,
            "kind": self.kind,
            **self._describe(),
            "moves": [[e.t_ms, *to_json(e.move)] for e in self.log],
            "elapsed_ms": self.elapsed_ms,
            "hints": self.hints_used,
        }

    @classmethod
    def from_document(cls: type[S], document: Any, clock: Callable[[], float] | None = None) -> S:
        """Rebuild a session by replaying a document's moves; its clock comes back paused.

        ValueError, with a message a person can act on, for anything damaged or hostile.
        """
        try:
            entries = cls._migrate(read_entries(document, cls.kind, cls._kinds()))
            session = cls._rebuild(document["params"], document["seed"], document["layout"], clock)
            for k, entry in enumerate(entries):
                if isinstance(entry.move, (Undo, Redo)) and not session.undoable:
                    raise Problem("file_no_undo", move=k + 1)
                try:
                    session._perform(entry.move)
                except ValueError as bad:
                    raise Problem("file_move_refused", str(bad), move=k + 1) from None
                session.log.append(entry)
            elapsed = _count(document["elapsed_ms"], "file_time_played", MAX_TIME_MS)
            if entries and elapsed < entries[-1].t_ms:
                raise Problem("file_time_short")
            session.hints_used = _count(document["hints"], "file_hint_count", MAX_MOVES)
        except KeyError as missing:
            raise Problem("file_field_missing", field=shown(missing.args[0])) from None
        except (TypeError, OverflowError, RecursionError) as bad:
            raise Problem("file_damaged", str(bad)) from None
        session._hinted_at = len(session.log) if session.hints_used else None
        session.held = True  # until the front end resumes it
        if session.log or session._timer_should_run():
            session.stopwatch.restore(elapsed)
        session.changed = False
        return session

    @classmethod
    def _kinds(cls) -> tuple[MoveKind, ...]:
        """The moves a document of this game may hold: the game's, and Undo and Redo."""
        return (*cls.moves, Undo, Redo)

    @classmethod
    def _migrate(cls, entries: list[Entry]) -> list[Entry]:
        """A document's log as this program writes it (a game rewrites what older
        versions wrote differently, e.g. Mole Turf's held-button barricades)."""
        return entries


@dataclass(frozen=True)
class Summary:
    """What a menu row or a replay's first frame shows of a game document, read without the
    game's rules (``summarize``): its kind, board parameters, layout as written, time played
    and number of moves. Only ``Session.from_document`` (every move replayed) says the game
    can be played; a summary says the file is worth opening."""

    kind: str
    params: dict[str, Any]
    layout: Any
    elapsed_ms: int
    moves: int


def summarize(document: Any, kind: str, check_params: Callable[[Any], Any]) -> Summary:
    """The summary of a document of ``kind``, its parameters checked by the game's
    ``check_params`` (a ValueError for what it refuses). It refuses only what
    ``from_document`` refuses too, so a file a summary refuses could never be played."""
    moves = _checked_header(document, kind)
    try:
        params = document["params"]
        if not isinstance(params, dict):
            raise Problem("file_params_not_object")
        check_params(params)
        elapsed = _count(document["elapsed_ms"], "file_time_played", MAX_TIME_MS)
        layout = document["layout"]
    except KeyError as missing:
        raise Problem("file_field_missing", field=shown(missing.args[0])) from None
    except (TypeError, OverflowError) as bad:
        raise Problem("file_damaged", str(bad)) from None
    return Summary(kind, params, layout, elapsed, len(moves))


def _checked_header(document: Any, kind: str) -> list[Any]:
    """A document's version and kind checked; its raw move list (not yet read)."""
    if not isinstance(document, dict):
        raise Problem("file_not_object")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise Problem("file_no_version")
    if version != DOCUMENT_VERSION:
        raise Problem("file_version", version=version, supported=DOCUMENT_VERSION)
    if document.get("kind") != kind:
        raise Problem("file_wrong_game", kind=shown(document.get("kind")), expected=repr(kind))
    moves = document.get("moves")
    if not isinstance(moves, list):
        raise Problem("file_moves_not_list")
    if len(moves) > MAX_MOVES:
        raise Problem("file_too_many_moves", moves=len(moves), most=MAX_MOVES)
    return moves


def read_entries(document: Any, kind: str, kinds: tuple[MoveKind, ...]) -> list[Entry]:
    """The checked move log of a document of ``kind`` whose moves are of ``kinds``
    (ValueError when it is not one)."""
    moves = _checked_header(document, kind)
    names = by_name(kinds)
    entries = []
    last = 0
    for k, raw in enumerate(moves):
        if not isinstance(raw, list) or len(raw) < 2 or not isinstance(raw[1], str):
            raise Problem("file_move_shape", move=k + 1)
        t_ms = _count(raw[0], "file_move_time", MAX_TIME_MS, move=k + 1)
        if t_ms < last:
            raise Problem("file_move_order", move=k + 1)
        last = t_ms
        if raw[1] not in names:
            raise Problem("file_move_unknown", move=k + 1, name=shown(raw[1]))
        try:
            move = from_json(raw[1:], names)
        except ValueError as bad:
            raise Problem("file_move_arguments", str(bad), move=k + 1, name=shown(raw[1])) from None
        entries.append(Entry(t_ms, move))
    return entries


def document_kind(document: Any) -> str:
    """The ``kind`` of a game document, checked only for being a known kind's name."""
    kind = document.get("kind") if isinstance(document, dict) else None
    if not isinstance(kind, str):
        raise Problem("file_no_game")
    return kind


def _count(value: Any, reason: str, most: int, **params: Any) -> int:
    """``value`` if it is a whole number from 0 to ``most``, else the Problem ``reason``."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise Problem(reason, most=most, value=shown(value), **params)
    return value


class Replay(Generic[S]):
    """A finished (or saved) game played back: ``seek(t_ms)`` shows the board as it was at
    that moment of play. The document is checked in full when the replay is made.

    Playing forward keeps a copy of the game (and its undo history) every ``CHECKPOINT_EVERY``
    moves, so a step back (or a jump forward over ground played before) restores the nearest
    one before the moment and replays fewer moves than that, never the whole game from its
    first move."""

    CHECKPOINT_EVERY: ClassVar[int] = 256

    def __init__(self, document: Any, session_class: type[S]) -> None:
        final = session_class.from_document(document)  # ValueError for a bad document
        self.session_class = session_class
        self.document = document
        self.entries = final.log
        self.duration_ms = final.elapsed_ms
        self.final = final
        self.replayed = 0  # moves executed by seeks since the replay was made (for the tests)
        d = self.document
        self.session = self.session_class._rebuild(d["params"], d["seed"], d["layout"], None)
        self._checkpoints: dict[int, Any] = {0: self.session.snapshot()}  # position -> snapshot
        self.position = 0  # entries applied
        self.t_ms = 0

    @property
    def game(self) -> Any:
        return self.session.game

    def _target(self, t_ms: int) -> int:
        """The number of entries applied at ``t_ms``: those made before it, all at the end."""
        if t_ms >= self.duration_ms:
            return len(self.entries)
        return bisect.bisect_left(self.entries, t_ms, key=lambda e: e.t_ms)

    def seek(self, t_ms: int) -> int:
        """Show the board at ``t_ms`` of play (clamped to the game): every move made before
        that moment, and at the very end all of them; returns the moves made by this call
        (from the nearest checkpoint before the moment when that is closer than the board
        shown: a step back, or a jump forward over ground already played). At 0 the board is
        as it was before any move."""
        t_ms = max(0, min(int(t_ms), self.duration_ms))
        target = self._target(t_ms)
        every = self.CHECKPOINT_EVERY
        base = target - target % every
        while base not in self._checkpoints:  # not reached yet: an earlier one
            base -= every
        if target < self.position or base > self.position:
            self.session.restore_snapshot(self._checkpoints[base])
            self.position = base
        made = 0
        while self.position < target:
            self.session._perform(self.entries[self.position].move)
            self.position += 1
            made += 1
            if self.position % every == 0 and self.position not in self._checkpoints:
                self._checkpoints[self.position] = self.session.snapshot()
        self.replayed += made
        self.t_ms = t_ms
        return made
