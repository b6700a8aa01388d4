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
from core.problems import Problem, shown

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
        raise Problem("file_game_unknown", kind=shown(kind))
    return summarize(document, kind, _named(PARAMS[kind]))


def peek_document(text: str) -> tuple[Summary, dict[str, Any]]:
    """The summary and the document of a game file's text, read without replaying it."""
    if len(text) > MAX_TEXT:
        raise Problem("file_too_large", size=len(text))
    try:
        document = json.loads(text)
    except json.JSONDecodeError as bad:
        raise Problem("file_not_json", bad.msg, line=bad.lineno, column=bad.colno) from None
    except RecursionError:
        raise Problem("file_nested") from None
    if isinstance(document, dict) and set(document) == {"version", "data"}:
        version = document["version"]  # a file the program saved in its data folder
        if type(version) is not int or version != WRAPPER_VERSION:
            raise Problem(
                "file_wrapper_version", version=shown(version, True), supported=WRAPPER_VERSION
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
