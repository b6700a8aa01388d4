"""Shipped data (fonts, sounds, images, sector data): the installed package ``cmt_assets``."""
