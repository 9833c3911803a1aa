"""Mancala games for Python: every rule set of the Rust engine, in the
shape of OpenSpiel's ``pyspiel`` API.

>>> import mancala
>>> game = mancala.load_game("kalah")
>>> state = game.new_initial_state()
>>> state.apply_action(2)            # house 3: the last seed lands in the store
>>> state.current_player()           # ... so player 0 moves again
0

Action ids are house numbers minus one from the mover's view
(``0 .. houses - 1``), and ``houses`` for the pie-rule swap when the rules
have one. ``current_player()`` is ``TERMINAL_PLAYER`` (-4, OpenSpiel's
``PlayerId.TERMINAL``) once the game is over. ``returns()`` gives each
player (players ranked below it - players ranked above it) / (players - 1):
+1 / 0 / -1 for a win, draw or loss with two players; with three or four,
+1 for a lone first, -1 for a lone last, shared ranks in between, always
summing to 0. The work is done in Rust; ``random_playouts`` and
``Batch.step`` release the GIL while they play.

``State.observation_tensor(player)`` is a float32 numpy array of
``Game.observation_tensor_shape()`` = ``[players * (houses + 1) + players]``:
for each side, the player's own first and then the others in turn order,
its houses (house 1 first) and its store as raw seed counts; then one turn
flag per side, in the same order, 1 for the side to move (all 0 once the
game is over). ``game.batch(n)`` steps ``n`` games at once with numpy
arrays; a game that ends restarts at once (see ``Batch.step``).
"""

from mancala._mancala import (
    GAME_LENGTH_CAP,
    PRESETS,
    TERMINAL_PLAYER,
    Batch,
    Game,
    PlayoutTotals,
    State,
    load_game,
    random_playouts,
)

__all__ = [
    "GAME_LENGTH_CAP",
    "PRESETS",
    "TERMINAL_PLAYER",
    "Batch",
    "Game",
    "PlayoutTotals",
    "State",
    "load_game",
    "random_playouts",
]
