"""The board editor: its uniqueness check matches count_solutions, "make it unique" works, and
it can be painted by keys and by touch."""

import numpy as np
import pytest

from core import turf
from core.moleturf import editor, logic


def boards():
    rng = np.random.default_rng(7)
    for n in (4, 5, 6, 8, 9, 12):
        base = turf.generate(n, seed=n)
        yield base
        for _ in range(6):  # one to three cells repainted: some unique, some not, some broken
            b = base.copy()
            for _ in range(rng.integers(1, 4)):
                b[rng.integers(n), rng.integers(n)] = rng.integers(n)
            yield b
    yield editor.blank(6)
    five = turf.generate(5, seed=0)
    c = int(turf.solve(five)[3])
    five[3, c] = five[3, (c + 1) % 5]
    yield five  # every turf whole, no solution
    four = turf.generate(4, seed=1)
    yield np.where(four == 3, 2, four)  # a turf painted over: not a board yet


def test_the_check_matches_count_solutions_and_shows_a_real_second_solution():
    seen = set()
    for board in boards():
        checked = editor.check(board)
        if checked.problem is not None:
            assert "missing" in checked.problem or checked.split == tuple(turf.split_turfs(board))
            seen.add("split" if checked.split else "incomplete")
            continue
        assert checked.count == turf.count_solutions(board, limit=2)
        seen.add(checked.count)
        assert len(checked.solutions) == checked.count
        for sol in checked.solutions:
            n = len(board)
            assert sorted(sol) == list(range(n))  # one per column
            assert sorted(board[r, sol[r]] for r in range(n)) == list(range(n))  # one per turf
            assert all(abs(int(sol[r]) - int(sol[r + 1])) > 1 for r in range(n - 1))
        if checked.count == 2:
            assert not np.array_equal(checked.solutions[0], checked.solutions[1])
        if checked.count == 1:
            assert checked.stars == logic.stars(board)
    assert {0, 1, 2, "incomplete", "split"} <= seen


@pytest.mark.parametrize("n", [5, 7, 9])
def test_make_it_unique_changes_one_cell_and_leaves_one_solution(n):
    board = turf.generate(n, seed=40 + n)
    solution = turf.solve(board)
    # move the turf of a solution cell's neighbour so that rivals appear
    for r in range(n):
        broken = board.copy()
        c = int(solution[r])
        broken[r, c] = board[r, (c + 1) % n]
        if (
            np.bincount(broken.ravel(), minlength=n).all()
            and not turf.split_turfs(broken)
            and turf.count_solutions(broken) != 1
        ):
            break
    else:
        pytest.skip("no single change broke this board")
    r, c, into = editor.make_unique(broken)
    assert broken[r, c] != into
    fixed = broken.copy()
    fixed[r, c] = into
    assert turf.count_solutions(fixed) == 1
    assert editor.check(fixed).unique


# ----- the editor screen ----------------------------------------------------------------------
from game.moleturf import boards as store  # noqa: E402
from game.moleturf.editor import CodeScene, EditorScene  # noqa: E402
from game.platform.intents import Device, Intent, Kind  # noqa: E402
from tests.screens import make_app  # noqa: E402


def rivalled(board):
    """``board`` with one cell repainted so that it has several solutions."""
    n = len(board)
    for r in range(n):
        for c in range(n):
            for t in range(n):
                b = board.copy()
                b[r, c] = t
                whole = np.bincount(b.ravel(), minlength=n).all() and not turf.split_turfs(b)
                if whole and turf.count_solutions(b) > 1:
                    return b
    raise AssertionError("every one-cell change keeps one solution")


def cell_centre(scene, r, c):
    return scene.board.cell_rect(r, c).center


def test_the_editor_is_painted_by_touch_a_drag_paints_every_cell_crossed(tmp_path):
    app = make_app(tmp_path, size=(1080, 1920))
    try:
        scene = app.open_scene("moleturf.editor")
        assert isinstance(scene, EditorScene) and scene.n == 9
        assert scene.check.count == 2  # one turf per row: many solutions
        swatch = next(w for w in scene.widgets if w.key == "turf4")
        app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=swatch.rect.center))
        assert scene.paint == 4
        app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=cell_centre(scene, 0, 0)))
        assert scene.regions[0, 0] == 4
        app.dispatch(Intent(Kind.DRAG_START, Device.TOUCH, pos=cell_centre(scene, 1, 0)))
        app.dispatch(Intent(Kind.DRAG_MOVE, Device.TOUCH, pos=cell_centre(scene, 1, 5)))
        app.dispatch(Intent(Kind.DRAG_END, Device.TOUCH, pos=cell_centre(scene, 1, 5)))
        assert scene.regions[1, :6].tolist() == [4] * 6 and scene.regions[1, 6] == 1
        # a long press picks a cell's turf up as the paint
        app.dispatch(Intent(Kind.LONG_PRESS, Device.TOUCH, pos=cell_centre(scene, 8, 8)))
        assert scene.paint == 8
        # turf 5 is now in two pieces (row 5 and the top left): no board until painted whole
        assert scene.check.split == (4,) and "Turf 5 is in pieces" in scene.status()
    finally:
        app.storage.close()


def test_the_editor_is_painted_by_keys_and_a_unique_board_is_saved_to_the_library(tmp_path):
    app = make_app(tmp_path)
    try:
        target = turf.generate(6, seed=12)
        scene = app.open_scene("moleturf.editor", editor.blank(6))
        assert scene.focus == "board"

        def key(kind, delta=(0, 0)):
            app.dispatch(Intent(kind, Device.KEYBOARD, delta=delta))

        # walk the cursor over every cell, row by row, painting the target's turfs
        assert scene.cursor == (3, 3)
        for _ in range(3):
            key(Kind.CURSOR, (-1, 0))
            key(Kind.CURSOR, (0, -1))
        assert scene.cursor == (0, 0) and scene.focus == "board"
        for r in range(6):
            for c in range(6):
                for _ in range(6):
                    if scene.paint == target[r, c]:
                        break
                    key(Kind.MODE_NEXT)  # Tab: the next turf
                key(Kind.CONFIRM)
                if c < 5:
                    key(Kind.CURSOR, (1, 0))
            for _ in range(5):
                key(Kind.CURSOR, (-1, 0))
            if r < 5:
                key(Kind.CURSOR, (0, 1))
        assert np.array_equal(scene.regions, target)
        assert scene.check.unique and scene.check.stars == logic.stars(target)
        assert "Exactly one solution" in scene.status()
        scene.save()
        scene.save()  # a second time: it is there already
        assert "already" in app.notices[-1][0]
        app.storage.flush()
        library = store.load_library(app.storage)
        assert len(library.boards) == 1 and np.array_equal(library.regions(0), target)
    finally:
        app.storage.close()


def test_make_it_unique_on_screen_then_a_share_code_round_trip(tmp_path):
    app = make_app(tmp_path)
    try:
        broken = rivalled(turf.generate(7, seed=47))
        scene = app.open_scene("moleturf.editor", broken)
        assert scene.check.count == 2
        scene.toggle_second()
        assert scene.show_second
        scene.make_unique()
        assert scene.suggestion is not None and "Paint row" in scene.status()
        scene.make_unique()  # pressed again: the change is made
        assert scene.check.unique
        scene.share()
        codes = app.scenes.top
        assert isinstance(codes, CodeScene) and codes.shown == turf.encode(scene.regions)
        for ch in codes.shown[:-1] + ("0" if codes.shown[-1] != "0" else "1"):
            codes.type(ch)
        codes.edit()  # a typo: refused in words, nothing loaded
        assert "cannot be read" in codes.error and app.scenes.top is codes
        codes.delete()
        codes.type(codes.shown[-1])
        fresh = editor.blank(5)
        scene.load(fresh)
        codes.edit()
        assert app.scenes.top is scene and np.array_equal(scene.regions, turf.decode(codes.shown))
    finally:
        app.storage.close()
