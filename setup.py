"""Build: cythonize every kernel in core/ and ship assets/ and locale/ as data packages.

Every ``core/**/*.pyx`` becomes an extension module named after its path (``core/demineur/
_mines.pyx`` is ``core.demineur._mines``); a new kernel needs no change here.
The top-level ``assets/`` and ``locale/`` folders are installed as the data
packages ``cmt_assets`` and ``cmt_locale`` so that both an editable install and a wheel
find them through ``importlib.resources``.
"""

from pathlib import Path

import numpy
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

extensions = [
    Extension(
        ".".join(pyx.relative_to(HERE).with_suffix("").parts),
        [pyx.relative_to(HERE).as_posix()],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O3"],
    )
    for pyx in sorted((HERE / "core").rglob("*.pyx"))
]


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

setup(
    ext_modules=cythonize(extensions, compiler_directives=KERNEL_DIRECTIVES),
    packages=[*core_packages, *find_packages(include=["game*"]), *data_dirs],
    package_dir=data_dirs,
    package_data={name: ["*"] for name in data_dirs},
    exclude_package_data={name: ["*.c", "*.pyx"] for name in core_packages},
)
