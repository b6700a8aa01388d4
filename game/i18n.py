"""Translations and locale formatting for English, Japanese and Hungarian.

The sources are ``locale/<lang>/LC_MESSAGES/cmt.po`` (installed as the ``cmt_locale``
package; ``python -m tools.update_catalogs`` keeps them up to date with Babel). A catalog is
compiled with Babel (``game.catalogs``) the first time its language is used on a machine and
kept as a ``.mo`` file in the user's cache folder, named after its source's size and time, so
later starts read it without Babel; the standard ``gettext.GNUTranslations`` serves it. No
``.mo`` file is committed or built. Plural rules come from each catalog's header, which Babel
writes from CLDR.

Views call ``_()`` (and ``ngettext``) every time they lay out, so switching the language with
``set_language`` re-renders the whole screen at once. Tables of strings defined at import
time mark them with ``N_()`` and translate them when drawn.

Numbers, percentages, dates, durations and lists are written the current language's way
(``decimal``, ``percent``, ``date``, ``duration``, ``join``, all from Babel's CLDR data), and
the grammar the sentences need lives here too: Hungarian ``article`` and number suffixes
(``hu_suffix``), Japanese ordinal positions come from the catalog (行目 / 列目).
"""

from __future__ import annotations

import datetime
import functools
import gettext
import hashlib
import io
import locale
import os
import re
import struct
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from game.platform.paths import cache_dir, resource

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

DOMAIN = "cmt"
LANGUAGES = ("en", "ja", "hu")
# each language's name, written in that language, for the language button and the settings
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "hu": "Magyar"}

_catalogs: dict[str, gettext.GNUTranslations] = {}
_current = "en"


def catalog_path(language: str) -> Path:
    return resource("cmt_locale", language, "LC_MESSAGES", f"{DOMAIN}.po")


def _check(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")


def read_catalog(language: str) -> Catalog:
    """The ``babel.messages.Catalog`` of ``language``, as its .po source says."""
    from game.catalogs import read_po_file

    _check(language)
    return read_po_file(catalog_path(language), language, DOMAIN)


def catalog_messages(language: str, keep_untranslated: bool = False) -> dict[str, str]:
    """msgid -> msgstr of a catalog, keyed as in a .mo file (context + EOT + msgid; a plural's
    msgids and forms joined by NUL). Empty and fuzzy translations are left out unless
    ``keep_untranslated``; the header (msgid "") is never in it."""
    found: dict[str, str] = {}
    for m in read_catalog(language):
        if not m.id or (m.fuzzy and not keep_untranslated):
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if all(strings) or keep_untranslated:
            key = "\x00".join(str(i) for i in ids)
            found[f"{m.context}\x04{key}" if m.context else key] = "\x00".join(map(str, strings))
    return found


def load_catalog(language: str) -> gettext.GNUTranslations:
    if language not in _catalogs:
        _check(language)
        source = catalog_path(language)
        stat = source.stat()  # a changed source is compiled anew under another name
        cached = cache_dir() / "catalogs" / f"{language}-{stat.st_size}-{stat.st_mtime_ns}.mo"
        try:
            mo = _unsealed(cached.read_bytes())
            _catalogs[language] = gettext.GNUTranslations(io.BytesIO(mo))
        except (OSError, ValueError, LookupError, struct.error):  # none yet, or damaged
            from game.catalogs import compile_mo

            mo = compile_mo(read_catalog(language))
            _catalogs[language] = gettext.GNUTranslations(io.BytesIO(mo))
            _keep(cached, _sealed(mo))
    return _catalogs[language]


SEAL_BYTES = 16


def _sealed(mo: bytes) -> bytes:
    """A compiled catalog as it is cached: followed by its digest, so that a damaged copy (one
    bit of "{file}" flipped to "{fmle}" crashed every start) is told and compiled again."""
    return mo + hashlib.blake2b(mo, digest_size=SEAL_BYTES).digest()


def _unsealed(data: bytes) -> bytes:
    """The catalog of a cached copy; ValueError when it is not exactly what was written."""
    mo, seal = data[:-SEAL_BYTES], data[-SEAL_BYTES:]
    if len(data) <= SEAL_BYTES or hashlib.blake2b(mo, digest_size=SEAL_BYTES).digest() != seal:
        raise ValueError("the cached catalog is damaged")
    return mo


def _keep(path: Path, data: bytes) -> None:
    """Write a compiled catalog for the next start (atomically); a cache that cannot be
    written only means compiling again next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob(f"{path.name.split('-')[0]}-*.mo"):
            old.unlink(missing_ok=True)  # this language's catalogs of other sources
        part = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        part.write_bytes(data)
        os.replace(part, path)
    except OSError:
        pass


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
    """The player's system language if we have it, else English (used on the first run).

    As gettext does: the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set decides,
    and LANGUAGE may list several languages in order of preference (``LANGUAGE=hu:en``)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            for choice in value.split(":"):
                code = choice[:2].lower()
                if code in LANGUAGES:
                    return code
            return "en"
    code = (locale.getlocale()[0] or "")[:2].lower()
    return code if code in LANGUAGES else "en"


def _(message: str) -> str:
    return load_catalog(_current).gettext(message)


def pgettext(context: str, message: str) -> str:
    """A message that needs a context to be translated right (e.g. "turf colour", "red")."""
    return load_catalog(_current).pgettext(context, message)


# A sentence about exactly one thing is a message of its own, under this context beside its
# plural pair's: a language with one plural form (Japanese) would otherwise say of one cell
# what it says of many ("the hidden 1 cells are all mines"). tools.update_catalogs adds the
# sibling of every plural pair; an untranslated one falls back on the pair.
ONE = "one"


def one_context(context: str | None = None) -> str:
    """The context of the message for exactly one thing of a pair with ``context``."""
    return f"{context} ({ONE})" if context else ONE


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that agrees with the number ``n`` in the current language: for
    exactly one, the message of its own (``ONE``)."""
    catalog = load_catalog(_current)
    if n == 1 and (text := catalog.pgettext(ONE, singular)) != singular:
        return text
    return catalog.ngettext(singular, plural, n)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    catalog = load_catalog(_current)
    if n == 1 and (text := catalog.pgettext(one_context(context), singular)) != singular:
        return text
    return catalog.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks a string for translation where it is defined; ``_()`` translates it when shown."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks a message with a context where it is defined; ``pgettext`` translates it."""
    return message


def N_plural(singular: str, plural: str, agrees: str) -> tuple[str, str, str]:
    """Marks a plural pair where it is defined; ``ngettext`` picks its form when shown, by the
    number in the parameter ``agrees``."""
    return singular, plural, agrees


# ----- numbers, dates and lists, the current language's way (CLDR data through Babel) -------


def decimal(value: float, places: int = 2) -> str:
    """``value`` with exactly ``places`` decimals: 78.63 in English, 78,63 in Hungarian."""
    from babel.numbers import format_decimal

    pattern = "#,##0." + "0" * places if places else "#,##0"
    return format_decimal(value, format=pattern, locale=_current)


def integer(value: int) -> str:
    """A whole number with the language's digit grouping (12,345 / 12 345)."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_current)


def percent(fraction: float) -> str:
    """A fraction as a whole percentage written the language's way (0.78 -> 78%)."""
    from babel.numbers import format_percent

    return format_percent(fraction, locale=_current)


def date(day: datetime.date | str) -> str:
    """A calendar day (a date or its ISO text) in the language's format: Dec 1, 2026 /
    2026/12/01 / 2026. dec. 1. Text that is not an ISO date is shown as it is."""
    from babel.dates import format_date

    if isinstance(day, str):
        try:
            return format_date(datetime.date.fromisoformat(day), "medium", locale=_current)
        except ValueError:
            return day
    return format_date(day, "medium", locale=_current)


def date_time(moment: datetime.datetime) -> str:
    """A moment to the second as the language writes it, in its own time zone: "May 1, 2024,
    2:03:22 PM" / "2024/05/01 14:03:22" / "2024. máj. 1. 14:03:22"."""
    from babel.dates import format_datetime

    return format_datetime(moment, "medium", tzinfo=moment.tzinfo, locale=_current)


def clock(ms: float, tenths: bool = False) -> str:
    """A game clock as m:ss (h:mm:ss from an hour on), or m:ss.t with ``tenths`` (hours then
    counted in minutes: 75:02.3, as a best-time table lines up), the tenth after the
    language's own decimal sign: 0:42.5 / 0:42.5 / 0:42,5 (Hungarian writes 0,12 and 0:42,5
    alike)."""
    if tenths:
        count = int(ms) // 100
        # English, the language of a first start, needs no Babel (~60 ms of imports) for its "."
        sign = "." if _current == "en" else _decimal_sign(_current)
        return f"{count // 600}:{count // 10 % 60:02d}{sign}{count % 10}"
    s = int(ms) // 1000
    return f"{s // 60}:{s % 60:02d}" if s < 3600 else f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


@functools.cache
def _decimal_sign(language: str) -> str:
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(locale=language)


def duration(seconds: int) -> str:
    """A whole number of seconds in the language's short units: 45 sec / 45 秒 / 45 mp, and
    2 min / 2 min 15 sec past two minutes (a kiosk's idle time is set to the second)."""

    from babel.dates import format_timedelta

    def unit(value: int) -> str:
        delta = datetime.timedelta(seconds=value)
        return format_timedelta(delta, threshold=2, format="short", locale=_current)

    if seconds < 120 or not seconds % 60:
        text = unit(seconds)
    else:
        text = f"{unit(seconds - seconds % 60)} {unit(seconds % 60)}"
    # CLDR's short Japanese units put a space after the number ("2 分 15 秒"); Japanese is
    # written without one (2分15秒)
    return text.replace(" ", "").replace("\u00a0", "") if _current == "ja" else text


def join(items: Iterable[str]) -> str:
    """Names joined as the language lists them: "red, green and blue" / "piros, zöld és kék";
    Japanese joins names with 「・」 (赤・緑・青)."""
    from babel.lists import format_list

    items = list(items)
    if _current == "ja":
        return "・".join(items)
    if not any(", " in item for item in items):
        return format_list(items, locale=_current)
    # items with commas of their own ("row 4, column 2") are kept apart by semicolons
    marks = [f"\x00{i}\x00" for i in range(len(items))]
    text = format_list(marks, locale=_current).replace(", ", "; ")
    for mark, item in zip(marks, items, strict=True):
        text = text.replace(mark, item)
    return text


def sentences(*parts: str) -> str:
    """Whole sentences one after another: a space between them, none in Japanese (its 。
    ends a sentence and the next follows at once)."""
    return ("" if _current == "ja" else " ").join(parts)


def names(words: Iterable[str]) -> str:
    """Names that a sentence puts before one noun ("the orange and green turfs"): Hungarian
    gives each its article (a narancs és a zöld), Japanese joins them with 「・」."""
    return join(f"a(z) {w}" if _current == "hu" else w for w in words)


def ordinals(numbers: Iterable[int]) -> str:
    """Row or column numbers that a sentence puts before one noun ("rows 2 and 5"): Hungarian
    writes each as an ordinal with its article (a 2. és az 5.), Japanese 2・5 (…行目)."""
    return join(f"a(z) {n}." if _current == "hu" else str(n) for n in numbers)


# ----- Hungarian grammar --------------------------------------------------------------------

# The word a number is read with last decides its suffixes (3-ból, 5-ből, 10-ben, 6-os): by
# its units digit, else its tens, else száz / ezer / millió. Back (B) or front (F) vowels;
# the -s suffix's linking vowel per word (hármas, ötös, hatos, kettes...).
_UNITS = {1: "F", 2: "F", 3: "B", 4: "F", 5: "F", 6: "B", 7: "F", 8: "B", 9: "F"}
_TENS = {1: "F", 2: "B", 3: "B", 4: "F", 5: "F", 6: "B", 7: "F", 8: "B", 9: "F"}
_UNITS_S = {1: "es", 2: "es", 3: "as", 4: "es", 5: "ös", 6: "os", 7: "es", 8: "as", 9: "es"}
_TENS_S = {1: "es", 2: "as", 3: "as", 4: "es", 5: "es", 6: "as", 7: "es", 8: "as", 9: "es"}


def _last_word(n: int) -> tuple[str, str]:
    """(vowel class, -s linking vowel) of the last word ``n`` is read with."""
    n = abs(n)
    if n == 0:
        return "B", "ás"  # nulla
    if n % 10:
        return _UNITS[n % 10], _UNITS_S[n % 10]
    if n % 100:
        return _TENS[n // 10 % 10], _TENS_S[n // 10 % 10]
    if n % 1000:
        return "B", "as"  # száz
    if n % 1_000_000:
        return "F", "es"  # ezer
    return "B", "s"  # millió


def hu_suffix(n: int, back: str, front: str) -> str:
    """``n`` with a two-form suffix in vowel harmony: hu_suffix(3, "ból", "ből") -> "3-ból",
    hu_suffix(5, "ból", "ből") -> "5-ből", hu_suffix(10, "ban", "ben") -> "10-ben"."""
    return f"{n}-{back if _last_word(n)[0] == 'B' else front}"


def hu_s(n: int) -> str:
    """``n`` with the -s suffix ("the 3" as a cell): 1-es, 3-as, 5-ös, 6-os, 100-as, 1000-es."""
    return f"{n}-{_last_word(n)[1]}"


_VOWELS = "aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ"


def _reads_with_vowel(n: int) -> bool:
    """Whether the Hungarian numeral of ``n`` (or its ordinal) starts with a vowel: egy, öt,
    ötven, ötszáz, ezer, egymillió... The leading group decides (1000 is ezer, 1xxx ezer...)."""
    n = abs(n)
    for size in (1_000_000_000, 1_000_000, 1000):
        if n >= size:
            lead = n // size
            return (size == 1000 and lead == 1) or _reads_with_vowel(lead)
    if n >= 100:
        return n // 100 == 5  # száz, kétszáz... but ötszáz
    if n >= 10:
        return n // 10 == 5  # tíz, húsz... but ötven
    return n in (1, 5)  # egy, öt (nulla, kettő, három... start with a consonant)


def article(word: int | str) -> str:
    """The Hungarian definite article before ``word``: "az" before a vowel sound (az 1., az 5,
    az 50, az 1000, az okker), "a" otherwise (a 2, a 10, a 100, a piros)."""
    if isinstance(word, int):
        return "az" if _reads_with_vowel(word) else "a"
    text = word.lstrip()
    head = text.split(".")[0].split("-")[0].replace("\u00a0", "").replace(" ", "")
    if head.isdigit():
        return article(int(head))
    return "az" if text[:1] in _VOWELS else "a"


def a(word: int | str) -> str:
    """``word`` with its Hungarian article: "az 5", "a 3", "az okker"."""
    return f"{article(word)} {word}"


# what a Hungarian translation writes where the grammar depends on a number or word filled
# in later: "a(z) 5." (-> az 5.), "{value}-s" (-> 3-as, 5-ös), "3-ból" / "3-ből" (either form:
# the number decides), and the same for -ban/-ben, -ba/-be, -ra/-re, -ról/-ről, -nál/-nél,
# -tól/-től, -nak/-nek
_ARTICLE = re.compile(r"\b([Aa])\(z\) (\S+)")
_PAIRS = (("ból", "ből"), ("ban", "ben"), ("ba", "be"), ("ra", "re"), ("ról", "ről")) + (
    ("nál", "nél"),
    ("tól", "től"),
    ("nak", "nek"),
    ("sal", "sel"),
)
_TAILS = "|".join(f"{b}|{f}" for b, f in _PAIRS)
_SUFFIX = re.compile(rf"\b(\d+)-({_TAILS})\b")
# "{value}-s" and its case forms: 3-as, 3-ast, 3-asnak, 5-össel...
_S_SUFFIX = re.compile(rf"\b(\d+)-s(t|{_TAILS})?\b")
_PAIR_OF = {form: pair for pair in _PAIRS for form in pair}


def _tail(n: int, tail: str | None) -> str:
    if not tail or tail == "t":
        return tail or ""
    back, front = _PAIR_OF[tail]
    return back if _last_word(n)[0] == "B" else front


def hungarian(text: str) -> str:
    """Settle the Hungarian articles and number suffixes of a filled-in sentence."""

    def the(m: re.Match) -> str:
        word = article(m.group(2))
        return f"{word.capitalize() if m.group(1) == 'A' else word} {m.group(2)}"

    text = _S_SUFFIX.sub(lambda m: hu_s(int(m.group(1))) + _tail(int(m.group(1)), m.group(2)), text)
    text = _SUFFIX.sub(lambda m: hu_suffix(int(m.group(1)), *_PAIR_OF[m.group(2)]), text)
    text = _ARTICLE.sub(the, text)
    return text[:1].upper() + text[1:]


def grammar(text: str) -> str:
    """A filled-in sentence with the current language's grammar settled (Hungarian only)."""
    return hungarian(text) if _current == "hu" else text


# The Démineur levels (core.demineur.rules.PRESETS), named as in the rule book.
LEVEL_NAMES = {
    "beginner": N_("Beginner"),
    "intermediate": N_("Intermediate"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
    "extreme": N_("Extreme"),
    "marathon": N_("Marathon"),
}


def board_size(cols: int | str, rows: int | str, mines: int | str, level: str = "") -> str:
    """A Démineur board as the level lists, statistics and kiosk name it: "9×9, 10 mines",
    "Beginner: 9×9, 10 mines" with a (translated) level name, the mines in agreement."""
    n = int(mines)
    if level:
        text = ngettext(
            "{level}: {cols}×{rows}, {mines} mine", "{level}: {cols}×{rows}, {mines} mines", n
        )
    else:
        text = ngettext("{cols}×{rows}, {mines} mine", "{cols}×{rows}, {mines} mines", n)
    return text.format(level=level, cols=cols, rows=rows, mines=mines)
