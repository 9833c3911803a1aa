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


MASK = (1 << 64) - 1


def splitmix64(x: int) -> int:
    """SplitMix64's step from state `x`: add the golden gamma, then mix."""
    z = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Xoroshiro128Plus:
    """Vigna's xoroshiro128plus.c (2018), its two words from SplitMix64
    started at `seed` (as `rand_xoshiro`'s `seed_from_u64`)."""

    def __init__(self, seed: int):
        self.s0 = splitmix64(seed)
        self.s1 = splitmix64((seed + 0x9E3779B97F4A7C15) & MASK)

    def next(self) -> int:
        s0, s1 = self.s0, self.s1
        result = (s0 + s1) & MASK
        s1 ^= s0
        self.s0 = ((s0 << 24 | s0 >> 40) & MASK) ^ s1 ^ ((s1 << 16) & MASK)
        self.s1 = (s1 << 37 | s1 >> 27) & MASK
        return result


def test_random_playouts_are_games_openspiel_plays_with_the_same_draws():
    # `mancala.random_playouts` documents its games: game g draws from
    # xoroshiro128+ seeded with splitmix64(seed ^ splitmix64(g)) and plays
    # the legal move of index (top 32 bits) * n >> 32. Played here in
    # OpenSpiel's own `mancala` (its legal actions in our order), the
    # totals must be ours.
    game, seed, n = pyspiel.load_game("mancala"), 5, 301
    plies, firsts = 0, [0, 0]
    for g in range(n):
        draws = Xoroshiro128Plus(splitmix64(seed ^ splitmix64(g)))
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[((draws.next() >> 32) * len(legal)) >> 32])
            plies += 1
        returns = state.returns()
        firsts[0] += returns[0] >= returns[1]
        firsts[1] += returns[1] >= returns[0]
    totals = mancala.random_playouts(mancala.load_game("kalah"), n, seed)
    assert (totals.games, totals.plies, totals.capped) == (n, plies, 0)
    assert totals.firsts == firsts
    # The number the Rust tests and `mancala bench playouts` pin.
    assert plies == 13_172


def test_the_registered_game_runs_openspiel_algorithms_on_three_player_kalah():
    import numpy as np
    from open_spiel.python.algorithms import mcts

    import mancala.openspiel

    mancala.openspiel.register()
    mancala.openspiel.register()  # again: nothing happens
    spec = "kalah,players=3,seeds=3"
    game = pyspiel.load_game("python_mancala", {"rules": spec})
    assert (game.num_players(), game.num_distinct_actions()) == (3, 6)
    assert pyspiel.load_game("python_mancala(rules=kalah3)").num_players() == 3
    # OpenSpiel's own consistency checks over random games (C++).
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)
    # OpenSpiel's MCTS plays a whole game through pyspiel's evaluate_bots.
    rng = np.random.RandomState(3)
    bots = [mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng) for _ in range(3)]
    state = game.new_initial_state()
    returns = pyspiel.evaluate_bots(state, bots, 1)
    # Replayed independently through mancala.State: the same returns.
    ours = mancala.load_game(spec).new_initial_state()
    played = game.new_initial_state()
    while not played.is_terminal():
        action = bots[played.current_player()].step(played)
        played.apply_action(action)
        ours.apply_action(action)
    assert ours.is_terminal()
    assert played.returns() == ours.returns()
    assert len(returns) == 3 and abs(sum(returns)) < 1e-9


def test_chosen_directions_are_named_in_the_registered_game():
    import mancala.openspiel

    # Kalah with house 3 sown either way: 12 house ids, the swap at 12
    # (before, ids 6 and up were named as a swap or as houses 7 to 12).
    game = mancala.openspiel.load_game("kalah,direction_choice=3,pie_rule=true")
    state = game.new_initial_state()
    assert state.action_to_string(0, 8) == "p0 house 3cw"
    assert state.action_to_string(0, 2) == "p0 house 3ccw"
    assert state.action_to_string(0, 5) == "p0 house 6"
    assert state.action_to_string(0, 12) == "p0 swap"


def test_the_registered_game_matches_the_state_it_wraps():
    import mancala.openspiel

    game = mancala.openspiel.load_game("kalah,pie_rule=true")
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.legal_actions() == list(range(7))
    assert state.action_to_string(1, 6) == "p1 swap"
    assert state.action_to_string(1, 0) == "p1 house 1"
    ours = mancala.load_game("kalah,pie_rule=true").new_initial_state()
    ours.apply_action(0)
    assert state.observation_tensor(1) == ours.observation_tensor(1).tolist()
    assert str(state) == str(ours)
    clone = state.clone()
    clone.apply_action(6)
    assert state.history() == [0] and clone.history() == [0, 6]


def test_the_registered_game_plays_a_whole_match_in_rounds():
    import mancala.openspiel

    # Two houses of two seeds in rounds (docs/rules.md section 8a): the
    # match of tests/test_rounds.py worked by hand, three rounds.
    spec = "kalah,houses=2,seeds=2,rounds=fill"
    game = mancala.openspiel.load_game(spec)
    assert game.num_distinct_actions() == 2
    # Per side its houses and store, a turn flag per side, the burnt flags.
    assert game.observation_tensor_shape() == [12]
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)
    state = game.new_initial_state()
    for action in [1, 1, 0, 0, 1, 1, 0, 1, 0]:
        assert not state.is_terminal()
        state.apply_action(action)
    # Round 3: player 0's house 2 is burnt, house 1 its one move.
    assert state.legal_actions() == [0]
    assert state.action_to_string(0, 0) == "p0 house 1"
    assert state.action_to_string(0, 1) == "p0 house 2"
    assert state.observation_tensor(0) == [2, 0, 0, 2, 2, 2, 1, 0, 0, 1, 0, 0]
    state.apply_action(0)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_the_registered_game_plays_a_territory_match():
    import mancala.openspiel

    # The territory match of tests/test_territory.py worked by hand.
    spec = "kalah,houses=2,seeds=2,rounds=territory,stores_sown=none,capture=count,capture_counts=2,3,extra_turn=none"
    game = mancala.openspiel.load_game(spec)
    assert game.num_distinct_actions() == 3
    assert game.observation_tensor_shape() == [12]
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)
    state = game.new_initial_state()
    for action in [1, 0, 1, 1, 0, 1, 1]:
        state.apply_action(action)
    # Round 2: A owns its row and B's house 1; B its house 2.
    assert state.legal_actions() == [1]
    assert state.observation_tensor(1) == [2, 2, 0, 2, 2, 0, 1, 0, 1, 0, 0, 0]
