"""The moves of both games, typed, and what ``interpret_move`` answers when it refuses one.

A move is a frozen dataclass per kind: Démineur's ``Reveal``, ``Flag`` and ``Chord``, Mole
Turf's ``Place``, ``Mark``, ``Erase``, ``Drag`` (❌ markers put or lifted along a path) and
``Wipe`` (an eraser drag), and the mid-end's own ``Undo`` and ``Redo`` (the rules never see
those: ``core.midend`` keeps the history). Fields are named, so nothing is unpacked by
position. In a game document a move is a JSON list whose first item names it, e.g.
``["reveal", 3, 4]`` or ``["drag", true, [[0, 1], [0, 2]]]``: ``to_json`` writes it,
``from_json`` reads it back (the game's rules check the values when the move is made).

A ``Refusal`` says why an intent changes nothing, as a stable id and parameters; the front
end turns it into a sentence (and a shake where it fits), so nothing is ever refused silently.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

Cell = tuple[int, int]
C = TypeVar("C", bound="_CellMove")
B = TypeVar("B", bound="_Bare")


@dataclass(frozen=True, slots=True)
class _CellMove:
    """A move on one cell, (``r``, ``c``) from 0."""

    name: ClassVar[str] = ""
    r: int
    c: int

    @property
    def cell(self) -> Cell:
        return (self.r, self.c)

    def to_json(self) -> list[Any]:
        return [self.name, self.r, self.c]

    @classmethod
    def from_args(cls: type[C], args: list[Any]) -> C:
        if len(args) != 2:
            raise ValueError(f"a {cls.name!r} move is [{cls.name!r}, row, column], not {args!r}")
        return cls(args[0], args[1])


@dataclass(frozen=True, slots=True)
class Reveal(_CellMove):
    name: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class Flag(_CellMove):
    name: ClassVar[str] = "flag"


@dataclass(frozen=True, slots=True)
class Chord(_CellMove):
    name: ClassVar[str] = "chord"


@dataclass(frozen=True, slots=True)
class Place(_CellMove):
    """Mole Turf: put a mole on the cell, or take away the one there."""

    name: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Mark(_CellMove):
    """Mole Turf: put or lift a ❌ marker."""

    name: ClassVar[str] = "mark"


@dataclass(frozen=True, slots=True)
class Erase(_CellMove):
    """Mole Turf: clear the cell of its mole or marker."""

    name: ClassVar[str] = "erase"


@dataclass(frozen=True, slots=True)
class Drag:
    """Mole Turf: a ❌ barricade along ``cells``, put (``on``) or lifted; one move."""

    name: ClassVar[str] = "drag"
    on: bool
    cells: tuple[Cell, ...]

    def to_json(self) -> list[Any]:
        return [self.name, self.on, [list(cell) for cell in self.cells]]

    @classmethod
    def from_args(cls, args: list[Any]) -> Drag:
        if len(args) != 2:
            raise ValueError(f"a 'drag' move is ['drag', on, cells], not {args!r}")
        return cls(args[0], _cells(args[1]))


@dataclass(frozen=True, slots=True)
class Wipe:
    """Mole Turf: an eraser drag over ``cells``; one move."""

    name: ClassVar[str] = "wipe"
    cells: tuple[Cell, ...]

    def to_json(self) -> list[Any]:
        return [self.name, [list(cell) for cell in self.cells]]

    @classmethod
    def from_args(cls, args: list[Any]) -> Wipe:
        if len(args) != 1:
            raise ValueError(f"a 'wipe' move is ['wipe', cells], not {args!r}")
        return cls(_cells(args[0]))


@dataclass(frozen=True, slots=True)
class _Bare:
    """A move with no arguments."""

    name: ClassVar[str] = ""

    def to_json(self) -> list[Any]:
        return [self.name]

    @classmethod
    def from_args(cls: type[B], args: list[Any]) -> B:
        if args:
            raise ValueError(f"{cls.name!r} has no arguments, not {args!r}")
        return cls()


@dataclass(frozen=True, slots=True)
class Undo(_Bare):
    """The mid-end takes the last move back (the game's rules know nothing of it)."""

    name: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class Redo(_Bare):
    """The mid-end makes the last undone move again."""

    name: ClassVar[str] = "redo"


DemineurMove = Reveal | Flag | Chord
MoleTurfMove = Place | Mark | Erase | Drag | Wipe
Step = Undo | Redo  # the mid-end's own entries of the log
Move = DemineurMove | MoleTurfMove | Step
MoveKind = type[Move]
KINDS: dict[str, MoveKind] = {
    kind.name: kind for kind in (Reveal, Flag, Chord, Place, Mark, Erase, Drag, Wipe, Undo, Redo)
}


def to_json(move: Move) -> list[Any]:
    """A move as its document writes it: ``[name, *arguments]``, cells as lists."""
    return move.to_json()


def by_name(kinds: Iterable[MoveKind]) -> dict[str, MoveKind]:
    """A game's move kinds by the names its documents give them (for ``from_json``)."""
    return {kind.name: kind for kind in kinds}


def from_json(raw: list[Any], kinds: Mapping[str, MoveKind]) -> Move:
    """The move a document's ``[name, *arguments]`` names, of one of ``kinds`` (a game's, by
    name: ``by_name``); ValueError for any other name or the wrong arguments. The values are
    the rules' to check when the move is made."""
    name = raw[0] if raw else None
    kind = kinds.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"{name!r} is not a move of this game")
    return kind.from_args(raw[1:])


def _cells(raw: object) -> tuple[Cell, ...]:
    """A document's list of [row, column] pairs as cells (the rules check the numbers)."""
    if not isinstance(raw, list):
        raise ValueError(f"a drag needs a list of (row, column) cells, not {raw!r}")
    cells = []
    for pair in raw:
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError(f"a cell is a (row, column) pair, not {pair!r}")
        cells.append((pair[0], pair[1]))
    return tuple(cells)


@dataclass(frozen=True)
class Refusal:
    """``reason`` is a stable id (``"flag_before_start"``, ``"chord_flags"``...); ``cell`` is
    the cell the intent was about, if any; ``params`` fill the front end's sentence."""

    reason: str
    cell: tuple[int, int] | None = None
    params: dict[str, Any] = field(default_factory=dict)
