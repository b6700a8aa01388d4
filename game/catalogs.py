"""The translation catalogs' ``.po`` sources read and compiled with Babel.

Needed by the catalog tool and the first time a language is used on a machine (``game.i18n``
then keeps the compiled catalog in the user's cache folder); kept apart from ``game.i18n``
so that a start-up with a compiled catalog never imports Babel's catalog machinery (its
``.po`` parser alone costs ~35 ms and 2 MiB, most of it the e-mail header parser).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileParser


class MergingCatalog(Catalog):
    """A catalog in which an entry read twice keeps the later translation: an entry appended
    to the end of a .po by hand wins over the untranslated one the update tool wrote."""

    def __setitem__(self, id: Any, message: Message) -> None:
        old = self.get(id, message.context)
        super().__setitem__(id, message)
        merged = self.get(id, message.context)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if old is not None and merged is not None and all(strings):
            merged.string = message.string


def read_po_file(path: Path, language: str, domain: str) -> Catalog:
    catalog = MergingCatalog(locale=language, domain=domain)
    with path.open("rb") as f:
        PoFileParser(catalog, ignore_obsolete=True).parse(f)
    return catalog


def compile_mo(catalog: Catalog) -> bytes:
    """The catalog as the bytes of a ``.mo`` file, which ``gettext`` reads."""
    mo = io.BytesIO()
    write_mo(mo, catalog)
    return mo.getvalue()
