"""Type stubs of the `mancala` package (hand-written; checked with
``python -m mypy.stubtest mancala``)."""

import os
from typing import Any, Final, final

import numpy as np
from numpy.typing import NDArray

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

TERMINAL_PLAYER: Final[int]
"""``current_player()`` of a finished game: -4, OpenSpiel's ``PlayerId.TERMINAL``."""

PRESETS: Final[tuple[str, ...]]
"""The names of the rule presets, which ``load_game`` takes."""

GAME_LENGTH_CAP: Final[int]
"""Plies after which a game whose rules give no bound ends by agreement."""

def load_game(spec: str | os.PathLike[str]) -> Game:
    """A game from a preset name, a spec with settings
    (``"kalah,players=3"``, ``"kalah(players=3)"``, ``"kalah3"``) or the
    path of a ``.toml``/``.json`` rule file.

    Raises ``ValueError`` for unknown names or invalid rules,
    ``FileNotFoundError``/``OSError`` for a rule file that cannot be read,
    ``TypeError`` for anything but a str or a path."""

def random_playouts(game: Game, n: int, seed: int, threads: int = 1) -> PlayoutTotals:
    """Plays ``n`` games between uniformly random players in Rust, with the
    GIL released, on ``threads`` threads (0: one per core)."""

@final
class Game:
    """A rule set, compiled once; the factory of its states."""

    def new_initial_state(self) -> State: ...
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int:
        """One action per house, one more (the swap) under the pie rule."""
    def max_game_length(self) -> int:
        """A bound on the plies of a game (at most ``GAME_LENGTH_CAP``)."""
    def observation_tensor_shape(self) -> list[int]:
        """``[players * (houses + 1) + players]``: see ``State.observation_tensor``."""
    def batch(self, n: int, seed: int | None = None) -> Batch:
        """``n`` games stepped together in Rust; ``seed`` changes nothing
        yet (the start position is fixed)."""
    def rules(self) -> str:
        """The rule set as a rule file (TOML text)."""
    def spec(self) -> str:
        """The rule set as a canonical spec, which ``load_game`` reads back."""
    def deserialize_state(self, text: str) -> State: ...
    def state_from_notation(self, text: str) -> State: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class State:
    """A game in progress: the position and the moves that led to it."""

    def current_player(self) -> int:
        """The player to move (from 0), or ``TERMINAL_PLAYER`` (-4) once over."""
    def legal_actions(self) -> list[int]: ...
    def legal_actions_mask(self) -> NDArray[np.bool_]:
        """One flag per action id, true for the legal ones."""
    def observation_tensor(self, player: int | None = None) -> NDArray[np.float32]:
        """What ``player`` (default: the one to move) sees, float32: per
        side, from the player's own then the others in turn order, the
        houses (house 1 first) and the store as seed counts; then one turn
        flag per side in the same order (all 0 once the game is over)."""
    def apply_action(self, action: int) -> None:
        """Plays an action id; ``ValueError`` if out of range or illegal,
        ``TypeError`` if not an int."""
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]:
        """Per player: (players ranked below - players ranked above) / (players - 1)."""
    def scores(self) -> list[int]: ...
    def is_chance_node(self) -> bool: ...
    def move_number(self) -> int: ...
    def history(self) -> list[int]: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any, /) -> State: ...
    def serialize(self) -> str: ...
    def to_notation(self) -> str: ...
    @staticmethod
    def from_notation(game: Game, text: str) -> State: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class PlayoutTotals:
    """What a run of ``random_playouts`` came to."""

    @property
    def games(self) -> int: ...
    @property
    def plies(self) -> int:
        """Moves played in all (pie swaps included)."""
    @property
    def capped(self) -> int:
        """Games ended by agreement at the length cap."""
    @property
    def firsts(self) -> list[int]:
        """Per side: the games it ranked first in, alone or shared."""

@final
class Batch:
    """``n`` games of one rule set stepped together in Rust, the GIL
    released. A game that ends restarts at once (automatic reset)."""

    @property
    def seed(self) -> int | None: ...
    def __len__(self) -> int: ...
    def reset(
        self,
    ) -> tuple[NDArray[np.float32], NDArray[np.bool_], NDArray[np.int64]]:
        """Every game back at the start: ``(observations [n, obs],
        legal_masks [n, actions], current_players [n])``."""
    def observe(
        self,
    ) -> tuple[NDArray[np.float32], NDArray[np.bool_], NDArray[np.int64]]:
        """The current ``(observations, legal_masks, current_players)``."""
    def step(
        self, actions: NDArray[np.int64]
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.bool_],
        NDArray[np.float32],
        NDArray[np.bool_],
        NDArray[np.int64],
    ]:
        """Plays ``actions[i]`` (int64, shape ``(n,)``) in game ``i``:
        ``(observations, legal_masks, rewards [n, players], terminated [n],
        current_players)``. Observations are by the player to move; a game
        that ended has its returns as rewards and shows its restart.
        ``TypeError`` for another type or dtype, ``ValueError`` for another
        shape or an illegal action (nothing is played then)."""
