#!/usr/bin/env python3
"""The speed proof of the Python package (issue 18): ``mancala`` against
OpenSpiel's ``pyspiel``, side by side in one run.

Install, in a fresh virtual environment at the root of the workspace (pip
builds the extension in release mode; ``maturin develop`` builds a debug
one, too slow to measure)::

    python3 -m venv .venv-speed
    .venv-speed/bin/pip install "./crates/mancala-py[rl]" open_spiel "shimmy[openspiel]"

Run, on an idle machine (the native side is built with
``cargo build --release -p mancala-cli`` unless ``--mancala`` names the
executable)::

    .venv-speed/bin/python benches/python_speed.py [--json target/python-speed.json]

``--quick`` runs tiny sizes, a smoke test of a few seconds whose figures
mean nothing. ``--games kalah`` measures one rule set; ``--pairs``,
``--loop-games``, ``--playout-games``, ``--batch-steps`` and
``--env-games`` change the sizes.

Every measure is run in pairs, ours then theirs, alternating, with the
same seed within a pair and another in each pair; the table gives the
median rate of each side and the median of the per-pair ratios (ours /
theirs), against the target of issue 18. Every pair is listed under it.
OpenSpiel's ``mancala`` is Kalah(6,4), our ``kalah``; its ``oware`` is
Oware Abapa, our ``oware``. The measures:

- ``State loop``: the same Python function plays ``--loop-games`` games of
  uniformly random legal actions (``random.choice(state.legal_actions())``)
  over ``mancala.State`` and over the pyspiel state. Games/s; target >= 1.
  Both sides pick the same index among the same ordered legal actions, so
  they play the very same games: the script checks that their plies agree.
- ``random_playouts``: ``mancala.random_playouts(game, n, seed)`` (one
  thread) against the pyspiel loop above. Games/s; target >= 15.
- ``random_playouts / native``: the same call against ``mancala bench
  playouts`` (the Rust engine, no Python; its own reported rate, so
  process start is not counted), the same games: the same seed, checked
  by their plies. Games/s; target >= 0.8 (within 80%).
- ``batch(1024)``: ``game.batch(1024, reuse=True)`` (every step writes
  into the same arrays) stepped ``--batch-steps`` times with a numpy
  random policy over the legal-action masks, against the pyspiel loop.
  The policy draws float32 uniforms in [0, 1) into a buffer made once,
  adds the mask (a legal action weighs 1 + u, an illegal one u < 1) and
  takes each row's argmax into another: a uniform choice among the
  legal actions (two float32 weights tie with a chance of about 2**-23,
  the first action winning). It replaced ``argmax(random * mask)`` over
  new float64 arrays each step (the first figures of issue 18), which
  chose the same way at a higher cost. Steps/s on both sides: one step
  is one move in one game (a batch step counts 1024). Target >= 5.
- ``PettingZoo``: ``mancala.pettingzoo.env(spec)`` (as users get it, with
  PettingZoo's order-enforcing wrapper) against Shimmy's
  ``OpenSpielCompatibilityV0`` of the pyspiel game, ``--env-games`` games
  of the same AEC loop (``agent_iter``, ``last``, a random legal action
  drawn by numpy from the action mask, ``step``; the mask is in the
  observation for ours and in the info for Shimmy's). Games/s; target
  >= 2. The same games again, checked.

The exit status is 0 whether the targets are met or not (``--strict``: 1
when one is not); an error (a missing package, a failed build, sides that
played different games) exits non-zero.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Our preset -> the OpenSpiel game of the same rules.
OPENSPIEL_GAMES = {"kalah": "mancala", "oware": "oware"}

BATCH = 1024


@dataclass(frozen=True)
class Sizes:
    """How much each run does."""

    pairs: int
    loop_games: int
    playout_games: int
    batch_steps: int
    env_games: int


SIZE_HELP = {
    "pairs": "pairs of runs (ours, theirs) per measure",
    "loop_games": "games per run of the State and pyspiel loops",
    "playout_games": "games per run of random_playouts and of the native playouts",
    "batch_steps": f"steps per run of the batch of {BATCH}",
    "env_games": "games per run of the PettingZoo and Shimmy loops",
}


FULL = Sizes(pairs=7, loop_games=5000, playout_games=200_000, batch_steps=1000, env_games=500)
QUICK = Sizes(pairs=3, loop_games=20, playout_games=2000, batch_steps=5, env_games=5)


class BenchError(Exception):
    """Something that makes the figures wrong or impossible."""


@dataclass(frozen=True)
class Run:
    """One timed run of one side: its rate and what it played."""

    rate: float
    plies: int


@dataclass
class Measure:
    """One line of the table: two sides run in pairs, and the target."""

    name: str
    unit: str
    target: float
    ours: Callable[[int], Run]
    theirs: Callable[[int], Run]
    # Both sides play the same games within a pair: their plies must agree.
    same_games: bool


@dataclass
class Result:
    """The pairs of a measure and what they come to."""

    name: str
    unit: str
    target: float
    pairs: list[dict[str, float]]
    ours: float
    theirs: float
    ratio: float
    passed: bool


def timed(run: Callable[[], int], count: Callable[[int], int]) -> Run:
    """Runs `run` (which returns the plies it played); `count` turns those
    plies into the measure's unit (games or steps)."""
    start = time.perf_counter()
    plies = run()
    seconds = max(time.perf_counter() - start, 1e-9)
    return Run(count(plies) / seconds, plies)


def state_loop(game: Any, games: int, seed: int) -> int:
    """Random games over `game`'s states, pyspiel-style; returns the plies.
    The same code for both sides, so only the engines differ."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        plies += len(state.history())
    return plies


def batch_loop(game: Any, steps: int, seed: int) -> int:
    """`steps` steps of a batch with a numpy random masked policy."""
    import numpy as np  # noqa: PLC0415 (imported with the other packages)

    batch = game.batch(BATCH, reuse=True)
    rng = np.random.default_rng(seed)
    _, masks, _ = batch.reset()
    weights = np.empty(masks.shape, dtype=np.float32)
    actions = np.empty(BATCH, dtype=np.int64)
    for _ in range(steps):
        # Uniform among the legal actions: a legal one weighs 1 + u, in
        # [1, 2), an illegal one u, below 1.
        rng.random(dtype=np.float32, out=weights)
        weights += masks
        np.argmax(weights, axis=1, out=actions)
        _, masks, _, _, _ = batch.step(actions)
    return steps * BATCH


def env_loop(env: Any, games: int, seed: int, mask_of: Callable[[Any, Any], Any]) -> int:
    """`games` games of a PettingZoo AEC environment with a random legal
    action from the mask; returns the plies."""
    import numpy as np  # noqa: PLC0415

    rng = np.random.default_rng(seed)
    plies = 0
    for _ in range(games):
        env.reset()
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(mask_of(obs, info))
                action = int(legal[rng.integers(len(legal))])
                plies += 1
            env.step(action)
    return plies


def native_run(exe: str, preset: str, games: int, seed: int) -> Run:
    """`mancala bench playouts` on one thread: the rate it reports."""
    cmd = [exe, "--rules", preset, "bench", "playouts", "--games", str(games)]
    cmd += ["--seed", str(seed), "--threads", "1"]
    try:
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise BenchError(f"{' '.join(cmd)} failed: {e}") from e
    found = re.match(r"(\d+) games, (\d+) moves in \S+: (\d+) games/s", out)
    if not found:
        raise BenchError(f"cannot read the rate in the output of {' '.join(cmd)}: {out!r}")
    return Run(float(found[3]), int(found[2]))


def build_native() -> str:
    """Builds the `mancala` executable in release mode; returns its path."""
    cmd = ["cargo", "build", "--release", "-p", "mancala-cli", "--bin", "mancala"]
    cmd.append("--message-format=json-render-diagnostics")
    print(f"building: {' '.join(cmd[:-1])}", file=sys.stderr, flush=True)
    try:
        out = subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise BenchError(f"the build failed: {e}") from e
    for line in out.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        if msg.get("reason") == "compiler-artifact" and msg.get("executable"):
            if msg.get("target", {}).get("name") == "mancala":
                return str(msg["executable"])
    raise BenchError("cargo built no mancala executable")


def import_packages() -> dict[str, Any]:
    """The packages both sides need, or a clear error."""
    try:
        import mancala  # noqa: PLC0415 (optional dependencies, checked here)
        import mancala.pettingzoo  # noqa: PLC0415
        import numpy  # noqa: PLC0415, F401
        import pyspiel  # noqa: PLC0415
        import shimmy  # noqa: PLC0415
    except ImportError as e:
        raise BenchError(
            f"cannot import {e.name} ({e}); run this script with a Python that has "
            f'`pip install "./crates/mancala-py[rl]" open_spiel "shimmy[openspiel]"` '
            f"(this one is {sys.executable})"
        ) from e
    return {"mancala": mancala, "pyspiel": pyspiel, "shimmy": shimmy}


def measures(preset: str, sizes: Sizes, exe: str, pkgs: dict[str, Any]) -> list[Measure]:
    """The measures of one rule set, in the order of the table."""
    mancala, pyspiel, shimmy = pkgs["mancala"], pkgs["pyspiel"], pkgs["shimmy"]
    name = OPENSPIEL_GAMES[preset]
    ours, theirs = mancala.load_game(preset), pyspiel.load_game(name)
    loop, playouts = sizes.loop_games, sizes.playout_games

    def per(n: int) -> Callable[[int], int]:
        return lambda _plies: n

    def steps(plies: int) -> int:
        return plies

    def random_playouts(seed: int) -> Run:
        return timed(lambda: mancala.random_playouts(ours, playouts, seed).plies, per(playouts))

    def pyspiel_loop(count: Callable[[int], int]) -> Callable[[int], Run]:
        return lambda seed: timed(lambda: state_loop(theirs, loop, seed), count)

    our_env = mancala.pettingzoo.env(ours)
    their_env = shimmy.OpenSpielCompatibilityV0(game_name=name)
    envs = sizes.env_games
    return [
        Measure(
            f"State loop, {preset} vs pyspiel {name}",
            "games/s",
            1.0,
            lambda seed: timed(lambda: state_loop(ours, loop, seed), per(loop)),
            pyspiel_loop(per(loop)),
            same_games=True,
        ),
        Measure(
            f"random_playouts, {preset} vs pyspiel loop",
            "games/s",
            15.0,
            random_playouts,
            pyspiel_loop(per(loop)),
            same_games=False,
        ),
        Measure(
            f"random_playouts, {preset} vs native Rust",
            "games/s",
            0.8,
            random_playouts,
            lambda seed: native_run(exe, preset, playouts, seed),
            same_games=True,
        ),
        Measure(
            f"batch({BATCH}), {preset} vs pyspiel loop",
            "steps/s",
            5.0,
            lambda seed: timed(lambda: batch_loop(ours, sizes.batch_steps, seed), steps),
            pyspiel_loop(steps),
            same_games=False,
        ),
        Measure(
            f"PettingZoo, {preset} vs Shimmy {name}",
            "games/s",
            2.0,
            lambda seed: timed(
                lambda: env_loop(our_env, envs, seed, lambda obs, _info: obs["action_mask"]),
                per(envs),
            ),
            lambda seed: timed(
                lambda: env_loop(their_env, envs, seed, lambda _obs, info: info["action_mask"]),
                per(envs),
            ),
            same_games=True,
        ),
    ]


def run_measure(measure: Measure, pairs: int, seed: int) -> Result:
    """Runs the pairs, ours first in each, and sums them up."""
    rows = []
    for i in range(pairs):
        s = seed + i
        ours, theirs = measure.ours(s), measure.theirs(s)
        if measure.same_games and ours.plies != theirs.plies:
            raise BenchError(
                f"{measure.name}, seed {s}: ours played {ours.plies} moves, theirs "
                f"{theirs.plies}: not the same games, so not comparable"
            )
        ratio = ours.rate / theirs.rate
        rows.append({"seed": s, "ours": ours.rate, "theirs": theirs.rate, "ratio": ratio})
        print(f"  {measure.name}, pair {i + 1}/{pairs}: {ratio:.2f}x", file=sys.stderr, flush=True)
    median = statistics.median(r["ratio"] for r in rows)
    return Result(
        measure.name,
        measure.unit,
        measure.target,
        rows,
        ours=statistics.median(r["ours"] for r in rows),
        theirs=statistics.median(r["theirs"] for r in rows),
        ratio=median,
        passed=median >= measure.target,
    )


def rate(x: float) -> str:
    """A rate to three significant figures, with thousands separators."""
    digits = max(0, 2 - len(str(int(x)))) if x >= 1 else 3
    return f"{x:,.{digits}f}"


def print_table(results: list[Result]) -> None:
    """The table, then every pair."""
    head = ("measure", "unit", "ours", "theirs", "ours/theirs (median)", "target", "result")
    rows = [head] + [
        (
            r.name,
            r.unit,
            rate(r.ours),
            rate(r.theirs),
            f"{r.ratio:.2f}x",
            f">= {r.target:g}x",
            "pass" if r.passed else "FAIL",
        )
        for r in results
    ]
    widths = [max(len(row[c]) for row in rows) for c in range(len(head))]
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        print("  ".join(cells))
        if n == 0:
            print("  ".join("-" * w for w in widths))
    met = sum(r.passed for r in results)
    print(f"\n{met} of {len(results)} targets met (medians of paired runs).")
    print("\nEvery pair (ours / theirs = ratio; the same seed within a pair):")
    for r in results:
        pairs = "; ".join(
            f"{rate(p['ours'])} / {rate(p['theirs'])} = {p['ratio']:.2f}x" for p in r.pairs
        )
        print(f"  {r.name} ({r.unit}): {pairs}")


def versions() -> dict[str, str]:
    """The versions of the packages measured."""
    found = {}
    for package in ("mancala", "open_spiel", "pettingzoo", "shimmy", "gymnasium", "numpy"):
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = "?"
    return found


def extension_file() -> str:
    """Where the extension measured was loaded from (a debug build, as
    ``maturin develop`` makes, is far slower than pip's release build)."""
    import mancala._mancala  # noqa: PLC0415

    return str(mancala._mancala.__file__)


def write_json(path: str, sizes: Sizes, exe: str, quick: bool, results: list[Result]) -> None:
    """The figures, with what they were measured on."""
    figures = {
        "command": [Path(sys.argv[0]).name, *sys.argv[1:]],
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "quick": quick,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "versions": versions(),
        "extension": extension_file(),
        "native": exe,
        "sizes": dataclasses.asdict(sizes),
        "results": [dataclasses.asdict(r) for r in results],
    }
    Path(path).write_text(json.dumps(figures, indent=2) + "\n")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="mancala's Python package against OpenSpiel's, side by side "
        "(the speed targets of issue 18)."
    )
    add = parser.add_argument
    add("--quick", action="store_true", help="tiny sizes: a smoke test, figures meaningless")
    add("--games", default="kalah,oware", help="rule sets among kalah,oware (default both)")
    add("--json", metavar="FILE", help="write the figures to FILE as JSON")
    add("--mancala", metavar="EXE", help="the native `mancala` executable (default: built here)")
    add("--seed", type=int, default=1, help="seed of the first pair; the next pairs count up")
    add("--strict", action="store_true", help="exit 1 when a target is not met")
    names = [f.name for f in dataclasses.fields(Sizes)]
    for name in names:
        default, quick = getattr(FULL, name), getattr(QUICK, name)
        text = f"{SIZE_HELP[name]} (default {default}, with --quick {quick})"
        add("--" + name.replace("_", "-"), type=int, metavar="N", help=text)
    args = parser.parse_args()
    args.presets = [g.strip() for g in args.games.split(",") if g.strip()]
    if not args.presets or any(p not in OPENSPIEL_GAMES for p in args.presets):
        parser.error(f"--games: expected some of kalah,oware, not {args.games!r}")
    chosen = {n: getattr(args, n) for n in names if getattr(args, n) is not None}
    if any(v < 1 for v in chosen.values()):
        parser.error("sizes must be at least 1")
    args.sizes = dataclasses.replace(QUICK if args.quick else FULL, **chosen)
    return args


def main() -> int:
    args = parse_args()
    try:
        pkgs = import_packages()
        exe = args.mancala or build_native()
        results = []
        for preset in args.presets:
            for measure in measures(preset, args.sizes, exe, pkgs):
                results.append(run_measure(measure, args.sizes.pairs, args.seed))
    except BenchError as e:
        print(f"python_speed.py: {e}", file=sys.stderr)
        return 2
    print_table(results)
    print(f"\nours: {extension_file()}\nnative: {exe}")
    if args.quick:
        print("\n--quick: tiny sizes, the figures mean nothing.")
    if args.json:
        write_json(args.json, args.sizes, exe, args.quick, results)
    return 1 if args.strict and not all(r.passed for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
