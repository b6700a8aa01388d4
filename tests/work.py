"""Work counted, never timed: a unit test that bounds how long something takes counts the
function calls it makes (Python and C ones, in this thread), which a loaded machine does not
change. ``calls`` runs ``action`` under ``sys.setprofile``; keep a hang guard (a deadline)
around anything that could run away, since the count is only known once it returns."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any


def calls(action: Callable[[], Any]) -> int:
    """The number of function calls ``action()`` makes."""
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    before = sys.getprofile()
    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(before)
    return count
