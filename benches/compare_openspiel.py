#!/usr/bin/env python3
"""Random playouts: OpenSpiel and this engine side by side, in one run.

Usage (from anywhere in the workspace; run it with a Python that has
OpenSpiel, e.g. after ``pip install open_spiel``), on an idle machine::

    python3 benches/compare_openspiel.py --seconds 3 --repeat 5

(``--games kalah,oware`` by default; ``--seconds 0.2 --repeat 3
--length-games 50`` for a quick check that it runs; ``--yardstick``
adds the Kalah(6,4) yardstick of ``benches/kalah_yardstick.rs`` to every
``kalah`` run, the three sides taking turns to go first, and reports the
generic engine's time over the yardstick's.)

For each game the two sides are measured in pairs, one after the other,
each on one thread: OpenSpiel's games/s of ``pyspiel.evaluate_bots``
from the initial state with two uniform random bots
(``pyspiel.make_uniform_random_bot``), and ours from
``examples/playouts.rs`` with ``--library`` (uniform random games of
``mancala_ai::random_playouts`` on one thread, in batches of 1024: the
lanes path, what issue 31 measures), and beside it, labelled ``one
game``, the same example without it (the loop of the
``playouts/<preset>`` benches: one ``Playout::play_out`` a game), built here with ``cargo build --release
--example playouts`` (``CARGO_TARGET_DIR`` is honoured, as cargo does).
The order alternates from pair to pair (OpenSpiel first, then ours first,
...), so that a slow spell of the machine hits both sides alike. Every
pair is printed as it is measured, with its ratio, ours / OpenSpiel; the
figure to quote is the **median of the pairs' ratios**, printed last
with the median rate of each side.

The OpenSpiel games are ``mancala`` (Kalah(6,4), the same rules as our
``kalah`` preset) and ``oware`` (Abapa, our ``oware``). By default the two
bots are made once per game kind and reused (OpenSpiel's fastest way);
``--fresh-bots`` makes new bots for every game, seeded by the game number.
The mean game length of each side is printed too, as a check that both
play comparable games (OpenSpiel's is counted on separate, untimed games).
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


def our_rate(
    exe: str, preset: str, seconds: float, seed: int, library: bool = False
) -> dict[str, str]:
    out = subprocess.run(
        [exe, preset, str(seconds), "--seed", str(seed)]
        + (["--library"] if library else []),
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
        default=5,
        help="paired runs per game, the order alternating; the median counts (default 5)",
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--yardstick",
        action="store_true",
        help="measure the Kalah(6,4) yardstick too, in every kalah run",
    )
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
        print(f"{preset} ({name}), single thread, {args.seconds:g} s a side:")
        pairs = []
        # "mancala": random_playouts on one thread (the lanes path, what
        # issue 31 measures); "one game": a Playout::play_out a game.
        sides = ["OpenSpiel", "mancala", "one game"]
        if args.yardstick and preset == "kalah":
            sides.append("yardstick")
        for run in range(args.repeat):
            seed = args.seed + 1000 * run
            # Each side first in turn.
            order = sides[run % len(sides) :] + sides[: run % len(sides)]
            got = {}
            for side in order:
                if side == "OpenSpiel":
                    got[side] = openspiel_rate(
                        pyspiel, name, args.seconds, seed, args.fresh_bots
                    )
                else:
                    which = "yardstick" if side == "yardstick" else preset
                    got[side] = our_rate(
                        exe, which, args.seconds, seed, library=side == "mancala"
                    )
            theirs, ours, one = got["OpenSpiel"], got["mancala"], got["one game"]
            rate = float(ours["games_per_sec"])
            pairs.append((theirs, ours, got.get("yardstick"), one))
            line = (
                f"  run {run + 1} ({order[0]} first): OpenSpiel {theirs:,.0f} games/s, "
                f"mancala {rate:,.0f} games/s, ratio {rate / theirs:.2f}x; "
                f"one game at a time {float(one['games_per_sec']):,.0f} games/s "
                f"({float(one['games_per_sec']) / theirs:.2f}x)"
            )
            if "yardstick" in got:
                yard = float(got["yardstick"]["games_per_sec"])
                line += (
                    f"; yardstick {yard:,.0f} games/s ({yard / theirs:.2f}x), "
                    f"mancala's time / yardstick's {yard / rate:.3f}"
                )
            print(line, flush=True)
        length = (
            openspiel_length(pyspiel, name, args.length_games, args.seed)
            if args.length_games > 0
            else float("nan")
        )
        rows.append((preset, name, pairs, length))

    print()
    print(
        f"single thread, median of {args.repeat} paired run(s) of "
        f"{args.seconds:g} s a side"
    )
    header = (
        f"{'game':<16} {'OpenSpiel games/s':>18} {'mancala games/s':>16} "
        f"{'ratio':>7}   {'moves/game (OS / ours)':>22}"
    )
    print(header)
    print("-" * len(header))
    for preset, name, pairs, length in rows:
        theirs = statistics.median(t for t, _, _, _ in pairs)
        ours = statistics.median(float(o["games_per_sec"]) for _, o, _, _ in pairs)
        ratio = statistics.median(
            float(o["games_per_sec"]) / t for t, o, _, _ in pairs
        )
        their_length = "-" if length != length else f"{length:.1f}"
        print(
            f"{preset + ' (' + name + ')':<16} {theirs:>18,.0f} {ours:>16,.0f} "
            f"{ratio:>6.2f}x   "
            f"{their_length:>10} / {pairs[0][1].get('moves_per_game', '-')}"
        )
        one = statistics.median(float(n["games_per_sec"]) for _, _, _, n in pairs)
        print(
            f"{'  one game':<16} {'':>18} {one:>16,.0f} "
            f"{statistics.median(float(n['games_per_sec']) / t for t, _, _, n in pairs):>6.2f}x"
        )
        yards = [(t, o, y) for t, o, y, _ in pairs if y is not None]
        if yards:
            rate = lambda r: float(r["games_per_sec"])  # noqa: E731
            yard = statistics.median(rate(y) for _, _, y in yards)
            print(
                f"{'  yardstick':<16} {'':>18} {yard:>16,.0f} "
                f"{statistics.median(rate(y) / t for t, _, y in yards):>6.2f}x"
            )
            print(
                f"  mancala's time / the yardstick's (median of the runs): "
                f"{statistics.median(rate(y) / rate(o) for _, o, y in yards):.3f}"
            )
    print(
        "(each column its own median: the ratio is the median of the pairs' "
        "ratios, not the ratio of the medians; mancala: random_playouts on one "
        "thread, the lanes path; one game: a Playout::play_out a game)"
    )


if __name__ == "__main__":
    main()
