#!/usr/bin/env python3
"""Random playouts: OpenSpiel and this engine side by side, in one run.

Usage (from anywhere in the workspace; run it with a Python that has
OpenSpiel, e.g. after ``pip install open_spiel``)::

    python benches/compare_openspiel.py [--seconds 3] [--repeat 3] [--games kalah,oware]

For each game, OpenSpiel is timed first: games/s of
``pyspiel.evaluate_bots`` from the initial state with two uniform random
bots (``pyspiel.make_uniform_random_bot``), on one thread. Then ours:
``examples/playouts.rs`` (uniform random games, the loop of the
``playouts/<preset>`` benches), built here with
``cargo build --release --example playouts`` (``CARGO_TARGET_DIR`` is
honoured, as cargo does). The table gives both rates and ours / OpenSpiel.

The OpenSpiel games are ``mancala`` (Kalah(6,4), the same rules as our
``kalah`` preset) and ``oware`` (Abapa, our ``oware``). By default the two
bots are made once per game kind and reused (OpenSpiel's fastest way);
``--fresh-bots`` makes new bots for every game, seeded by the game number.
The mean game length of each side is printed too, as a check that both
play comparable games (OpenSpiel's is counted on separate, untimed games).

Each side is measured ``--repeat`` times, alternating with the other, and
the best rate of each is compared (the machine may be busy; the best run
is the least disturbed one). Every run is listed under the table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

# Our preset -> OpenSpiel game name.
GAMES = {"kalah": "mancala", "oware": "oware"}

ROOT = Path(__file__).resolve().parent.parent


def import_pyspiel():
    try:
        import pyspiel  # noqa: PLC0415 (optional dependency, checked here)
    except ImportError as e:
        sys.exit(
            f"compare_openspiel.py: cannot import pyspiel ({e}).\n"
            f"Run this script with a Python that has OpenSpiel "
            f"(`pip install open_spiel`); this one is {sys.executable}."
        )
    return pyspiel


def build_playouts() -> str:
    """Builds examples/playouts.rs in release mode; returns the executable."""
    cmd = [
        "cargo",
        "build",
        "--release",
        "--example",
        "playouts",
        "--message-format=json-render-diagnostics",
    ]
    print(f"building: {' '.join(cmd[:5])}", file=sys.stderr, flush=True)
    try:
        out = subprocess.run(
            cmd, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True
        ).stdout
    except FileNotFoundError:
        sys.exit("compare_openspiel.py: cargo not found on PATH")
    except subprocess.CalledProcessError as e:
        sys.exit(f"compare_openspiel.py: the build failed (exit {e.returncode})")
    for line in out.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        if (
            msg.get("reason") == "compiler-artifact"
            and msg.get("target", {}).get("name") == "playouts"
            and msg.get("executable")
        ):
            return msg["executable"]
    sys.exit("compare_openspiel.py: cargo built no playouts executable")


def openspiel_rate(pyspiel, name: str, seconds: float, seed: int, fresh: bool):
    """Games/s of evaluate_bots with two uniform random bots, one thread."""
    game = pyspiel.load_game(name)
    bots = [
        pyspiel.make_uniform_random_bot(0, seed),
        pyspiel.make_uniform_random_bot(1, seed + 1),
    ]

    def run(budget: float, first: int) -> tuple[int, float]:
        games = 0
        start = time.perf_counter()
        while True:
            for _ in range(16):
                s = seed + first + games
                players = (
                    [
                        pyspiel.make_uniform_random_bot(0, s),
                        pyspiel.make_uniform_random_bot(1, s + 1),
                    ]
                    if fresh
                    else bots
                )
                pyspiel.evaluate_bots(game.new_initial_state(), players, s)
                games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= budget:
                return games, elapsed

    warm, _ = run(min(0.5, seconds / 10), 0)
    games, elapsed = run(seconds, warm)
    return games / elapsed


def openspiel_length(pyspiel, name: str, games: int, seed: int) -> float:
    """Mean moves per uniform random game (untimed)."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    total = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            total += 1
    return total / games


def our_rate(exe: str, preset: str, seconds: float, seed: int) -> dict[str, str]:
    out = subprocess.run(
        [exe, preset, str(seconds), "--seed", str(seed)],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    fields = dict(
        line.split("=", 1) for line in out.splitlines() if "=" in line
    )
    if "games_per_sec" not in fields:
        sys.exit(f"compare_openspiel.py: no games_per_sec in the output of {exe}")
    return fields


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Random playouts per second: OpenSpiel vs this engine."
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=3.0,
        help="time to measure each side of each game (default 3)",
    )
    parser.add_argument(
        "--games",
        default=",".join(GAMES),
        help=f"comma-separated presets among {', '.join(GAMES)} (default all)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs per side per game, alternating; the best counts (default 3)",
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--fresh-bots",
        action="store_true",
        help="make new OpenSpiel bots for every game instead of reusing two",
    )
    parser.add_argument(
        "--length-games",
        type=int,
        default=2000,
        help="untimed OpenSpiel games for the mean game length (0: skip)",
    )
    args = parser.parse_args()
    presets = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [p for p in presets if p not in GAMES]
    if unknown or not presets or args.seconds <= 0 or args.repeat < 1:
        parser.error(
            f"--games must name some of {', '.join(GAMES)}; --seconds > 0; --repeat >= 1"
        )

    pyspiel = import_pyspiel()
    exe = build_playouts()

    rows = []
    for preset in presets:
        name = GAMES[preset]
        print(f"measuring {preset} ...", file=sys.stderr, flush=True)
        their_runs, our_runs = [], []
        for run in range(args.repeat):
            seed = args.seed + 1000 * run
            their_runs.append(
                openspiel_rate(pyspiel, name, args.seconds, seed, args.fresh_bots)
            )
            our_runs.append(our_rate(exe, preset, args.seconds, seed))
        length = (
            openspiel_length(pyspiel, name, args.length_games, args.seed)
            if args.length_games > 0
            else float("nan")
        )
        rows.append((preset, name, their_runs, our_runs, length))

    print()
    print(
        f"single thread, best of {args.repeat} run(s) of {args.seconds:g} s "
        f"per side per game"
    )
    header = (
        f"{'game':<16} {'OpenSpiel games/s':>18} {'mancala games/s':>16} "
        f"{'ratio':>7}   {'moves/game (OS / ours)':>22}"
    )
    print(header)
    print("-" * len(header))
    for preset, name, their_runs, our_runs, length in rows:
        theirs = max(their_runs)
        ours = max(our_runs, key=lambda o: float(o["games_per_sec"]))
        rate = float(ours["games_per_sec"])
        their_length = "-" if length != length else f"{length:.1f}"
        print(
            f"{preset + ' (' + name + ')':<16} {theirs:>18,.0f} {rate:>16,.0f} "
            f"{rate / theirs:>6.1f}x   "
            f"{their_length:>10} / {ours.get('moves_per_game', '-')}"
        )

    print()
    print("every run, games/s:")
    for preset, _, their_runs, our_runs, _ in rows:
        print(f"  {preset:<8} OpenSpiel {', '.join(f'{r:,.0f}' for r in their_runs)}")
        rates = ", ".join(f"{float(o['games_per_sec']):,.0f}" for o in our_runs)
        print(f"  {preset:<8} mancala   {rates}")
        ratios = sorted(
            float(o["games_per_sec"]) / t for o, t in zip(our_runs, their_runs)
        )
        median = statistics.median(ratios)
        listed = ", ".join(f"{r:.1f}x" for r in ratios)
        print(f"  {preset:<8} ratio of each pair of runs: {listed} (median {median:.1f}x)")


if __name__ == "__main__":
    main()
