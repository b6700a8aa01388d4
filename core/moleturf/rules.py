"""Cyber Mole Turf: the manual's rules as a plain object, and how an intent becomes a move.

A move is a method call; its whole effect is visible in the object's state, and the same
sequence of moves always gives the same state. The board holds moles and the player's ❌
markers; conflicts, Auto-❌ marks, turf status and the game status are all derived from it.
Shields are the one exception: a mistake costs a shield when it is made, once. The rules
know nothing of undo: the mid-end (``core.moleturf.session``) keeps the positions and puts
one back with ``restore``, which moves moles and markers only, so a shield spent stays spent
(and a position brought back charges none); a sector over for want of shields goes on with
one, the manual's "Undo Last Move" after Game Over, the only refill.

``interpret_move`` / ``interpret_drag`` turn a player's intent into a move or a refusal with
its reason; ``execute_move`` carries a move out. The mid-end (``core.moleturf.session``)
logs, times and saves them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from core.checks import as_cell, as_int
from core.hints import Hint
from core.moleturf import logic as turf_logic
from core.moleturf import turf
from core.moves import Drag, Erase, Mark, MoleTurfMove, Place, Refusal, Wipe

MAX_SIDE = 16
MODES = ("mole", "marker", "eraser")

# A move is one of core.moves' Place, Mark, Erase (a cell), Drag (markers put or lifted along
# a path) and Wipe (an eraser drag).


class MoleTurf:
    """One sector of Cyber Mole Turf.

    ``regions``: the n x n turf map (ids 0..n-1, n from 4 to 16). ``shields``: the mistakes
    allowed before Game Over. ``auto_x``: whether Auto-❌ marks are shown; it may change at
    any time.
    """

    def __init__(self, regions: object, shields: int = 3, auto_x: bool = True) -> None:
        board = turf.validate(regions).copy()  # frozen below: never the caller's own array
        n = board.shape[0]
        if n > MAX_SIDE:
            raise ValueError(f"a Mole Turf board is 4 to {MAX_SIDE} cells wide, not {n}")
        board.flags.writeable = False
        self._regions = board
        self.n = n
        self.capacity = as_int(shields, "shields")
        if self.capacity < 1:
            raise ValueError(f"shields must be at least 1, not {self.capacity}")
        self.auto_x = auto_x
        self._solution: np.ndarray | None = None
        self._solved = False
        self._unique = False
        self._moles = np.zeros((n, n), np.bool_)
        self._marks = np.zeros((n, n), np.bool_)
        self._start()

    def _start(self) -> None:
        self._moles[:] = False
        self._marks[:] = False
        self.shields = self.capacity
        self.mistakes = 0  # conflicts made since the start (or Retry): each cost a shield
        self._derived: dict[str, Any] = {}

    # ----- state -------------------------------------------------------------------------

    @property
    def regions(self) -> np.ndarray:
        return self._regions

    @property
    def moles(self) -> np.ndarray:
        return _read_only(self._moles)

    @property
    def marks(self) -> np.ndarray:
        """The player's own ❌ markers (Auto-❌ marks are apart, in ``auto_marks``)."""
        return _read_only(self._marks)

    @property
    def auto_x(self) -> bool:
        return self._auto_x

    @auto_x.setter
    def auto_x(self, on: bool) -> None:
        self._auto_x = _as_bool(on, "auto_x")

    @property
    def auto_marks(self) -> np.ndarray:
        """Every cell in the row, column, turf or 8 neighbours of a mole, minus the moles."""
        if not self._auto_x:
            return _read_only(np.zeros((self.n, self.n), np.bool_))
        if "auto" not in self._derived:
            m = self._moles
            covered = (
                np.any(m, axis=1, keepdims=True)
                | np.any(m, axis=0, keepdims=True)
                | np.isin(self._regions, self._regions[m])
                | (_around(m) > 0)
            )
            self._derived["auto"] = _read_only(covered & ~m)
        return self._derived["auto"]

    @property
    def conflicts(self) -> set[tuple[int, int]]:
        """The moles that share a row, column or turf with another mole, or touch one."""
        if "conflicts" not in self._derived:
            m = self._moles
            turfs = np.bincount(self._regions[m], minlength=self.n)
            crowded = (
                (m.sum(axis=1) > 1)[:, None]
                | (m.sum(axis=0) > 1)[None, :]
                | (turfs[self._regions] > 1)
                | (_around(m) > 0)
            )
            rows, cols = np.nonzero(m & crowded)
            self._derived["conflicts"] = {(int(r), int(c)) for r, c in zip(rows, cols, strict=True)}
        return set(self._derived["conflicts"])

    def turf_status(self) -> list[str]:
        """Per turf: ``"done"`` (one mole, no conflict), ``"conflict"`` or ``"empty"``."""
        counts = np.bincount(self._regions[self._moles], minlength=self.n)
        clashing = {int(self._regions[r, c]) for r, c in self.conflicts}
        return [
            "conflict" if t in clashing else "done" if counts[t] == 1 else "empty"
            for t in range(self.n)
        ]

    @property
    def status(self) -> str:
        """``"over"`` once the shields are gone, ``"won"`` with n moles and no conflict."""
        if self.shields == 0:
            return "over"
        if int(self._moles.sum()) == self.n and not self.conflicts:
            return "won"
        return "playing"

    @property
    def solution(self) -> np.ndarray | None:
        """The column of the mole in each row for this map (None if it has no solution)."""
        if not self._solved:
            found = turf.solve(self._regions)
            if found is not None:
                found.flags.writeable = False
                self._unique = turf.count_solutions(self._regions) == 1
            self._solution, self._solved = found, True
        return self._solution

    def hint(self) -> Hint | None:
        """The next step for the board as it stands: a fix for a wrong mole or marker first,
        else the easiest deduction the board does not show yet; None once won or stuck."""
        if self.status != "playing":
            return None
        crossed = self.marks | self.auto_marks
        # a "fix" is certain only on a map with one solution: elsewhere the mole may be right
        solution = self.solution if self.solution is not None and self._unique else None
        return turf_logic.hint(self._regions, self.moles, crossed, solution)

    def position(self) -> bytes:
        """The board as it stands, moles then markers, row by row, a byte a cell: what
        ``restore`` puts back (the mid-end's Undo and Redo keep one per move; packed a bit
        a cell they would take 8 times less room and twice the time to make a move:
        bench/bench_undo_history.py)."""
        return self._moles.tobytes() + self._marks.tobytes()

    def restore(self, position: bytes) -> None:
        """Put back the moles and markers of a ``position`` this board had. Shields spent
        stay spent and none is charged for a conflict brought back; a sector over for want of
        shields goes on with one (the manual's "step back 1 move and continue")."""
        size = self.n * self.n
        if not isinstance(position, bytes) or len(position) != 2 * size:
            raise ValueError(f"a position of this board is {2 * size} bytes")
        grids = np.frombuffer(position, np.bool_).reshape(2, self.n, self.n)
        np.copyto(self._moles, grids[0])
        np.copyto(self._marks, grids[1])
        self._derived.clear()
        if self.shields == 0:
            self.shields = 1

    # ----- moves -------------------------------------------------------------------------

    def place(self, r: int, c: int) -> str:
        """Place a mole on an empty or marked cell, or take away the mole that is there.

        Returns ``"placed"``, ``"removed"``, ``"conflict"`` (the mole stays and costs a
        shield) or ``"ignored"`` (the game is won or over).
        """
        return self._play(Place(*as_cell(r, c, self.n, self.n)))

    def toggle_mark(self, r: int, c: int) -> bool:
        """Put or lift a ❌ marker on a cell without a mole; returns True when it put one
        (False when it lifted one or the move was ignored)."""
        return self._play(Mark(*as_cell(r, c, self.n, self.n))) == "marked"

    def erase(self, r: int, c: int) -> bool:
        """Clear a cell of its marker or mole; returns whether anything was taken away."""
        return self._play(Erase(*as_cell(r, c, self.n, self.n))) != "ignored"

    def mark_many(self, cells: Iterable[tuple[int, int]], on: bool = True) -> int:
        """A drag: put (``on``) or lift ❌ markers on many cells as one move.

        Cells with a mole are left alone. Returns how many cells changed.
        """
        on = _as_bool(on, "on")
        checked = self._cells(cells)
        before = int(self._marks.sum())
        self._play(Drag(on, checked))
        return abs(int(self._marks.sum()) - before)

    def retry(self) -> None:
        """Restart the sector: empty board, full shields, no mistakes."""
        self._start()

    def _cells(self, cells: object) -> tuple[tuple[int, int], ...]:
        if not isinstance(cells, Iterable):
            raise ValueError(f"a drag needs a list of (row, column) cells, not {cells!r}")
        return tuple(as_cell(*_pair(cell), self.n, self.n) for cell in tuple(cells))

    # ----- internals ---------------------------------------------------------------------

    def _play(self, move: MoleTurfMove) -> str:
        """A move by the player: ``"ignored"`` unless playing, else what ``_apply`` did."""
        if self.status != "playing":
            return "ignored"
        result = self._apply(move)
        self._derived.clear()
        return result

    def _apply(self, move: MoleTurfMove) -> str:
        """Carry out a move on the board; its result (``"ignored"`` when nothing changed)."""
        moles, marks = self._moles, self._marks
        if isinstance(move, Place):
            return self._place(move.r, move.c)
        if isinstance(move, Mark):
            if moles[move.cell]:
                return "ignored"
            marks[move.cell] = not marks[move.cell]
            return "marked" if marks[move.cell] else "unmarked"
        if isinstance(move, (Erase, Wipe)):
            cells = (move.cell,) if isinstance(move, Erase) else move.cells
            found = [cell for cell in cells if moles[cell] or marks[cell]]
            for cell in found:
                moles[cell] = marks[cell] = False
            return "erased" if found else "ignored"
        changed = [cell for cell in move.cells if not moles[cell] and marks[cell] != move.on]
        for cell in changed:
            marks[cell] = move.on
        return "marked" if changed else "ignored"

    def _place(self, r: int, c: int) -> str:
        """A mole on (r, c), or the one there taken away; a conflict costs a shield."""
        if self._moles[r, c]:
            self._moles[r, c] = False
            return "removed"
        result = "conflict" if self._clashes(r, c) else "placed"
        self._moles[r, c] = True
        self._marks[r, c] = False
        if result == "conflict":
            self.shields -= 1
            self.mistakes += 1
        return result

    def _clashes(self, r: int, c: int) -> bool:
        """Whether a mole at (r, c) would meet an existing mole's row, column, turf or reach."""
        m = self._moles
        return bool(
            m[r].any()
            or m[:, c].any()
            or m[self._regions == self._regions[r, c]].any()
            or m[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2].any()
        )


def _read_only(array: np.ndarray) -> np.ndarray:
    view = array.view()
    view.flags.writeable = False
    return view


def _around(mask: np.ndarray) -> np.ndarray:
    """For every cell, how many of its 8 neighbours are set in ``mask``."""
    padded = np.pad(mask, 1).astype(np.int8)
    rows, cols = mask.shape
    total = np.zeros(mask.shape, np.int8)
    for dr in (0, 1, 2):
        for dc in (0, 1, 2):
            if (dr, dc) != (1, 1):
                total += padded[dr : dr + rows, dc : dc + cols]
    return total


def _as_bool(value: object, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return bool(value)


def _pair(cell: object) -> tuple[object, object]:
    try:
        if not isinstance(cell, Iterable):
            raise TypeError
        r, c = cell
    except (TypeError, ValueError):
        raise ValueError(f"a cell is a (row, column) pair, not {cell!r}") from None
    return r, c


def interpret_move(
    game: MoleTurf, intent: str, r: int, c: int, mode: str = "mole"
) -> Place | Mark | Erase | Refusal:
    """What the player's ``intent`` on cell (r, c) does: a move, or a ``Refusal`` saying why not.

    Intents: ``"tap"`` acts in the current ``mode`` (``"mole"``: place or remove a mole,
    ``"marker"``: toggle a ❌, ``"eraser"``: clear the cell); ``"mark"`` (right click, long
    press, X) always toggles a ❌; ``"erase"`` (Y, E) always clears.
    """
    r, c = as_cell(r, c, game.n, game.n)
    if mode not in MODES:
        raise ValueError(f"the mode must be one of {', '.join(MODES)}, not {mode!r}")
    if intent == "tap":
        intent = {"mole": "place", "marker": "mark", "eraser": "erase"}[mode]
    if intent not in ("place", "mark", "erase"):
        raise ValueError(f"unknown Mole Turf intent {intent!r}")
    cell = (r, c)
    if game.status != "playing":
        return Refusal(game.status, cell)
    if intent == "mark" and game.moles[r, c]:
        return Refusal("mole_there", cell)
    if intent == "erase" and not (game.moles[r, c] or game.marks[r, c]):
        return Refusal("nothing_to_erase", cell)
    return _CELL_MOVES[intent](r, c)


_CELL_MOVES: dict[str, type[Place] | type[Mark] | type[Erase]] = {
    "place": Place,
    "mark": Mark,
    "erase": Erase,
}


def interpret_drag(
    game: MoleTurf, cells: Iterable[tuple[int, int]], mode: str = "mole"
) -> Drag | Wipe | Refusal:
    """A drag across ``cells``: in Eraser mode it clears them; otherwise it lays a ❌ barricade,
    or lifts one when it starts on a ❌. One move (one undo step), or a ``Refusal``."""
    checked = game._cells(cells)
    if not checked:
        raise ValueError("a drag crosses at least one cell")
    if game.status != "playing":
        return Refusal(game.status, checked[0])
    moles, marks = game.moles, game.marks
    if mode == "eraser":
        if not any(moles[rc] or marks[rc] for rc in checked):
            return Refusal("nothing_to_erase", checked[0])
        return Wipe(checked)
    on = not bool(marks[checked[0]])
    if not any(not moles[rc] and marks[rc] != on for rc in checked):
        return Refusal("mole_there" if moles[checked[0]] else "nothing_to_mark", checked[0])
    return Drag(on, checked)


def hint_move(game: MoleTurf, hint: Hint) -> MoleTurfMove | None:
    """The move that carries out a hint on the board (None when the board shows it already)."""
    if hint.kind == "mole":
        todo = [cell for cell in hint.cells if not game.moles[cell]]
        return Place(*todo[0]) if todo else None
    if hint.kind == "cross":
        crossed = game.marks | game.auto_marks
        to_cross = tuple(c for c in hint.cells if not crossed[c] and not game.moles[c])
        return Drag(True, to_cross) if to_cross else None
    return Erase(*hint.cells[0])  # fix: take the wrong mole or marker away


def execute_move(game: MoleTurf, move: MoleTurfMove) -> str:
    """Carry out a move (from ``interpret_move``, ``interpret_drag``, ``hint_move`` or a saved
    game): its result (``"placed"``, ``"conflict"``, ``"marked"``...). ValueError for a move
    that the game cannot make now, so a damaged save never passes as a game; its message
    names cells as the player sees them, rows and columns from 1."""
    if isinstance(move, (Place, Mark, Erase)):
        cell = _on_board(game, move.cell)
        checked: MoleTurfMove = move if cell == move.cell else type(move)(*cell)
        cells: tuple[tuple[int, int], ...] = (cell,)
    elif isinstance(move, Drag) and isinstance(move.on, (bool, np.bool_)):
        checked = Drag(bool(move.on), cells := _cells_on_board(game, move.cells))
    elif isinstance(move, Wipe):
        checked = Wipe(cells := _cells_on_board(game, move.cells))
    else:
        raise ValueError(f"unknown Mole Turf move {move!r}")
    result = game._play(checked)
    if result == "ignored":
        raise ValueError(f"{_MOVE_WORDS[move.name]} {_where(cells)} changes nothing")
    return result


_MOVE_WORDS = {
    "place": "a mole at",
    "mark": "a marker at",
    "erase": "erasing",
    "drag": "a marker drag over",
    "wipe": "an eraser drag over",
}


def cell_words(r: int, c: int) -> str:
    """A cell as the player counts it: ``row 1, column 4`` for (0, 3)."""
    return f"row {r + 1}, column {c + 1}"


def _where(cells: tuple[tuple[int, int], ...]) -> str:
    shown = "; ".join(cell_words(r, c) for r, c in cells[:3])
    return shown + ("; ..." if len(cells) > 3 else "")


def _on_board(game: MoleTurf, cell: object) -> tuple[int, int]:
    """A saved move's cell, checked: the message counts rows and columns from 1, as the game
    shows them (the core's own ``as_cell`` counts from 0, as its arguments do)."""
    r, c = (as_int(v, name) for v, name in zip(_pair(cell), ("row", "column"), strict=True))
    if not (0 <= r < game.n and 0 <= c < game.n):
        raise ValueError(f"{cell_words(r, c)} is off the board: rows and columns go 1..{game.n}")
    return r, c


def _cells_on_board(game: MoleTurf, cells: object) -> tuple[tuple[int, int], ...]:
    if not isinstance(cells, Iterable):
        raise ValueError(f"a drag needs a list of (row, column) cells, not {cells!r}")
    return tuple(_on_board(game, cell) for cell in tuple(cells))
