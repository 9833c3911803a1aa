#!/usr/bin/env python3
"""Our alpha-beta player against OpenSpiel's MCTS bot, in Kalah and Oware.

Usage (from anywhere in the workspace; run it with a Python that has
OpenSpiel, e.g. after ``pip install open_spiel``)::

    python benches/versus_openspiel_mcts.py [--games 50] [--spec ai:10]
        [--simulations 1000] [--games-list mancala,oware] [--seed 1]

OpenSpiel's side is ``pyspiel.MCTSBot(game, evaluator, uct_c=2,
max_simulations=1000, max_memory_mb=1000, solve=True, seed=...)`` with
``evaluator = pyspiel.RandomRolloutEvaluator(1, seed)``: UCT with one
random rollout per simulation and MCTS-Solver backups (``solve=True``, the
default of OpenSpiel's Python ``MCTSBot``). Ours is ``examples/engine.rs``
(built here with ``cargo build --release --example engine``;
``CARGO_TARGET_DIR`` is honoured), speaking its line protocol, with the
player ``--spec`` (by default ``ai:10``, alpha-beta with a node budget).

The game is played in OpenSpiel (``mancala`` is our ``kalah``, ``oware``
our ``oware``) and mirrored move by move in our engine; the side to move
is checked against OpenSpiel after every move. Game ``g`` gives us player
``g % 2`` (we move first in the even games) and both sides a seed from
``--seed`` and ``g``. If our engine ends a game that OpenSpiel does not
(our Oware ends a game at a repeated position), the result is taken from
our engine's final scores.

Action mappings: ``mancala`` player 0's action ``a`` (1..6) is our house
``a``, player 1's ``a`` (8..13) our house ``a - 7``; ``oware``'s action
``a`` (0..5) is our house ``a + 1`` for either player.

Printed: every game's result, then per game kind our wins/draws/losses,
our score, and both sides' mean time per move (ours as measured by the
engine around the search, and as seen from here including the pipe;
OpenSpiel's around ``bot.step``).
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


def to_ours(game: str, player: int, action: int) -> str:
    if game == "mancala":
        return str(action if player == 0 else action - 7)
    return str(action + 1)


def to_theirs(game: str, player: int, move: str) -> int:
    house = int(move)
    if game == "mancala":
        return house if player == 0 else house + 7
    return house - 1


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
    bot = pyspiel.MCTSBot(
        game,
        pyspiel.RandomRolloutEvaluator(1, seed),
        2.0,
        args.simulations,
        1000,
        True,
        seed,
        False,
    )
    us = g % 2
    engine.ask(f"new {OURS[game_name]} {args.spec} {seed}")
    state = game.new_initial_state()
    ours_engine = ours_pipe = theirs = 0.0
    n_ours = n_theirs = 0
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
            state.apply_action(to_theirs(game_name, player, words[1]))
            status = words[3:]
        else:
            start = time.perf_counter()
            action = bot.step(state)
            theirs += time.perf_counter() - start
            n_theirs += 1
            state.apply_action(action)
            status = engine.ask(f"play {to_ours(game_name, player, action)}").split()
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
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games per game kind")
    parser.add_argument("--spec", default="ai:10", help="our player (see mancala::ai::Spec)")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--games-list", default="mancala,oware")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", type=Path, help="a built engine (default: build it)")
    args = parser.parse_args()
    engine = Engine(args.engine or build())
    print(f"ours: {args.spec}; OpenSpiel: MCTSBot uct_c=2, {args.simulations} simulations, "
          "RandomRolloutEvaluator(1), solve=True")
    try:
        for name in args.games_list.split(","):
            tally = {"win": 0, "draw": 0, "loss": 0}
            totals = {"ours_engine": 0.0, "ours_pipe": 0.0, "theirs": 0.0,
                      "n_ours": 0, "n_theirs": 0}
            for g in range(args.games):
                r = play(engine, name, g, args)
                tally[r["result"]] += 1
                for k in totals:
                    totals[k] += r[k]
                side = "first" if g % 2 == 0 else "second"
                note = " (ended by our repetition rule)" if r["ended_by_us"] else ""
                print(f"{name} game {g + 1}: we move {side}: {r['result']} "
                      f"in {r['moves']} moves{note}", flush=True)
            n = max(1, tally["win"] + tally["draw"] + tally["loss"])
            score = (tally["win"] + tally["draw"] / 2) / n
            ours_ms = 1e3 * totals["ours_engine"] / max(1, totals["n_ours"])
            pipe_ms = 1e3 * totals["ours_pipe"] / max(1, totals["n_ours"])
            theirs_ms = 1e3 * totals["theirs"] / max(1, totals["n_theirs"])
            print(f"\n{name}: ours {tally['win']} wins, {tally['draw']} draws, "
                  f"{tally['loss']} losses: score {100 * score:.1f}%")
            print(f"{name}: time per move: ours {ours_ms:.2f} ms ({pipe_ms:.2f} ms with the pipe), "
                  f"OpenSpiel MCTS {theirs_ms:.2f} ms\n", flush=True)
    finally:
        engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
