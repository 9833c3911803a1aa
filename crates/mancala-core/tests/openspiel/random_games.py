"""Plays uniformly random games of OpenSpiel's `mancala` (Kalah(6,4)) and
`oware` (Oware Abapa) and prints one JSON object per game, for the
differential test in ../openspiel.rs.

Each game records, at every step, the player to move, OpenSpiel's legal
actions and the action chosen; then the returns and the final board and
scores as OpenSpiel sees them.

Usage: python random_games.py GAMES_PER_KIND SEED
"""

import json
import random
import sys

import pyspiel


def final_scores(name, state):
    """(scores, seeds left on each side) at the end, read from the observation tensor."""
    tensor = state.observation_tensor(0)
    if name == "mancala":
        # 14 pits: 0 = player 1's store, 1..6 player 0's houses, 7 player 0's
        # store, 8..13 player 1's houses; then current player, move number.
        board = [round(x) for x in tensor[:14]]
        left = [sum(board[1:7]), sum(board[8:14])]
        return [board[7], board[0]], left
    # oware: 12 houses then 2 scores, each divided by the total of 48 seeds.
    values = [round(x * 48) for x in tensor]
    return values[12:14], [sum(values[0:6]), sum(values[6:12])]


def play(name, rng):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    steps = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = rng.choice(legal)
        steps.append({"player": state.current_player(), "legal": legal, "action": action})
        state.apply_action(action)
    scores, left = final_scores(name, state)
    return {
        "game": name,
        "steps": steps,
        "returns": state.returns(),
        "scores": scores,
        "left": left,
    }


def main():
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    for name in ("mancala", "oware"):
        for _ in range(games):
            print(json.dumps(play(name, rng)))


if __name__ == "__main__":
    main()
