"""The game-agnostic core: units, geometry, layouts, drawing, page furniture."""
