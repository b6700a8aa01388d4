"""python -m game --import FILE: boards join the library; bad ones are named in one line each,
and nothing already in the library is lost."""

import json

from core import turf
from game.__main__ import main
from game.moleturf import boards
from game.platform.storage import Storage


def library(folder):
    storage = Storage(folder)
    try:
        return [turf.decode(code).tolist() for _, code in boards.load_library(storage).boards]
    finally:
        storage.close()


def write(tmp_path, data, name="boards.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def test_good_boards_are_added_once_and_kept_across_imports(tmp_path, capsys):
    data = tmp_path / "data"
    first = [turf.generate(n, seed=n).tolist() for n in (4, 9, 16)]
    assert main(["--import", write(tmp_path, first), "--data-dir", str(data)]) == 0
    assert "3 boards added" in capsys.readouterr().out
    assert library(data) == first
    second = [first[1], turf.generate(7, seed=1).tolist()]  # one there already, one new
    assert main(["--import", write(tmp_path, second, "more.json"), "--data-dir", str(data)]) == 0
    out = capsys.readouterr().out
    assert "1 board added" in out and "1 already there" in out and "holds 4 boards" in out
    assert "1 boards" not in out
    assert library(data) == first + second[1:]


def test_each_bad_board_is_named_in_one_line_and_the_good_ones_still_come_in(tmp_path, capsys):
    data = tmp_path / "data"
    good = turf.generate(6, seed=3).tolist()
    several = [[0, 1, 2, 3]] * 4  # turfs as columns: more than one solution
    bad = [
        good,
        [[0, 0], [1, 1]],  # too small
        [[0] * 17 for _ in range(17)],  # too big
        [[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2], [0, 1, 2, 3]],  # not square
        "T1ABC",
        several,
        [[0, 1, 2, 9]] * 4,  # an id out of range
        [[0, 1.5, 2, 3]] * 4,
    ]
    path = write(tmp_path, bad)
    assert main(["--import", path, "--data-dir", str(data)]) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 7 and "Traceback" not in captured.err
    assert all(line.startswith(f"{path}: board ") for line in lines)
    expected = ["4 to 16", "4 to 16", "square", "list of rows", "several solutions", "turf id 9"]
    for number, (line, words) in enumerate(zip(lines, expected, strict=False), 2):
        assert f"board {number}:" in line and words in line
    assert "whole numbers" in lines[6]
    assert library(data) == [good]


def test_a_bad_file_is_refused_in_one_line_and_the_library_is_untouched(tmp_path, capsys):
    data = tmp_path / "data"
    keep = [turf.generate(5, seed=9).tolist()]
    assert main(["--import", write(tmp_path, keep), "--data-dir", str(data)]) == 0
    before = (data / boards.LIBRARY_FILE).read_bytes()
    capsys.readouterr()
    for text, words in (
        ("{not json", "not JSON"),
        ('{"boards": []}', "expected a list of boards"),
        ("\udcff", None),
    ):
        path = tmp_path / "bad.json"
        if words is None:
            path.write_bytes(b"\xff\xfe\x00")
            words = "not text"
        else:
            path.write_text(text)
        assert main(["--import", str(path), "--data-dir", str(data)]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and str(path) in err and words in err, err
        assert "nothing was imported" in err
    assert main(["--import", str(tmp_path / "missing.json"), "--data-dir", str(data)]) == 2
    assert "No such file" in capsys.readouterr().err
    assert (data / boards.LIBRARY_FILE).read_bytes() == before


def test_a_damaged_library_is_not_overwritten(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    (data / boards.LIBRARY_FILE).write_text('{"version": 1, "data": {"boards": "x"}}')
    path = write(tmp_path, [turf.generate(5, seed=2).tolist()])
    assert main(["--import", path, "--data-dir", str(data)]) == 2
    err = capsys.readouterr().err
    assert "damaged" in err and "nothing was imported" in err
    kept = list(data.glob(boards.LIBRARY_FILE + ".damaged-*"))
    assert len(kept) == 1 and kept[0].read_text() == '{"version": 1, "data": {"boards": "x"}}'
