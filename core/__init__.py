"""The back end: rules and algorithms of both games. Pure: no pygame, no files, no clock."""
