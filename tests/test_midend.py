"""The mid-end: rules only in core (intents become moves or refusals with reasons), one session
per game owning the timed move log, the timer and the hint count, and one document that is at
once a saved game and a replay, checked against anything damaged or hostile."""

import copy
import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import turf
from core.demineur.rules import Minesweeper, execute_move, interpret_move
from core.demineur.session import DemineurSession
from core.midend import DOCUMENT_VERSION, Replay
from core.moleturf.rules import MoleTurf, interpret_drag
from core.moleturf.rules import execute_move as turf_execute
from core.moleturf.rules import interpret_move as turf_interpret
from core.moleturf.session import MoleTurfSession
from core.moves import Chord, Drag, Erase, Flag, Mark, Place, Redo, Refusal, Reveal, Undo, Wipe

# 9x9, mines down the right edge: a tap at (4, 0) opens the left part
MINES = np.zeros((9, 9), bool)
MINES[[0, 2, 4, 6, 8], 8] = True
REGIONS = turf.generate(9, seed=2024)
SOLUTION = [(r, int(c)) for r, c in enumerate(turf.solve(REGIONS))]


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def round_trip(session, cls, clock=None):
    return cls.from_document(json.loads(json.dumps(session.to_document())), clock)


def same_board(a: Minesweeper, b: Minesweeper) -> None:
    assert (a.status, a.mines_left, a.safe_left, a.exploded) == (
        b.status,
        b.mines_left,
        b.safe_left,
        b.exploded,
    )
    assert (a.revealed == b.revealed).all() and (a.flagged == b.flagged).all()
    assert (a.mine_mask == b.mine_mask).all()


# ----- Démineur: intents become moves, or refusals that say why --------------------------


def test_a_tap_on_a_number_is_a_chord_only_when_its_flags_match():
    game = Minesweeper.from_mines(MINES)
    execute_move(game, interpret_move(game, "tap", 4, 0))
    assert game.counts[1, 7] == 2
    refused = interpret_move(game, "tap", 1, 7)
    assert refused == Refusal("chord_flags", (1, 7), {"value": 2, "flags": 0})
    execute_move(game, interpret_move(game, "flag", 0, 8))
    execute_move(game, interpret_move(game, "flag", 2, 8))
    assert interpret_move(game, "tap", 1, 7) == Chord(1, 7)
    assert interpret_move(game, "flag", 1, 7) == Chord(1, 7)  # a flag on a number chords


def test_no_flag_before_the_first_touch_and_a_flag_guards_its_cell():
    game = Minesweeper(9, 9, 10, seed=3)
    assert interpret_move(game, "flag", 0, 0).reason == "flag_before_start"
    assert interpret_move(game, "tap", 0, 0, flag_mode=True).reason == "flag_before_start"
    assert interpret_move(game, "long_press", 4, 4) == Reveal(4, 4)  # before: a reveal
    execute_move(game, Reveal(4, 4))
    hidden = tuple(int(v) for v in np.argwhere(~game.revealed)[0])
    assert interpret_move(game, "long_press", *hidden) == Flag(*hidden)
    assert interpret_move(game, "tap", *hidden, flag_mode=True) == Flag(*hidden)
    execute_move(game, Flag(*hidden))
    assert interpret_move(game, "tap", *hidden).reason == "flagged"
    assert interpret_move(game, "chord", *hidden).reason == "chord_hidden"


def test_a_finished_game_refuses_everything_and_moves_it_cannot_make_are_errors():
    game = Minesweeper.from_mines(MINES)
    execute_move(game, Reveal(0, 8))
    assert game.status == "lost"
    assert interpret_move(game, "tap", 1, 1).reason == "game_over"
    for bad, why in (
        (Reveal(1, 1), "row 2, column 2 cannot be revealed now"),
        (Flag(3, 3), "row 4, column 4 cannot be flagged now"),
        (Place(0, 0), "unknown Démineur move Place"),
        (Reveal(99, 0), r"cell \(99, 0\) is off the board"),
        ("x", "unknown Démineur move 'x'"),
    ):
        with pytest.raises(ValueError, match=why):
            execute_move(game, bad)


def test_a_replay_error_names_the_cell_as_the_player_counts_it():
    """The game counts rows and columns from 1: a replay's refused move says so too."""
    game = Minesweeper.from_mines(MINES)
    execute_move(game, Reveal(4, 0))
    with pytest.raises(ValueError, match=r"^row 5, column 1 cannot be revealed now$"):
        execute_move(game, Reveal(4, 0))
    execute_move(game, Reveal(0, 8))  # lost: nothing can be flagged or chorded any more
    with pytest.raises(ValueError, match=r"^row 1, column 9 cannot be flagged now$"):
        execute_move(game, Flag(0, 8))
    with pytest.raises(ValueError, match=r"^the number at row 2, column 8 cannot be chorded"):
        execute_move(game, Chord(1, 7))


# ----- Mole Turf: the same -----------------------------------------------------------------


def test_mole_turf_intents_follow_the_mode_and_refuse_with_reasons():
    game = MoleTurf(REGIONS)
    r, c = SOLUTION[0]
    assert turf_interpret(game, "tap", r, c, mode="mole") == Place(r, c)
    assert turf_interpret(game, "tap", r, c, mode="marker") == Mark(r, c)
    assert turf_interpret(game, "tap", r, c, mode="eraser").reason == "nothing_to_erase"
    game.place(r, c)
    assert turf_interpret(game, "mark", r, c).reason == "mole_there"
    assert turf_interpret(game, "tap", r, c, mode="eraser") == Erase(r, c)
    row = [(5, k) for k in range(9)]
    assert interpret_drag(game, row) == Drag(True, tuple(row))
    game.mark_many(row)
    assert interpret_drag(game, row) == Drag(False, tuple(row))  # a drag from a ❌ lifts them
    assert interpret_drag(game, row, mode="eraser") == Wipe(tuple(row))


# ----- sessions: log, timer, hints ---------------------------------------------------------


def test_the_demineur_timer_starts_at_the_first_touch_pauses_and_stops_at_the_end():
    clock = FakeClock()
    session = DemineurSession(Minesweeper.from_mines(MINES), clock=clock)
    session.resume()
    clock.now += 5
    assert session.elapsed_ms == 0  # not started: the rule book starts it at the first touch
    session.act("tap", 4, 0)
    clock.now += 1.5
    assert session.elapsed_ms == 1500
    session.pause()
    clock.now += 60
    assert session.elapsed_ms == 1500
    session.resume()
    clock.now += 0.25
    session.act("tap", 0, 8)  # lost: the clock stops
    clock.now += 10
    session.resume()
    assert session.elapsed_ms == 1750
    assert [(e.t_ms, e.move) for e in session.log] == [
        (0, Reveal(4, 0)),
        (1750, Reveal(0, 8)),
    ]


def test_the_mole_turf_clock_runs_from_the_opening_and_stops_at_a_win():
    clock = FakeClock()
    session = MoleTurfSession.new(REGIONS, sector=1, clock=clock)
    for k, (r, c) in enumerate(SOLUTION):
        clock.now += 1
        session.act("tap", r, c)
        assert session.log[-1].t_ms == (k + 1) * 1000
    assert session.status == "won"
    clock.now += 30
    assert session.elapsed_ms == 9000


def test_asking_again_on_an_unchanged_board_counts_one_hint():
    session = DemineurSession(Minesweeper.from_mines(MINES))
    session.act("tap", 4, 0)
    first = session.hint()
    assert session.hint() == first and session.hints_used == 1
    session.act("flag", 0, 8)
    session.hint()
    assert session.hints_used == 2


def test_mistakes_count_every_shield_lost_even_when_undone():
    session = MoleTurfSession.new(REGIONS)
    a = SOLUTION[0]
    b = (a[0], (a[1] + 3) % 9)  # the same row: a clash
    session.act("tap", *a)
    assert session.act("tap", *b).result == "conflict"
    assert session.undo() and session.game.shields == 2
    assert session.redo() and session.game.shields == 2  # a redone clash is not charged again
    assert session.act("tap", *b).result == "removed"
    assert session.act("tap", *b).result == "conflict"  # made again: a new mistake
    assert session.mistakes == 2 and session.game.shields == 1
    resumed = round_trip(session, MoleTurfSession)
    assert (resumed.mistakes, resumed.game.shields) == (2, 1)
    assert [e.move for e in resumed.log] == [e.move for e in session.log]


# ----- undo and redo: the mid-end's, not the rules' ----------------------------------------

OLD_FILE = Path(__file__).parent / "data" / "moleturf_old_undo.json"


def test_undo_and_redo_are_the_mid_ends_entries_and_the_rules_refuse_them():
    """The back end knows nothing of undo: the session takes a move back and logs an Undo,
    the document writes it as ["undo"], and the rules have no such move."""
    session = MoleTurfSession(MoleTurf(REGIONS))
    session.act("tap", *SOLUTION[0])
    assert session.undo() and not session.game.moles.any()
    assert session.redo() and session.game.moles[SOLUTION[0]]
    assert [e.move for e in session.log] == [Place(*SOLUTION[0]), Undo(), Redo()]
    assert [m[1:] for m in session.to_document()["moves"]] == [
        ["place", *SOLUTION[0]],
        ["undo"],
        ["redo"],
    ]
    assert not hasattr(session.game, "undo") and not hasattr(session.game, "redo")
    with pytest.raises(ValueError, match="unknown Mole Turf move"):
        turf_execute(session.game, Undo())


def test_an_old_file_whose_held_barricade_logged_undo_steps_loads_with_it_as_one_drag():
    """A file of the previous version (made by it: tests/data/moleturf_old_undo.json) logged
    each step of an X-held barricade as an Undo and a longer drag; it loads to the same
    board, shields and history, its barricade one Drag, and saves so."""
    old = json.loads(OLD_FILE.read_text())
    document, expect = old["document"], old["expect"]
    assert [m[1] for m in document["moves"]].count("undo") == 5
    session = MoleTurfSession.from_document(document)
    game = session.game
    assert game.moles.tolist() == expect["moles"] and game.marks.tolist() == expect["marks"]
    assert (game.shields, game.mistakes) == (expect["shields"], expect["mistakes"])
    assert (session.can_undo, session.can_redo) == (expect["can_undo"], expect["can_redo"])
    names = [e.move.name for e in session.log]
    assert names == ["place", "drag", "undo", "redo", "place", "undo"]
    barricade = session.log[1]
    assert len(barricade.move.cells) == 4 and barricade.t_ms == document["moves"][7][0]
    again = round_trip(session, MoleTurfSession)
    assert [e.move for e in again.log] == [e.move for e in session.log]
    assert session.redo() and session.game.shields == expect["shields"]  # the clash, unpaid
    assert again.undo() and again.undo() and not again.game.marks.any()  # the whole barricade


def test_demineur_offers_no_undo_and_a_file_that_undoes_is_refused():
    """The rule book has no undo (a game is lost the moment a mine shows, and best times are
    kept): the mid-end's undo stays off for Démineur."""
    session = DemineurSession(Minesweeper.from_mines(MINES), clock=FakeClock())
    session.act("tap", 4, 0)
    assert not session.can_undo and session.undo() is False and len(session.log) == 1
    document = session.to_document()
    document["moves"].append([document["elapsed_ms"], "undo"])
    with pytest.raises(
        ValueError, match="^move 2 of the game cannot be made: this game has no undo$"
    ):
        DemineurSession.from_document(document)


# ----- documents: a saved game and a replay are one ----------------------------------------


def test_a_demineur_document_replays_to_the_identical_state_and_time():
    clock = FakeClock()
    session = DemineurSession.new(16, 10, 25, seed=5, level="intermediate", clock=clock)
    session.act("tap", 4, 7)
    mine = tuple(int(v) for v in np.argwhere(session.game.mine_mask)[0])
    clock.now += 2.5
    session.act("flag", *mine)
    g = session.game
    number = next(
        (int(r), int(c))
        for r, c in np.argwhere(g.revealed & (g.counts > 0))
        if g.flagged[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2].sum() != g.counts[r, c]
    )
    assert session.act("chord", *number).refusal.reason == "chord_flags"  # still a click
    clock.now += 10.0011
    resumed = round_trip(session, DemineurSession, clock)
    same_board(resumed.game, session.game)
    assert resumed.elapsed_ms == session.elapsed_ms == 12501
    assert (resumed.clicks, resumed.level, resumed.game.seed) == (3, "intermediate", 5)
    resumed.resume()
    clock.now += 1
    assert resumed.elapsed_ms == 13501  # the clock came back paused and runs on again
    again = round_trip(resumed, DemineurSession)
    assert again.to_document()["moves"] == session.to_document()["moves"]


def test_a_saved_layout_wins_over_the_generator():
    session = DemineurSession.new(9, 9, 10, seed=11)
    session.act("tap", 4, 4)
    document = session.to_document()
    document["seed"] = 12  # another seed would lay other mines: the saved layout is kept
    resumed = DemineurSession.from_document(document)
    assert (resumed.game.mine_mask == session.game.mine_mask).all()


def test_fixed_layouts_finished_games_and_untouched_games_round_trip():
    fixed = DemineurSession(Minesweeper.from_mines(MINES))
    same_board(round_trip(fixed, DemineurSession).game, fixed.game)
    fixed.act("tap", 4, 0)
    fixed.act("tap", 0, 8)
    lost = round_trip(fixed, DemineurSession)
    assert lost.game.status == "lost" and lost.game.exploded == (0, 8)
    fresh = DemineurSession.new(30, 16, 99, seed=1, no_guess=True)
    back = round_trip(fresh, DemineurSession)
    assert back.game.status == "ready" and back.game.no_guess and back.elapsed_ms == 0


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["tap", "tap", "flag", "long_press", "chord"]),
            st.integers(0, 8),
            st.integers(0, 8),
        ),
        max_size=40,
    ),
    st.integers(0, 2**32),
)
def test_any_demineur_play_round_trips(script, seed):
    clock = FakeClock()
    session = DemineurSession.new(9, 9, 10, seed=seed, clock=clock)
    for intent, r, c in script:
        clock.now += 0.37
        session.act(intent, r, c)
    resumed = round_trip(session, DemineurSession)
    if session.game.mine_mask is not None:
        same_board(resumed.game, session.game)
    assert resumed.elapsed_ms == session.elapsed_ms and resumed.clicks == session.clicks


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(
                st.sampled_from(["tap", "mark", "erase"]), st.integers(0, 8), st.integers(0, 8)
            ),
            st.tuples(st.just("drag"), st.integers(0, 8)),
            st.tuples(st.sampled_from(["undo", "redo"])),
        ),
        max_size=40,
    ),
    st.sampled_from(["mole", "marker", "eraser"]),
)
def test_any_mole_turf_play_round_trips(script, mode):
    session = MoleTurfSession.new(REGIONS)
    for step in script:
        if step[0] == "drag":
            session.drag([(step[1], k) for k in range(9)], mode)
        elif step[0] in ("undo", "redo"):
            getattr(session, step[0])()
        else:
            session.act(step[0], step[1], step[2], mode=mode)
    resumed = round_trip(session, MoleTurfSession)
    for name in ("moles", "marks", "auto_marks"):
        assert (getattr(resumed.game, name) == getattr(session.game, name)).all()
    assert (resumed.game.shields, resumed.game.status, resumed.mistakes) == (
        session.game.shields,
        session.game.status,
        session.mistakes,
    )
    while session.undo():  # the undo history comes back too
        assert resumed.undo() and (resumed.game.moles == session.game.moles).all()
    assert not resumed.undo()


# ----- hostile documents -------------------------------------------------------------------


def sample_documents():
    clock = FakeClock()
    d = DemineurSession.new(9, 9, 10, seed=7, level="beginner", clock=clock)
    d.act("tap", 4, 4)
    clock.now += 1
    d.act("flag", *[int(v) for v in np.argwhere(d.game.mine_mask)[0]])
    m = MoleTurfSession.new(REGIONS, sector=3, clock=clock)
    clock.now += 1
    m.act("tap", *SOLUTION[0])
    m.drag([(8, k) for k in range(9)])
    return [(DemineurSession, d.to_document()), (MoleTurfSession, m.to_document())]


HOSTILE = [
    math.nan,
    math.inf,
    -math.inf,
    10**400,
    -1,
    "12.5",
    "x" * 10_000,
    None,
    True,
    [],
    {},
    [[[[[[1]]]]]],
]


def paths(value, prefix=()):
    """Every place in a JSON document, as a path of keys and indices."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from paths(v, (*prefix, i))


def put(document, path, value):
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def test_every_field_of_a_document_set_to_hostile_values_is_refused_in_words_or_harmless():
    for cls, document in sample_documents():
        for path in list(paths(document))[1:]:
            for value in HOSTILE:
                damaged = copy.deepcopy(document)
                put(damaged, path, value)
                try:
                    session = cls.from_document(json.loads(json.dumps(damaged)))
                except ValueError as refusal:
                    assert str(refusal), (path, value)
                    continue
                # accepted: then it must be a sound game (e.g. a level name "custom" was kept)
                assert session.status in ("ready", "playing", "won", "lost", "over")
                assert 0 <= session.elapsed_ms <= 10**12


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: d.update(version=DOCUMENT_VERSION + 1), "version 2; this program reads"),
        (lambda d: d.update(kind="chess"), "'chess' game"),
        (lambda d: d.pop("moves"), "moves must be a list"),
        (
            lambda d: d["moves"].append([5000, "teleport", 1, 1]),
            "is .teleport., which is not a move",
        ),
        (lambda d: d["moves"].insert(1, [10**9, "flag", 0, 0]), "timed before"),
        (lambda d: d.update(elapsed_ms=1), "shorter than the time of the last move"),
        (lambda d: d["params"].update(level="expert"), "expert level is 30x16"),
        (lambda d: d["params"].update(mines=99), "not 99"),
        (lambda d: d.update(layout=["0" * 9] * 9), "0 mines, not 10"),
        (lambda d: d.update(clicks=0), "click count"),
        (lambda d: d.pop("params"), "params"),
    ],
)
def test_a_damaged_demineur_document_is_refused_with_a_reason(damage, words):
    document = copy.deepcopy(sample_documents()[0][1])
    damage(document)
    with pytest.raises(ValueError, match=words):
        DemineurSession.from_document(document)


def test_a_document_of_the_other_game_or_not_a_document_is_refused():
    (_, demineur), (_, moleturf) = sample_documents()
    with pytest.raises(ValueError, match="not 'moleturf'"):
        MoleTurfSession.from_document(demineur)
    for junk, why in (
        ([1, 2], "must hold a JSON object"),
        ("text", "must hold a JSON object"),
        (None, "must hold a JSON object"),
        ({"version": "1"}, "has no version number"),
    ):
        with pytest.raises(ValueError, match=why):
            DemineurSession.from_document(junk)
    moleturf["moves"] = [[0, "place", 0, 0]] * 300_000
    with pytest.raises(ValueError, match="at most"):
        MoleTurfSession.from_document(moleturf)


# ----- replays -----------------------------------------------------------------------------


def test_a_replay_shows_the_board_at_any_moment_forwards_and_backwards():
    clock = FakeClock()
    session = DemineurSession(Minesweeper.from_mines(MINES), clock=clock)
    session.act("tap", 4, 0)
    states = [session.game.revealed.copy()]
    for r in range(9):
        clock.now += 0.5
        session.act("tap", r, 7)
        states.append(session.game.revealed.copy())
    replay = Replay(session.to_document(), DemineurSession)
    assert replay.duration_ms == session.elapsed_ms == 4500
    assert replay.game.revealed.sum() == 0  # at 0: the board before the first touch
    for t_ms, k in ((1, 0), (2600, 5), (4500, 9), (900, 1), (1, 0), (4499, 8)):
        replay.seek(t_ms)
        assert (replay.game.revealed == states[k]).all(), t_ms
    replay.seek(0)
    assert replay.game.revealed.sum() == 0 and replay.position == 0
    replay.seek(10**9)
    assert replay.t_ms == 4500 and replay.position == len(session.log)


def test_a_mole_turf_replay_with_undo_steps_back_over_snapshots_to_the_board_played():
    """A snapshot holds the undo history with the board: seeking back to a snapshot and on
    over Undo and Redo entries shows what the player saw at each moment."""

    class Often(Replay):
        CHECKPOINT_EVERY = 4

    clock = FakeClock()
    session = MoleTurfSession(MoleTurf(REGIONS), clock=clock)
    session.resume()
    seen = [(session.game.position(), session.game.shields)]
    steps = [("tap", SOLUTION[0]), ("mark", (8, 8)), ("undo",), ("undo",), ("redo",)]
    steps += [("mark", (7, 7)), ("tap", (0, 0)), ("undo",), ("mark", (6, 0)), ("redo",)]
    steps += [("undo",), ("undo",), ("tap", SOLUTION[1])]
    for step in steps:
        clock.now += 0.5
        if step[0] == "undo":
            session.undo()
        elif step[0] == "redo":
            session.redo()
        else:
            session.act(step[0], *step[1])
        seen.append((session.game.position(), session.game.shields))
    assert [e.move.name for e in session.log].count("undo") == 5
    replay = Often(session.to_document(), MoleTurfSession)
    for k in (len(seen) - 1, 3, 9, 5, 0, 12, 7, 1):
        replay.seek(k * 500 + 1)  # just after the k-th entry
        assert (replay.game.position(), replay.game.shields) == seen[k], k
    assert replay.session.can_undo == session.can_undo
