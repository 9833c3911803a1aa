"""Houses changing hands between rounds (``rounds = territory``,
docs/rules.md section 8a): a state plays the whole match with one action
space and one observation shape for every round, as ``mancala play`` and
``mancala replay`` play it."""

import json
import pickle
import random
import re
import subprocess
import tomllib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mancala
from conftest import play_bot_against_random
from test_records import ROOT, mancala_binary
from test_rounds import match_lockstep

# Two houses of two seeds a side, stores not sown, captures of 2 and 3
# on the opponent's houses (the kalah preset's capture_side), no extra
# turn: the smallest territory match.
SMALL = "kalah,houses=2,seeds=2,rounds=territory,stores_sown=none,capture=count,capture_counts=2,3,extra_turn=none"

# Round 1 by hand (A = player 0, B = player 1; the track a1 a2 b1 b2, the
# stores not on it; action = house - 1):
#   A 2: b1 3, b2 3, the last (3, B's) taken: A 3.   a 2,0  b 3,0
#   B 1: b2 1, a1 3, a2 1.                            a 3,1  b 0,1
#   A 2: b1 1.                                        a 3,0  b 1,1
#   B 2: a1 4.                                        a 4,0  b 1,0
#   A 1: a2 1, b1 2, b2 1, a1 1 (the origin sown).    a 1,1  b 2,1
#   B 2: a1 2, taken: B 2.                            a 0,1  b 2,0
#   A 2: b1 3, taken: A 6. Both sides are empty: the round ends 6 to 2.
ROUND_1 = [1, 0, 1, 1, 0, 1, 1]
# Round 2 by hand: A's 6 seeds fill 3 houses of 2, so A owns its row and
# B's house 1; B keeps its house 2. Every house holds 2 again. The round
# is played on a board of 3 houses a side: A's houses a1, a2, b1 (as its
# house 3), B's house 2 (its houses 1 and 3 burnt there): 2,2,2:0 0,2,0:0.
# A's actions are 0, 1 (its row) and 2 (B's house 1); B's is 1.
ROUND_2_START = "2,2,2:0 0,2,0:0"
OWNERS_2 = [[0, 0], [0, 1]]


def physical(owners, notation):
    """The physical rows (seeds per house of each player's row) of a
    territory position: a house a player does not own is the other's house
    past the row on the round's board (docs/rules.md section 8a)."""
    sides = [[int(n) for n in side.split(":")[0].split(",")] for side in notation.split()[:2]]
    houses = len(owners[0])
    return [
        [sides[s][j] if owners[s][j] == s else sides[1 - s][houses + j] for j in range(houses)]
        for s in range(2)
    ]


def play(spec, actions):
    state = mancala.load_game(spec).new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def test_the_action_space_covers_every_house_a_player_can_own():
    game = mancala.load_game(SMALL)
    # Each row's 2 houses and the other row's first: 2 x 2 - 1.
    assert game.num_distinct_actions() == 3
    assert [game.action_to_string(a) for a in range(3)] == ["1", "2", "3"]
    # P * (H + 1) cups, P turn flags, P * H flags of the houses owned by
    # the other row's player: the first round's shape.
    assert game.observation_tensor_shape() == [2 * 3 + 2 + 2 * 2]
    state = game.new_initial_state()
    assert state.house_owners() == [[0, 0], [1, 1]]
    assert state.legal_actions() == [0, 1]
    assert state.legal_actions_mask().tolist() == [True, True, False]
    assert state.observation_tensor().tolist() == [2, 2, 0, 2, 2, 0, 1, 0, 0, 0, 0, 0]


def test_round_2_by_hand_the_loser_starting():
    # round_starter = alternate: B starts round 2.
    state = play(SMALL, ROUND_1)
    assert state.current_round() == 1 and not state.is_terminal()
    assert state.rounds_won() == [1, 0]
    assert state.to_notation() == f"{ROUND_2_START} to=1 ply=0"
    assert state.house_owners() == OWNERS_2
    # No house is out of play: each has an owner.
    assert state.burnt_houses() == [[], []]
    assert state.current_player() == 1
    assert state.legal_actions() == [1]
    assert state.legal_actions_mask().tolist() == [False, True, False]
    # B sees its row first: b1 (A's, 2 seeds), b2 (2), its store; then
    # A's row; the turn flags; then its row's houses owned by A (b1),
    # A's row's owned by B (none).
    assert state.observation_tensor(1).tolist() == [2, 2, 0, 2, 2, 0, 1, 0, 1, 0, 0, 0]
    assert state.observation_tensor(0).tolist() == [2, 2, 0, 2, 2, 0, 0, 1, 0, 0, 1, 0]
    assert "house owners [0,0] [0,1]" in str(state)
    # B 2: a1 3, a2 3, the last taken (B 3). B owns no seed: the round
    # ends, A's a1 (3) and b1 (2) to A: 5 to 3. 5 seeds fill 2 houses and
    # half of one (not over half): A owns its row again, B starts... no:
    # A starts round 3 (alternate), on a board of 3 houses, house 3 burnt.
    state.apply_action(1)
    assert state.current_round() == 2
    assert state.rounds_won() == [2, 0]
    assert state.to_notation() == "2,2,0:0 2,2,0:0 to=0 ply=0"
    assert state.house_owners() == [[0, 0], [1, 1]]
    assert state.legal_actions() == [0, 1]
    assert state.observation_tensor(0).tolist() == [2, 2, 0, 2, 2, 0, 1, 0, 0, 0, 0, 0]
    assert state.history() == ROUND_1 + [1]
    assert state.move_number() == 8


def test_round_2_by_hand_a_move_from_a_house_won():
    # round_starter = winner: A starts round 2 and sows from B's house 1.
    spec = SMALL + ",round_starter=winner"
    state = play(spec, ROUND_1)
    assert state.to_notation() == f"{ROUND_2_START} to=0 ply=0"
    assert state.legal_actions() == [0, 1, 2]
    # A 3 (b1, 2 seeds): b2 3, past B's burnt house 3 to a1 3; the last
    # in A's own house: no capture.
    state.apply_action(2)
    assert state.to_notation() == "3,2,0:0 0,3,0:0 to=1 ply=1"
    assert state.house_owners() == OWNERS_2
    assert state.legal_actions() == [1]
    assert state.observation_tensor(1).tolist() == [0, 3, 0, 3, 2, 0, 1, 0, 1, 0, 0, 0]
    # B 2 (3 seeds): a1 4, a2 3, b1 (A's) 1; B's side is empty: the round
    # ends, A's 8 seeds to A. A would own all 4 houses: the match is over.
    state.apply_action(1)
    assert state.is_terminal()
    assert state.scores() == [8, 0]
    assert state.returns() == [1.0, -1.0]
    assert state.rounds_won() == [2, 0]
    assert state.current_round() == 1
    assert state.to_text().endswith("; 2, 1, 2, 2, 1, 2, 2 / 3, 2")
    assert state.observation_tensor(0).tolist() == [0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 1, 0]


def test_bad_actions_are_value_errors():
    state = mancala.load_game(SMALL).new_initial_state()
    with pytest.raises(ValueError, match="out of range: this game's actions are 0..2"):
        state.apply_action(3)
    # House 3 is not the player's in round 1.
    with pytest.raises(ValueError, match="action 2 is not legal here"):
        state.apply_action(2)
    state = play(SMALL, ROUND_1)
    # B's house 1 is A's in round 2.
    with pytest.raises(ValueError, match="action 0 is not legal here"):
        state.apply_action(0)
    with pytest.raises(ValueError, match="action 2 is not legal here"):
        state.apply_action(2)
    assert state.to_notation() == f"{ROUND_2_START} to=1 ply=0"


def test_records_of_a_territory_match_round_trip():
    state = play(SMALL, ROUND_1)
    for copy in (
        mancala.State.from_text(state.to_text()),
        mancala.State.from_json(state.to_json()),
        mancala.load_state(state.to_text()),
        pickle.loads(pickle.dumps(state)),
        state.get_game().deserialize_state(state.serialize()),
        state.clone(),
    ):
        assert copy == state
        assert copy.to_notation() == state.to_notation()
        assert copy.house_owners() == OWNERS_2
        assert copy.legal_actions() == [1]
    # A clone plays on alone.
    other = state.clone()
    other.apply_action(1)
    assert state.current_round() == 1 and other.current_round() == 2
    record = json.loads(state.to_json())
    assert record["rounds"] == [["2", "1", "2", "2", "1", "2", "2"], []]


def territory_files():
    rules = sorted((ROOT / "crates" / "mancala-core" / "rules").glob("*.toml"))
    return [p for p in rules if tomllib.loads(p.read_text()).get("rounds") == "territory"]


TERRITORY_FILES = territory_files()


def test_the_shipped_territory_games_are_found():
    # Adi, NamNam, Nsa Isong, NumNum and others (docs/games.md).
    names = {p.stem for p in TERRITORY_FILES}
    assert {"adi", "namnam", "nsa-isong", "numnum"} <= names, names


def check_step(game, state, total):
    """The invariants of a state of a territory match going on: fixed
    shapes, the mask and the legal actions agreeing, every legal action a
    house the player owns, and the seeds of the first round."""
    houses = (game.num_distinct_actions() + 1) // 2
    player = state.current_player()
    legal = state.legal_actions()
    mask = state.legal_actions_mask()
    assert mask.shape == (game.num_distinct_actions(),)
    assert np.flatnonzero(mask).tolist() == legal
    owners = state.house_owners()
    assert all(len(row) == houses for row in owners)
    for action in legal:
        row, house = (player, action) if action < houses else (1 - player, action - houses)
        assert owners[row][house] == player, (state, action, owners)
    view = state.observation_tensor()
    assert view.shape == tuple(game.observation_tensor_shape())
    cups = view[: 2 * (houses + 1)]
    assert cups.sum() == total
    # The seeds shown per house are the round board's, moved to their rows.
    mine, theirs = physical(owners, state.to_notation())
    side = [mine, theirs] if player == 0 else [theirs, mine]
    assert cups[:houses].tolist() == side[0] and cups[houses + 1 : 2 * houses + 1].tolist() == side[1]
    not_mine = view[2 * (houses + 1) + 2 :]
    own_row = [1.0 if o != player else 0.0 for o in owners[player]]
    other_row = [1.0 if o != 1 - player else 0.0 for o in owners[1 - player]]
    assert not_mine.tolist() == own_row + other_row


def binary_match(path, seed):
    """The binary's own random match: its moves by seat, the final scores
    and the rounds played, from `mancala play`'s transcript."""
    out = subprocess.run(
        [str(mancala_binary()), "play", "--rules", str(path), "--seat", "random", "--seat", "random",
         "--seed", str(seed), "--color", "never"],
        check=True, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120,
    ).stdout
    moves = [(int(s), int(m)) for s, m in re.findall(r"^seat (\d): random played (\d+):", out, re.M)]
    over = re.search(r"^match over: (?:side \d wins|draw) (\d+)-(\d+)", out, re.M)
    rounds = re.search(r"^the match is over after (\d+) rounds?", out, re.M)
    return moves, [int(over[1]), int(over[2])], int(rounds[1]) if rounds else None


def replay_json(path: Path, text: str) -> dict:
    path.write_text(text + "\n")
    out = subprocess.run(
        [str(mancala_binary()), "replay", "--game", str(path), "--json"],
        check=True, capture_output=True, text=True,
    )
    return json.loads(out.stdout)


@pytest.mark.skipif(mancala_binary() is None, reason="no mancala binary built")
@pytest.mark.parametrize("path", TERRITORY_FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [3, 30])
def test_the_binarys_random_matches_play_move_for_move(tmp_path, path, seed):
    moves, scores, rounds = binary_match(path, seed)
    game = mancala.load_game(path)
    state = game.new_initial_state()
    total = int(state.observation_tensor()[: game.observation_tensor_shape()[0] // 2].sum())
    for seat, house in moves:
        assert not state.is_terminal()
        check_step(game, state, total)
        assert state.current_player() == seat, state
        assert house - 1 in state.legal_actions(), (state, house)
        state.apply_action(house - 1)
    assert state.is_terminal()
    assert state.scores() == scores
    assert sorted(state.returns()) == ([0.0, 0.0] if scores[0] == scores[1] else [-1.0, 1.0])
    assert (state.returns()[0] > 0) == (scores[0] > scores[1])
    if rounds is not None:
        assert state.current_round() + 1 == rounds
    replayed = replay_json(tmp_path / "match.txt", state.to_text())
    assert replayed["position"] == state.to_notation()
    assert replayed["over"] and replayed["match"] == state.to_text()


def play_python_match(tmp, path, seed, stop):
    """A random match of `path` from Python, to its end or `stop` moves,
    checked at every step and replayed by `mancala replay --game`."""
    rng = random.Random(seed)
    game = mancala.load_game(path)
    state = game.new_initial_state()
    total = int(state.observation_tensor()[: game.observation_tensor_shape()[0] // 2].sum())
    while not state.is_terminal() and state.move_number() != stop:
        check_step(game, state, total)
        assert state.returns() == [0.0, 0.0]
        state.apply_action(rng.choice(state.legal_actions()))
    for name, text in (("match.json", state.to_json()), ("match.txt", state.to_text())):
        replayed = replay_json(tmp / name, text)
        assert replayed["position"] == state.to_notation()
        assert replayed["round"] == state.current_round() + 1
        assert replayed["rounds_won"] == state.rounds_won()
        assert replayed["over"] == state.is_terminal()
        assert replayed["match"] == state.to_text()
        # The binary's burnt houses are the round board's: a house of a
        # row burnt there is the other player's house past the row.
        owners = state.house_owners()
        for s, burnt in enumerate(replayed["burnt"]):
            for h in range(1, len(owners[0]) + 1):
                assert owners[s][h - 1] == (s if h not in burnt else 1 - s)
    assert mancala.State.from_json(state.to_json()) == state
    assert mancala.State.from_text(state.to_text()) == state
    return state


@pytest.mark.skipif(mancala_binary() is None, reason="no mancala binary built")
@pytest.mark.parametrize("path", TERRITORY_FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [1, 2])
def test_pythons_random_matches_end_and_replay_in_the_binary(tmp_path, path, seed):
    state = play_python_match(tmp_path, path, seed, None)
    assert state.is_terminal()
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.legal_actions() == [] and not state.legal_actions_mask().any()


@pytest.mark.skipif(mancala_binary() is None, reason="no mancala binary built")
@settings(max_examples=15, deadline=None)
@given(index=st.integers(0, len(TERRITORY_FILES) - 1), seed=st.integers(0, 2**32 - 1),
       stop=st.sampled_from([1, 10, 60, 200, 600]))
def test_pythons_matches_midway_replay_in_the_binary(tmp_path_factory, index, seed, stop):
    play_python_match(tmp_path_factory.mktemp("match"), TERRITORY_FILES[index], seed, stop)


@pytest.mark.parametrize("seed", [1, 30])
def test_a_batch_of_territory_matches_plays_as_states(seed):
    ended, rounds = match_lockstep(SMALL, 8, 3, seed, steps=80, reuse=seed == 30)
    assert ended > 0 and rounds > 1
    path = next(p for p in TERRITORY_FILES if p.stem == "adi")
    ended, rounds = match_lockstep(str(path), 48, 2, seed, steps=300, reuse=seed == 1)
    assert rounds > 1


def test_the_engine_plays_and_solves_a_round_on_houses_won():
    # Round 2 of the winner-starts match, A to move on 2,2,2:0 0,2,0:0, by
    # hand: A 1 (a2 3, b1 3: A's own house, no capture), B 2 (a1 1, a2
    # 4), B's side empty: A 8 to 0. A 2 (b1 3, b2 3 taken: A 3), B's side
    # empty: 3 + 5. A 3 (above): 8 to 0. Every move wins the round by 8.
    state = play(SMALL + ",round_starter=winner", ROUND_1)
    solution = mancala.solve(state)
    assert solution.value == 8 and solution.best_action in (0, 1, 2)
    values = mancala.analyse(state)
    assert sorted((v.action, v.value, v.exact) for v in values) == [(a, 8.0, True) for a in range(3)]
    bot = mancala.Bot(state.get_game(), "ai:3", seed=1)
    assert bot.step(state) in (0, 1, 2)
    # Whole matches of Adi, the engine against random play.
    path = next(p for p in TERRITORY_FILES if p.stem == "adi")
    rng = random.Random(5)
    state = mancala.load_game(path).new_initial_state()
    bot = mancala.Bot(state.get_game(), "ai:1", seed=2)
    play_bot_against_random(state, bot, rng)
    assert state.current_round() > 0
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
