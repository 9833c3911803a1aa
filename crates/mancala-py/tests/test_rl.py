"""The PettingZoo and Gymnasium adapters (the `rl` extra).

Skipped when pettingzoo or gymnasium cannot be imported, unless the
environment sets MANCALA_REQUIRE_RL=1 (CI does): then they must run.
"""

import os
import random
import warnings

import numpy as np
import pytest
from conftest import SPECS

import mancala

if os.environ.get("MANCALA_REQUIRE_RL") == "1":
    import gymnasium
    import pettingzoo
else:
    gymnasium = pytest.importorskip("gymnasium")
    pettingzoo = pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import mancala.gymnasium  # noqa: E402
import mancala.pettingzoo  # noqa: E402


@pytest.mark.parametrize("spec", SPECS)
def test_the_pettingzoo_env_passes_the_api_and_seed_tests(spec):
    api_test(mancala.pettingzoo.env(spec), num_cycles=1000)
    seed_test(lambda: mancala.pettingzoo.env(spec), num_cycles=500)


def play_aec(env, rng):
    """A game of random legal actions; the rewards seen by each agent."""
    env.reset(seed=1)
    totals = {}
    movers = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        assert not truncated
        if terminated:
            env.step(None)
            continue
        legal = obs["action_mask"].nonzero()[0].tolist()
        action = rng.choice(legal)
        movers.append((agent, action))
        env.step(action)
    return totals, movers


@pytest.mark.parametrize("spec", ["kalah", "kalah3", "kalah,players=4,seeds=3", "kalah,pie_rule=true"])
def test_the_pettingzoo_env_replays_as_states_do(spec):
    # The same actions through mancala.State, replayed independently: the
    # agent to move, the masks and the final rewards must agree.
    totals, movers = play_aec(mancala.pettingzoo.env(spec), random.Random(spec))
    state = mancala.load_game(spec).new_initial_state()
    for agent, action in movers:
        assert agent == f"player_{state.current_player()}"
        state.apply_action(action)
    assert state.is_terminal()
    assert totals == {f"player_{p}": r for p, r in enumerate(state.returns())}


def test_the_pettingzoo_env_observes_from_each_seat():
    env = mancala.pettingzoo.env("kalah3", render_mode="ansi")
    env.reset()
    state = mancala.load_game("kalah3").new_initial_state()
    assert env.agents == ["player_0", "player_1", "player_2"]
    for p, agent in enumerate(env.agents):
        obs = env.observe(agent)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        np.testing.assert_array_equal(obs["observation"], state.observation_tensor(p))
        expected = [1] * 6 if p == 0 else [0] * 6
        assert obs["action_mask"].tolist() == expected
    assert env.render() == str(state)
    env.step(0)  # house 1 of 4 seeds: no store yet, player 1 moves
    assert env.agent_selection == "player_1"
    with pytest.raises(ValueError, match="out of range"):
        env.step(6)
    with pytest.raises(ValueError, match="render_mode"):
        mancala.pettingzoo.env("kalah", render_mode="human")


def test_an_extra_turn_selects_the_same_agent():
    env = mancala.pettingzoo.env("kalah")
    env.reset()
    env.step(2)  # Kalah: house 3 of 4 seeds ends in the store
    assert env.agent_selection == "player_0"
    env.step(0)
    assert env.agent_selection == "player_1"


@pytest.mark.parametrize(
    ("spec", "opponent", "player"),
    [("kalah", "ai:1", 0), ("kalah", "ai:2", 1), ("kalah3", "mcts:nodes=50", None), ("oware", "greedy", 0)],
)
def test_the_gymnasium_env_passes_check_env(spec, opponent, player):
    env = gymnasium.make(mancala.gymnasium.ENV_ID, spec=spec, opponent=opponent, player=player, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_a_gymnasium_episode_ends_with_the_agents_return():
    env = mancala.gymnasium.MancalaEnv("kalah", opponent="ai:2", player=1)
    obs, info = env.reset(seed=7)
    # Player 0 (the opponent) moved first: the agent sees its own seat.
    assert env.state.current_player() == 1
    np.testing.assert_array_equal(obs, env.state.observation_tensor(1))
    rng = random.Random(7)
    reward, terminated, steps = 0.0, False, 0
    while not terminated:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.tolist() == info["action_mask"].tolist()
        action = rng.choice(mask.nonzero()[0].tolist())
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        steps += 1
        if not terminated:
            assert reward == 0.0 and env.state.current_player() == 1
    assert reward == env.state.returns()[1] and steps > 3
    with pytest.raises(ValueError, match="reset"):
        env.step(0)


def test_the_gymnasium_opponent_is_the_bot_it_names():
    # Replayed independently: the opponent's moves are what a Bot of the
    # same spec and seed chooses (the agent's moves are told to it).
    env = mancala.gymnasium.MancalaEnv("kalah", opponent="ai:3", player=0)
    env.reset(seed=11)
    while not env.state.is_terminal():
        env.step(int(env.action_masks().nonzero()[0][-1]))
    seed = env.bots[1].seed
    bot = mancala.Bot(mancala.load_game("kalah"), "ai:3", seed=seed)
    state = mancala.load_game("kalah").new_initial_state()
    for action in env.state.history():
        if state.current_player() == 1:
            assert bot.step(state) == action
        else:
            bot.inform_action(state, 0, action)
        state.apply_action(action)


def test_gymnasium_env_errors():
    with pytest.raises(ValueError, match="bad player spec"):
        mancala.gymnasium.MancalaEnv("kalah", opponent="ai:99")
    with pytest.raises(ValueError, match="player must be None or from 0 to 1"):
        mancala.gymnasium.MancalaEnv("kalah", player=2)
    env = mancala.gymnasium.MancalaEnv("kalah")
    env.reset(seed=0)
    env.step(0)
    with pytest.raises(ValueError, match="not legal"):
        env.step(0)  # house 1 is empty now


# Rules with rounds (docs/rules.md section 8a): an episode is the whole
# match. Two houses of two seeds (8 seeds), and Dakon in rounds (98).
ROUND_SPECS = {
    "kalah,houses=2,seeds=2,rounds=fill": (2, 8),
    "dakon,rounds=fill,round_fill=from_store,round_starter=last_mover,match_houses=1,round_limit=0": (7, 98),
}


@pytest.mark.parametrize(("spec", "board"), ROUND_SPECS.items())
def test_the_pettingzoo_env_plays_a_whole_match(spec, board):
    houses, seeds = board
    api_test(mancala.pettingzoo.env(spec), num_cycles=1000)
    space = mancala.pettingzoo.raw_env(spec).observation_space("player_0")["observation"]
    # Per side its houses and store, a turn flag per side, then the burnt
    # flags of every house; no count above the seeds in play.
    assert space.shape == (2 * (houses + 1) + 2 + 2 * houses,)
    assert float(space.high.max()) == seeds
    env = mancala.pettingzoo.env(spec)
    totals, movers = play_aec(env, random.Random(spec))
    # Replayed independently through mancala.State: one episode, the whole
    # match, its rounds and its returns.
    state = mancala.load_game(spec).new_initial_state()
    burnt_seen = False
    for agent, action in movers:
        assert agent == f"player_{state.current_player()}"
        burnt_seen |= any(state.burnt_houses())
        state.apply_action(action)
    assert state.is_terminal() and state.current_round() > 0
    assert burnt_seen
    assert totals == {f"player_{p}": r for p, r in enumerate(state.returns())}


@pytest.mark.parametrize(("spec", "board"), ROUND_SPECS.items())
def test_a_gymnasium_episode_is_a_whole_match(spec, board):
    houses, seeds = board
    # check_env steps one unmasked action_space.sample(): as the first
    # player, whose houses are all full at the start, every id is legal.
    # As the second, Dakon's relay sowing can leave a house empty and the
    # test failed on some samples.
    env = gymnasium.make(mancala.gymnasium.ENV_ID, spec=spec, opponent="ai:1", player=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    env = mancala.gymnasium.MancalaEnv(spec, opponent="greedy", player=1)
    assert env.observation_space.shape == (2 * (houses + 1) + 2 + 2 * houses,)
    assert float(env.observation_space.high.max()) == seeds
    obs, info = env.reset(seed=30)
    rng = random.Random(30)
    terminated, rounds, burnt_seen = False, set(), False
    while not terminated:
        assert env.observation_space.contains(obs)
        np.testing.assert_array_equal(obs, env.state.observation_tensor(1))
        burnt_seen |= bool(obs[2 * (houses + 1) + 2 :].any())
        rounds.add(env.state.current_round())
        obs, reward, terminated, truncated, info = env.step(rng.choice(env.action_masks().nonzero()[0].tolist()))
        assert not truncated
        if not terminated:
            assert reward == 0.0 and env.state.current_player() == 1
    assert env.state.is_terminal() and len(rounds) > 1 and burnt_seen
    assert reward == env.state.returns()[1]


# Houses changing hands between rounds (docs/rules.md section 8a): the
# smallest territory match of tests/test_territory.py, 8 seeds.
TERRITORY = "kalah,houses=2,seeds=2,rounds=territory,stores_sown=none,capture=count,capture_counts=2,3,extra_turn=none"


def test_the_pettingzoo_env_plays_a_territory_match():
    api_test(mancala.pettingzoo.env(TERRITORY), num_cycles=1000)
    seed_test(lambda: mancala.pettingzoo.env(TERRITORY), num_cycles=500)
    env = mancala.pettingzoo.raw_env(TERRITORY)
    # Two houses a row and the other row's first; the first round's
    # observation shape in every round.
    assert env.action_space("player_0").n == 3
    assert env.observation_space("player_0")["observation"].shape == (2 * 3 + 2 + 2 * 2,)
    for seed in range(5):
        totals, movers = play_aec(mancala.pettingzoo.env(TERRITORY), random.Random(seed))
        state = mancala.load_game(TERRITORY).new_initial_state()
        changed = False
        for agent, action in movers:
            assert agent == f"player_{state.current_player()}"
            changed |= state.house_owners() != [[0, 0], [1, 1]]
            state.apply_action(action)
        assert state.is_terminal()
        assert totals == {f"player_{p}": r for p, r in enumerate(state.returns())}
        if changed:
            break
    assert changed


def test_a_gymnasium_episode_is_a_whole_territory_match():
    env = mancala.gymnasium.MancalaEnv(TERRITORY, opponent="random", player=1)
    assert env.action_space.n == 3
    assert env.observation_space.shape == (12,)
    obs, info = env.reset(seed=30)
    rng = random.Random(30)
    terminated, owners = False, set()
    while not terminated:
        assert env.observation_space.contains(obs)
        np.testing.assert_array_equal(obs, env.state.observation_tensor(1))
        assert obs[:6].sum() == 8
        owners.add(str(env.state.house_owners()))
        obs, reward, terminated, truncated, info = env.step(rng.choice(env.action_masks().nonzero()[0].tolist()))
        assert not truncated
    assert env.state.is_terminal() and reward == env.state.returns()[1]
    # Houses changed hands in the episode.
    assert len(owners) > 1, owners
