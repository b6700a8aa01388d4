"""Valid but huge game files (issue 33, item 8): the largest file the program reads resumes
within a frame's budget, and a replay of it scrubs backwards by restoring a checkpoint and
replaying a bounded number of moves, never the whole game from its first move."""

import pytest

from bench.bench_big_files import demineur_document, moleturf_document
from core.demineur.session import DemineurSession
from core.midend import MAX_MOVES, Replay
from core.moleturf.session import MoleTurfSession
from tests.work import calls

GAMES = [
    pytest.param(demineur_document, DemineurSession, id="marathon-demineur"),
    pytest.param(moleturf_document, MoleTurfSession, id="moleturf-16x16"),
]


def board(game):
    """What the replay shows, as comparable data."""
    if hasattr(game, "flagged"):
        return (game.status, game.revealed.tobytes(), game.flagged.tobytes())
    return (game.status, game.moles.tobytes(), game.marks.tobytes(), game.shields)


@pytest.mark.parametrize("build, cls", GAMES)
def test_a_backward_scrub_of_the_largest_file_replays_a_few_moves_and_shows_the_same_board(
    build, cls
):
    document = build(MAX_MOVES)
    replay = Replay(document, cls)
    assert len(replay.entries) == MAX_MOVES
    replay.seek(replay.duration_ms)  # played to the end once, as the Play button does
    end = replay.duration_ms
    for fraction in (0.9, 0.5, 0.51, 0.1, 0.75, 0.0, 0.33):
        t_ms = int(end * fraction)
        made = replay.seek(t_ms)
        assert made < Replay.CHECKPOINT_EVERY, (fraction, made)
        fresh = Replay(document, cls)
        fresh.seek(t_ms)
        assert replay.position == fresh.position
        assert board(replay.game) == board(fresh.game), fraction
    replay.seek(end)  # and forward again to the very end: the final board
    assert board(replay.game) == board(replay.final.game)


@pytest.mark.parametrize("build, cls", GAMES)
def test_the_largest_valid_file_resumes_in_work_linear_in_its_moves_and_no_move_more(build, cls):
    """Resuming does the same work for every move: the largest file (about 100 ms, measured by
    bench/bench_big_files.py) costs ten times a tenth of it, never a walk back per move."""
    document = build(MAX_MOVES)
    tenth = build(MAX_MOVES // 10)
    whole = calls(lambda: cls.from_document(document))
    assert whole <= 11 * calls(lambda: cls.from_document(tenth)), whole
    document["moves"].append(list(document["moves"][-1]))
    with pytest.raises(ValueError, match=f"at most {MAX_MOVES}"):
        cls.from_document(document)
