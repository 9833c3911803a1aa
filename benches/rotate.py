#!/usr/bin/env python3
"""Processor time of several commands, measured in rounds, in turn.

Usage, on an idle machine::

    python3 benches/rotate.py --rounds 9 \\
        "/tmp/old/mcts_lanes search kalah 1 600000" \\
        "target/release/examples/mcts_lanes search kalah 1 600000" \\
        "target/release/examples/mcts_lanes search kalah 2 600000"

Each round runs every command once, its output thrown away, and takes
the user time of its process (``resource.getrusage`` of the children,
less what the commands before it used). The order turns by one from
round to round (the first command first, then the second, ...), so that
a slow spell of the machine falls on every command alike. Prints every
round's times as they come, then for each command the median of its
rounds, the fastest and the slowest, and its median over the first
command's (the one to compare against goes first).

Made for commands of a second or so: user time is counted in ticks of
10 ms on Linux. A command that fails stops the measurement with its exit
status.
"""

import argparse
import resource
import shlex
import statistics
import subprocess
import sys


def user_time():
    """User time used by the children waited for so far, in seconds."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime


def run(command):
    """The user time of one run of `command` (a list of words)."""
    before = user_time()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    if done.returncode != 0:
        sys.exit(f"rotate.py: {shlex.join(command)} failed with status {done.returncode}")
    return user_time() - before


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds (default 7)")
    parser.add_argument("commands", nargs="+", help="each command, quoted as one argument")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    commands = [shlex.split(c) for c in args.commands]
    if any(not c for c in commands):
        parser.error("a command is empty")
    times = [[] for _ in commands]
    for r in range(args.rounds):
        row = {}
        for k in range(len(commands)):
            i = (k + r) % len(commands)
            row[i] = run(commands[i])
            times[i].append(row[i])
        print(f"round {r + 1}: " + "  ".join(f"{row[i]:.2f}" for i in range(len(commands))), flush=True)
    base = statistics.median(times[0])
    for command, t in zip(args.commands, times):
        median = statistics.median(t)
        ratio = f"{median / base:.3f}" if base > 0 else "-"
        print(
            f"{median:.3f} s median ({min(t):.2f} to {max(t):.2f}), "
            f"{ratio} of the first: {command}"
        )


if __name__ == "__main__":
    main()
