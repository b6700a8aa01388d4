"""The screens: the scene stack, launcher, settings, pause, dialogs and the game registry."""
