"""The release: the wheel's and the bundle's size, and the bundle's start-up beside the game
installed from the wheel, in one run.

- Sizes: the repaired manylinux wheel (``python -m tools.make_release``), the bundle's folder
  (PyInstaller, ``packaging/cyber-mole-turf.spec``) on disk and packed as a ``.tar.gz`` (what a
  player downloads).
- Start-up, each a whole process (``bench.bench_start.one_run``): the first frame (the time to
  the saved first frame, ``--frames 1 --screenshot``) and the whole run (``--frames 60``, to
  the exit) of Mole Turf's sector map at 1280x800, headless, for the bundle's executable and
  for ``python -m game`` in a venv holding the installed wheel (the baseline), taking turns
  after one warm-up round each. The bundle unpacks nothing at start (one folder, not one
  file), so what it adds is its own loader and the frozen import of the standard library.

What is missing is built first, into a temporary folder (a few minutes): a wheel and a
bundle given with ``--wheel`` and ``--bundle`` (or found in ``dist/`` and ``dist/release/``)
are used as they are.

    .venv/bin/python -m bench.bench_release [--rounds N] [--wheel W] [--bundle DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from bench.bench_start import one_run
from bench.figures import figure, print_rows, save

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024
SPEC = ROOT / "packaging" / "cyber-mole-turf.spec"


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def find_wheel(work: Path) -> Path:
    found = sorted((ROOT / "dist").glob("*manylinux*.whl"))
    if found:
        return found[-1]
    from tools.make_release import make_release

    return make_release(work / "dist")[1]


def find_bundle(work: Path) -> Path:
    built = ROOT / "dist" / "release" / "cyber-mole-turf"
    if (built / "cyber-mole-turf").exists():
        return built
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(work / "release"), "--workpath", str(work / "build"), str(SPEC)],
        check=True, cwd=ROOT,
    )  # fmt: skip
    return work / "release" / "cyber-mole-turf"


def venv_with(wheel: Path, work: Path) -> Path:
    """A fresh venv with ``wheel`` installed; its Python."""
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--only-binary", ":all:", str(wheel)],
        check=True,
    )
    return python


def measure(
    quick: bool = False,
    rounds: int | None = None,
    wheel: Path | None = None,
    bundle: Path | None = None,
) -> dict:
    rounds = rounds or (3 if quick else 11)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        wheel = wheel or find_wheel(work)
        bundle = bundle or find_bundle(work)
        packed = work / "bundle.tar.gz"
        with tarfile.open(packed, "w:gz") as tar:
            tar.add(bundle, arcname=bundle.name)
        python = venv_with(wheel, work)
        env = {
            "PATH": "/usr/bin:/bin",
            "HOME": str(work / "home"),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
        }
        frame = work / "frame.bmp"
        commands = {
            "bundle": [str(bundle / "cyber-mole-turf")],
            "installed": [str(python), "-m", "game"],
        }
        times: dict[tuple[str, str], list[float]] = {}
        for round_ in range(rounds + 1):  # round 0 warms up (and writes the bytecode caches)
            for name, command in commands.items():
                base = [
                    *command, "--game", "moleturf", "--windowed", "--size", "1280x800",
                    "--data-dir", str(work / f"data-{name}"),
                ]  # fmt: skip
                first, _, _ = one_run(
                    [*base, "--frames", "1", "--screenshot", str(frame)], env, frame
                )
                _, whole, _ = one_run(
                    [*base, "--frames", "60", "--screenshot", str(frame)], env, frame
                )
                if round_:
                    times.setdefault((name, "first"), []).append(first)
                    times.setdefault((name, "whole"), []).append(whole)
        installed = "python -m game, installed from the wheel"
        rows = [
            figure("wheel (manylinux, repaired)", "MiB", [wheel.stat().st_size / MIB],
                   note=wheel.name),
            figure("bundle folder", "MiB", [folder_bytes(bundle) / MIB]),
            figure("bundle .tar.gz", "MiB", [packed.stat().st_size / MIB]),
            figure("bundle: first frame", "s", times[("bundle", "first")],
                   baseline=times[("installed", "first")], baseline_name=installed),
            figure("bundle: 60 frames, whole run", "s", times[("bundle", "whole")],
                   baseline=times[("installed", "whole")], baseline_name=installed),
        ]  # fmt: skip
    return {
        "title": "The release: wheel and bundle sizes, the bundle's start-up",
        "about": f"Mole Turf's sector map at 1280x800, headless; {rounds} rounds taking turns "
        f"after a warm-up; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs.",
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--wheel", type=Path)
    parser.add_argument("--bundle", type=Path, help="the bundle's folder")
    args = parser.parse_args()
    report = measure(rounds=args.rounds, wheel=args.wheel, bundle=args.bundle)
    print_rows(report)
    save("release", report)


if __name__ == "__main__":
    main()
