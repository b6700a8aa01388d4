"""Build: cythonize every kernel in core/ and ship assets/ and locale/ as data packages.

Every ``core/**/*.pyx`` becomes an extension module named after its path (``core/demineur/
_mines.pyx`` is ``core.demineur._mines``); a new kernel needs no change here. The sources
(``.pyx`` and the shared ``core/*.pxd``) go into the sdist through MANIFEST.in, the generated ``.c``
files do not: they are made again from the ``.pyx`` at every build. No kernel cimports
numpy (typed memoryviews need no numpy headers), so numpy is needed at run time only.
On Linux the kernels are linked stripped of their symbol tables (a sixth of the size).
The top-level ``assets/`` and ``locale/`` folders are installed as the data
packages ``cmt_assets`` and ``cmt_locale`` so that both an editable install and a wheel
find them through ``importlib.resources``.
"""

import os
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup

HERE = Path(__file__).parent

KERNEL_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "initializedcheck": False,
    "cdivision": True,
}

LINK_ARGS = ["-Wl,--strip-all"] if sys.platform.startswith("linux") else []

extensions = [
    Extension(
        ".".join(pyx.relative_to(HERE).with_suffix("").parts),
        [pyx.relative_to(HERE).as_posix()],
        extra_compile_args=["-O3"],
        extra_link_args=LINK_ARGS,
    )
    for pyx in sorted((HERE / "core").rglob("*.pyx"))
]
if not extensions:  # e.g. an sdist made without MANIFEST.in: refuse to make a kernel-less wheel
    raise SystemExit("setup.py: no core/**/*.pyx found; the kernels cannot be built")


def data_packages(folder: str, package: str) -> dict[str, str]:
    """Map every sub-folder of ``folder`` to a dotted package under ``package``."""
    mapping = {package: folder}
    for sub in sorted((HERE / folder).rglob("*")):
        if sub.is_dir() and not sub.name.startswith((".", "__")):
            rel = sub.relative_to(HERE / folder)
            mapping[package + "." + ".".join(rel.parts)] = str(Path(folder) / rel)
    return mapping


data_dirs = {**data_packages("assets", "cmt_assets"), **data_packages("locale", "cmt_locale")}

core_packages = find_packages(include=["core*"])

# every core at once: the C compiler runs in threads; Cython in processes, on Linux only
# (elsewhere multiprocessing spawns, and a spawned child would run this file again)
JOBS = os.cpu_count() or 1

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=KERNEL_DIRECTIVES,
        nthreads=JOBS if sys.platform.startswith("linux") else 0,
    ),
    options={"build_ext": {"parallel": JOBS}},
    packages=[*core_packages, *find_packages(include=["game*"]), *data_dirs],
    package_dir=data_dirs,
    package_data={name: ["*"] for name in data_dirs},
    exclude_package_data={name: ["*.c", "*.pyx", "*.pxd"] for name in core_packages},
)
