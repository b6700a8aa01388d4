"""The bundle's entry point (PyInstaller runs this file as ``__main__``).

``freeze_support`` first: the Mole Turf board stock generates boards in a spawned process,
and a frozen program has no ``python -c`` to start one with; PyInstaller's runtime makes the
bundle's own executable act as that child when multiprocessing starts it.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.__main__ import main

    sys.exit(main())
