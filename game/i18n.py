"""Translations: gettext catalogs for English, Japanese and Hungarian.

The sources are ``locale/<lang>/LC_MESSAGES/cmt.po`` (installed as the ``cmt_locale``
package). They are read at run time: each ``.po`` is parsed and compiled to ``.mo`` bytes in
memory, which ``gettext.GNUTranslations`` loads, so there is no build step and no ``.mo`` file
anywhere (none is ever committed). Plural forms come from each catalog's header.

Views call ``_()`` (and ``ngettext``) every time they lay out, so switching the language with
``set_language`` re-renders the whole screen at once. Tables of strings defined at import
time mark them with ``N_()`` and translate them when drawn.
"""

from __future__ import annotations

import ast
import gettext
import io
import locale
import os
import struct

from game.platform.paths import resource

DOMAIN = "cmt"
LANGUAGES = ("en", "ja", "hu")
# each language's name, written in that language, for the language button and the settings
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "hu": "Magyar"}

_catalogs: dict[str, gettext.NullTranslations] = {}
_current = "en"


def parse_po(text: str, keep_untranslated: bool = False) -> dict[str, str]:
    """The messages of a .po file: msgid -> msgstr (plurals joined by NUL, contexts by EOT).

    Empty translations and fuzzy entries are left out (unless ``keep_untranslated``, for
    templates), so gettext falls back to the msgid. The header (msgid "") is kept: it carries
    the charset and the plural rule.
    """
    messages: dict[str, str] = {}
    entry: dict[str, list[str]] = {}
    key: str | None = None
    fuzzy = False

    def finish() -> None:
        nonlocal entry, key, fuzzy
        if "msgid" in entry and not fuzzy:
            msgid = "".join(entry["msgid"])
            if "msgctxt" in entry:
                msgid = "".join(entry["msgctxt"]) + "\x04" + msgid
            if "msgid_plural" in entry:
                msgid += "\x00" + "".join(entry["msgid_plural"])
                forms = sorted(k for k in entry if k.startswith("msgstr["))
                msgstr = "\x00".join("".join(entry[k]) for k in forms)
                translated = all(entry[k] and "".join(entry[k]) for k in forms)
            else:
                msgstr = "".join(entry.get("msgstr", []))
                translated = bool(msgstr)
            if translated or keep_untranslated:
                messages[msgid] = msgstr
        entry, key, fuzzy = {}, None, False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
        elif line.startswith("#"):
            if key is not None and key.startswith("msgstr"):
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
        elif line.startswith('"'):
            if key is None:
                raise ValueError(f"line {number}: a string continues nothing")
            entry[key].append(_unquote(line, number))
        else:
            word, _, rest = line.partition(" ")
            if word in ("msgctxt", "msgid") and key is not None and key.startswith("msgstr"):
                finish()
            if not (word in ("msgctxt", "msgid", "msgid_plural", "msgstr") or _is_form(word)):
                raise ValueError(f"line {number}: unknown keyword {word!r}")
            key = word
            entry[key] = [_unquote(rest.strip(), number)]
    finish()
    return messages


def _is_form(word: str) -> bool:
    return word.startswith("msgstr[") and word.endswith("]") and word[7:-1].isdigit()


def _unquote(s: str, number: int) -> str:
    if len(s) < 2 or not (s.startswith('"') and s.endswith('"')):
        raise ValueError(f"line {number}: expected a quoted string, got {s!r}")
    try:
        return ast.literal_eval(s)
    except (ValueError, SyntaxError):
        raise ValueError(f"line {number}: bad string {s!r}") from None


def compile_mo(messages: dict[str, str]) -> bytes:
    """The GNU .mo encoding of ``messages`` (what msgfmt writes), without a hash table."""
    ids = sorted(messages)
    id_bytes = [m.encode("utf-8") for m in ids]
    str_bytes = [messages[m].encode("utf-8") for m in ids]
    n = len(ids)
    header_size = 7 * 4
    ids_table = header_size
    strs_table = ids_table + n * 8
    data_start = strs_table + n * 8
    offsets: list[tuple[int, int]] = []
    data = io.BytesIO()
    for b in id_bytes + str_bytes:
        offsets.append((len(b), data_start + data.tell()))
        data.write(b + b"\0")
    out = io.BytesIO()
    out.write(struct.pack("<7I", 0x950412DE, 0, n, ids_table, strs_table, 0, 0))
    for length, offset in offsets:
        out.write(struct.pack("<2I", length, offset))
    out.write(data.getvalue())
    return out.getvalue()


def catalog_path(language: str):
    return resource("cmt_locale", language, "LC_MESSAGES", f"{DOMAIN}.po")


def load_catalog(language: str) -> gettext.NullTranslations:
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    if language not in _catalogs:
        text = catalog_path(language).read_text(encoding="utf-8")
        mo = compile_mo(parse_po(text))
        _catalogs[language] = gettext.GNUTranslations(io.BytesIO(mo))
    return _catalogs[language]


def set_language(language: str) -> None:
    global _current
    load_catalog(language)
    _current = language


def current() -> str:
    return _current


def next_language(language: str | None = None) -> str:
    """The language after ``language`` (default: the current one) in the EN → JA → HU cycle."""
    language = language or _current
    return LANGUAGES[(LANGUAGES.index(language) + 1) % len(LANGUAGES)]


def system_language() -> str:
    """The player's system language if we have it, else English (used on the first run)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    code = (locale.getlocale()[0] or "")[:2].lower()
    return code if code in LANGUAGES else "en"


def _(message: str) -> str:
    return load_catalog(_current).gettext(message)


def pgettext(context: str, message: str) -> str:
    """A message that needs a context to be translated right (e.g. "turf colour", "red")."""
    return load_catalog(_current).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return load_catalog(_current).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a string for translation where it is defined; ``_()`` translates it when shown."""
    return message


# The Démineur levels (core.demineur.rules.PRESETS), named as in the rule book.
LEVEL_NAMES = {
    "beginner": N_("Beginner"),
    "intermediate": N_("Intermediate"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
    "extreme": N_("Extreme"),
    "marathon": N_("Marathon"),
}
