"""Games in rounds (docs/rules.md section 8a): a state of rules with
``rounds`` plays the whole match, as ``mancala play`` and ``mancala
replay`` do."""

import json
import pickle
import random
import subprocess
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mancala
from conftest import play_bot_against_random
from test_records import mancala_binary

TWO_BY_TWO = "kalah,houses=2,seeds=2,rounds=fill"

# Worked by hand from docs/rules.md sections 8a and 5 (A = player 0,
# B = player 1; action = house - 1):
# Round 1, from 2,2:0 2,2:0, A to move:
#   A 2: A's store, B's house 1 (3); B to move.
#   B 2: B's store, A's house 1 (3); A to move.
#   A 1: A's house 2, A's store, B's house 1 (4); B to move.
#   B 1: B's house 2, B's store, A's houses 1 and 2; A to move.
#   A 2: A's store (3), B's house 1; B to move.
#   B 2: one seed into its store (3): again.
#   B 1: into its empty house 2, which takes A's house 1 (1 seed) and
#        itself: B's store 5, B's side empty: the round ends 3 to 5.
# Round 2: A's 3 seeds fill house 1 with 2, 1 in the store, house 2 burnt;
#   B's 5 fill both houses, 1 in the store; B starts (round_starter =
#   alternate): 2,0:1 2,2:1.
#   B 2: B's store, A's house 1 (3); A to move.
#   A 1 (A's only move): passes over the burnt house 2, A's store, B's
#        houses 1 and 2; A's side is empty: B takes its 4, 2 to 6.
# Round 3: A fills house 1 (house 2 burnt, store empty), B both houses
#   with 2 in its store; A starts: 2,0:0 2,2:2.
#   A 1: A's store, B's house 1; A's side is empty: 1 to 7. A cannot fill
#        a house: the match is over, B first (its last round's result).
ROUND_1 = [1, 1, 0, 0, 1, 1, 0]
ROUND_2 = [1, 0]
ROUND_3 = [0]
WHOLE_LINE = f"{TWO_BY_TWO}; 2, 2, 1, 1, 2, 2, 1 / 2, 1 / 1"


def test_a_hand_worked_match():
    game = mancala.load_game(TWO_BY_TWO)
    state = game.new_initial_state()
    assert state.current_round() == 0
    assert state.burnt_houses() == [[], []]
    assert state.rounds_won() == [0, 0]
    for action in ROUND_1:
        assert not state.is_terminal()
        state.apply_action(action)
    # The round is over; the next has begun.
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.current_round() == 1
    assert state.rounds_won() == [0, 1]
    assert state.burnt_houses() == [[2], []]
    assert state.to_notation() == "2,0:1 2,2:1 to=1 ply=0"
    assert state.current_player() == 1
    assert state.legal_actions() == [0, 1]
    # Player 0's view: its houses and store, then B's, the turn flags,
    # then the burnt flags, its own side first.
    assert state.observation_tensor(0).tolist() == [2, 0, 1, 2, 2, 1, 0, 1, 0, 1, 0, 0]
    assert state.observation_tensor(1).tolist() == [2, 2, 1, 2, 0, 1, 1, 0, 0, 0, 0, 1]
    state.apply_action(ROUND_2[0])
    # House 2 is burnt: house 1 is player 0's only action.
    assert state.legal_actions() == [0]
    assert state.legal_actions_mask().tolist() == [True, False]
    with pytest.raises(ValueError, match="burnt"):
        state.clone().apply_action(1)
    state.apply_action(ROUND_2[1])
    assert state.current_round() == 2
    assert state.rounds_won() == [0, 2]
    assert state.to_notation() == "2,0:0 2,2:2 to=0 ply=0"
    assert state.burnt_houses() == [[2], []]
    state.apply_action(ROUND_3[0])
    assert state.is_terminal()
    assert state.current_player() == mancala.TERMINAL_PLAYER
    assert state.legal_actions() == []
    assert state.scores() == [1, 7]
    assert state.returns() == [-1.0, 1.0]
    assert state.rounds_won() == [0, 3]
    assert state.history() == ROUND_1 + ROUND_2 + ROUND_3
    assert state.move_number() == 10
    assert state.to_text() == WHOLE_LINE
    assert state == mancala.State.from_text(WHOLE_LINE)


def test_games_without_rounds_keep_their_layout():
    game = mancala.load_game("kalah,houses=2,seeds=2")
    assert game.observation_tensor_shape() == [8]
    state = game.new_initial_state()
    assert state.observation_tensor().tolist() == [2, 2, 0, 2, 2, 0, 1, 0]
    assert state.current_round() == 0
    assert state.burnt_houses() == [[], []]
    assert mancala.load_game(TWO_BY_TWO).observation_tensor_shape() == [12]


def midway() -> mancala.State:
    """The hand-worked match, in round 2 after B's move."""
    state = mancala.load_game(TWO_BY_TWO).new_initial_state()
    for action in ROUND_1 + ROUND_2[:1]:
        state.apply_action(action)
    return state


@pytest.mark.parametrize("make", [midway, lambda: mancala.State.from_text(WHOLE_LINE)])
def test_matches_round_trip(make):
    state = make()
    for back in (
        mancala.State.from_text(state.to_text()),
        mancala.State.from_json(state.to_json()),
        mancala.load_state(state.to_text()),
        mancala.load_state(state.to_json()),
        state.get_game().deserialize_state(state.serialize()),
        pickle.loads(pickle.dumps(state)),
    ):
        assert back == state
        assert back.to_text() == state.to_text()
        assert back.to_notation() == state.to_notation()
        assert back.burnt_houses() == state.burnt_houses()
        assert back.current_round() == state.current_round()
        assert back.history() == state.history()
    record = json.loads(state.to_json())
    assert sorted(record) == ["rounds", "rules"]
    assert record["rules"]["rounds"] == "fill"
    assert state.get_game() == mancala.load_game(TWO_BY_TWO)


def test_midway_text_is_the_match_line():
    assert midway().to_text() == f"{TWO_BY_TWO}; 2, 2, 1, 1, 2, 2, 1 / 2"
    # The same moves without the round boundary do not replay.
    with pytest.raises(ValueError, match="round 1 is over before its event 8"):
        mancala.State.from_text(f"{TWO_BY_TWO}; 2, 2, 1, 1, 2, 2, 1, 2")


def test_positions_of_matches_are_refused():
    game = mancala.load_game(TWO_BY_TWO)
    with pytest.raises(ValueError, match="rounds"):
        mancala.State.from_notation(game, "2,2:0 2,2:0 to=0 ply=0")


RULE_FILES = Path(__file__).resolve().parents[2] / "mancala-core" / "rules"
# Dakon in rounds, as rules/dakon-rounds.toml writes it (docs/games.md,
# "dakon"): 7 houses of 7 seeds a side, 98 seeds in all.
DAKON_ROUNDS = (
    "dakon,rounds=fill,round_fill=from_store,round_starter=last_mover,match_houses=1,round_limit=0"
)


def test_the_dakon_spec_is_the_rule_file():
    assert mancala.load_game(DAKON_ROUNDS) == mancala.load_game(RULE_FILES / "dakon-rounds.toml")


def match_lockstep(spec: str, seeds: int, n: int, seed: int, steps: int, reuse: bool) -> tuple[int, int]:
    """Steps a batch of matches and `n` states with the same random legal
    actions: every lane must show what its state shows (observation with
    the burnt flags, mask, player), end when the match ends with the
    match's returns, and hold `seeds` seeds on the board and in the
    stores at every step. Returns the matches ended and the most rounds
    seen in one match."""
    game = mancala.load_game(spec)
    players = game.num_players()
    # P * (H + 1) cups, P turn flags and P * H burnt flags.
    (length,) = game.observation_tensor_shape()
    houses = length // (2 * players) - 1
    batch = game.batch(n, seed=seed, reuse=reuse)
    states = [game.new_initial_state() for _ in range(n)]
    rng = np.random.default_rng(seed)
    obs, masks, current = batch.reset()
    assert obs.shape == (n, length)
    ended = rounds = 0
    for _ in range(steps):
        for i, state in enumerate(states):
            assert current[i] == state.current_player()
            np.testing.assert_array_equal(obs[i], state.observation_tensor(int(current[i])))
            np.testing.assert_array_equal(masks[i], state.legal_actions_mask())
            assert obs[i][: players * (houses + 1)].sum() == seeds
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        obs, masks, rewards, terminated, current = batch.step(actions)
        for i in range(n):
            states[i].apply_action(int(actions[i]))
            rounds = max(rounds, states[i].current_round() + 1)
            assert terminated[i] == states[i].is_terminal()
            if states[i].is_terminal():
                np.testing.assert_array_equal(rewards[i], np.array(states[i].returns(), dtype=np.float32))
                ended += 1
                states[i] = game.new_initial_state()
            else:
                assert rewards[i].tolist() == [0.0] * players
    return ended, rounds


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 4), reuse=st.booleans())
def test_a_batch_of_small_matches_plays_as_states(seed, n, reuse):
    ended, rounds = match_lockstep(TWO_BY_TWO, 8, n, seed, steps=60, reuse=reuse)
    # A match of two houses of two seeds lasts a few dozen moves at most.
    assert ended > 0 and rounds > 1


@pytest.mark.parametrize("seed", [1, 30])
def test_a_batch_of_dakon_matches_plays_as_states(seed):
    ended, rounds = match_lockstep(DAKON_ROUNDS, 98, 3, seed, steps=400, reuse=seed == 30)
    assert rounds > 1


def test_a_batch_of_matches_starts_again():
    game = mancala.load_game(TWO_BY_TWO)
    batch = game.batch(2)
    start = batch.reset()
    # The hand-worked match in lane 0, ending round 1 and the match.
    for action in ROUND_1 + ROUND_2 + ROUND_3:
        masks = batch.observe()[1]
        other = int(np.flatnonzero(masks[1])[0])
        obs, _, rewards, terminated, _ = batch.step(np.array([action, other], dtype=np.int64))
    assert terminated[0]
    assert rewards[0].tolist() == [-1.0, 1.0]
    # Lane 0 shows a new match; reset puts lane 1 back at the start too.
    np.testing.assert_array_equal(obs[0], start[0][0])
    again = batch.reset()
    for new, old in zip(again, start):
        np.testing.assert_array_equal(new, old)
    assert repr(batch) == f"<mancala.Batch of 2 games of {game.spec()}>"


ROUND_SPECS = [
    "kalah,houses=3,seeds=2,rounds=fill",
    "kalah,houses=4,seeds=3,rounds=fill,round_fill=from_store,round_starter=loser,match_houses=2",
    "oware,houses=4,seeds=3,rounds=fill,round_limit=4",
    "kalah,players=3,houses=3,seeds=2,rounds=fill,round_starter=winner",
]


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(ROUND_SPECS), seed=st.integers(0, 2**32 - 1))
def test_random_matches_never_offer_a_burnt_house_and_end(spec, seed):
    rng = random.Random(seed)
    game = mancala.load_game(spec)
    state = game.new_initial_state()
    rounds = 0
    while not state.is_terminal():
        player = state.current_player()
        burnt = state.burnt_houses()[player]
        legal = state.legal_actions()
        assert legal, state
        assert not {a + 1 for a in legal} & set(burnt), (state, legal, burnt)
        mask = state.legal_actions_mask()
        assert [a for a in range(len(mask)) if mask[a]] == legal
        view = state.observation_tensor()
        assert view.shape == tuple(game.observation_tensor_shape())
        houses = len(mask)
        players = game.num_players()
        own_burnt = view[players * (houses + 1) + players :][:houses]
        assert [h + 1 for h in range(houses) if own_burnt[h] == 1.0] == burnt
        assert state.returns() == [0.0] * players
        rounds = max(rounds, state.current_round())
        state.apply_action(rng.choice(legal))
        assert state.move_number() <= game.max_game_length()
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9
    assert max(returns) > min(returns) or returns == [0.0] * game.num_players()
    assert np.all(np.array(returns) <= 1.0)
    # Round trips of a finished match.
    assert mancala.State.from_text(state.to_text()) == state
    assert mancala.State.from_json(state.to_json()) == state


@pytest.mark.skipif(mancala_binary() is None, reason="no mancala binary built")
@pytest.mark.parametrize("spec", [TWO_BY_TWO] + ROUND_SPECS[:3])
@pytest.mark.parametrize("moves", [5, 40, 10_000])
def test_the_cli_replays_the_match_python_writes(tmp_path, spec, moves):
    rng = random.Random(30)
    state = mancala.load_game(spec).new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    for name, text in (("match.json", state.to_json()), ("match.txt", state.to_text())):
        path = tmp_path / name
        path.write_text(text + "\n")
        out = subprocess.run(
            [str(mancala_binary()), "replay", "--game", str(path), "--json"],
            check=True,
            capture_output=True,
            text=True,
        )
        replayed = json.loads(out.stdout)
        assert replayed["position"] == state.to_notation()
        assert replayed["round"] == state.current_round() + 1
        assert replayed["rounds_won"] == state.rounds_won()
        assert replayed["burnt"] == state.burnt_houses()
        assert replayed["over"] == state.is_terminal()
        assert replayed["match"] == state.to_text()


def test_the_engine_plays_and_solves_rounds_with_burnt_houses():
    # Round 2 of the hand-worked match, player 0 to move with house 2
    # burnt: its one move loses 2 to 6 (by hand above), -4.
    state = midway()
    assert state.legal_actions() == [0]
    bot = mancala.Bot(state.get_game(), "ai:3", seed=1)
    assert bot.step(state) == 0
    solution = mancala.solve(state)
    assert (solution.best_action, solution.value) == (0, -4)
    values = mancala.analyse(state)
    assert [(v.action, v.value, v.exact) for v in values] == [(0, -4.0, True)]
    # A whole match, the engine against random play.
    rng = random.Random(3)
    state = mancala.load_game(ROUND_SPECS[0]).new_initial_state()
    bot = mancala.Bot(state.get_game(), "ai:3", seed=2)
    play_bot_against_random(state, bot, rng)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
