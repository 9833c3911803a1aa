"""Replays the engine's random games in the independent reference.

Reads JSON from stdin: a list of games, each
`{"rules": "PRESET NAME=VALUE ...", "moves": [...], "legal": [[...], ...],
"positions": [...], "over": bool}` where `legal[i]` lists the engine's
legal moves before move `i`, `positions[i]` is the engine's position (the
one-line notation) after move `i`, and `over` says whether the game ended
with its last move. The reference (perft.py, written from docs/rules.md
alone) plays every game from the start with the same moves and checks, at
every step, the legal moves and the position reached. The position after
a game-ending move is not compared: the engine hands out the leftover
seeds then, which the reference (a move generator) does not model.

Prints one line per mismatch (the first of each game) and a summary;
exits 1 on any mismatch.
"""

import json
import sys
from collections import Counter

from perft import children, parse_rules, start, write_position


def replay_game(game):
    """The first disagreement in `game`, or None."""
    rules = parse_rules(game["rules"])
    s = start(rules)
    s.seen = {s.key()}
    moves = game["moves"]
    for i, m in enumerate(moves):
        options = dict(children(rules, s, True, Counter()))
        if sorted(options) != sorted(game["legal"][i]):
            return (f"before move {i + 1}: the reference's legal moves are "
                    f"{sorted(options)}, the engine's {sorted(game['legal'][i])}")
        s = options[m]
        last = i == len(moves) - 1
        # A player left without a move ends the game (docs/rules.md section
        # 7): the reference finds it by having no move to list.
        over = s.over or (last and not children(rules, s, True, Counter()))
        if over != (last and game["over"]):
            return (f"after move {i + 1} ({m}): the reference says the game is "
                    f"{'over' if over else 'on'}, the engine "
                    f"{'over' if last and game['over'] else 'on'}")
        if not over:
            ours = write_position(rules, s)
            if ours != game["positions"][i]:
                return (f"after move {i + 1} ({m}): the reference reaches {ours}, "
                        f"the engine {game['positions'][i]}")
    if not game["over"] and not moves:
        return "an empty game that is not over"
    return None


def main():
    games = json.load(sys.stdin)
    bad = 0
    for n, game in enumerate(games):
        problem = replay_game(game)
        if problem:
            bad += 1
            print(f"game {n} of `{game['rules']}`, moves {','.join(game['moves'])}: {problem}")
    print(f"{len(games)} games, {bad} mismatched")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
