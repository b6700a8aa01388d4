"""Catalogs and locale formatting: every string the program shows is translated into Japanese
and Hungarian, with its placeholders explained to the translator, and numbers, dates and
lists are written each language's way."""

import datetime
import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from core.demineur.rules import PRESETS
from game import i18n
from game.i18n import LEVEL_NAMES
from tools import update_catalogs

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def template():
    return update_catalogs.template()


def placeholders(s):
    """The {names} a template fills in (a translation may use one more or fewer times)."""
    return set(re.findall(r"\{[^{}]*\}", s))


def ids(message):
    return message.id if isinstance(message.id, tuple) else (message.id,)


def test_every_message_of_the_program_is_in_the_catalogs_and_translated(template):
    used = {(m.context, ids(m)) for m in template if m.id}
    assert len(used) > 200
    for language in ("en", "ja", "hu"):
        catalog = i18n.read_catalog(language)
        known = {(m.context, ids(m)) for m in catalog if m.id}
        missing = used - known
        assert not missing, f"{language}: run python -m tools.update_catalogs; {list(missing)[:3]}"
    for language in ("ja", "hu"):
        for m in i18n.read_catalog(language):
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            assert all(strings) and not m.fuzzy, f"{language}: untranslated {m.id!r}"
            allowed = set().union(*(placeholders(i) for i in ids(m)))
            for s in strings:
                # a plural form, or the message for one thing, may leave out the count
                # ("this cell" / "these {cells} cells")
                if m.pluralizable or (m.context or "").endswith(i18n.ONE):
                    assert placeholders(s) <= allowed, (language, m.id, s)
                else:
                    assert placeholders(s) == allowed, (language, m.id, s)
            assert len(strings) == (1 if language == "ja" else 2 if m.pluralizable else 1)


def test_every_placeholder_is_explained_and_flagged_for_the_translator():
    for m in i18n.read_catalog("hu"):
        names = set().union(*(placeholders(i) for i in ids(m))) if m.id else set()
        if names:
            said = " ".join(m.auto_comments)
            assert all(n in said for n in names), f"{m.id!r}: no comment for {names}"
            assert "python-brace-format" in m.flags, m.id


def test_a_new_placeholder_without_a_translator_comment_is_refused(tmp_path, monkeypatch):
    source = tmp_path / "game"
    source.mkdir()
    (source / "scene.py").write_text(
        "from game.i18n import _\n\n"
        'LABEL = _("{score} points")\n\n'
        "# Translators: {wins} is how many games the player won\n"
        'OTHER = _("{wins} won")\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(update_catalogs, "SOURCE", source)
    with pytest.raises(SystemExit, match=r"\{score\}"):
        update_catalogs.template()
    (source / "scene.py").write_text(
        "from game.i18n import _\n\n# Translators: {wins} is how many games the player won\n"
        'OTHER = _("{wins} won")\n',
        encoding="utf-8",
    )
    (message,) = [m for m in update_catalogs.template() if m.id and m.context != "problem"]
    assert message.auto_comments == ["{wins} is how many games the player won"]
    assert "python-brace-format" in message.flags


def test_updating_keeps_translations_and_merges_entries_appended_by_hand(tmp_path, monkeypatch):
    """An entry appended to the end of a catalog (as other work does) is kept, commented and
    sorted in; a msgid the code no longer uses is dropped; nothing becomes fuzzy."""
    source = tmp_path / "game"
    source.mkdir()
    (source / "scene.py").write_text(
        "from game.i18n import _, ngettext, pgettext\n\n"
        'A = _("Settings")\nB = pgettext("button", "Pause")\n'
        'C = ngettext("{n} mine", "{n} mines", 2)\nD = _("Time {time}")\n',
        encoding="utf-8",
    )
    folder = tmp_path / "locale" / "hu" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "cmt.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Settings"\nmsgstr "Beállítások"\n\n'
        'msgid "Gone"\nmsgstr "Eltűnt"\n\n'
        'msgctxt "button"\nmsgid "Pause"\nmsgstr "Szünet"\n\n'
        'msgid "Time {time}"\nmsgstr ""\n\n'
        "# appended by hand after an update had added it untranslated\n"
        'msgid "Time {time}"\nmsgstr "Idő: {time}"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(update_catalogs, "SOURCE", source)
    monkeypatch.setattr(update_catalogs, "ROOT", tmp_path)
    catalog = update_catalogs.update("hu", update_catalogs.template())
    update_catalogs.write("hu", catalog)
    with (folder / "cmt.po").open("rb") as f:
        merged = read_po(f, locale="hu")
    assert merged.get("Settings").string == "Beállítások"
    assert merged.get("Pause", "button").string == "Szünet"
    assert merged.get("Gone") is None
    assert merged.get("Time {time}").string == "Idő: {time}"
    assert merged.get("Time {time}").auto_comments == [
        "{time}: " + update_catalogs.PLACEHOLDERS["time"]
    ]
    assert merged.get("{n} mine").string == ("", "")
    assert "nplurals=2" in merged.plural_forms
    assert not [m for m in merged if m.fuzzy]


def test_catalogs_are_compiled_in_memory_and_served_by_gettext():
    import gettext

    i18n.set_language("hu")
    translations = i18n.load_catalog("hu")
    assert isinstance(translations, gettext.GNUTranslations)
    assert i18n.ngettext("{n} mine", "{n} mines", 1) == "{n} akna"
    i18n.set_language("ja")
    assert i18n.load_catalog("ja").plural(5) == 0  # Japanese has one form


def test_hungarian_level_names_are_the_rule_books():
    assert set(LEVEL_NAMES) == set(PRESETS)
    i18n.set_language("hu")
    names = [i18n._(LEVEL_NAMES[k]) for k in PRESETS]
    expected = {"Kezdő", "Középhaladó", "Nehéz", "Szakértő", "Extrém", "Maraton"}
    assert set(names) == expected


def test_switching_language_changes_every_string_at_once():
    i18n.set_language("en")
    assert i18n._("Settings") == "Settings"
    i18n.set_language("ja")
    assert i18n._("Settings") == "設定"
    i18n.set_language("hu")
    assert i18n._("Settings") == "Beállítások"
    assert [i18n.next_language(x) for x in ("en", "ja", "hu")] == ["ja", "hu", "en"]
    with pytest.raises(ValueError, match="one of en, ja, hu"):
        i18n.set_language("fr")


def test_system_language_follows_gettexts_order(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    assert i18n.system_language() == "hu"
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    assert i18n.system_language() == "ja"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert i18n.system_language() == "en"
    # LANGUAGE comes first, and may list several languages in order of preference
    monkeypatch.setenv("LANGUAGE", "hu")
    assert i18n.system_language() == "hu"
    monkeypatch.setenv("LANGUAGE", "fr:ja:en")
    assert i18n.system_language() == "ja"


def test_no_compiled_catalog_is_in_the_tree():
    assert not list((ROOT / "locale").rglob("*.mo"))


# ----- numbers, dates and lists ------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "decimal", "percent", "date"),
    [
        ("en", "78.63", "78%", "Dec 1, 2026"),
        ("ja", "78.63", "78%", "2026/12/01"),
        ("hu", "78,63", "78%", "2026. dec. 1."),
    ],
)
def test_numbers_and_dates_are_written_the_languages_way(language, decimal, percent, date):
    i18n.set_language(language)
    assert i18n.decimal(78.63) == decimal
    assert i18n.percent(0.78) == percent
    assert i18n.date("2026-12-01") == date == i18n.date(datetime.date(2026, 12, 1))
    assert i18n.date("not a date") == "not a date"  # a damaged record still shows


def test_durations_and_lists_per_language():
    expected = {
        "en": ("45 sec", "2 min 15 sec", "red, green, and blue", "red and green"),
        "ja": ("45秒", "2分15秒", "赤・緑・青", "赤・緑"),  # no space before a unit
        "hu": ("45 mp", "2 p 15 mp", "piros, zöld és kék", "piros és zöld"),
    }
    for language, (seconds, longer, three, two) in expected.items():
        i18n.set_language(language)
        assert i18n.duration(45) == seconds and i18n.duration(135) == longer
        colours = {"en": ["red", "green", "blue"], "ja": ["赤", "緑", "青"]}
        colours["hu"] = ["piros", "zöld", "kék"]
        assert i18n.join(colours[language]) == three
        assert i18n.join(colours[language][:2]) == two


@pytest.mark.parametrize(
    ("language", "tenths", "whole", "long"),
    [
        ("en", "0:42.5", "1:05", "1:06:40"),
        ("ja", "0:42.5", "1:05", "1:06:40"),
        ("hu", "0:42,5", "1:05", "1:06:40"),
    ],
)
def test_a_clock_takes_the_decimal_sign_of_the_numbers_beside_it(language, tenths, whole, long):
    """A Hungarian results line showed 0:42.0 beside 3BV/s 0,12: a time's tenth is written
    with the same decimal sign as every other number on the screen."""
    i18n.set_language(language)
    assert i18n.clock(42_560, tenths=True) == tenths
    assert i18n.clock(65_900) == whole and i18n.clock(4_000_000) == long
    assert i18n.clock(4_501_200, tenths=True)[:5] == "75:01"  # a table's times line up in minutes
    assert tenths[-2] == i18n.decimal(0.12)[1]


@pytest.mark.parametrize(
    ("n", "article", "from_", "in_", "adjective"),
    [
        (1, "az", "1-ből", "1-ben", "1-es"),
        (2, "a", "2-ből", "2-ben", "2-es"),
        (3, "a", "3-ból", "3-ban", "3-as"),
        (5, "az", "5-ből", "5-ben", "5-ös"),
        (6, "a", "6-ból", "6-ban", "6-os"),
        (10, "a", "10-ből", "10-ben", "10-es"),
        (20, "a", "20-ból", "20-ban", "20-as"),
        (50, "az", "50-ből", "50-ben", "50-es"),
        (100, "a", "100-ból", "100-ban", "100-as"),
        (500, "az", "500-ból", "500-ban", "500-as"),
        (1000, "az", "1000-ből", "1000-ben", "1000-es"),
        (2000, "a", "2000-ből", "2000-ben", "2000-es"),
        (5000, "az", "5000-ből", "5000-ben", "5000-es"),
    ],
)
def test_hungarian_articles_and_suffixes_follow_how_the_number_is_read(
    n, article, from_, in_, adjective
):
    assert i18n.article(n) == article == i18n.article(f"{n}.")
    assert i18n.hu_suffix(n, "ból", "ből") == from_
    assert i18n.hu_suffix(n, "ban", "ben") == in_
    assert i18n.hu_s(n) == adjective


def test_hungarian_articles_before_words_and_in_sentences():
    assert [i18n.article(w) for w in ("olajzöld", "Egyéni", "piros", "zöld")] == [
        "az",
        "az",
        "a",
        "a",
    ]
    i18n.set_language("hu")
    text = i18n.grammar("a(z) 5. sorban a(z) 3-s és a(z) 5-snél, a(z) olajzöld a(z) 10-ból")
    assert text == "Az 5. sorban a 3-as és az 5-ösnél, az olajzöld a 10-ből"


def test_mo_bytes_round_trip_through_babel():
    """What gettext reads is what the .po says, plural forms and contexts included."""
    from babel.messages.mofile import read_mo, write_mo

    mo = io.BytesIO()
    write_mo(mo, i18n.read_catalog("hu"))
    mo.seek(0)
    back = read_mo(mo)
    assert back.get("Settings").string == "Beállítások"
    assert back.get("red", "turf colour").string == "piros"


def test_the_result_line_and_board_sizes_read_as_each_language_writes_figures():
    from core.demineur.session import Result
    from game.demineur.hud import result_text
    from game.demineur.stats import size_label

    result = Result(won=True, ms=61_300, bv=43, bv_solved=43, bvs=78.63, efficiency=0.78)
    expected = {
        "en": ("3BV/s 78.63", "efficiency 78%", "Beginner: 9×9, 10 mines", "Custom: 5×5, 1 mine"),
        "ja": ("3BV/s 78.63", "効率78%", "初級：9×9、地雷10個", "カスタム：5×5、地雷1個"),
        "hu": ("3BV/s: 78,63,", "hatékonyság: 78%", "Kezdő: 9×9, 10 akna", "Egyéni: 5×5, 1 akna"),
    }
    for language, (bvs, efficiency, beginner, custom) in expected.items():
        i18n.set_language(language)
        text = result_text(result, 2, None)
        assert bvs in text and efficiency in text, text
        assert size_label("9x9/10") == beginner
        assert size_label("5x5/1") == custom


def translations(language):
    for m in i18n.read_catalog(language):
        if m.id:
            yield from (m.string if isinstance(m.string, tuple) else (m.string,))


def test_one_voice_per_language():
    """Japanese sentences are all です/ます and name positions as ordinals (3行目, never 3行);
    Hungarian speaks to the player informally (tegező): no Ön, no formal imperative."""
    polite = ("です", "ます", "ません", "ください", "ました", "でした", "ましょう", "か")
    for text in translations("ja"):
        assert not re.search(r"\{(row|col|other_row|other_col|rows|cols)\}[行列](?!目)", text), text
        for sentence in re.findall(r"[^。！？]+。", text):  # a headline may end in ！
            body = re.sub(r"（[^）]*）", "", sentence).rstrip("。」")
            assert body.endswith(polite), f"not です/ます: {sentence}"
    formal = r"\b(Ön|Önt|Önnek|Kérjük|Érintsen|Válasszon|Nyomja|Koppintson|Kattintson|Adja)\b"
    for text in translations("hu"):
        assert not re.search(formal, text), text
        assert "a(z)" not in text or "{" in text, f"an unresolved a(z) with nothing to fill: {text}"


def test_a_compiled_catalog_is_kept_for_the_next_start_and_a_damaged_one_made_again(
    tmp_path, monkeypatch
):
    """The first start in a language compiles its catalog and keeps it; the next start reads
    it without Babel (faster to the first frame); a damaged copy is compiled anew, never
    shown as missing translations."""
    from game import catalogs

    monkeypatch.setattr(i18n, "cache_dir", lambda: tmp_path)
    monkeypatch.setattr(i18n, "_catalogs", {})
    assert i18n.load_catalog("hu").gettext("How to play") == "Játékszabály"
    [kept] = (tmp_path / "catalogs").glob("hu-*.mo")

    compile_mo = catalogs.compile_mo
    monkeypatch.setattr(catalogs, "compile_mo", lambda catalog: pytest.fail("compiled again"))
    monkeypatch.setattr(i18n, "_catalogs", {})
    assert i18n.load_catalog("hu").gettext("How to play") == "Játékszabály"

    monkeypatch.setattr(catalogs, "compile_mo", compile_mo)
    kept.write_bytes(b"\xde\x12\x04\x95 not a catalog")
    monkeypatch.setattr(i18n, "_catalogs", {})
    assert i18n.load_catalog("hu").gettext("How to play") == "Játékszabály"
    assert kept.stat().st_size > 10_000  # written again, whole
