"""Lock-step differential test against OpenSpiel's `mancala` (Kalah(6,4))
and `oware` (Oware Abapa): the same random games, action by action, must
give the same current player, legal actions, end and returns.

Skipped when `pyspiel` cannot be imported, unless the environment sets
MANCALA_REQUIRE_OPENSPIEL=1 (CI does): then a missing OpenSpiel fails.
"""

import os
import random

import pytest

import mancala

if os.environ.get("MANCALA_REQUIRE_OPENSPIEL") == "1":
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel")

GAMES = 300


def ours_of(name: str, player: int, action: int) -> int:
    """OpenSpiel's action id as ours."""
    if name == "mancala":
        # Pits round the board: player 0's houses are 1..6, player 1's 8..13.
        return action - 1 if player == 0 else action - 8
    # oware: 0..5 are the mover's houses in sowing order, as ours.
    return action


@pytest.mark.parametrize(("theirs", "ours"), [("mancala", "kalah"), ("oware", "oware")])
def test_random_games_agree_with_openspiel(theirs, ours):
    their_game = pyspiel.load_game(theirs)
    our_game = mancala.load_game(ours)
    assert our_game.num_players() == their_game.num_players() == 2
    rng = random.Random(20_261_201)
    steps = 0
    for g in range(GAMES):
        a, b = their_game.new_initial_state(), our_game.new_initial_state()
        while not a.is_terminal():
            where = f"{theirs} game {g}, move {len(b.history())}: {b.to_notation()}"
            assert not b.is_terminal(), f"we ended early, {where}"
            player = a.current_player()
            assert b.current_player() == player, where
            legal = a.legal_actions()
            assert b.legal_actions() == [ours_of(theirs, player, x) for x in legal], where
            action = rng.choice(legal)
            a.apply_action(action)
            b.apply_action(ours_of(theirs, player, action))
            steps += 1
        assert b.is_terminal(), f"{theirs} game {g}: OpenSpiel ended it, we did not"
        assert b.current_player() == a.current_player() == pyspiel.PlayerId.TERMINAL
        assert b.returns() == a.returns(), f"{theirs} game {g}: {b.to_notation()}"
    assert steps > GAMES * 20
