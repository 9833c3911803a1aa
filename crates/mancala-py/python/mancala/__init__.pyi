"""Type stubs of the `mancala` package (hand-written; checked with
``python -m mypy.stubtest mancala``)."""

import os
from typing import Any, Final, Literal, final

import numpy as np
from numpy.typing import NDArray

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

def load_state(text: str) -> State:
    """A state from a saved game, as ``mancala replay --game`` reads it:
    the core's JSON record (text starting with ``{``, as
    ``State.to_json`` and the server's export write it) or its one-line
    text (``"kalah,houses=4,seeds=3; 2, 4, resign 1"``, as
    ``State.to_text`` writes it). The game brings its own rules; its
    events are replayed.

    Raises ``ValueError`` naming what does not read or replay (the part of
    the line, the event and its ply), ``TypeError`` for anything but a
    str."""

def random_playouts(game: Game, n: int, seed: int, threads: int = 1) -> PlayoutTotals:
    """Plays ``n`` games between uniformly random players in Rust, with the
    GIL released, on ``threads`` threads (0: one per core). Under rules in
    rounds a game is a whole match: ``plies`` counts every round's moves
    and ``firsts`` the match's last round."""

def solve(
    state: State,
    *,
    time: float | None = None,
    nodes: int | None = None,
    table_mb: int = 64,
    database_seeds: int = 12,
) -> Solution:
    """The exact value and a best action of a two-player ``state``, with
    the GIL released. ``time`` (seconds) or ``nodes`` bound the search;
    ``table_mb`` is the solver's table, ``database_seeds`` the endgame
    database built first (rules where the board alone decides the future).

    Raises ``ValueError`` for three or four players or a game that is
    over, ``TimeoutError`` when the budget runs out first."""

def analyse(
    state: State,
    ai: str = "ai:10",
    *,
    depth: int | None = None,
    time: float | None = None,
) -> list[MoveValue]:
    """The value of every legal action for the player who plays it, best
    first, as ``mancala analyse`` gives it: exact from the opening book
    where it holds the state (Kalah(6,4)'s first four turns) or when the
    solver finishes (two players, within ``time`` or one second), else
    estimated by
    alpha-beta within the budget of ``ai`` (a searching player spec),
    replaced by ``depth`` or ``time`` when given. With the GIL released;
    empty once the game is over."""

@final
class Solution:
    """What ``solve`` found."""

    @property
    def player(self) -> int:
        """The player to move, whom ``value`` and ``result`` are for."""
    @property
    def value(self) -> int:
        """The final score difference under perfect play for ``player``."""
    @property
    def values(self) -> list[int]:
        """Per player, the final score difference for that player."""
    @property
    def result(self) -> Literal["win", "draw", "loss"]: ...
    @property
    def best_action(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...

@final
class MoveValue:
    """The value of one action, as ``analyse`` gives it."""

    @property
    def action(self) -> int: ...
    @property
    def value(self) -> float:
        """In seeds for the mover: the final score difference when
        ``exact``, else an estimate."""
    @property
    def exact(self) -> bool: ...
    @property
    def result(self) -> Literal["win", "draw", "loss"] | None:
        """For the mover, when ``exact``."""

@final
class Bot:
    """A computer player in the shape of a pyspiel bot: any player spec of
    the engine (``"ai:1"`` .. ``"ai:10"``, ``"alphabeta:depth=8"``,
    ``"mcts:nodes=2000"``, ``"maxn"``, ``"greedy"``, ``"random"``), seeded
    with the spec's ``seed=`` or else ``seed``. Searches release the GIL."""

    def __new__(cls, game: Game, spec: str, seed: int | None = None) -> Bot: ...
    def step(self, state: State) -> int:
        """The action the bot plays in ``state`` (which is not changed)."""
    def inform_action(self, state: State, player_id: int, action: int) -> None:
        """Tells the bot that ``player_id`` played ``action`` in ``state``
        (the state before the move)."""
    def restart(self) -> None:
        """Forgets the game: the bot is as new."""
    @property
    def spec(self) -> str: ...
    @property
    def seed(self) -> int: ...

@final
class Game:
    """A rule set, compiled once; the factory of its states."""

    def new_initial_state(self) -> State: ...
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int:
        """One action per house (two where the player chooses some
        houses' direction), one more (the swap) under the pie rule; under
        ``rounds=territory``, ``2 * houses - 1``: every house a player can
        own, its own row's then the opponent's."""
    def action_to_string(self, action: int) -> str:
        """The move of an action id in the game's notation: ``"3"``,
        ``"3cw"``/``"3ccw"`` where the player chooses the direction,
        ``"swap"``. ``ValueError`` outside ``0..num_distinct_actions()``."""
    def max_game_length(self) -> int:
        """A bound on the plies of a game (at most ``GAME_LENGTH_CAP``); in
        rounds, on the moves of the whole match."""
    def observation_tensor_shape(self) -> list[int]:
        """``[players * (houses + 1) + players]``, plus ``players * houses``
        when the rules play rounds: see ``State.observation_tensor``."""
    def batch(self, n: int, seed: int | None = None, *, reuse: bool = False) -> Batch:
        """``n`` games stepped together in Rust; ``seed`` changes nothing
        yet (the start position is fixed). With ``reuse=True`` every call
        of the batch writes and returns the same arrays (see
        ``Batch.reuse``). Under rules with rounds each game of the batch
        is a whole match, as ``new_initial_state()`` plays it."""
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
    """A game in progress: the position and the moves that led to it.
    Under rules with rounds (docs/rules.md section 8a), the whole match."""

    def current_player(self) -> int:
        """The player to move (from 0), or ``TERMINAL_PLAYER`` (-4) once over."""
    def legal_actions(self) -> list[int]: ...
    def legal_actions_mask(self) -> NDArray[np.bool_]:
        """One flag per action id, true for the legal ones."""
    def observation_tensor(self, player: int | None = None) -> NDArray[np.float32]:
        """What ``player`` (default: the one to move) sees, float32: per
        side, from the player's own then the others in turn order, the
        houses (house 1 first) and the store as seed counts; then one turn
        flag per side in the same order (all 0 once the game is over). With
        rounds, then per side in the same order its houses, 1.0 for one its
        player does not play this round: burnt, or under
        ``rounds=territory`` owned by the other player (the board shown is
        the physical one, the first round's shape, in every round)."""
    def apply_action(self, action: int) -> None:
        """Plays an action id; ``ValueError`` if out of range or illegal,
        ``TypeError`` if not an int."""
    def is_terminal(self) -> bool:
        """Whether the game is over; in rounds, the whole match."""
    def returns(self) -> list[float]:
        """Per player: (players ranked below - players ranked above) / (players - 1);
        a match's are its last round's, 0 until the match is over."""
    def scores(self) -> list[int]:
        """Per player, the seeds in its store (of the round being played)."""
    def current_round(self) -> int:
        """The round being played, from 0 (the last once over); 0 without rounds."""
    def rounds_won(self) -> list[int]:
        """Per player, the rounds it won, ranked first alone (a finished
        round being played counts)."""
    def burnt_houses(self) -> list[list[int]]:
        """Per player, its house numbers (from 1) burnt in the round being
        played; never legal actions. Under ``rounds=territory`` none (every
        house has an owner: see ``house_owners``)."""
    def house_owners(self) -> list[list[int]]:
        """Per player, its row's houses (house 1 first): the player who
        plays each in the round being played, -1 for a burnt one. Under
        ``rounds=territory``, a house won by the other player."""
    def is_chance_node(self) -> bool: ...
    def move_number(self) -> int:
        """Moves played; in rounds, in every round so far."""
    def history(self) -> list[int]:
        """The action ids played; in rounds, every round's in order."""
    def solve(
        self,
        *,
        time: float | None = None,
        nodes: int | None = None,
        table_mb: int = 64,
        database_seeds: int = 12,
    ) -> Solution:
        """``mancala.solve(self, ...)``."""
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any, /) -> State: ...
    def serialize(self) -> str: ...
    def to_json(self) -> str:
        """The game as the core's JSON record, ``{"rules": {...}, "start":
        {...}, "events": ["3", "6", "resign 1"]}`` (``start`` only when it
        is not the usual one): what the server exports and ``mancala
        replay --game`` reads. The same text as ``serialize()``. A match
        in rounds: ``{"rules": {...}, "rounds": [["3", "6"], ["2"]]}``."""
    @staticmethod
    def from_json(text: str) -> State:
        """A state from the core's JSON record of a game or of a match (it
        has ``rounds``), which brings its own rules; its events are replayed. ``ValueError`` naming what
        does not read or replay, ``TypeError`` for anything but a str."""
    def to_text(self) -> str:
        """The game as the core's one-line text: ``RULES; EVENTS``, or
        ``RULES; start POSITION; EVENTS`` from another start
        (``"kalah,houses=4,seeds=3; 2, 4, resign 1"``). A match in rounds:
        its match line, ``RULES; ROUND / ROUND`` (each round's events)."""
    @staticmethod
    def from_text(text: str) -> State:
        """A state from the core's one-line text of a game, or a match line
        when the rules play rounds, which brings its own rules; its events are replayed. ``ValueError`` naming the
        part that does not fit (the rules, the start, an event by its
        place from 1 and the ply it stands at), ``TypeError`` for anything
        but a str."""
    def get_game(self) -> Game:
        """The game of this state's rules (pyspiel's ``get_game``)."""
    def to_notation(self) -> str: ...
    @staticmethod
    def from_notation(game: Game, text: str) -> State:
        """A state from position notation, with no history; ``ValueError``
        for rules with rounds (a match starts from its rules)."""
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
    released. A game that ends restarts at once (automatic reset). Under
    rules with rounds each game is a whole match: the observations carry
    the burnt flags as ``State.observation_tensor`` does, a round that
    ends starts the next at once, and the match's end is flagged with the
    match's returns."""

    @property
    def seed(self) -> int | None: ...
    @property
    def reuse(self) -> bool:
        """Whether the batch was made with ``reuse=True``: then ``reset``,
        ``observe`` and ``step`` write into arrays made with the batch and
        return those same arrays every time, so each call overwrites all
        that the last one returned (copy what you keep: ``obs.copy()``),
        without allocating or zeroing anything. ``ValueError`` if one of
        them was made read-only or resized. Else every
        call returns new arrays."""
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
