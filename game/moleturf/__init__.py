"""Cyber Mole Turf, the front end: the sector map, the play screen, its board and panel."""
