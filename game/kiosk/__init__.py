"""Kiosk mode (``python -m game --kiosk``): an unattended touchscreen that plays itself.

- ``config``: ``kiosk.json`` in the data folder (the operator's PIN as a salted hash, idle
  time, default language, operator corner, the sound), read and checked in one place,
  written owner-only.
- ``runtime``: the ``Kiosk`` the app holds in kiosk mode: which intents are ignored (quit,
  Esc, F11), the start in the attract mode, the idle watcher ("Still playing?", then the
  attract mode), the sound of each mode, the visitor's arrival, the operator's exit.
- ``lockout``: the PIN keypad's guard (a growing wait after wrong PINs) and the operator
  log (``kiosk_log.json``).
- ``window``: the window kept on top and brought back when minimised or hidden.
- ``games``: the kiosk's own level and sector choice, and the game screens as a visitor
  plays them (nothing reaches the personal statistics, progress or saved games).
- ``attract``: the games playing themselves, and today's best between them.
- ``scores``: the arcade table of today's best times (``kiosk_scores.json``).
- ``screens``: the "Still playing?" card, the PIN keypad, the operator menu and log, the
  name entry and the high-score table.
"""
