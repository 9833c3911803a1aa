"""Type stubs of the `mancala` package (hand-written; checked with
``python -m mypy.stubtest mancala``)."""

import os
from typing import Any, Final, final

__all__ = [
    "GAME_LENGTH_CAP",
    "PRESETS",
    "TERMINAL_PLAYER",
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
    def legal_actions_mask(self) -> list[int]: ...
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
