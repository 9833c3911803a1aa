"""A PettingZoo AEC environment over ``mancala``: every rule set, 2 to 4
agents (needs the ``rl`` extra: ``pip install ./crates/mancala-py[rl]``).

>>> from mancala import pettingzoo as mz
>>> env = mz.env("kalah3", render_mode="ansi")
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated else int(obs["action_mask"].nonzero()[0][0])
...     env.step(action)

Agents are ``"player_0"`` .. ``"player_{n-1}"``, in turn order (after a
pie swap they keep their names and trade sides). The agent to move
(``agent_selection``) follows the rules: an extra turn selects the same
agent again. Each agent observes a dict: ``"observation"``, its
``State.observation_tensor`` (float32, from its own seat), and
``"action_mask"`` (int8, one flag per action id; all 0 for an agent not to
move). Rewards are 0 until the game ends, then each agent's ``returns()``
(+1/0/-1 with two players; from ranks with more). Under rules with
rounds (docs/rules.md section 8a) a game is the whole match: a round that
ends starts the next at once, the observation has the burnt flags (under
``rounds=territory``, the owners' flags), and the rewards are the match's
returns. Games never truncate:
rules without an end end by agreement at ``mancala.GAME_LENGTH_CAP``. An
illegal action raises ``ValueError``.
"""

from __future__ import annotations

import os
import tomllib
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

import mancala

__all__ = ["MancalaEnv", "env", "raw_env"]


def _game_of(spec: str | os.PathLike[str] | mancala.Game) -> mancala.Game:
    return spec if isinstance(spec, mancala.Game) else mancala.load_game(spec)


class MancalaEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment itself; ``env()`` wraps it as PettingZoo's
    classic environments are wrapped (order enforced)."""

    metadata = {"render_modes": ["ansi"], "name": "mancala_v0", "is_parallelizable": False}

    def __init__(
        self,
        spec: str | os.PathLike[str] | mancala.Game = "kalah",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.game = _game_of(spec)
        players = self.game.num_players()
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        start = self.game.new_initial_state().observation_tensor(0)
        # Seeds are only moved, never made: no count exceeds the total
        # on the board and in the stores (the flags are 0 or 1).
        houses = tomllib.loads(self.game.rules())["houses"]
        total = float(start[: players * (houses + 1)].sum())
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, max(total, 1.0), start.shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.game_state = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # The start position is fixed: the seed changes nothing but the
        # spaces' own sampling, which the caller seeds.
        del seed, options
        self.game_state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self._index[agent]
        if self.game_state.current_player() == player:
            mask = self.game_state.legal_actions_mask().astype(np.int8)
        else:
            mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        return {"observation": self.game_state.observation_tensor(player), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply_action(action)
        if self.game_state.is_terminal():
            returns = self.game_state.returns()
            for a in self.agents:
                self.rewards[a] = returns[self._index[a]]
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.game_state.current_player()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: use render_mode='ansi'")
            return None
        return str(self.game_state)

    def close(self) -> None:
        pass


def raw_env(
    spec: str | os.PathLike[str] | mancala.Game = "kalah", render_mode: str | None = None
) -> MancalaEnv:
    """The environment unwrapped."""
    return MancalaEnv(spec, render_mode)


def env(spec: str | os.PathLike[str] | mancala.Game = "kalah", render_mode: str | None = None) -> AECEnv:
    """A PettingZoo AEC environment of ``spec`` (a ``load_game`` spec, a
    rule file or a ``mancala.Game``), ``render_mode`` None or ``"ansi"``."""
    return wrappers.OrderEnforcingWrapper(MancalaEnv(spec, render_mode))
