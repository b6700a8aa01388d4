"""The autoplayer: a whole game played with the engine (the kiosk's attract mode).

Each turn it reads the board as a player sees it, flags the mines the engine proves (not
needed to win, but it is what the attract mode should show), reveals every cell proved safe,
and, when nothing is certain, takes the guess the hint would suggest (``Analysis.guess``:
the safest cells weighed by what their reveal is likely to tell, an unavoidable 50/50 taken
early, an exact search of the end-game and of a walled-in pocket).
"""

from __future__ import annotations

from collections.abc import Callable

from core.demineur.logic import Analysis
from core.demineur.rules import Minesweeper
from core.hints import Hint
from core.moves import Flag, Reveal

Move = Reveal | Flag


def play(
    game: Minesweeper,
    flag_mines: bool = True,
    on_guess: Callable[[Analysis, Hint], None] | None = None,
) -> list[Move]:
    """Play ``game`` to its end and return the moves made, in order.

    A new game starts with a tap in the middle (the first touch is protected). ``flag_mines``
    puts a flag on each proved mine as it is found. ``on_guess`` is told of each guess before
    it is played (the benchmark's statistics).
    """
    moves: list[Move] = []
    if game.over:
        return moves
    if game.counts is None:
        cell = (game.rows // 2, game.cols // 2)
        game.reveal(*cell)
        moves.append(Reveal(*cell))
    while not game.over:
        counts = game.counts
        assert counts is not None  # the first reveal above laid the mines out
        analysis = Analysis(game.revealed, counts, game.mines)
        analysis.solve()
        if flag_mines:
            for cell in analysis.mine_cells():
                if not game.flagged[cell]:
                    game.toggle_flag(*cell)
                    moves.append(Flag(*cell))
        safe = analysis.safe_cells()
        if not safe:
            hint = analysis.guess(game.flagged)
            assert hint is not None  # a game still going has a hidden safe cell to guess
            if on_guess is not None:
                on_guess(analysis, hint)
            safe = [hint.cells[0]]
        for cell in safe:
            if game.flagged[cell]:  # a flag the player put there, proved wrong
                game.toggle_flag(*cell)
                moves.append(Flag(*cell))
            if not game.revealed[cell] and not game.over:
                game.reveal(*cell)
                moves.append(Reveal(*cell))
    return moves
