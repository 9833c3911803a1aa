"""The AIs from Python: `Bot`, `solve` and `analyse`.

Solved values are the published ones of docs/rules.md section 11, or what
the command line's `mancala solve` / `mancala analyse --json` printed for
the same position (the command is given with each).
"""

import random
import sys
import threading

import pytest
from conftest import play_random

import mancala


def state_after(spec: str, actions: list[int]) -> mancala.State:
    state = mancala.load_game(spec).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


# docs/rules.md section 11: side 0's final score minus side 1's under
# perfect play from the start.
@pytest.mark.parametrize(
    ("spec", "value"),
    [
        ("kalah,houses=3,seeds=3", 2),
        ("kalah,houses=4,seeds=3", 6),
        ("kalah,houses=4,seeds=4", 2),
    ],
)
def test_solve_gives_the_published_values(spec, value):
    state = mancala.load_game(spec).new_initial_state()
    solution = mancala.solve(state)
    assert (solution.player, solution.value, solution.values) == (0, value, [value, -value])
    assert solution.result == "win"
    assert solution.nodes > 0 and solution.seconds >= 0
    assert state.solve(database_seeds=0).value == value
    assert state.history() == [], "solving must not play"


# `mancala solve --rules kalah --set houses=H --set seeds=S [--set
# pie_rule=true] --moves M` prints side 0's value (our player 0's: no swap
# was played); the moves here are our action ids, the house numbers - 1.
@pytest.mark.parametrize(
    ("spec", "actions", "cli_value", "to_move"),
    [
        ("kalah,houses=5,seeds=3", [1], -14, 1),  # --moves 2
        ("kalah,houses=5,seeds=3", [0], -12, 1),  # --moves 1
        ("kalah,houses=5,seeds=3", [1, 3], -6, 0),  # --moves 2,4
        ("kalah,houses=4,seeds=3,pie_rule=true", [0], -6, 1),  # --moves 1
        ("kalah,houses=4,seeds=3,pie_rule=true", [1], 0, 0),  # --moves 2
        ("oware,houses=3,seeds=2", [], 8, 0),  # --rules oware, no moves
    ],
)
def test_solve_agrees_with_the_command_line(spec, actions, cli_value, to_move):
    state = state_after(spec, actions)
    solution = state.solve()
    assert solution.player == state.current_player() == to_move
    assert solution.values == [cli_value, -cli_value]
    assert solution.value == solution.values[to_move]
    expected = "win" if solution.value > 0 else "draw" if solution.value == 0 else "loss"
    assert solution.result == expected
    # The best action keeps the value: solve the position after it.
    after = state.clone()
    after.apply_action(solution.best_action)
    if after.is_terminal():
        scores = after.scores()
        assert scores[to_move] - scores[1 - to_move] == solution.value
    else:
        assert after.solve().values == solution.values


def test_values_follow_the_players_through_a_pie_swap():
    # After house 1 in Kalah(4,3) with the pie rule, side 1 to move is worth
    # +6 to side 1 (-6 for side 0, as above). A swap gives player 1 side 0
    # and player 0 side 1, which is then to move: +6 for player 0.
    state = state_after("kalah,houses=4,seeds=3,pie_rule=true", [0])
    swapped = state.clone()
    swapped.apply_action(4)
    after = swapped.solve()
    assert (after.player, after.value, after.values) == (0, 6, [6, -6])
    assert state.solve().best_action != 4, "swapping would lose 12 seeds"


def test_analyse_values_every_action_exactly_when_the_solver_finishes():
    # docs/rules.md section 11: Kalah(4,3) is +6, by house 2 (action 1).
    state = mancala.load_game("kalah,houses=4,seeds=3").new_initial_state()
    values = mancala.analyse(state, time=60)  # the solver's time: ample
    assert sorted(v.action for v in values) == state.legal_actions()
    assert all(v.exact for v in values)
    assert (values[0].action, values[0].value, values[0].result) == (1, 6.0, "win")
    assert [v.value for v in values] == sorted((v.value for v in values), reverse=True)
    assert values[0].value == state.solve().value


def test_analyse_agrees_with_the_command_line():
    # mancala analyse --rules oware --set houses=3 --set seeds=2 --json:
    # moves 3, 2, 1 worth 8.0, 4.0, -2.0, exact.
    state = mancala.load_game("oware,houses=3,seeds=2").new_initial_state()
    got = [(v.action, v.value, v.exact, v.result) for v in mancala.analyse(state, "ai:3")]
    assert got == [(2, 8.0, True, "win"), (1, 4.0, True, "win"), (0, -2.0, True, "loss")]


def kalah_after_ten_moves():
    """Kalah(6,4) after houses 3, 6, 6, 2, 6, 1, 3, 4, 6, 2: out of the
    opening book and of the solver's second."""
    state = mancala.load_game("kalah").new_initial_state()
    for house in [3, 6, 6, 2, 6, 1, 3, 4, 6, 2]:
        state.apply_action(house - 1)
    return state


def test_analyse_estimates_what_it_cannot_solve():
    state = kalah_after_ten_moves()
    values = mancala.analyse(state, depth=2)
    assert sorted(v.action for v in values) == state.legal_actions()
    assert not any(v.exact for v in values)
    assert all(v.result is None for v in values)
    quick = mancala.analyse(state, "alphabeta:depth=2", time=0.05)
    assert len(quick) == len(state.legal_actions())
    # Three players: no solver, alpha-beta (paranoid) estimates.
    three = mancala.load_game("kalah3").new_initial_state()
    assert sorted(v.action for v in mancala.analyse(three, depth=2)) == three.legal_actions()


def test_analyse_values_the_kalah_opening_exactly_from_the_book():
    # docs/rules.md section 11: Kalah(6,4) is worth +8; house 3 (the move
    # that ends in the store) is its best first move by this engine's solver.
    state = mancala.load_game("kalah").new_initial_state()
    values = mancala.analyse(state, depth=1)
    assert all(v.exact for v in values)
    assert (values[0].action, values[0].value, values[0].result) == (2, 8.0, "win")


def test_a_finished_game_has_nothing_to_analyse_or_solve():
    state = play_random(mancala.load_game("kalah,houses=3,seeds=3").new_initial_state(), random.Random(2))
    assert mancala.analyse(state) == []
    with pytest.raises(ValueError, match="game is over"):
        state.solve()


@pytest.mark.parametrize("spec", ["kalah3", "kalah,players=4,seeds=2"])
def test_solve_is_for_two_players(spec):
    state = mancala.load_game(spec).new_initial_state()
    with pytest.raises(ValueError, match="two players; these rules seat [34]"):
        mancala.solve(state)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"time": -1}, ValueError, "time must be a positive"),
        ({"time": 0}, ValueError, "time must be a positive"),
        ({"time": float("nan")}, ValueError, "time must be a positive"),
        ({"time": "1s"}, TypeError, "time must be a number of seconds"),
        ({"nodes": -5}, ValueError, "nodes must be"),
        ({"table_mb": 0}, ValueError, "table_mb must be from 1"),
        ({"database_seeds": 99}, ValueError, "database_seeds must be from 0 to 20"),
        ({"database_seeds": 1.5}, TypeError, "database_seeds must be an int"),
    ],
)
def test_bad_solver_settings(kwargs, error, words):
    state = mancala.load_game("kalah,houses=3,seeds=3").new_initial_state()
    with pytest.raises(error, match=words):
        mancala.solve(state, **kwargs)


def test_a_solve_out_of_budget_is_a_timeout():
    state = mancala.load_game("kalah").new_initial_state()
    with pytest.raises(TimeoutError, match="ran out of budget after"):
        state.solve(nodes=1000, database_seeds=0)


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "words"),
    [
        (("random",), {}, ValueError, "expected a searching player"),
        (("ai:11",), {}, ValueError, 'bad player spec "ai:11"'),
        ((5,), {}, TypeError, "player spec"),
        ((), {"depth": 2, "time": 1.0}, ValueError, "depth or time, not both"),
        ((), {"depth": -2}, ValueError, "depth must be"),
        ((), {"time": "fast"}, TypeError, "time must be a number"),
    ],
)
def test_bad_analyse_settings(args, kwargs, error, words):
    state = mancala.load_game("kalah").new_initial_state()
    with pytest.raises(error, match=words):
        mancala.analyse(state, *args, **kwargs)


@pytest.mark.parametrize("function", [mancala.solve, mancala.analyse])
def test_the_searches_want_a_state(function):
    with pytest.raises(TypeError, match="expected a mancala.State, not Game"):
        function(mancala.load_game("kalah"))


BOT_SPECS = [
    "random",
    "greedy",
    "ai:1",
    "ai:3",
    "alphabeta:depth=3",
    "maxn:nodes=200",
    "mcts:nodes=200",
]


@pytest.mark.parametrize("rules", ["kalah", "kalah3", "kalah,players=4,seeds=3", "oware", "kalah,houses=4,pie_rule=true"])
@pytest.mark.parametrize("spec", BOT_SPECS)
def test_bots_play_legal_games(rules, spec):
    game = mancala.load_game(rules)
    players = game.num_players()
    bots = [mancala.Bot(game, spec, seed=p) for p in range(players)]
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < 300:
        player = state.current_player()
        before = state.serialize()
        action = bots[player].step(state)
        assert state.serialize() == before, "step must not play"
        assert action in state.legal_actions()
        for p, bot in enumerate(bots):
            if p != player:
                bot.inform_action(state, player, action)
        state.apply_action(action)


def play_bots(game: mancala.Game, bots: list[mancala.Bot]) -> list[int]:
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        for p, bot in enumerate(bots):
            if p != player:
                bot.inform_action(state, player, action)
        state.apply_action(action)
    return state.history()


@pytest.mark.parametrize(("rules", "spec"), [("kalah", "ai:4"), ("kalah3", "ai:2"), ("kalah", "mcts:nodes=300")])
def test_bots_replay_their_games_from_a_seed(rules, spec):
    game = mancala.load_game(rules)
    players = game.num_players()
    first = play_bots(game, [mancala.Bot(game, spec, seed=p) for p in range(players)])
    assert play_bots(game, [mancala.Bot(game, spec, seed=p) for p in range(players)]) == first
    # restart() forgets the game: the same bots replay it too.
    bots = [mancala.Bot(game, spec, seed=p) for p in range(players)]
    play_bots(game, bots)
    for bot in bots:
        bot.restart()
    assert play_bots(game, bots) == first


def test_a_searching_bot_beats_a_random_one():
    game = mancala.load_game("kalah")
    wins = 0
    for seed in range(4):
        bots = [mancala.Bot(game, "ai:5", seed=seed), mancala.Bot(game, "random", seed=seed)]
        if seed % 2:
            bots.reverse()
        state = game.new_initial_state()
        for a in play_bots(game, bots):
            state.apply_action(a)
        ai = seed % 2
        wins += state.returns()[ai] == 1.0
    assert wins == 4


def test_a_bot_takes_the_seed_of_its_spec_first():
    game = mancala.load_game("kalah")
    bot = mancala.Bot(game, "mcts:nodes=100,seed=9", seed=1)
    assert bot.seed == 9
    assert bot.spec == "mcts:nodes=100,seed=9"
    assert mancala.Bot(game, "ai:5").seed == 0
    assert "ai:5" in repr(mancala.Bot(game, "AI:5"))


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ai:11", 'bad player spec "ai:11"'),
        ("ai:0", 'bad player spec "ai:0"'),
        ("wizard", 'bad player spec "wizard"'),
        ("human", "a person has no strategy"),
        ("random,depth=3", "bad player spec"),
        ("ai:5,playout=10", "only MCTS takes a playout cap"),
        ("mcts:depth=4", "bad player spec"),
    ],
)
def test_bad_bot_specs_are_value_errors(spec, words):
    with pytest.raises(ValueError, match=words):
        mancala.Bot(mancala.load_game("kalah"), spec)


def test_bad_bot_arguments():
    game = mancala.load_game("kalah")
    with pytest.raises(TypeError, match="expected a mancala.Game, not str"):
        mancala.Bot("kalah", "ai:5")
    with pytest.raises(TypeError, match="player spec must be a str, not int"):
        mancala.Bot(game, 5)
    with pytest.raises(ValueError, match="seed must be from 0"):
        mancala.Bot(game, "ai:5", seed=-1)
    with pytest.raises(TypeError, match="seed must be an int"):
        mancala.Bot(game, "ai:5", seed="one")


def test_bots_check_the_states_they_are_given():
    game = mancala.load_game("kalah")
    bot = mancala.Bot(game, "ai:2")
    with pytest.raises(ValueError, match="another game"):
        bot.step(mancala.load_game("oware").new_initial_state())
    with pytest.raises(TypeError, match="expected a mancala.State, not Game"):
        bot.step(game)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="player 1 cannot have played: player 0 is to move"):
        bot.inform_action(state, 1, 2)
    with pytest.raises(ValueError, match="out of range"):
        bot.inform_action(state, 0, 9)
    with pytest.raises(ValueError, match="player 5 is out of range"):
        bot.inform_action(state, 5, 0)
    state.apply_action(0)  # player 0's house 1, now empty
    state.apply_action(0)  # player 1's house 1
    with pytest.raises(ValueError, match="action 0 is not legal"):
        bot.inform_action(state, 0, 0)
    done = play_random(game.new_initial_state(), random.Random(1))
    with pytest.raises(ValueError, match="game is over"):
        bot.step(done)
    with pytest.raises(ValueError, match="game is over"):
        bot.inform_action(done, 0, 0)


def spins_while(work) -> int:
    """Runs `work` in a thread and counts the loops this thread makes
    meanwhile: with the GIL held through the call it could only run in
    the few slices the worker spends in Python code."""
    running, finished = threading.Event(), threading.Event()

    def worker():
        running.set()
        try:
            work()
        finally:
            finished.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        thread = threading.Thread(target=worker)
        thread.start()
        running.wait()
        spins = 0
        while not finished.is_set():
            spins += 1
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    return spins


def test_searches_release_the_gil():
    game = mancala.load_game("kalah")
    state = kalah_after_ten_moves()
    bot = mancala.Bot(game, "alphabeta:time=300ms")
    assert spins_while(lambda: bot.step(state)) > 10_000
    assert spins_while(lambda: mancala.analyse(state, time=0.15)) > 10_000

    def out_of_time():
        with pytest.raises(TimeoutError):
            state.solve(time=0.3, database_seeds=0)

    assert spins_while(out_of_time) > 10_000
