"""A game's items one by one, for print shops (``--format cards``) and Tabletop Simulator
(``--format tts``): :mod:`printkit.core.export.items` draws them, the formats write them."""
