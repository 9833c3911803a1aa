#!/usr/bin/env python3
"""`mancala agent --protocol mankalah` against agents for the Manchester Kalah referee.

Usage (from anywhere in the workspace; needs Java)::

    python3 benches/versus_mankalah.py --jars DIR [--opponent MKRefAgent]
        [--ai SPEC] [--time TIME] [--games 20] [--seed 1] [--first-game 0]

The referee is the University of Manchester's ``ManKalah.jar`` (COMP34120),
which plays Kalah(7,7) with the pie rule (our ``mankalah`` preset): it
starts both agents, gives each an hour for all its moves and prints, for
each agent, whether it won and its mean time per move. ``DIR`` holds
``ManKalah.jar`` and the opponents' jars; ``--opponent NAME`` runs ``java
-jar DIR/NAME.jar``: ``MKRefAgent`` is the course's reference agent (one
ply: the move that leaves the best difference of store plus own houses),
the others are agents built for the same referee. Copies of the referee
and of these agents are kept in the public repository crisbodnar/KalahAI
(commit 93bdec9: ``ManKalah.jar`` and ``Group1.jar`` at its root, the
other agents under ``test_agents/``).

Ours is ``mancala agent --protocol mankalah`` (``target/release/mancala``,
built here with ``cargo build --release -p mancala-cli``;
``CARGO_TARGET_DIR`` is honoured; or ``--mancala PATH``), with ``--ai`` and
``--time`` passed on only when given: without them it plays at the
defaults a user gets (``alphabeta`` on the referee's hour, at most a
second a move). Game ``g`` gives us the first seat (South, moving first)
when ``g`` is even and the second (North, who may swap after the first
move) when it is odd, and our agent the seed ``--seed * 1000003 + g``.

Printed: every game's result with its margin (the referee's ``SCORE``),
the referee's error when it aborted the game (the agent at fault loses
it), and for a game we did not win its record in the one-line form ``mancala replay --game -`` and
``mancala analyse --game`` read (``mankalah; 1, swap, ...``); then our
wins/draws/losses from each seat and both sides' mean time per move as
the referee measured it (wall-clock, from its message to the reply).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOVE = re.compile(r"^Move:\s*(?:(North|South)\s*-\s*(\d+)|(Swap))\s*$")
SCORE = re.compile(r"SCORE:\s*(-?\d+)")


def build() -> Path:
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "-p", "mancala-cli"], cwd=ROOT, check=True
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "mancala"


def our_command(mancala: Path, g: int, args) -> str:
    words = [str(mancala), "agent", "--protocol", "mankalah"]
    if args.ai:
        words += ["--ai", args.ai]
    if args.time:
        words += ["--time", args.time]
    words += ["--seed", str(args.seed * 1_000_003 + g)]
    # The referee splits its command lines at spaces (Runtime.exec).
    for word in words:
        if not word or any(c.isspace() for c in word):
            raise SystemExit(f"cannot pass {word!r} to the referee: it splits at spaces")
    return " ".join(words)


def play(mancala: Path, g: int, args) -> dict:
    ours = our_command(mancala, g, args)
    theirs = f"java -jar {args.jars / (args.opponent + '.jar')}"
    first = g % 2 == 0
    agents = [ours, theirs] if first else [theirs, ours]
    done = subprocess.run(
        ["java", "-jar", str(args.jars / "ManKalah.jar"), *agents],
        capture_output=True, text=True, timeout=args.timeout, check=False, cwd=args.workdir,
    )
    lines = done.stdout.split("\n")
    results = [line.split() for line in lines if re.fullmatch(r"[01] -?\d+", line.strip())]
    log = done.stderr
    if len(results) != 2:
        raise RuntimeError(f"game {g + 1}: the referee says:\n{done.stdout}\n{log}")
    # An agent that breaks the protocol, times out or stops loses the game.
    aborted = None
    if "MATCH WAS ABORTED" in log:
        errors = [line for line in log.split("\n") if line.startswith("Error")]
        aborted = errors[0] if errors else "MATCH WAS ABORTED"
    us, them = (results[0], results[1]) if first else (results[1], results[0])
    if us[0] == "1":
        result = "win"
    elif them[0] == "1":
        result = "loss"
    else:
        result = "draw"
    record = []
    for line in log.split("\n"):
        m = MOVE.match(line.strip())
        if m:
            record.append("swap" if m.group(3) else m.group(2))
    score = SCORE.search(log)
    return {
        "result": result,
        "ours_ms": int(us[1]),
        "theirs_ms": int(them[1]),
        "moves": len(record),
        "margin": score.group(1) if score else "?",
        "record": f"mankalah; {', '.join(record)}",
        "aborted": aborted,
    }


def wdl(tally: dict) -> str:
    n = max(1, tally["win"] + tally["draw"] + tally["loss"])
    score = (tally["win"] + tally["draw"] / 2) / n
    return f"{tally['win']}-{tally['draw']}-{tally['loss']} ({100 * score:.1f}%)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jars", type=Path, required=True,
                        help="the folder of ManKalah.jar and the opponents' jars")
    parser.add_argument("--opponent", default="MKRefAgent", help="the opponent's jar, less .jar")
    parser.add_argument("--ai", help="our --ai (default: the agent's own)")
    parser.add_argument("--time", help="our --time (default: the agent's own)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-game", type=int, default=0, help="the number of the first game")
    parser.add_argument("--timeout", type=float, default=7500.0, help="seconds a game at most")
    parser.add_argument("--mancala", type=Path, help="a built mancala binary (default: build it)")
    args = parser.parse_args()
    args.jars = args.jars.resolve()
    mancala = (args.mancala or build()).resolve()
    print(f"ours: mancala agent --protocol mankalah, --ai {args.ai or '(default)'}, "
          f"--time {args.time or '(default)'}; referee: ManKalah.jar; opponent: {args.opponent}")
    # Some agents write log files where they run: not in the workspace.
    workdir = tempfile.TemporaryDirectory(prefix="mankalah-")
    args.workdir = workdir.name
    seats = [{"win": 0, "draw": 0, "loss": 0} for _ in range(2)]
    ours_ms = [0, 0]
    theirs_ms = [0, 0]
    for g in range(args.first_game, args.first_game + args.games):
        r = play(mancala, g, args)
        seat = g % 2
        seats[seat][r["result"]] += 1
        ours_ms[seat] += r["ours_ms"]
        theirs_ms[seat] += r["theirs_ms"]
        side = "first" if seat == 0 else "second"
        print(f"game {g + 1}: we move {side}: {r['result']} (margin {r['margin']}) "
              f"in {r['moves']} moves; ms per move: ours {r['ours_ms']}, "
              f"theirs {r['theirs_ms']}", flush=True)
        if r["aborted"]:
            print(f"  aborted: {r['aborted']}", flush=True)
        if r["result"] != "win":
            print(f"  record: {r['record']}", flush=True)
    print()
    for seat, side in enumerate(["first", "second"]):
        n = max(1, sum(seats[seat].values()))
        print(f"we move {side}: {wdl(seats[seat])}; mean ms per move: "
              f"ours {ours_ms[seat] / n:.0f}, {args.opponent} {theirs_ms[seat] / n:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
