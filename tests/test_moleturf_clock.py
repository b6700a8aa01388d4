"""Cyber Mole Turf's clock and shields in the session (core), on an injected clock: every path
through Game Over, Undo Last Move, Undo, Redo and Retry, as the manual's section 3 has them.

The clock counts play only: it stops at a win and at Game Over, runs again the moment Undo
Last Move brings play back, and stays stopped while the front end holds it (a dialog, the
pause menu). A shield is lost once per mistake: Undo never gives it back, Redo never charges
it again (so it never ends a game); Undo Last Move refills one.
"""

import json

import pytest

from core import turf
from core.moleturf.session import MoleTurfSession

REGIONS = turf.generate(9, seed=2024)
SOLUTION = [(r, int(c)) for r, c in enumerate(turf.solve(REGIONS))]


class FakeClock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def rivals() -> tuple[tuple[int, int], tuple[int, int]]:
    """Two cells of row 0 off the solution and apart: a mole on each is a conflict."""
    sol = SOLUTION[0][1]
    a, b = [(0, c) for c in range(9) if abs(c - sol) > 1][:2]
    return a, b


def new(clock: FakeClock) -> MoleTurfSession:
    return MoleTurfSession.new(REGIONS, sector=None, clock=clock)


def game_over(session: MoleTurfSession, clock: FakeClock) -> tuple[int, int]:
    """Three mistakes, a second of play before each move; returns the fatal cell."""
    a, b = rivals()
    clock.now += 1
    session.act("tap", *a)
    for k in range(3):
        clock.now += 1
        assert session.act("tap", *b).result == "conflict"
        if k < 2:
            clock.now += 1
            assert session.act("tap", *b).result == "removed"
    assert session.status == "over" and session.game.shields == 0
    return b


def win(session: MoleTurfSession, clock: FakeClock) -> None:
    for cell in SOLUTION:
        if not session.game.moles[cell]:
            clock.now += 1
            session.act("tap", *cell)
    assert session.status == "won"


def test_game_over_stops_the_clock_at_the_fatal_move():
    clock = FakeClock()
    session = new(clock)
    game_over(session, clock)
    assert session.elapsed_ms == 6000
    clock.now += 40  # the Game Over dialog on screen: not play
    assert session.elapsed_ms == 6000


def test_undo_last_move_runs_the_clock_again_at_once():
    clock = FakeClock()
    session = new(clock)
    fatal = game_over(session, clock)
    clock.now += 10
    assert session.undo()
    assert session.status == "playing" and session.game.shields == 1
    assert not session.game.moles[fatal]
    clock.now += 3
    assert session.elapsed_ms == 9000  # 6 s before Game Over, 3 s after: the dialog not counted


def test_undo_last_move_from_the_dialog_runs_the_clock_once_the_dialog_has_gone():
    """The screen's order: the dialog holds the clock, closing it resumes (still Game Over,
    so the clock stays stopped), then its action undoes the fatal move."""
    clock = FakeClock()
    session = new(clock)
    game_over(session, clock)
    session.pause()  # the dialog opens over the board
    clock.now += 5
    session.resume()  # the dialog closes ...
    clock.now += 1
    assert session.elapsed_ms == 6000
    assert session.undo()  # ... and Undo Last Move is made
    clock.now += 4
    assert session.elapsed_ms == 10000


def test_a_sector_won_after_undo_last_move_is_timed_by_its_whole_play():
    """The false best time: 0:06 was stored for a game of about 30 s."""
    clock = FakeClock()
    session = new(clock)
    game_over(session, clock)
    clock.now += 20  # reading the dialog
    session.undo()
    clock.now += 1
    session.act("tap", *rivals()[0])  # the first wrong mole goes
    win(session, clock)
    played = 6 + 1 + 9
    assert session.elapsed_ms == played * 1000
    clock.now += 30
    assert session.elapsed_ms == played * 1000  # stopped at the win


@pytest.mark.parametrize(("choice", "before"), [("undo", 6000), ("retry", 0)])
def test_a_game_over_choice_made_while_the_front_end_holds_the_clock_waits_for_it(choice, before):
    """Undo Last Move (the time played goes on from 6 s) or Retry Sector (from 0) made while a
    menu holds the clock: it runs only once the front end resumes it."""
    clock = FakeClock()
    session = new(clock)
    game_over(session, clock)
    session.pause()
    getattr(session, choice)()
    clock.now += 7
    assert session.elapsed_ms == before
    session.resume()
    clock.now += 2
    assert session.elapsed_ms == before + 2000


def test_redo_after_undo_last_move_puts_the_fatal_mole_back_at_no_cost():
    """Redo puts back what Undo took away, here too: the clash is on the board again, shown
    as one, but it was paid for: one shield, play and the clock go on."""
    clock = FakeClock()
    session = new(clock)
    fatal = game_over(session, clock)
    assert session.undo() and not session.game.moles[fatal]
    clock.now += 1
    assert session.redo() and session.game.moles[fatal] and fatal in session.game.conflicts
    assert (session.status, session.game.shields, session.mistakes) == ("playing", 1, 3)
    clock.now += 2
    assert session.elapsed_ms == 9000 and session.stopwatch.running
    assert session.undo() and session.game.shields == 1  # a plain Undo now: no refill


def test_a_second_game_over_after_undo_last_move_stops_the_clock_again():
    clock = FakeClock()
    session = new(clock)
    a, b = rivals()
    game_over(session, clock)
    session.undo()
    clock.now += 2
    assert session.act("tap", *b).result == "conflict"
    assert session.status == "over" and session.game.shields == 0
    clock.now += 9
    assert session.elapsed_ms == 8000
    assert session.undo() and session.game.shields == 1
    clock.now += 1
    assert session.elapsed_ms == 9000 and session.mistakes == 4


def test_undo_keeps_the_shield_lost_and_redo_does_not_charge_it_again():
    """At 1/3 shields: Undo the last wrong mole, then Redo: still 1/3 and in play."""
    clock = FakeClock()
    session = new(clock)
    a, b = rivals()
    session.act("tap", *a)
    session.act("tap", *b)  # conflict
    session.act("tap", *b)  # removed
    session.act("tap", *b)  # conflict: 1/3
    assert session.game.shields == 1 and session.game.moles[b]
    assert session.undo() and session.game.shields == 1 and not session.game.moles[b]
    assert session.redo() and session.game.moles[b]
    assert session.game.shields == 1 and session.status == "playing"
    assert session.mistakes == 2
    for _k in range(5):  # undo and redo it as often as one likes: no shield changes hands
        assert session.undo() and session.redo()
    assert session.game.shields == 1 and session.mistakes == 2
    assert b in session.game.conflicts  # the clash is back on the board, shown as one


def test_undo_and_redo_in_play_leave_the_clock_running():
    clock = FakeClock()
    session = new(clock)
    a, b = rivals()
    session.act("tap", *a)
    clock.now += 1
    session.act("tap", *b)
    clock.now += 1
    session.undo()
    clock.now += 1
    session.redo()
    clock.now += 1
    assert session.elapsed_ms == 4000 and session.stopwatch.running


def test_a_win_stops_the_clock_and_undo_cannot_take_it_back():
    clock = FakeClock()
    session = new(clock)
    a, b = rivals()
    session.act("tap", *a)
    session.act("tap", *b)
    session.undo()
    session.undo()  # the redo list holds both; a new move clears it
    win(session, clock)
    assert session.elapsed_ms == 9000 and session.game.shields == 2
    clock.now += 5
    assert session.elapsed_ms == 9000
    assert not session.undo() and not session.redo() and session.status == "won"


def test_retry_starts_afresh_the_clock_from_zero_running():
    clock = FakeClock()
    session = new(clock)
    game_over(session, clock)
    session.hint()
    clock.now += 3
    session.retry()
    game = session.game
    assert (session.status, game.shields, session.mistakes) == ("playing", 3, 0)
    assert not game.moles.any() and not session.log and session.hints_used == 0
    assert session.elapsed_ms == 0
    clock.now += 2
    assert session.elapsed_ms == 2000
    assert not session.undo() and not session.redo()


def test_a_saved_game_after_undo_last_move_comes_back_with_its_shield_and_a_held_clock():
    clock = FakeClock()
    session = new(clock)
    game_over(session, clock)
    session.undo()
    clock.now += 2
    document = json.loads(json.dumps(session.to_document()))
    later = FakeClock()
    resumed = MoleTurfSession.from_document(document, later)
    assert (resumed.status, resumed.game.shields, resumed.mistakes) == ("playing", 1, 3)
    assert resumed.can_redo  # the fatal move, as Undo Last Move left it
    later.now += 5
    assert resumed.elapsed_ms == 8000  # held until the screen resumes it
    resumed.resume()
    later.now += 1
    assert resumed.elapsed_ms == 9000
