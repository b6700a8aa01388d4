"""Hostile save files: every field of every file the program writes, made NaN, Infinity, 1e400,
a 400-digit number, a huge string, a wrong type or a wrong nesting, or taken away, or given an
unknown neighbour. The file is set aside (or, when the value is one the file may hold, read as
it is) and every other file is read exactly as before; the real program starts on such a folder
and says in one line which file was damaged. Seeded (``derandomize``): every run tries the same
cases.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.demineur.session import DemineurSession
from core.documents import read_document
from core.moleturf.sectors import load_sectors
from core.moleturf.session import MoleTurfSession
from game.demineur import store as demineur_store
from game.kiosk.config import ConfigError, KioskConfig, load_config, pin_matches, save_config
from game.kiosk.scores import ScoreTable
from game.moleturf import store as moleturf_store
from game.platform.storage import Settings, Storage, load_settings, save_settings
from tests.screens import make_app

DAY = "2026-12-01"
BIG = "\x00big-number"  # stand-ins, replaced in the file's text by what JSON cannot say in Python
HUGE = "\x00huge-number"
HOSTILE = [
    float("nan"),
    float("inf"),
    float("-inf"),
    BIG,  # 1e400
    HUGE,  # a 400-digit whole number
    10**100,
    -1,
    0.5,
    "12.5",
    "x" * 200_000,
    True,
    None,
    [],
    {},
    [[[[[1]]]]],
    {"nested": {"deeper": [1, "two"]}},
]
RAW = {json.dumps(BIG): "1e400", json.dumps(HUGE): "1" + "0" * 400}
NEVER_VALID = HOSTILE[:6] + [HOSTILE[9]]  # no field of any file may hold one of these


def _demineur_session() -> DemineurSession:
    session = DemineurSession.new(9, 9, 10, seed=12345, level="beginner")
    session.act("tap", 4, 4)
    session.act("flag", 0, 0)
    return session


def _moleturf_session() -> MoleTurfSession:
    session = MoleTurfSession.new(load_sectors()[2].regions, sector=3)
    session.act("tap", 0, 0)
    session.act("mark", 1, 1)
    return session


@cache
def sound_folder() -> Path:
    """A data folder with one sound file of each kind, each written by the program itself."""
    folder = Path(tempfile.mkdtemp(prefix="cmt-fuzz-files-"))
    storage = Storage(folder, lock=False)
    save_settings(storage, Settings(language="hu", volume=30, window_size=(1024, 700)))
    book = demineur_store.StatsBook(storage, today=lambda: DAY)
    book.record("9x9/10", True, 41_250)
    book.record("9x9/10", False, 3_000)
    book.record("16x10/25", True, 90_000)
    demineur_store.save_game(storage, _demineur_session())
    demineur_store.save_best(storage, _demineur_session())
    progress = moleturf_store.Progress()
    progress.record(1, 42.5, 1)
    progress.record(2, 61.0, 0)
    progress.current = 3
    moleturf_store.save_progress(storage, progress)
    moleturf_store.save_game(storage, _moleturf_session())
    moleturf_store.save_best(storage, _moleturf_session())
    table = ScoreTable(storage, lambda: DAY)
    table.add("demineur:beginner", 41_250, "ABC")
    table.add("moleturf:3", 95_000)
    storage.close()
    save_config(folder, KioskConfig("4711", idle_seconds=90, language="ja"))
    return folder


def _summary(value):
    return None if value is None else value.to_document()


LOADERS = {
    "settings.json": lambda s: load_settings(s).to_dict(),
    "demineur_stats.json": lambda s: (lambda b: (b.stats.to_dict(), b.recent))(
        demineur_store.StatsBook(s)
    ),
    "demineur_game.json": lambda s: _summary(demineur_store.load_game(s, None)),
    "demineur_best_9x9_10.json": lambda s: demineur_store.load_best(s, "9x9/10"),
    "moleturf.json": lambda s: moleturf_store.load_progress(s).to_dict(),
    "moleturf_game.json": lambda s: _summary(moleturf_store.load_game(s)),
    "moleturf_best_03.json": lambda s: moleturf_store.load_best(s, 3),
    "kiosk_scores.json": lambda s: ScoreTable(s, lambda: DAY).to_dict(),
}


def load_all(folder: Path) -> tuple[dict, list[str]]:
    storage = Storage(folder, lock=False)
    try:
        return {name: load(storage) for name, load in LOADERS.items()}, [
            name for name, _moved in storage.damaged
        ]
    finally:
        storage.close()


@cache
def sound_contents() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        shutil.copytree(sound_folder(), folder)
        contents, damaged = load_all(folder)
    assert damaged == []
    return contents


@cache
def defaults() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        return load_all(Path(tmp))[0]


def paths(tree, at=()):
    """Every place in a JSON tree: the tree itself, each key's value, each item."""
    yield at
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from paths(value, (*at, key))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            yield from paths(value, (*at, i))


def damage(tree, at, how, value):
    """``tree`` with the place ``at`` changed: replaced by ``value``, removed, put in a list,
    or (for an object) given an unknown key."""
    if not at:
        return value if how == "replace" else [tree]
    parent = tree
    for step in at[:-1]:
        parent = parent[step]
    last = at[-1]
    if how == "replace":
        parent[last] = value
    elif how == "remove":
        del parent[last]
    elif how == "nest":
        parent[last] = [parent[last]]
    elif isinstance(parent[last], dict):
        parent[last]["unknown_key"] = value
    else:
        parent[last] = {"unknown_key": value}
    return tree


def hostile_text(text: str, at_pick: int, how: str, value, wrapped: bool = True) -> str:
    document = json.loads(text)
    tree = document["data"] if wrapped else document
    places = list(paths(tree))
    at = places[at_pick % len(places)]
    tree = damage(tree, at, how, value)
    if wrapped:
        document["data"] = tree
    else:
        document = tree
    out = json.dumps(document, ensure_ascii=False)
    for stand_in, raw in RAW.items():
        out = out.replace(stand_in, raw)
    return out


HOW = st.sampled_from(["replace", "replace", "replace", "remove", "nest", "unknown"])


@settings(
    max_examples=240,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    name=st.sampled_from(sorted(LOADERS)),
    at_pick=st.integers(0, 10**6),
    how=HOW,
    value=st.sampled_from(HOSTILE),
)
def test_a_hostile_field_sets_only_its_file_aside(name, at_pick, how, value):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        shutil.copytree(sound_folder(), folder)
        text = hostile_text((folder / name).read_text(encoding="utf-8"), at_pick, how, value)
        (folder / name).write_text(text, encoding="utf-8")
        before = {p.name: p.read_bytes() for p in folder.iterdir()}
        contents, damaged = load_all(folder)
        for other in LOADERS:  # nothing else is lost, nothing else is touched
            if other != name:
                assert contents[other] == sound_contents()[other], other
                assert (folder / other).read_bytes() == before[other], other
        if damaged:
            assert damaged == [name]
            assert contents[name] == defaults()[name]
            assert not (folder / name).exists()
            (kept,) = folder.glob(name + ".damaged-*")
            assert kept.read_text(encoding="utf-8") == text  # set aside as it was, to look at
        else:  # a value the file may hold: read as it is, and read the same again
            assert not (how == "replace" and any(value is v for v in NEVER_VALID)), text[:300]
            assert (folder / name).read_text(encoding="utf-8") == text
            assert load_all(folder) == (contents, [])


@settings(max_examples=80, derandomize=True, deadline=None)
@given(at_pick=st.integers(0, 10**6), how=HOW, value=st.sampled_from(HOSTILE))
def test_a_hostile_kiosk_config_is_refused_in_words(at_pick, how, value):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copy(sound_folder() / "kiosk.json", folder)
        sound = load_config(folder)
        assert pin_matches(sound, "4711") and (sound.idle_seconds, sound.language) == (90, "ja")
        text = hostile_text((folder / "kiosk.json").read_text(), at_pick, how, value, False)
        (folder / "kiosk.json").write_text(text)
        try:
            config = load_config(folder)
        except ConfigError as bad:  # what kiosk mode says before it refuses to start
            assert "\n" not in str(bad) and len(str(bad)) < 300
        else:  # a value the file may hold: a sound configuration, kept as it is
            config.check()
            assert config == sound or json.loads(text) != json.loads(
                (sound_folder() / "kiosk.json").read_text()
            )


@pytest.mark.parametrize(
    "name",
    sorted(n for n in LOADERS if n != "kiosk_scores.json"),  # kiosk mode reads that one
)
def test_the_program_starts_on_a_folder_with_a_hostile_file_and_names_it(tmp_path, name):
    folder = tmp_path / "data"
    shutil.copytree(sound_folder(), folder)
    text = (folder / name).read_text(encoding="utf-8")
    (folder / name).write_text(hostile_text(text, 1, "replace", float("nan")), encoding="utf-8")
    app = make_app(folder)
    try:
        app.open_game("demineur")
        levels = app.scenes.top
        levels.open_stats()
        app.scenes.top.watch_best()  # the best game of the board the statistics open on
        app.draw(0)
        while len(app.scenes) > 1:  # back to the launcher
            app.scenes.pop()
        app.open_game("moleturf")
        sector_map = app.scenes.top
        sector_map.resume()
        sector_map.watch(3)  # "Best of sector 3"
        app.draw(0)
        shown = [text for text, _until in app.notices]
        assert any(name in line and "damaged" in line for line in shown), shown
        assert [n for n, _moved in app.storage.damaged] == [name]
        if name != "moleturf.json":  # the progress that was not damaged is all there
            assert sector_map.progress.cleared[2].time == 61.0
        if name != "demineur_stats.json":
            assert levels.book.stats.get("9x9/10").won == 1
    finally:
        app.close()


@pytest.mark.parametrize(
    ("name", "at", "value"),
    [
        ("demineur_stats.json", ("sizes", "9x9/10", "played"), 10**100),
        ("demineur_stats.json", ("sizes", "9x9/10", "best_times", 0, 0), 10**100),
        ("demineur_stats.json", ("sizes", "9x9/10", "best_times", 0, 1), 20261201),
        ("demineur_stats.json", ("recent", "9x9/10", 0), 10**100),
        ("moleturf.json", ("cleared", "1", "time"), 10**12),
        ("moleturf.json", ("cleared", "1", "mistakes"), 10**100),
        ("moleturf.json", ("current",), 31),
        ("demineur_game.json", ("seed",), 2**64),
        ("demineur_game.json", ("seed",), -5),
        ("demineur_game.json", ("params", "level"), "expert"),  # beginner's size
        ("demineur_game.json", ("clicks",), 10**100),
        ("demineur_game.json", ("elapsed_ms",), 10**100),
        ("demineur_best_9x9_10.json", ("hints",), 10**100),
        ("moleturf_game.json", ("params", "sector"), 4),  # sector 3's board
        ("moleturf_game.json", ("params", "sector"), 10**100),
        ("moleturf_game.json", ("params", "shields"), 10**100),
        ("moleturf_best_03.json", ("params", "sector"), 2),
        ("kiosk_scores.json", ("boards", "demineur:beginner", 0, "ms"), 10**100),
        ("settings.json", ("volume",), 10**100),
        ("settings.json", ("window_size", 0), 10**100),
    ],
    ids=lambda v: ".".join(map(str, v)) if isinstance(v, tuple) else repr(v)[:16],
)
def test_out_of_range_values_and_a_board_not_matching_its_name_are_refused(name, at, value):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        shutil.copytree(sound_folder(), folder)
        document = json.loads((folder / name).read_text(encoding="utf-8"))
        damage(document["data"], at, "replace", value)
        (folder / name).write_text(json.dumps(document), encoding="utf-8")
        contents, damaged = load_all(folder)
        assert damaged == [name]
        assert contents == {**sound_contents(), name: defaults()[name]}


@pytest.mark.parametrize(
    ("kind", "at", "value"),
    [
        ("moleturf", ("params", "sector"), 10**100),  # a title of a hundred digits
        ("moleturf", ("params", "sector"), 5),  # sector 3's board
        ("moleturf", ("params", "shields"), 10**100),  # as many shields to draw
        ("demineur", ("seed",), 2**64),
        ("demineur", ("params", "level"), "marathon"),
    ],
    ids=lambda v: ".".join(map(str, v)) if isinstance(v, tuple) else repr(v)[:16],
)
def test_a_replay_file_is_checked_as_a_saved_game_is(kind, at, value):
    session = _moleturf_session() if kind == "moleturf" else _demineur_session()
    document = damage(session.to_document(), at, "replace", value)
    with pytest.raises(ValueError, match=r"\A[^\n]+\Z") as refused:
        read_document(json.dumps(document))
    assert "\n" not in str(refused.value)
