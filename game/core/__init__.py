"""The rules contract shared by every game (game/core/CONTRACT.md): import each piece from its own
module (game.core.contract, game.core.stages, game.core.prompt...), so no module of the package
depends on the package as a whole."""
