"""Game documents of either game (saved games and replays, see ``core.midend``) read from text.

``read_document`` takes the text of a file — a bare document, or the program's own saved
file with its ``{"version", "data"}`` wrapper — and returns the game's kind and the checked
document; anything else is a ValueError with a message a person can act on.
``peek_document`` reads only as far as a ``core.midend.Summary`` (no rules, numpy or kernels
loaded): enough for a replay's first frame, the whole check following with ``check_document``.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from core.midend import Session, Summary, document_kind, summarize

# each game's session class, imported only for a document of that game (its rules and kernels)
SESSIONS = {
    "demineur": "core.demineur.session:DemineurSession",
    "moleturf": "core.moleturf.session:MoleTurfSession",
}
# each game's check of a document's parameters that needs neither its rules nor numpy
PARAMS = {
    "demineur": "core.demineur.presets:check_params",
    "moleturf": "core.moleturf.sectors:check_params",
}
MAX_TEXT = 50_000_000  # characters; a real game file is far smaller
WRAPPER_VERSION = 1  # the version of the program's own {"version", "data"} file wrapper


def _named(where: str) -> Any:
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)


def summary(document: Any) -> Summary:
    """The summary of a game document of either game (ValueError as ``read_document``)."""
    kind = document_kind(document)
    if kind not in SESSIONS:
        raise ValueError(f"the file is a {kind!r} game; this program plays {', '.join(SESSIONS)}")
    return summarize(document, kind, _named(PARAMS[kind]))


def peek_document(text: str) -> tuple[Summary, dict[str, Any]]:
    """The summary and the document of a game file's text, read without replaying it."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"the file is too large for a game file ({len(text)} characters)")
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as bad:
        raise ValueError(f"the file is not JSON: {bad}") from None
    if isinstance(document, dict) and set(document) == {"version", "data"}:
        version = document["version"]  # a file the program saved in its data folder
        if type(version) is not int or version != WRAPPER_VERSION:
            raise ValueError(
                f"the saved file has version {json.dumps(version)}; this program reads "
                f"version {WRAPPER_VERSION} only"
            )
        document = document["data"]
    return summary(document), document


def check_document(kind: str, document: Any) -> None:
    """Replay the whole document through its game's rules: ValueError for any damage."""
    session: type[Session] = _named(SESSIONS[kind])
    session.from_document(document)


def read_document(text: str) -> tuple[str, dict[str, Any]]:
    """The kind and the wholly checked document of a game file's text."""
    found, document = peek_document(text)
    check_document(found.kind, document)
    return found.kind, document
