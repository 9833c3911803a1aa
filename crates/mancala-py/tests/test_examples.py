"""The examples run, and do what they say."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np

import mancala

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_alphazero_example_runs_as_the_readme_says():
    out = subprocess.run(
        [sys.executable, str(EXAMPLES / "alphazero.py"), "--iterations", "2"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["iteration 1", "iteration 2"]
    assert all("against random" in line for line in lines)


def test_alphazero_training_lowers_the_loss_and_replays_from_its_seed():
    alphazero = load("alphazero")
    args = ["--iterations", "2", "--games", "4", "--simulations", "12", "--match-games", "2"]
    history = alphazero.main(args)
    assert len(history) == 2
    for stats in history:
        assert stats["positions"] > 0
        assert stats["loss_after"] < stats["loss_before"]
        assert 0.0 <= stats["score"] <= 1.0
    assert alphazero.main(args) == history


def test_the_search_counts_visits_of_legal_actions_only():
    alphazero = load("alphazero")
    game = mancala.load_game("kalah,houses=4,seeds=3")
    state = game.new_initial_state()
    state.apply_action(1)  # house 2 ends in the store: player 0 again, house 2 empty
    rng = np.random.default_rng(0)
    net = alphazero.Network(game.observation_tensor_shape()[0], game.num_distinct_actions(), 8, rng)
    counts = alphazero.search(state, net, 40, 12.0, rng)
    assert counts.sum() == 40
    assert counts[~state.legal_actions_mask()].sum() == 0
    assert state.history() == [1], "the search must not play"


def test_the_search_finds_a_win_in_one():
    # Player 0 to move in Kalah(4,3). House 1 (action 0) sows into the
    # empty house 2 and captures the 4 opposite: player 1's side is empty,
    # the game ends 12-5. House 4 (action 3) plays on, and player 1 then
    # wins with perfect play (the solver says 1 seed ahead).
    alphazero = load("alphazero")
    game = mancala.load_game("kalah,houses=4,seeds=3")
    state = game.state_from_notation("1,0,0,2:5 0,0,4,0:5 to=0 ply=20")
    win = state.clone()
    win.apply_action(0)
    assert win.is_terminal() and win.returns() == [1.0, -1.0]
    rng = np.random.default_rng(1)
    net = alphazero.Network(game.observation_tensor_shape()[0], game.num_distinct_actions(), 8, rng)
    counts = alphazero.search(state, net, 60, 12.0, rng)
    assert counts.argmax() == 0
