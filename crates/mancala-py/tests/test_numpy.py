"""Observation tensors, legal-action masks and batched games, in numpy."""

import random

import numpy as np
import pytest
from conftest import SPECS
from hypothesis import given, settings
from hypothesis import strategies as st

import mancala


@pytest.mark.parametrize("spec", SPECS)
def test_shapes_and_dtypes(spec):
    game = mancala.load_game(spec)
    state = game.new_initial_state()
    players, actions = game.num_players(), game.num_distinct_actions()
    shape = game.observation_tensor_shape()
    houses = (shape[0] - players) // players - 1
    assert shape == [players * (houses + 1) + players]
    for p in range(players):
        obs = state.observation_tensor(p)
        assert obs.dtype == np.float32 and obs.shape == tuple(shape)
    mask = state.legal_actions_mask()
    assert mask.dtype == np.bool_ and mask.shape == (actions,)

    n = 5
    batch = game.batch(n, seed=3)
    assert len(batch) == n and batch.seed == 3
    obs, masks, current = batch.reset()
    assert obs.dtype == np.float32 and obs.shape == (n, *shape)
    assert masks.dtype == np.bool_ and masks.shape == (n, actions)
    assert current.dtype == np.int64 and current.shape == (n,)
    step = batch.step(np.argmax(masks, axis=1).astype(np.int64))
    obs, masks, rewards, terminated, current = step
    assert obs.dtype == np.float32 and obs.shape == (n, *shape)
    assert masks.dtype == np.bool_ and masks.shape == (n, actions)
    assert rewards.dtype == np.float32 and rewards.shape == (n, players)
    assert terminated.dtype == np.bool_ and terminated.shape == (n,)
    assert current.dtype == np.int64 and current.shape == (n,)


def test_the_start_of_kalah_by_hand():
    game = mancala.load_game("kalah")
    assert game.observation_tensor_shape() == [16]
    state = game.new_initial_state()
    # Own six houses and store, the opponent's six houses and store, then
    # whose turn it is: [me, the next player].
    side = [4.0] * 6 + [0.0]
    assert state.observation_tensor(0).tolist() == side + side + [1.0, 0.0]
    assert state.observation_tensor(1).tolist() == side + side + [0.0, 1.0]
    assert state.observation_tensor().tolist() == state.observation_tensor(0).tolist()
    state.apply_action(0)  # house 1: one seed into houses 2-5
    mine = [0.0, 5.0, 5.0, 5.0, 5.0, 4.0, 0.0]
    assert state.observation_tensor(0).tolist() == mine + side + [0.0, 1.0]
    assert state.observation_tensor(1).tolist() == side + mine + [1.0, 0.0]


def test_three_players_see_the_others_in_turn_order():
    game = mancala.load_game("kalah,players=3,seeds=3")
    state = game.new_initial_state()
    state.apply_action(0)  # player 0 sows house 1 and passes the turn on
    assert state.current_player() == 1
    houses = game.observation_tensor_shape()[0] // 3 - 2
    width = houses + 1
    for p in range(3):
        obs = state.observation_tensor(p)
        # Player p's own side first: player 0's side is block (0 - p) % 3.
        moved = obs[((0 - p) % 3) * width : ((0 - p) % 3 + 1) * width]
        assert moved[0] == 0.0
        flags = obs[3 * width :].tolist()
        assert flags == [1.0 if (p + k) % 3 == 1 else 0.0 for k in range(3)]


def test_finished_games_have_no_turn_and_empty_masks():
    game = mancala.load_game("kalah")
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    for p in range(2):
        obs = state.observation_tensor(p)
        assert obs[-2:].tolist() == [0.0, 0.0]
        assert obs[:-2].sum() == 48
    assert not state.legal_actions_mask().any()
    with pytest.raises(ValueError, match="the game is over: name the player"):
        state.observation_tensor()


def lockstep(spec: str, n: int, seed: int, steps: int, reuse: bool = False) -> int:
    """Steps a batch and `n` states with the same random legal actions;
    they must agree on everything `step` returns. Returns how many games
    ended because a position repeated."""
    game = mancala.load_game(spec)
    players = game.num_players()
    batch = game.batch(n, seed=seed, reuse=reuse)
    repeated = 0
    states = [game.new_initial_state() for _ in range(n)]
    rng = np.random.default_rng(seed)
    obs, masks, current = batch.reset()
    for _ in range(steps):
        for i, state in enumerate(states):
            assert current[i] == state.current_player()
            np.testing.assert_array_equal(obs[i], state.observation_tensor(int(current[i])))
            np.testing.assert_array_equal(masks[i], state.legal_actions_mask())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        obs, masks, rewards, terminated, current = batch.step(actions)
        for i in range(n):
            states[i].apply_action(int(actions[i]))
            assert terminated[i] == states[i].is_terminal()
            if states[i].is_terminal():
                returns = np.array(states[i].returns(), dtype=np.float32)
                np.testing.assert_array_equal(rewards[i], returns)
                repeated += "the position repeated" in str(states[i])
                states[i] = game.new_initial_state()
            else:
                assert rewards[i].tolist() == [0.0] * players
    return repeated


@settings(max_examples=20, deadline=None)
@given(
    spec=st.sampled_from(SPECS),
    n=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_a_batch_steps_like_states_one_by_one(spec, n, seed):
    lockstep(spec, n, seed, steps=60)


@settings(max_examples=10, deadline=None)
@given(
    spec=st.sampled_from(SPECS),
    n=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_a_batch_reusing_its_arrays_steps_like_states(spec, n, seed):
    lockstep(spec, n, seed, steps=60, reuse=True)


# The batch compiles its observation writer for boards of 3 to 9 houses
# and reads any other width at run time: both, with and without the swap.
@pytest.mark.parametrize(
    "spec",
    [
        "kalah,houses=2,seeds=2",
        "kalah,houses=16,pie_rule=true",
        "oware,houses=10",
        "oware,houses=2,seeds=3,pie_rule=true",
        "kalah,houses=9,pie_rule=true",
        "kalah,houses=8,pie_rule=true",
    ],
)
@pytest.mark.parametrize("reuse", [False, True])
def test_boards_of_any_width_step_like_states(spec, reuse):
    lockstep(spec, n=5, seed=3, steps=150, reuse=reuse)


def test_long_lockstep_crosses_many_resets():
    lockstep("kalah,seeds=3", n=8, seed=11, steps=400)


def test_repetitions_across_captures_end_games_as_in_states():
    # Small Oware boards cycle often: the batch keeps only the positions
    # since the last capture, and must end the same games by repetition
    # as states that keep them all.
    repeated = lockstep("oware,houses=3,seeds=2", n=8, seed=5, steps=400, reuse=True)
    assert repeated >= 10


def test_a_position_from_before_a_store_was_lifted_repeats_in_a_batch():
    # relay_store lifts the mover's store back onto the board, so the
    # batch cannot forget the positions before a capture: after these 19
    # moves (worked by hand in mancala-core's tests/rules_end.rs) the
    # position of move 11 is back and the game ends by repetition, 3-9.
    game = mancala.load_game("crosscapt-eight,houses=3,seeds=2,end=any_side_empty,repetition")
    houses = [1, 2, 1, 2, 2, 3, 1, 1, 1, 2, 2, 1, 3, 1, 1, 1, 2, 2, 3]
    state = game.new_initial_state()
    batch = game.batch(1)
    batch.reset()
    for i, house in enumerate(houses):
        assert not state.is_terminal(), i
        state.apply_action(house - 1)
        _, _, rewards, terminated, _ = batch.step(np.array([house - 1], dtype=np.int64))
        assert terminated[0] == (i == len(houses) - 1), i
    assert state.is_terminal()
    assert "the position repeated" in str(state)
    assert state.returns() == [-1.0, 1.0]
    np.testing.assert_array_equal(rewards[0], np.array([-1.0, 1.0], dtype=np.float32))


def test_automatic_reset():
    game = mancala.load_game("kalah,seeds=1")
    batch = game.batch(1)
    start = game.new_initial_state()
    obs, masks, _ = batch.reset()
    ended = 0
    for _ in range(200):
        obs, masks, rewards, terminated, current = batch.step(
            np.array([np.flatnonzero(masks[0])[0]], dtype=np.int64)
        )
        if terminated[0]:
            ended += 1
            assert abs(rewards[0].sum()) < 1e-6
            np.testing.assert_array_equal(obs[0], start.observation_tensor(0))
            assert current[0] == 0
    assert ended > 0
    # reset() puts unfinished games back at the start.
    batch.step(np.array([np.flatnonzero(masks[0])[0]], dtype=np.int64))
    obs, _, _ = batch.reset()
    np.testing.assert_array_equal(obs[0], start.observation_tensor(0))


def test_an_empty_batch():
    obs, masks, rewards, terminated, current = mancala.load_game("oware").batch(0).step(
        np.zeros(0, dtype=np.int64)
    )
    assert obs.shape == (0, 16) and masks.shape == (0, 6) and rewards.shape == (0, 2)
    assert terminated.shape == current.shape == (0,)


def test_bad_batch_input():
    game = mancala.load_game("kalah")
    batch = game.batch(3)
    obs, masks, _ = batch.reset()
    with pytest.raises(TypeError, match="numpy array of int64, not list"):
        batch.step([0, 1, 2])
    with pytest.raises(TypeError, match="dtype int64, not int32"):
        batch.step(np.array([0, 1, 2], dtype=np.int32))
    with pytest.raises(TypeError, match="dtype int64, not float"):
        batch.step(np.array([0.0, 1.0, 2.0]))
    with pytest.raises(ValueError, match=r"shape \(3,\), one per game, not \[2\]"):
        batch.step(np.array([0, 1], dtype=np.int64))
    with pytest.raises(ValueError, match=r"shape \(3,\).*not \[3, 1\]"):
        batch.step(np.zeros((3, 1), dtype=np.int64))
    with pytest.raises(ValueError, match=r"actions\[1\] = 6 is out of range"):
        batch.step(np.array([0, 6, 0], dtype=np.int64))
    with pytest.raises(ValueError, match=r"actions\[2\] = -1 is out of range"):
        batch.step(np.array([0, 0, -1], dtype=np.int64))
    # A failed step changes nothing: every check comes before any move.
    # House 3 ends in the store: the same player moves again, house 3 empty.
    after = batch.step(np.array([2, 2, 2], dtype=np.int64))[0]
    with pytest.raises(ValueError, match=r"actions\[1\] = 2 is not legal in game 1"):
        batch.step(np.array([0, 2, 0], dtype=np.int64))
    np.testing.assert_array_equal(batch.observe()[0], after)
    # Strided arrays are read as they are.
    strided = np.array([0, 9, 1, 9, 0, 9], dtype=np.int64)[::2]
    assert not strided.flags.c_contiguous
    obs = batch.step(strided)[0]
    for i, action in enumerate([0, 1, 0]):
        state = game.new_initial_state()
        state.apply_action(2)
        state.apply_action(action)
        np.testing.assert_array_equal(obs[i], state.observation_tensor())
    with pytest.raises(TypeError, match="n must be an int"):
        game.batch(2.0)
    with pytest.raises(ValueError, match="n must be from 0"):
        game.batch(-1)
    with pytest.raises(TypeError, match="seed must be an int"):
        game.batch(2, seed="x")


def test_bad_observation_players():
    state = mancala.load_game("kalah").new_initial_state()
    with pytest.raises(ValueError, match="player 2 is out of range"):
        state.observation_tensor(2)
    with pytest.raises(ValueError, match="player -1 is out of range"):
        state.observation_tensor(-1)
    with pytest.raises(TypeError, match="a player must be an int, not str"):
        state.observation_tensor("0")
    assert state.observation_tensor(np.int64(1))[-1] == 1.0


def test_the_readme_batched_rollout():
    game = mancala.load_game("kalah")
    batch = game.batch(64)
    obs, masks, players = batch.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(100):
        actions = np.argmax(rng.random(masks.shape) * masks, axis=1).astype(np.int64)
        obs, masks, rewards, terminated, players = batch.step(actions)
        ended += int(terminated.sum())
        assert (rewards[~terminated] == 0).all()
        assert np.allclose(rewards[terminated].sum(axis=1), 0)
    assert ended > 0 and masks.any(axis=1).all()


def test_reused_arrays_are_the_same_objects_overwritten_by_each_call():
    game = mancala.load_game("kalah")
    fresh, reused = game.batch(4), game.batch(4, reuse=True)
    assert not fresh.reuse and reused.reuse
    first = reused.reset()
    np.testing.assert_array_equal(first[0], fresh.reset()[0])
    kept = first[0].copy()

    def both(actions):
        """Steps both batches; the reused arrays must equal the new ones."""
        actions = np.array(actions, dtype=np.int64)
        got, want = reused.step(actions), fresh.step(actions)
        for g, w in zip(got, want):
            assert g.dtype == w.dtype and g.shape == w.shape
            np.testing.assert_array_equal(g, w)
        return got

    stepped = both([0, 1, 2, 3])
    # reset, observe and step hand out the same arrays, overwritten.
    assert stepped[0] is first[0] and stepped[1] is first[1] and stepped[4] is first[2]
    assert not np.array_equal(first[0], kept)
    assert reused.observe()[0] is first[0]
    # Game 2 moves again (house 3 ended in the store), the others in turn.
    assert stepped[4].tolist() == [1, 1, 0, 1]
    again = both([0, 0, 0, 0])
    assert all(a is b for a, b in zip(again, stepped))
    # Changes made in place are overwritten too, whole arrays.
    legal = np.argmax(fresh.observe()[1], axis=1)
    for array in again:
        array[...] = 1
    both(legal)
    for array in again:
        array[...] = 1
    np.testing.assert_array_equal(reused.observe()[0], fresh.observe()[0])


def test_fresh_arrays_are_never_overwritten():
    game = mancala.load_game("oware")
    batch = game.batch(3)
    obs, masks, _ = batch.reset()
    kept = obs.copy(), masks.copy()
    step = batch.step(np.argmax(masks, axis=1))
    assert step[0] is not obs
    np.testing.assert_array_equal(obs, kept[0])
    np.testing.assert_array_equal(masks, kept[1])


def test_reused_arrays_made_read_only_or_resized_raise():
    game = mancala.load_game("kalah")
    batch = game.batch(2, reuse=True)
    obs, masks, _ = batch.reset()
    actions = np.argmax(masks, axis=1)
    masks.flags.writeable = False
    with pytest.raises(ValueError, match="cannot write its legal_masks array"):
        batch.step(actions)
    masks.flags.writeable = True
    obs.resize((3, 16), refcheck=False)
    with pytest.raises(ValueError, match="observations array: .*contiguous array of 32"):
        batch.observe()
    with pytest.raises(TypeError):
        game.batch(2, reuse=1)
