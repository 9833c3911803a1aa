#!/usr/bin/env python3
"""Our player against OpenSpiel's MCTS or alpha-beta bot, in Kalah and Oware.

Usage (from anywhere in the workspace; run it with a Python that has
OpenSpiel, e.g. after ``pip install open_spiel``)::

    python benches/versus_openspiel_mcts.py [--games 50] [--spec ai:10]
        [--time 1h+0s,1s] [--opponent mcts] [--simulations 1000] [--depth 4]
        [--games-list mancala,oware] [--seed 1] [--first-game 0]

OpenSpiel's side is one of:

- ``--opponent mcts`` (the default): ``pyspiel.MCTSBot(game, evaluator,
  uct_c=2, max_simulations=--simulations, max_memory_mb=1000, solve=True,
  seed=...)`` with ``evaluator = pyspiel.RandomRolloutEvaluator(1, seed)``:
  UCT with one random rollout per simulation and MCTS-Solver backups
  (``solve=True``, the default of OpenSpiel's Python ``MCTSBot``).
- ``--opponent alphabeta``: ``open_spiel.python.algorithms.minimax.
  alpha_beta_search(game, state, value_function, maximum_depth=--depth)``,
  OpenSpiel's alpha-beta (Python, plies of depth, no move ordering or
  table), whose leaves are valued by the store difference (``mancala``:
  the two stores of the observation tensor; ``oware``: the two scores),
  divided by the 48 seeds so that it stays within a win's +1 and a loss's
  -1. It is deterministic (the first best move in OpenSpiel's order).

Ours is ``examples/engine.rs`` (built here with ``cargo build --release
--example engine``; ``CARGO_TARGET_DIR`` is honoured), speaking its line
protocol, with the player ``--spec`` (by default ``ai:10``, alpha-beta with
a node budget); with ``--time TIME`` (``1h+0s,1s``, ``200ms``) the player
runs under the time manager as ``mancala agent --time TIME`` runs it
(``--spec alphabeta --time 1h+0s,1s`` is the agent at its defaults).

The game is played in OpenSpiel (``mancala`` is our ``kalah``, ``oware``
our ``oware``) and mirrored move by move in our engine; the side to move
is checked against OpenSpiel after every move. Game ``g`` gives us player
``g % 2`` (we move first in the even games) and both sides a seed from
``--seed`` and ``g``; ``--first-game`` starts the count elsewhere, so that
a run can be split in parts that together play the same games. If our
engine ends a game that OpenSpiel does not (our Oware ends a game at a
repeated position), the result is taken from our engine's final scores.

Action mappings: ``mancala`` player 0's action ``a`` (1..6) is our house
``a``, player 1's ``a`` (8..13) our house ``a - 7``; ``oware``'s action
``a`` (0..5) is our house ``a + 1`` for either player.

Printed: every game's result, and for a game we did not win its record
in the one-line form ``mancala replay --game -`` and ``mancala analyse
--game`` read (``kalah; 3, 6, ...``); then per game kind our
wins/draws/losses and score, both sides' mean time per move (ours as
measured by the engine around the search, and as seen from here
including the pipe; OpenSpiel's around its move choice), and the
wins/draws/losses from each seat.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import pyspiel

ROOT = Path(__file__).resolve().parent.parent
OURS = {"mancala": "kalah", "oware": "oware"}
SEEDS = 48  # in both games


def to_ours(game: str, player: int, action: int) -> str:
    if game == "mancala":
        return str(action if player == 0 else action - 7)
    return str(action + 1)


def to_theirs(game: str, player: int, move: str) -> int:
    house = int(move)
    if game == "mancala":
        return house if player == 0 else house + 7
    return house - 1


def store_difference(game: str, state, player: int) -> float:
    """The store difference for ``player`` in OpenSpiel's own terms, in seeds / 48."""
    tensor = state.observation_tensor(0)
    if game == "mancala":
        # board_: [0] is player 1's store, [7] player 0's.
        diff = tensor[7] - tensor[0]
    else:
        # houses / 48, then the two scores / 48.
        diff = (tensor[12] - tensor[13]) * SEEDS
    diff /= SEEDS
    return diff if player == 0 else -diff


class MctsOpponent:
    """OpenSpiel's C++ MCTS bot."""

    def __init__(self, game, game_name: str, seed: int, args) -> None:
        self.bot = pyspiel.MCTSBot(
            game,
            pyspiel.RandomRolloutEvaluator(1, seed),
            2.0,
            args.simulations,
            1000,
            True,
            seed,
            False,
        )

    def step(self, state) -> int:
        return self.bot.step(state)


class AlphaBetaOpponent:
    """OpenSpiel's Python alpha-beta at a fixed depth, store difference at the leaves."""

    def __init__(self, game, game_name: str, seed: int, args) -> None:
        from open_spiel.python.algorithms import minimax

        self.search = minimax.alpha_beta_search
        self.game = game
        self.name = game_name
        self.depth = args.depth

    def step(self, state) -> int:
        me = state.current_player()
        _, action = self.search(
            self.game,
            state=state,
            value_function=lambda s: store_difference(self.name, s, me),
            maximum_depth=self.depth,
            maximizing_player_id=me,
        )
        return action


OPPONENTS = {"mcts": MctsOpponent, "alphabeta": AlphaBetaOpponent}
LABELS = {"mcts": "MCTS", "alphabeta": "alpha-beta"}


def describe(args) -> str:
    if args.opponent == "mcts":
        return (f"MCTSBot uct_c=2, {args.simulations} simulations, "
                "RandomRolloutEvaluator(1), solve=True")
    return f"alpha_beta_search depth {args.depth}, store difference at the leaves"


class Engine:
    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen(
            [str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, line: str) -> str:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        if answer.startswith("error") or not answer:
            raise RuntimeError(f"engine: {line!r} -> {answer!r}")
        return answer

    def close(self) -> None:
        try:
            self.ask("quit")
        finally:
            self.proc.wait(timeout=10)


def build() -> Path:
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--example", "engine"], cwd=ROOT, check=True
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "examples" / "engine"


def play(engine: Engine, game_name: str, g: int, args) -> dict:
    game = pyspiel.load_game(game_name)
    seed = args.seed * 1_000_003 + g
    bot = OPPONENTS[args.opponent](game, game_name, seed, args)
    us = g % 2
    time_control = f" {args.time}" if args.time else ""
    engine.ask(f"new {OURS[game_name]} {args.spec} {seed}{time_control}")
    state = game.new_initial_state()
    ours_engine = ours_pipe = theirs = 0.0
    n_ours = n_theirs = 0
    record = []  # the moves in our notation
    final = None  # our engine's scores when it ended the game itself
    while not state.is_terminal():
        player = state.current_player()
        if player == us:
            start = time.perf_counter()
            words = engine.ask("go").split()
            ours_pipe += time.perf_counter() - start
            assert words[0] == "move", words
            ours_engine += int(words[2]) / 1e6
            n_ours += 1
            record.append(words[1])
            state.apply_action(to_theirs(game_name, player, words[1]))
            status = words[3:]
        else:
            start = time.perf_counter()
            action = bot.step(state)
            theirs += time.perf_counter() - start
            n_theirs += 1
            state.apply_action(action)
            record.append(to_ours(game_name, player, action))
            status = engine.ask(f"play {record[-1]}").split()
        if status[0] == "over":
            if not state.is_terminal():
                final = [int(s) for s in status[1:]]
                break
        elif not state.is_terminal():
            assert int(status[-1]) == state.current_player(), (status, str(state))
    if final is None:
        returns = state.returns()
        mine, other = returns[us], returns[1 - us]
    else:
        mine, other = final[us], final[1 - us]
    result = "win" if mine > other else "draw" if mine == other else "loss"
    return {
        "result": result,
        "ours_engine": ours_engine,
        "ours_pipe": ours_pipe,
        "theirs": theirs,
        "n_ours": n_ours,
        "n_theirs": n_theirs,
        "moves": len(state.history()),
        "ended_by_us": final is not None,
        "record": f"{OURS[game_name]}; {', '.join(record)}",
    }


def wdl(tally: dict) -> str:
    n = max(1, tally["win"] + tally["draw"] + tally["loss"])
    score = (tally["win"] + tally["draw"] / 2) / n
    return f"{tally['win']}-{tally['draw']}-{tally['loss']} ({100 * score:.1f}%)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games per game kind")
    parser.add_argument("--spec", default="ai:10", help="our player (see mancala::ai::Spec)")
    parser.add_argument("--time", help="our time control under the time manager, "
                        "as `mancala agent --time` (default: none, the spec's own budget)")
    parser.add_argument("--opponent", choices=sorted(OPPONENTS), default="mcts")
    parser.add_argument("--simulations", type=int, default=1000, help="MCTS simulations a move")
    parser.add_argument("--depth", type=int, default=4, help="alpha-beta depth in plies")
    parser.add_argument("--games-list", default="mancala,oware")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-game", type=int, default=0, help="the number of the first game")
    parser.add_argument("--engine", type=Path, help="a built engine (default: build it)")
    args = parser.parse_args()
    engine = Engine(args.engine or build())
    ours = f"{args.spec}, --time {args.time}" if args.time else args.spec
    print(f"ours: {ours}; OpenSpiel: {describe(args)}")
    try:
        for name in args.games_list.split(","):
            tally = {"win": 0, "draw": 0, "loss": 0}
            seats = [dict(tally), dict(tally)]
            totals = {"ours_engine": 0.0, "ours_pipe": 0.0, "theirs": 0.0,
                      "n_ours": 0, "n_theirs": 0}
            for g in range(args.first_game, args.first_game + args.games):
                r = play(engine, name, g, args)
                tally[r["result"]] += 1
                seats[g % 2][r["result"]] += 1
                for k in totals:
                    totals[k] += r[k]
                side = "first" if g % 2 == 0 else "second"
                note = " (ended by our repetition rule)" if r["ended_by_us"] else ""
                print(f"{name} game {g + 1}: we move {side}: {r['result']} "
                      f"in {r['moves']} moves{note}", flush=True)
                if r["result"] != "win":
                    print(f"  record: {r['record']}", flush=True)
            n = max(1, tally["win"] + tally["draw"] + tally["loss"])
            score = (tally["win"] + tally["draw"] / 2) / n
            ours_ms = 1e3 * totals["ours_engine"] / max(1, totals["n_ours"])
            pipe_ms = 1e3 * totals["ours_pipe"] / max(1, totals["n_ours"])
            theirs_ms = 1e3 * totals["theirs"] / max(1, totals["n_theirs"])
            print(f"\n{name}: ours {tally['win']} wins, {tally['draw']} draws, "
                  f"{tally['loss']} losses: score {100 * score:.1f}%")
            print(f"{name}: time per move: ours {ours_ms:.2f} ms ({pipe_ms:.2f} ms with the pipe), "
                  f"OpenSpiel {LABELS[args.opponent]} {theirs_ms:.2f} ms")
            print(f"{name}: we move first: {wdl(seats[0])}; "
                  f"we move second: {wdl(seats[1])}\n", flush=True)
    finally:
        engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
