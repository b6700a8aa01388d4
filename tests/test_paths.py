"""Shipped files are found however the package was installed."""

import sys

import pytest

from game.platform.paths import resource


@pytest.mark.parametrize("regular", [True, False])
def test_a_shipped_file_is_found_in_a_regular_or_a_namespace_package(tmp_path, regular):
    # A wheel installs cmt_locale as a namespace package (no __init__.py) and cmt_assets as
    # a regular one; both must give a real path, or the game cannot load its catalogs.
    name = f"shipped_{'regular' if regular else 'namespace'}"
    folder = tmp_path / name / "hu" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "cmt.po").write_text('msgid ""\nmsgstr ""\n')
    if regular:
        (tmp_path / name / "__init__.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    try:
        found = resource(name, "hu", "LC_MESSAGES", "cmt.po")
        assert found == folder / "cmt.po" and found.read_text().startswith("msgid")
        with pytest.raises(FileNotFoundError, match="missing from the installed"):
            resource(name, "xx", "nothing.po")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop(name, None)


def test_the_real_catalogs_and_fonts_are_found():
    assert resource("cmt_locale", "ja", "LC_MESSAGES", "cmt.po").is_file()
    assert resource("cmt_assets", "fonts", "Mplus1-Regular.otf").is_file()
