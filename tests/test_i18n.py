"""Catalogs: every string the program shows is translated into Japanese and Hungarian."""

import gettext
import importlib.util
import io
import re
from pathlib import Path

import pytest

from core.demineur.rules import PRESETS
from game import i18n
from game.i18n import LEVEL_NAMES, compile_mo, parse_po

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("update_catalogs", ROOT / "tools/update_catalogs.py")
update_catalogs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(update_catalogs)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def catalog(language):
    return parse_po(i18n.catalog_path(language).read_text(encoding="utf-8"))


def placeholders(s):
    """The {names} a template fills in (a translation may use one more or fewer times)."""
    return set(re.findall(r"\{[^{}]*\}", s))


def test_po_parser_handles_continuations_escapes_plurals_and_fuzzy():
    text = r"""
msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. a comment
msgid "Two "
"lines"
msgstr "Két "
"sor \"idézet\"\n"

#, fuzzy
msgid "Unsure"
msgstr "Bizonytalan"

msgid "Empty"
msgstr ""

msgid "{n} mine"
msgid_plural "{n} mines"
msgstr[0] "{n} akna"
msgstr[1] "{n} aknák"
"""
    messages = parse_po(text)
    assert messages["Two lines"] == 'Két sor "idézet"\n'
    assert "Unsure" not in messages and "Empty" not in messages
    t = gettext.GNUTranslations(io.BytesIO(compile_mo(messages)))
    assert t.gettext("Two lines") == 'Két sor "idézet"\n'
    assert t.gettext("Empty") == "Empty"
    assert t.ngettext("{n} mine", "{n} mines", 1) == "{n} akna"
    assert t.ngettext("{n} mine", "{n} mines", 3) == "{n} aknák"


def test_po_parser_reports_the_line_of_an_error():
    with pytest.raises(ValueError, match="line 2"):
        parse_po('msgid "a"\nmsgtsr "b"\n')


def test_every_message_of_the_program_is_in_the_catalogs_and_translated():
    used = update_catalogs.all_messages()
    assert len(used) > 40
    for language in ("en", "ja", "hu"):
        text = i18n.catalog_path(language).read_text(encoding="utf-8")
        known = parse_po(text, keep_untranslated=True)
        missing = [m for m in used if m not in known]
        assert not missing, f"{language}: run tools/update_catalogs.py; missing {missing[:3]}"
    for language in ("ja", "hu"):
        translated = catalog(language)
        untranslated = [m for m in used if not translated.get(m)]
        assert not untranslated, f"{language}: untranslated {untranslated[:3]}"
        for msgid in used:
            assert placeholders(translated[msgid]) == placeholders(msgid), (language, msgid)


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


def test_system_language(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    assert i18n.system_language() == "hu"
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    assert i18n.system_language() == "ja"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert i18n.system_language() == "en"


def test_no_compiled_catalog_is_in_the_tree():
    assert not list((ROOT / "locale").rglob("*.mo"))
