"""Bad input raises ValueError or TypeError naming what was wrong."""

import pickle

import pytest

import mancala


@pytest.fixture
def kalah():
    return mancala.load_game("kalah")


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("kalahh", "unknown preset"),
        ("kalah,sedes=5", "sedes"),
        ("kalah,seeds=many", "seeds"),
        ("oware,players=3", "cannot be played"),
        # Rules dealt afresh for every game are no one game: Python takes
        # a concrete deal (layout_seed=N), docs/rules.md section 1.
        ("kalah,layout_seed=each_game", "layout_seed = each_game deals every game afresh"),
        # Houses changing hands between rounds need stores off the track
        # (docs/rules.md section 8a, "Limits").
        ("kalah,rounds=territory", "stores_sown"),
        ("kalah,,seeds=5", "empty"),
        ("", "empty"),
    ],
)
def test_bad_specs_are_value_errors(spec, words):
    with pytest.raises(ValueError, match=words):
        mancala.load_game(spec)


def test_rule_files_that_do_not_read(tmp_path):
    with pytest.raises(FileNotFoundError, match="missing.toml"):
        mancala.load_game(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("seeds = 'lots'\n")
    with pytest.raises(ValueError, match="bad.toml"):
        mancala.load_game(bad)
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{")
    with pytest.raises(ValueError, match="bad.json"):
        mancala.load_game(str(bad_json))


@pytest.mark.parametrize("value", [3, None, 1.5, ["kalah"]])
def test_load_game_wants_a_str_or_a_path(value):
    with pytest.raises(TypeError, match="spec"):
        mancala.load_game(value)


@pytest.mark.parametrize("action", [-1, 6, 7, 2**70, -(2**70)])
def test_out_of_range_actions(kalah, action):
    state = kalah.new_initial_state()
    with pytest.raises(ValueError, match="out of range"):
        state.apply_action(action)
    assert state.history() == []


@pytest.mark.parametrize("action", ["1", 1.0, None, [1]])
def test_actions_must_be_ints(kalah, action):
    with pytest.raises(TypeError, match="must be an int"):
        kalah.new_initial_state().apply_action(action)


def test_illegal_actions(kalah):
    state = kalah.new_initial_state()
    state.apply_action(0)
    state.apply_action(0)  # player 1's house 1
    with pytest.raises(ValueError, match="action 0 is not legal"):
        state.apply_action(0)  # player 0's house 1 is empty now
    assert state.history() == [0, 0]


def test_no_action_after_the_end(kalah):
    state = kalah.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    with pytest.raises(ValueError, match="game is over"):
        state.apply_action(0)


def test_the_swap_needs_the_pie_rule(kalah):
    with pytest.raises(ValueError, match="out of range"):
        kalah.new_initial_state().apply_action(6)
    pie = mancala.load_game("kalah,pie_rule=true").new_initial_state()
    with pytest.raises(ValueError, match="not legal"):
        pie.apply_action(6)


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", '{"rules": 3}', "not json", '{"rules":{"players":2},"events":["9"]}'],
)
def test_corrupt_serialized_states(kalah, text):
    with pytest.raises(ValueError, match="corrupt serialized state"):
        kalah.deserialize_state(text)


def test_serialized_moves_must_replay(kalah):
    state = kalah.new_initial_state()
    state.apply_action(0)
    text = state.serialize().replace('"events":["1"]', '"events":["1","1","7"]')
    with pytest.raises(ValueError, match="corrupt serialized state"):
        kalah.deserialize_state(text)


def test_states_of_other_rules_are_refused(kalah):
    oware = mancala.load_game("oware").new_initial_state()
    with pytest.raises(ValueError, match="other rules"):
        kalah.deserialize_state(oware.serialize())


def test_serialized_states_are_str(kalah):
    with pytest.raises(TypeError, match="must be a str"):
        kalah.deserialize_state(b"{}")


def test_corrupt_pickles_are_value_errors(kalah):
    data = pickle.dumps(kalah.new_initial_state()).replace(b"events", b"evants")
    with pytest.raises(ValueError, match="corrupt serialized state"):
        pickle.loads(data)


@pytest.mark.parametrize("text", ["", "1,2", "4,4,4,4,4,4:0 4,4,4,4,4,4:0 to=7 ply=0", "x"])
def test_bad_notation(kalah, text):
    with pytest.raises(ValueError):
        mancala.State.from_notation(kalah, text)


def test_notation_of_the_wrong_types(kalah):
    with pytest.raises(TypeError, match="mancala.Game"):
        mancala.State.from_notation("kalah", "4,4:0 4,4:0")
    with pytest.raises(TypeError, match="str"):
        mancala.State.from_notation(kalah, 3)


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (("kalah", 10, 1), TypeError, "mancala.Game"),
        ((None, 10, 1), TypeError, "mancala.Game"),
        (("GAME", -1, 1), ValueError, "n must be"),
        (("GAME", 10, -1), ValueError, "seed must be"),
        (("GAME", "10", 1), TypeError, "n must be an int"),
        (("GAME", 10, 1.5), TypeError, "seed must be an int"),
        (("GAME", 10, 1, -2), ValueError, "threads must be"),
    ],
)
def test_bad_playout_arguments(kalah, args, error, words):
    args = tuple(kalah if a == "GAME" else a for a in args)
    with pytest.raises(error, match=words):
        mancala.random_playouts(*args)
