"""The platform: raw input into intents, sound, files on disk and where they live."""
