"""Playing games through the OpenSpiel-shaped API."""

import copy
import pickle
import random

import pytest
from conftest import SPECS, play_random

import mancala


def test_the_readme_random_game():
    game = mancala.load_game("kalah")
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert "game over" in str(state)
    assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [0.0, 0.0]
    assert sum(state.scores()) == 48


@pytest.mark.parametrize("spec", SPECS)
def test_random_games_keep_the_contracts(spec):
    game = mancala.load_game(spec)
    players = game.num_players()
    rng = random.Random(spec)
    for _ in range(20):
        state = game.new_initial_state()
        assert state.returns() == [0.0] * players
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            mask = state.legal_actions_mask()
            assert len(mask) == game.num_distinct_actions()
            assert [a for a, on in enumerate(mask) if on] == legal
            assert 0 <= state.current_player() < players
            state.apply_action(rng.choice(legal))
        assert state.current_player() == mancala.TERMINAL_PLAYER == -4
        assert state.legal_actions() == []
        assert state.legal_actions_mask().tolist() == [False] * game.num_distinct_actions()
        assert len(state.history()) == state.move_number() <= game.max_game_length()
        returns = state.returns()
        assert len(returns) == players and abs(sum(returns)) < 1e-9
        assert max(returns) > 0 or returns == [0.0] * players
        assert len(state.scores()) == players


def test_two_player_returns_follow_the_scores():
    game = mancala.load_game("kalah")
    rng = random.Random(7)
    for _ in range(50):
        state = play_random(game.new_initial_state(), rng)
        a, b = state.scores()
        assert state.returns() == [float((a > b) - (a < b)), float((b > a) - (b < a))]


def test_returns_of_three_players_come_from_ranks():
    game = mancala.load_game("kalah3")
    rng = random.Random(3)
    for _ in range(50):
        state = play_random(game.new_initial_state(), rng)
        scores, returns = state.scores(), state.returns()
        for p in range(3):
            below = sum(s < scores[p] for s in scores)
            above = sum(s > scores[p] for s in scores)
            assert returns[p] == (below - above) / 2


def test_action_ids_are_houses_from_the_movers_view():
    game = mancala.load_game("kalah")
    state = game.new_initial_state()
    state.apply_action(2)  # house 3: four seeds, the last in the store
    assert state.current_player() == 0
    assert state.to_notation().startswith("4,4,0,5,5,5:1 4,4,4,4,4,4:0")
    state.apply_action(0)
    assert state.current_player() == 1
    state.apply_action(5)  # player 1's house 6, sown towards its store
    assert state.history() == [2, 0, 5]
    assert state.scores() == [1, 1]


def test_the_pie_swap_is_action_houses():
    game = mancala.load_game("kalah,pie_rule=true")
    assert game.num_distinct_actions() == 7
    state = game.new_initial_state()
    assert 6 not in state.legal_actions()
    state.apply_action(0)
    assert state.current_player() == 1 and 6 in state.legal_actions()
    state.apply_action(6)
    assert state.history() == [0, 6]
    play_random(state, random.Random(1))
    assert abs(sum(state.returns())) < 1e-9


def test_clones_are_independent():
    game = mancala.load_game("oware")
    state = game.new_initial_state()
    state.apply_action(3)
    for twin in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        assert twin == state
        twin.apply_action(twin.legal_actions()[0])
        assert twin != state
        assert state.history() == [3] and twin.history() != [3]


@pytest.mark.parametrize("spec", SPECS)
def test_serialize_and_pickle_round_trip(spec):
    game = mancala.load_game(spec)
    rng = random.Random(spec)
    state = game.new_initial_state()
    for _ in range(200):
        for again in (
            game.deserialize_state(state.serialize()),
            pickle.loads(pickle.dumps(state)),
        ):
            assert again == state
            assert again.history() == state.history()
            assert str(again) == str(state)
            assert again.legal_actions() == state.legal_actions()
            assert again.returns() == state.returns()
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert pickle.loads(pickle.dumps(game)) == game


@pytest.mark.parametrize("spec", SPECS)
def test_notation_round_trips(spec):
    game = mancala.load_game(spec)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    again = mancala.State.from_notation(game, state.to_notation())
    assert again.to_notation() == state.to_notation()
    assert again.legal_actions() == state.legal_actions()
    assert again.current_player() == state.current_player()
    assert again.history() == []
    assert game.state_from_notation(state.to_notation()).to_notation() == state.to_notation()


def test_specs_and_rule_files_load_the_same_rules(tmp_path):
    three = mancala.load_game("kalah,players=3,seeds=3")
    assert mancala.load_game("kalah(players=3,seeds=3)") == three
    assert mancala.load_game(three.spec()) == three
    assert three.num_players() == 3 and three.num_distinct_actions() == 6
    path = tmp_path / "three.toml"
    path.write_text(three.rules())
    assert mancala.load_game(path) == three
    assert mancala.load_game(str(path)) == three
    assert mancala.load_game("kalah3").num_players() == 3


def test_max_game_length_is_a_bound():
    assert mancala.load_game("kalah").max_game_length() == 14_162
    # Oware's seeds may circle for ever: the documented cap.
    assert mancala.load_game("oware").max_game_length() == mancala.GAME_LENGTH_CAP


def test_the_board_is_drawn():
    text = str(mancala.load_game("kalah").new_initial_state())
    assert "side 0 to move" in text and text.count("4") >= 12


def test_random_playouts_are_reproducible():
    game = mancala.load_game("oware")
    totals = mancala.random_playouts(game, 200, 5)
    assert totals.games == 200 and totals.plies > 200
    assert sum(totals.firsts) >= 200 and len(totals.firsts) == 2
    again = mancala.random_playouts(game, 200, 5, threads=1)
    assert (again.games, again.plies, again.firsts) == (totals.games, totals.plies, totals.firsts)
    assert mancala.random_playouts(game, 200, 5, threads=2).games == 200
    assert mancala.random_playouts(game, 0, 5).games == 0


def test_random_playouts_play_whole_matches_in_rounds():
    # The same random players: a match of one round is the one-round game
    # move for move; with a second round allowed, the matches go on.
    plain = mancala.random_playouts(mancala.load_game("kalah,houses=2,seeds=2"), 100, 3)
    one = mancala.random_playouts(
        mancala.load_game("kalah,houses=2,seeds=2,rounds=fill,round_limit=1"), 100, 3
    )
    two = mancala.random_playouts(
        mancala.load_game("kalah,houses=2,seeds=2,rounds=fill,round_limit=2"), 100, 3
    )
    assert (one.games, one.plies) == (plain.games, plain.plies)
    assert two.games == 100 and two.plies > plain.plies


def test_random_playouts_release_the_gil():
    import sys
    import threading

    game = mancala.load_game("kalah")
    running, finished = threading.Event(), threading.Event()

    def playouts():
        running.set()
        mancala.random_playouts(game, 100_000, 1)
        finished.set()

    # With the GIL held through the call, this thread could only run in
    # the few microsecond slices the worker spends in Python code.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        worker = threading.Thread(target=playouts)
        worker.start()
        running.wait()
        spins = 0
        while not finished.is_set():
            spins += 1
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert spins > 10_000


def test_load_game_takes_a_shipped_rule_file_by_name():
    # Krur's rule file (crates/mancala-core/rules/krur.toml): two rows of
    # 4 houses of 4 seeds, children; known by name, with overrides too.
    krur = mancala.load_game("krur")
    assert krur.num_distinct_actions() >= 4
    state = krur.new_initial_state()
    assert sum(state.observation_tensor()) > 0
    assert mancala.load_game("krur,seeds=3").new_initial_state().to_text() != state.to_text()
    with pytest.raises(ValueError):
        mancala.load_game("no-such-game")
