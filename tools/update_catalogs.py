"""Collect every translatable string and bring the three .po catalogs up to date.

Strings come from ``_()``, ``N_()`` and ``ngettext()`` calls in game/ (found by parsing the
source, not by regex) and from the hint templates in ``locale/*.pot`` that the game screens
provide. New msgids are added to each ``locale/<lang>/LC_MESSAGES/cmt.po`` with an empty
translation (English keeps them empty: gettext falls back to the msgid); existing
translations are kept; msgids no longer used are dropped. Then translate the empty ones.

    .venv/bin/python tools/update_catalogs.py
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import DOMAIN, LANGUAGES, parse_po  # noqa: E402

HEADERS = {
    "en": "Plural-Forms: nplurals=2; plural=(n != 1);",
    "ja": "Plural-Forms: nplurals=1; plural=0;",
    "hu": "Plural-Forms: nplurals=2; plural=(n != 1);",
}


def source_messages(folder: Path) -> dict[str, str | None]:
    """msgid -> msgid_plural (None for a singular) for every call in the .py files.

    A message with a context (``pgettext``) is keyed ``context + "\\x04" + msgid``, as in .mo.
    """
    found: dict[str, str | None] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            args = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if node.func.id in ("_", "N_") and len(args) == 1 and isinstance(args[0], str):
                found.setdefault(args[0], None)
            elif node.func.id == "ngettext" and len(args) >= 2:
                found[args[0]] = args[1]
            elif node.func.id == "pgettext" and len(args) == 2:
                found.setdefault(f"{args[0]}\x04{args[1]}", None)
    return found


def pot_messages(folder: Path) -> dict[str, str | None]:
    found: dict[str, str | None] = {}
    for pot in sorted(folder.glob("*.pot")):
        for msgid in parse_po(pot.read_text(encoding="utf-8"), keep_untranslated=True):
            if msgid:
                found.setdefault(msgid.split("\x00")[0], None)
    return found


def all_messages() -> dict[str, str | None]:
    return {**pot_messages(ROOT / "locale"), **source_messages(ROOT / "game")}


def quote(s: str) -> str:
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{out}"'


def render(language: str, messages: dict[str, str | None], old: dict[str, str]) -> str:
    lines = [
        f"# {DOMAIN} catalog: {language}. Updated by tools/update_catalogs.py; translate here.",
        'msgid ""',
        'msgstr ""',
        quote("Content-Type: text/plain; charset=UTF-8\n"),
        quote(f"Language: {language}\n"),
        quote(HEADERS[language] + "\n"),
        "",
    ]
    for msgid in sorted(messages, key=str.casefold):
        plural = messages[msgid]
        context, _, text = msgid.rpartition("\x04")
        if context:
            lines.append(f"msgctxt {quote(context)}")
        if plural is None:
            lines += [f"msgid {quote(text)}", f"msgstr {quote(old.get(msgid, ''))}", ""]
        else:
            forms = old.get(f"{msgid}\x00{plural}", "").split("\x00")
            n = 1 if language == "ja" else 2
            lines += [f"msgid {quote(text)}", f"msgid_plural {quote(plural)}"]
            for i in range(n):
                lines.append(f"msgstr[{i}] {quote(forms[i] if i < len(forms) else '')}")
            lines.append("")
    return "\n".join(lines)


def main() -> None:
    messages = all_messages()
    for language in LANGUAGES:
        path = ROOT / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        old = parse_po(path.read_text(encoding="utf-8")) if path.exists() else {}
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(language, messages, old), encoding="utf-8")
        missing = sum(1 for m in messages if not old.get(m) and messages[m] is None)
        todo = "" if language == "en" else f", {missing} untranslated"  # English is the msgid
        print(f"{path.relative_to(ROOT)}: {len(messages)} messages{todo}")


if __name__ == "__main__":
    main()
