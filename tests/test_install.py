"""Packaging guards that need no build: the sdist's file list and the build requirements.

The real routes (sdist, a wheel from it, ``pip install .`` and ``-e .``) are built and
started by CI (.ci/run); these catch the mistakes that made the sdist kernel-less.
"""

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def sdist_files(monkeypatch) -> set[str]:
    """What MANIFEST.in puts in an sdist, by setuptools' own reading of it."""
    egg_info = pytest.importorskip("setuptools.command.egg_info")
    monkeypatch.chdir(ROOT)  # setuptools reads the template against the current folder
    files = egg_info.FileList()
    for line in (ROOT / "MANIFEST.in").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            files.process_template_line(line)
    return {Path(f).as_posix() for f in files.files}


def test_the_sdist_carries_every_kernel_source_and_no_generated_file(monkeypatch):
    files = sdist_files(monkeypatch)
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "core").rglob("*.p[yx][xd]")}
    assert {"core/_rng.pxd", "core/_args.pxd", "core/_bits.pxd"} <= sources
    assert sources <= files
    assert not [f for f in files if f.endswith((".c", ".so", ".pyd", ".o"))]
    for needed in (
        "assets/fonts/Mplus1-Regular.otf",
        "assets/sounds/win.wav",
        "locale/ja/LC_MESSAGES/cmt.po",
        "README.md",
        "pyproject.toml",
    ):
        assert needed in files, needed


def test_numpy_is_needed_at_run_time_only():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert not [r for r in project["build-system"]["requires"] if r.startswith("numpy")]
    assert any(r.startswith("numpy") for r in project["project"]["dependencies"])
    for pyx in [*(ROOT / "core").rglob("*.pyx"), *(ROOT / "core").rglob("*.pxd")]:
        assert not re.search(r"^\s*(cimport numpy|from numpy cimport)", pyx.read_text(), re.M), pyx


KERNELS = [
    "core.demineur._mines",
    "core.demineur._logic",
    "core.moleturf._turf",
    "core.moleturf._proof",
]


def test_every_kernel_source_is_checked_as_compiled():
    pyx = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts) for p in (ROOT / "core").rglob("*.pyx")
    }
    assert pyx == set(KERNELS)


@pytest.mark.parametrize("name", KERNELS)
def test_the_kernels_are_compiled(name):
    path = importlib.import_module(name).__file__
    assert path.endswith((".so", ".pyd")), f"{name} is plain Python: {path}"
