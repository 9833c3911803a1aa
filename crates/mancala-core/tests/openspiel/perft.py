"""Checks the perft counts of ../perft/kalah.perft and ../perft/oware.perft
with OpenSpiel, an independent implementation: its `mancala` is our `kalah`
preset (Kalah(6,4)) and its `oware` our `oware` preset (Oware Abapa), as
the differential test ../openspiel.rs checks move by move.

OpenSpiel cannot read our notation, so only the positions it can reach
are checked: the start position and those with a `moves` line, replayed
from the start; the position OpenSpiel reaches must be the one written
in the file. `game` positions (counted with repetition from that position
on) and rules with changed dimensions are left to ../reference/perft.py.

Usage: python perft.py FILE...   (with a Python that can `import pyspiel`)
"""

import sys

import pyspiel

GAMES = {"kalah": "mancala", "oware": "oware"}


def action(name, state, move):
    """OpenSpiel's action for our house number (from the mover's view)."""
    house = int(move)
    if name == "mancala":
        # Player 0's houses are pits 1..=6, player 1's are 8..=13.
        return house if state.current_player() == 0 else house + 7
    # Actions 0..=5 are the mover's houses in sowing order.
    return house - 1


def notation(name, state, ply):
    """The state in our position notation."""
    tensor = state.observation_tensor(0)
    if name == "mancala":
        board = [round(x) for x in tensor[:14]]
        sides = [(board[1:7], board[7]), (board[8:14], board[0])]
    else:
        values = [round(x * 48) for x in tensor[:14]]
        sides = [(values[0:6], values[12]), (values[6:12], values[13])]
    text = " ".join(",".join(map(str, h)) + f":{s}" for h, s in sides)
    return f"{text} to={state.current_player()} ply={ply}"


def perft(state, depth):
    if state.is_terminal():
        return 0 if depth > 0 else 1
    if depth == 0:
        return 1
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def check(path):
    bad = 0
    name = state = None
    for n, raw in enumerate(open(path), 1):
        line = raw.split("#")[0].strip()
        if not line:
            continue
        key, rest = line.split(" ", 1)
        if key == "rules":
            name = GAMES.get(rest.strip())
            state = None
        elif key == "game" or name is None:
            state = None
        elif key == "position":
            text, state = rest.strip(), pyspiel.load_game(name).new_initial_state()
            reached = notation(name, state, 0)
            if reached != text:
                # Not the start: only a `moves` line can bring OpenSpiel there.
                state = None
        elif key == "moves":
            state = pyspiel.load_game(name).new_initial_state()
            moves = rest.split(",")
            for m in moves:
                state.apply_action(action(name, state, m))
            reached = notation(name, state, len(moves))
            if reached != text:
                print(f"{path}:{n}: MISMATCH: OpenSpiel reaches {reached}")
                bad += 1
                state = None
        elif key == "perft" and state is not None:
            depth, nodes = map(int, rest.split())
            theirs = perft(state, depth)
            status = "ok" if theirs == nodes else f"MISMATCH: OpenSpiel counts {theirs}"
            bad += theirs != nodes
            print(f"{path}:{n}: perft {depth} {nodes} {status}")
    return bad


if __name__ == "__main__":
    sys.exit(1 if sum(check(p) for p in sys.argv[1:]) else 0)
