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
have one; where the player chooses the direction of some houses
(``direction_choice``), ``houses`` more ids sow them clockwise (a chosen
house's own id sows it counter-clockwise) and the swap comes after. ``current_player()`` is ``TERMINAL_PLAYER`` (-4, OpenSpiel's
``PlayerId.TERMINAL``) once the game is over. ``returns()`` gives each
player (players ranked below it - players ranked above it) / (players - 1):
+1 / 0 / -1 for a win, draw or loss with two players; with three or four,
+1 for a lone first, -1 for a lone last, shared ranks in between, always
summing to 0. Under rules with rounds (``rounds=fill``, ``loser_fills``,
``territory``; docs/rules.md section 8a) a state plays the whole match: a
round that ends starts the next at once, ``is_terminal()`` is true only at
the match's end, and ``returns()`` is the last round's result (the
match's), 0 before; ``current_round()``, ``rounds_won()``,
``burnt_houses()`` and ``house_owners()`` tell the rounds, and a burnt
house is never a legal action. Under ``rounds=territory`` (houses changing
hands) there are ``2 * houses - 1`` action ids: id ``a`` is the player's
own house ``a + 1`` for ``a < houses``, else the opponent's house ``a -
houses + 1``, legal only in a round where the player owns it. The work is done in Rust; ``random_playouts`` and
``Batch.step`` release the GIL while they play.

``State.observation_tensor(player)`` is a float32 numpy array of
``Game.observation_tensor_shape()`` = ``[players * (houses + 1) + players]``:
for each side, the player's own first and then the others in turn order,
its houses (house 1 first) and its store as raw seed counts; then one turn
flag per side, in the same order, 1 for the side to move (all 0 once the
game is over); with rounds, then ``players * houses`` flags, each
side's houses in the same order, 1.0 for a house its player does not play
this round (burnt; under ``rounds=territory``, owned by the other player,
the seeds shown in the house's own row). ``game.batch(n)`` steps ``n`` games at once with numpy
arrays; a game that ends restarts at once (see ``Batch.step``); with rounds,
each game of a batch is a whole match.

The engine's players and solver: ``Bot(game, "ai:5", seed=1)`` with
pyspiel's ``step(state)`` and ``inform_action(state, player, action)``;
``solve(state)`` (or ``state.solve()``), the exact value of a two-player
position; ``analyse(state)``, every action valued, exactly when the solver
finishes in time. They search with the GIL released.

Adapters, loaded on first use (``pip install mancala[rl]``):
``mancala.pettingzoo.env(spec)`` (a PettingZoo AEC environment),
``mancala.gymnasium.MancalaEnv`` (single agent against an engine player,
``gymnasium.make("mancala/Mancala-v0")``) and ``mancala.openspiel.register()``
(the pyspiel game ``python_mancala``).
"""

import importlib
from types import ModuleType

from mancala._mancala import (
    GAME_LENGTH_CAP,
    PRESETS,
    TERMINAL_PLAYER,
    Batch,
    Bot,
    Game,
    MoveValue,
    PlayoutTotals,
    Solution,
    State,
    analyse,
    load_game,
    load_state,
    random_playouts,
    solve,
)

__all__ = [
    "GAME_LENGTH_CAP",
    "PRESETS",
    "TERMINAL_PLAYER",
    "Batch",
    "Bot",
    "Game",
    "MoveValue",
    "PlayoutTotals",
    "Solution",
    "State",
    "analyse",
    "load_game",
    "load_state",
    "random_playouts",
    "solve",
]

# The adapters need packages the core does not: they load on first use,
# so `import mancala` needs numpy alone.
_ADAPTERS = ("gymnasium", "openspiel", "pettingzoo")


def __getattr__(name: str) -> ModuleType:
    if name in _ADAPTERS:
        return importlib.import_module(f"mancala.{name}")
    raise AttributeError(f"module 'mancala' has no attribute {name!r}")
