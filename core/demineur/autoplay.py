"""The autoplayer: a whole game played with the engine (the kiosk's attract mode).

Each turn it reads the board as a player sees it, flags the mines the engine proves (not
needed to win, but it is what the attract mode should show), reveals every cell proved safe,
and, when nothing is certain, reveals the least risky cell.
"""

from __future__ import annotations

from core.demineur.logic import Analysis
from core.demineur.rules import Minesweeper

Move = tuple[str, int, int]  # ("reveal" | "flag", row, col)


def play(game: Minesweeper, flag_mines: bool = True) -> list[Move]:
    """Play ``game`` to its end and return the moves made, in order.

    A new game starts with a tap in the middle (the first touch is protected). ``flag_mines``
    puts a flag on each proved mine as it is found.
    """
    moves: list[Move] = []
    if game.over:
        return moves
    if game.counts is None:
        cell = (game.rows // 2, game.cols // 2)
        game.reveal(*cell)
        moves.append(("reveal", *cell))
    while not game.over:
        analysis = Analysis(game.revealed, game.counts, game.mines)
        analysis.solve()
        if flag_mines:
            for cell in analysis.mine_cells():
                if not game.flagged[cell]:
                    game.toggle_flag(*cell)
                    moves.append(("flag", *cell))
        safe = analysis.safe_cells()
        if not safe:
            safe = [analysis.guess(game.flagged).cells[0]]
        for cell in safe:
            if game.flagged[cell]:  # a flag the player put there, proved wrong
                game.toggle_flag(*cell)
                moves.append(("flag", *cell))
            if not game.revealed[cell] and not game.over:
                game.reveal(*cell)
                moves.append(("reveal", *cell))
    return moves
