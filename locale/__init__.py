"""Translations (.po sources): the installed package ``cmt_locale``."""
