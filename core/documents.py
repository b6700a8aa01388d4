"""Game documents of either game (saved games and replays, see ``core.midend``) read from text.

``read_document`` takes the text of a file — a bare document, or the program's own saved
file with its ``{"version", "data"}`` wrapper — and returns the game's kind and the checked
document; anything else is a ValueError with a message a person can act on.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from core.midend import Session, document_kind

# each game's session class, imported only for a document of that game (its rules and kernels)
SESSIONS = {
    "demineur": "core.demineur.session:DemineurSession",
    "moleturf": "core.moleturf.session:MoleTurfSession",
}
MAX_TEXT = 50_000_000  # characters; a real game file is far smaller


def read_document(text: str) -> tuple[str, dict[str, Any]]:
    if len(text) > MAX_TEXT:
        raise ValueError(f"the file is too large for a game file ({len(text)} characters)")
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as bad:
        raise ValueError(f"the file is not JSON: {bad}") from None
    if isinstance(document, dict) and set(document) == {"version", "data"}:
        document = document["data"]  # a file the program saved in its data folder
    kind = document_kind(document)
    if kind not in SESSIONS:
        raise ValueError(f"the file is a {kind!r} game; this program plays {', '.join(SESSIONS)}")
    module, name = SESSIONS[kind].split(":")
    session: type[Session] = getattr(importlib.import_module(module), name)
    session.from_document(document)
    return kind, document
