# For the type checker only: the compiled kernel _logic.pyx (typed memoryviews and C
# integers) has no Python-level annotations, so every name in it is typed Any.
from typing import Any

def __getattr__(name: str) -> Any: ...
