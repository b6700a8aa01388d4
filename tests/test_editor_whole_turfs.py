"""The editor makes only boards the manual knows: n territories, each turf one piece.

"Make it unique" once proposed a cell that left a turf in two pieces, and a drag could split
a turf with no warning; such a board played and shared. Now a split map is no board: the
status line says so, and it is neither saved, shared, played nor imported.
"""

import json

import numpy as np
import pytest

from core import turf
from core.moleturf import editor
from game.moleturf import boards as store
from game.moleturf.editor import CodeScene, EditorScene
from game.platform.intents import Device, Intent, Kind
from tests.screens import make_app


def rivalled_by_one_cell(n: int, seed: int, row: int) -> np.ndarray:
    """A generated board with one solution cell repainted: not one solution, turfs whole."""
    board = turf.generate(n, seed=seed)
    c = int(turf.solve(board)[row])
    board[row, c] = board[row, (c + 1) % n]
    assert not turf.split_turfs(board) and turf.count_solutions(board) != 1
    return board


def test_make_it_unique_never_proposes_a_cell_that_splits_a_turf():
    board = rivalled_by_one_cell(5, 0, 3)  # the first proposal here once split turf 5
    r, c, into = editor.make_unique(board)
    fixed = board.copy()
    fixed[r, c] = into
    assert turf.count_solutions(fixed) == 1 and turf.split_turfs(fixed) == []
    assert editor.check(fixed).unique


@pytest.mark.parametrize(("n", "seed"), [(5, 0), (6, 1), (7, 2), (9, 4)])
def test_every_proposal_keeps_the_turfs_whole(n, seed):
    base = turf.generate(n, seed=seed)
    solution = turf.solve(base)
    tried = 0
    for r in range(n):
        board = base.copy()
        c = int(solution[r])
        board[r, c] = base[r, (c + 1) % n]
        if not np.bincount(board.ravel(), minlength=n).all() or turf.split_turfs(board):
            continue
        if turf.count_solutions(board) == 1:
            continue
        tried += 1
        found = editor.make_unique(board)
        if found is not None:
            rr, cc, into = found
            board[rr, cc] = into
            assert turf.split_turfs(board) == [] and turf.count_solutions(board) == 1
    assert tried


def test_a_split_turf_is_no_board():
    board = editor.blank(6)  # one turf per row
    board[0, 5] = 4  # turf 5 (id 4) now has a piece in row 1 too
    checked = editor.check(board)
    assert checked.split == (4,) and checked.problem is not None
    assert checked.count == 0 and not checked.unique
    assert editor.puzzle_problem(board) is not None
    assert editor.make_unique(board) is None
    assert turf.split_turfs(turf.generate(9, seed=3)) == []


def split_unique_board():
    """A board with exactly one solution in which one turf is in two pieces."""
    for seed in range(40):
        base = turf.generate(6, seed=seed)
        for r in range(6):
            for c in range(6):
                for t in range(6):
                    b = base.copy()
                    b[r, c] = t
                    if (
                        np.bincount(b.ravel(), minlength=6).all()
                        and turf.split_turfs(b)
                        and turf.count_solutions(b) == 1
                    ):
                        return b
    raise AssertionError("no split board with one solution found")


def test_a_split_board_is_not_added_to_the_library_nor_imported(tmp_path):
    board = split_unique_board()
    with pytest.raises(ValueError, match="piece"):
        store.Library().add(board)
    path = tmp_path / "boards.json"
    path.write_text(json.dumps([board.tolist(), turf.generate(6, seed=1).tolist()]))
    found, problems = store.read_import(str(path))
    assert len(found) == 1 and len(problems) == 1
    assert problems[0].startswith("board 1:") and "piece" in problems[0]


def at(scene, r, c):
    return scene.board.cell_rect(r, c).center


def test_a_drag_that_splits_a_turf_is_said_and_the_board_is_neither_saved_nor_shared(tmp_path):
    app = make_app(tmp_path)
    try:
        scene = app.open_scene("moleturf.editor", turf.generate(6, seed=2))
        assert isinstance(scene, EditorScene) and not scene.check.split
        # paint a line of one turf straight across the board: the turfs it crosses break
        paint = int(scene.regions[0, 0])
        scene.choose(paint)
        app.dispatch(Intent(Kind.DRAG_START, Device.MOUSE, pos=at(scene, 3, 0)))
        app.dispatch(Intent(Kind.DRAG_MOVE, Device.MOUSE, pos=at(scene, 3, 5)))
        app.dispatch(Intent(Kind.DRAG_END, Device.MOUSE, pos=at(scene, 3, 5)))
        split = scene.check.split
        assert split, "the line splits a turf"
        status = next(w for w in scene.widgets if w.key == "status").text
        assert "pieces" in status and str(split[0] + 1) in status
        library_before = list(scene.library.boards)
        scene.save()
        assert scene.library.boards == library_before
        assert "pieces" in app.notices[-1][0]
        scene.share()
        code_scene = app.scenes.top
        assert isinstance(code_scene, CodeScene) and code_scene.shown is None
    finally:
        app.storage.close()


def test_a_typed_code_of_a_split_board_does_not_play(tmp_path):
    app = make_app(tmp_path)
    try:
        scene = app.open_scene("moleturf.code")
        assert isinstance(scene, CodeScene)
        scene.typed = turf.encode(split_unique_board())
        scene.play()
        assert app.scenes.top is scene and "pieces" in scene.error
    finally:
        app.storage.close()


def test_saved_to_the_library_is_good_news_not_the_red_error_bar(tmp_path):
    app = make_app(tmp_path)
    try:
        scene = app.open_scene("moleturf.editor", turf.generate(6, seed=12))
        assert scene.check.unique
        scene.save()
        text, until = app.notices[-1]
        assert text.startswith("Saved to the library")
        assert (text, until) in app.good_news
        app.draw(0)
        m = app.metrics
        bar = app.screen.get_at((m.width // 2, m.height - m.unit // 2 - 2))
        assert bar.g > bar.r + 20  # green, where a problem's bar is red
        scene.save()  # the same board again: "already there" is no error either way
        scene.make_unique()  # "already has exactly one solution": a plain notice
        assert app.notices[-1] not in app.good_news
        app.draw(0)
        bar = app.screen.get_at((m.width // 2, m.height - m.unit // 2 - 2))
        assert bar.r > bar.g + 20
    finally:
        app.storage.close()


def test_a_code_refusal_on_screen_follows_the_language_button(tmp_path):
    app = make_app(tmp_path)
    try:
        scene = app.open_scene("moleturf.code")
        scene.typed = turf.encode(split_unique_board())
        scene.play()
        english = next(w for w in scene.widgets if w.key == "typed").text
        assert "pieces" in english
        app.dispatch(
            Intent(
                Kind.TAP,
                Device.MOUSE,
                pos=next(w for w in scene.widgets if w.key == "language").rect.center,
            )
        )
        japanese = next(w for w in scene.widgets if w.key == "typed").text
        assert japanese != english and any(ord(ch) > 0x3000 for ch in japanese)
    finally:
        from game import i18n

        i18n.set_language("en")
        app.storage.close()
