"""A Gymnasium single-agent environment over ``mancala``: one seat is the
agent's, the others are played by an engine player such as ``"ai:3"``
(needs the ``rl`` extra: ``pip install ./crates/mancala-py[rl]``).

>>> import gymnasium, mancala.gymnasium
>>> env = gymnasium.make("mancala/Mancala-v0", spec="kalah", opponent="ai:2")
>>> obs, info = env.reset(seed=0)
>>> obs, reward, terminated, truncated, info = env.step(int(env.action_masks().argmax()))

The observation is the agent's ``State.observation_tensor`` (float32, from
its own seat); ``action_masks()`` gives the legal actions as a bool array
(the method MaskablePPO of sb3-contrib calls), also in ``info["action_mask"]``
(through ``gymnasium.make``'s wrappers: ``env.unwrapped.action_masks()``).
A step plays the agent's action, then the opponents' moves until the agent
is to move again or the game is over. The reward is 0 until the end, then
the agent's ``returns()`` entry (+1/0/-1 with two players). Under rules
with rounds (docs/rules.md section 8a) an episode is the whole match: a
round that ends starts the next at once, the observation has the burnt
flags (under ``rounds=territory``, the owners' flags), and the reward is
the match's return. An illegal
action raises ``ValueError``. ``reset(seed=...)`` seeds the opponents (and
the agent's seat when ``player=None`` draws it at random).
"""

from __future__ import annotations

import os
import tomllib
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import mancala

__all__ = ["ENV_ID", "MancalaEnv"]

ENV_ID = "mancala/Mancala-v0"
"""The id under which ``gymnasium.make`` knows the environment (its
keyword arguments are those of ``MancalaEnv``)."""


class MancalaEnv(gymnasium.Env):  # type: ignore[misc]
    """The agent plays seat ``player`` (``None``: a random seat each
    episode) of ``spec`` against ``opponent`` (a player spec) in the
    other seats."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        spec: str | os.PathLike[str] | mancala.Game = "kalah",
        opponent: str = "ai:1",
        player: int | None = 0,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.game = spec if isinstance(spec, mancala.Game) else mancala.load_game(spec)
        players = self.game.num_players()
        if player is not None and not (isinstance(player, int) and 0 <= player < players):
            raise ValueError(f"player must be None or from 0 to {players - 1}, not {player!r}")
        self.opponent = opponent
        # Made now, so that a bad spec fails here rather than at reset().
        mancala.Bot(self.game, opponent)
        self.seat = player
        self.player = 0 if player is None else player
        start = self.game.new_initial_state().observation_tensor(0)
        # Seeds are only moved, never made: no count exceeds the total
        # on the board and in the stores (the flags are 0 or 1).
        houses = tomllib.loads(self.game.rules())["houses"]
        total = float(start[: players * (houses + 1)].sum())
        self.observation_space = spaces.Box(0.0, max(total, 1.0), start.shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state = self.game.new_initial_state()
        self.bots: dict[int, mancala.Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        players = self.game.num_players()
        if self.seat is None:
            self.player = int(self.np_random.integers(players))
        seeds = self.np_random.integers(2**63, size=players)
        self.bots = {
            p: mancala.Bot(self.game, self.opponent, seed=int(seeds[p]))
            for p in range(players)
            if p != self.player
        }
        self.state = self.game.new_initial_state()
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise ValueError("the episode is over: call reset()")
        self._play(self.player, action)
        self._play_opponents()
        terminated = self.state.is_terminal()
        reward = self.state.returns()[self.player] if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent (all false once the game is over)."""
        return self.state.legal_actions_mask()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: use render_mode='ansi'")
            return None
        return str(self.state)

    def _play(self, player: int, action: Any) -> None:
        """Plays ``action`` for ``player``, telling the bots."""
        for p, bot in self.bots.items():
            if p != player:
                bot.inform_action(self.state, player, action)
        self.state.apply_action(action)

    def _play_opponents(self) -> None:
        while not self.state.is_terminal() and self.state.current_player() != self.player:
            mover = self.state.current_player()
            self._play(mover, self.bots[mover].step(self.state))

    def _observation(self) -> np.ndarray:
        return self.state.observation_tensor(self.player)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "player": self.player}


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point="mancala.gymnasium:MancalaEnv")
