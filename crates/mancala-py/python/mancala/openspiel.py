"""``mancala`` as an OpenSpiel game, so that OpenSpiel's algorithms run on
every rule set (needs ``open_spiel``).

>>> import pyspiel
>>> from mancala import openspiel as mos
>>> mos.register()
>>> game = pyspiel.load_game("python_mancala", {"rules": "kalah,players=3"})
>>> state = game.new_initial_state()

``register()`` registers the Python game ``python_mancala`` (once; again is
a no-op) with one parameter, ``rules``: a ``mancala.load_game`` spec or
rule file (default ``"kalah"``). Pass it in a dict as above, or as
``"python_mancala(rules=kalah3)"`` when the spec has no commas. Actions,
players and returns are ``mancala``'s (see the package docs): sequential,
deterministic, perfect information, terminal rewards that sum to 0. The
observation tensor is ``State.observation_tensor(player)``. Under rules
with rounds (docs/rules.md section 8a) a game is the whole match, as a
``mancala.State`` plays it: its observation has the burnt flags (under
``rounds=territory``, the owners' flags), and its returns are the
match's.
"""

from __future__ import annotations

import tomllib
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped, import-not-found]

import mancala

__all__ = ["SHORT_NAME", "load_game", "register"]

SHORT_NAME = "python_mancala"
"""The name the game is registered under."""

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python mancala (every rule set of the mancala engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "kalah"},
)


class _Game(pyspiel.Game):  # type: ignore[misc]
    """A rule set of the engine as a pyspiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules_game = mancala.load_game(str(params.get("rules", "kalah")))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules_game.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=self.rules_game.num_players(),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.rules_game.max_game_length(),
        )
        super().__init__(_GAME_TYPE, info, params)
        # Houses a side, from the rule file (the observation's length
        # depends on the rounds too).
        self.houses: int = tomllib.loads(self.rules_game.rules())["houses"]

    def new_initial_state(self) -> _State:
        return _State(self, self.rules_game.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        # Perfect information: every observation type sees the whole board.
        del iig_obs_type
        return _Observer(self.rules_game, params)


class _State(pyspiel.State):  # type: ignore[misc]
    """A ``mancala.State`` as a pyspiel state."""

    def __init__(self, game: _Game, state: mancala.State) -> None:
        super().__init__(game)
        self.state = state

    def current_player(self) -> int:
        player = self.state.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if player == mancala.TERMINAL_PLAYER else player

    def _legal_actions(self, player: int) -> list[int]:
        return self.state.legal_actions() if player == self.state.current_player() else []

    def _apply_action(self, action: int) -> None:
        self.state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        # The core names the move of an id: "3", "3cw" where the player
        # chooses the direction, "swap".
        name = self.get_game().rules_game.action_to_string(action)
        return f"p{player} {name}" if name == "swap" else f"p{player} house {name}"

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        return self.state.returns()

    def __str__(self) -> str:
        return str(self.state)


class _Observer:
    """The observation of a player: ``State.observation_tensor``."""

    def __init__(self, game: mancala.Game, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(game.observation_tensor_shape(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: _State, player: int) -> None:
        self.tensor[:] = state.state.observation_tensor(player)

    def string_from(self, state: _State, player: int) -> str:
        del player
        return f"{state.state.to_notation()} history={state.state.history()}"


def register() -> None:
    """Registers ``python_mancala`` with pyspiel (again: nothing happens)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, _Game)


def load_game(spec: str = "kalah") -> pyspiel.Game:
    """``pyspiel.load_game("python_mancala", {"rules": spec})``, registering
    the game first."""
    register()
    return pyspiel.load_game(SHORT_NAME, {"rules": spec})
