"""The pygame-ce front end: loop, scenes, input, views, audio, i18n, storage."""
