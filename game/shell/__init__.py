"""The shell: scenes and their stack, the registry of screens, launcher, settings, dialogs."""
