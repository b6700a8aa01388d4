"""The pygame-ce front end: loop, scenes, input, views, audio, i18n, storage."""

import os

# pygame prints a banner on import; a game's console should stay quiet
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
