"""A game exported and imported: the core's JSON record and its one-line
text (docs/rules.md section 16), as the server exports them and
``mancala replay --game`` reads them."""

import json
import os
import pathlib
import random
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mancala
from conftest import SPECS, play_random

ROOT = pathlib.Path(__file__).resolve().parents[3]

# Worked by hand on Kalah(4,3), 3 seeds in each house:
#  2  side 0 sows 3 from house 2: houses 3, 4, the store: again.
#  4  4 seeds: the store, side 1's houses 1-3; side 1 to move.
#  4  side 1 sows 3: its store, side 0's houses 1, 2; side 0 to move.
#  1  4 seeds: houses 2-4, the store: again.
#  4  1 seed: the store: again.
#  2  2 seeds: houses 3 and 4, empty before: it takes side 1's house 1
#     (4 seeds) and itself, 5 seeds, into its store.
SHORT_LINE = "kalah,houses=4,seeds=3; 2, 4, 4, 1, 4, 2"
SHORT_POSITION = "0,0,6,0:9 0,4,4,0:1 to=1 ply=6"

# The same game as the server's /api/games/{id}/export?format=json writes
# it (serde_json::to_string of mancala_core::Game).
SHORT_JSON = (
    '{"rules":{"players":2,"houses":4,"seeds":3,"layout":[],"layout_seed":0,'
    '"direction":"ccw","direction_choice":[],"stores_sown":"own",'
    '"origin":"include","extra_turn":"own_store","first_move_extra_turn":true,"relay":"none",'
    '"relay_on":"any","relay_limit":64,"capture_ends_relay":false,"min_seeds":1,'
    '"must_feed":false,"unfed":"any_move","grand_slam":"allowed","capture":"opposite",'
    '"capture_from":"next","capture_empty_opposite":false,"capture_leaves_seed":false,'
    '"capture_counts":[],"capture_side":"opponent","chain":false,"chain_limit":0,'
    '"gap_opposite":false,"sow_capture_counts":[],'
    '"sow_capture_by":"owner","sow_capture_last":false,"capture_extra_turn":false,'
    '"capture_extra_turn_limit":0,'
    '"single_seed_captures":true,"no_capture_moves":0,"tuzdyk":false,"tuzdyk_count":3,'
    '"end":["any_side_empty"],"end_seeds":0,'
    '"leftover":"owner","cycle_leftover":"owner","no_move":"end","pie_rule":false,'
    '"rounds":"none","round_fill":"from_house_1","round_starter":"alternate",'
    '"match_houses":1,"round_limit":0,"capture_before_sowing":"none",'
    '"capture_opponent_store":false,"relay_counts":[],"reach_opponent":false,'
    '"single_to_empty":false,"tuzdyk_across":false,"end_seeds_to":"leftover",'
    '"lap_capture":"none","territory_rest":"over_half",'
    '"children":false,"child_count":4,"child_skip":false,"capacity":0,"lot_seed":0,"first_move":"any",'
    '"relay_store":false,"pass_store":false,"no_undo":false,"no_sides":false,"gap_occupied":false,"child_kind":"store"},'
    '"events":["2","4","4","1","4","2"]}'
)


# The same record as a server written before layout_seed, end_seeds,
# capture_before_sowing and capture_opponent_store existed wrote it: each
# takes its default when absent.
OLDER_JSON = (
    SHORT_JSON.replace('"layout_seed":0,', "")
    .replace('"end_seeds":0,', "")
    .replace(',"capture_before_sowing":"none"', "")
    .replace(',"capture_opponent_store":false', "")
    .replace(',"end_seeds_to":"leftover"', "")
    .replace(',"lap_capture":"none"', "")
    .replace(',"territory_rest":"over_half"', "")
    .replace(',"children":false,"child_count":4,"child_skip":false', "")
    .replace(',"capacity":0', "")
    .replace(',"lot_seed":0', "")
    .replace(',"first_move":"any"', "")
    .replace(',"relay_store":false', "")
    .replace(',"pass_store":false', "")
    .replace(',"no_undo":false', "")
    .replace(',"no_sides":false', "")
    .replace(',"gap_occupied":false', "")
    .replace(',"child_kind":"store"', "")
)


def test_a_record_from_before_layout_seed_and_end_seeds_loads():
    assert OLDER_JSON != SHORT_JSON
    assert mancala.State.from_json(OLDER_JSON) == mancala.State.from_json(SHORT_JSON)


def test_a_hand_worked_line_replays():
    state = mancala.State.from_text(SHORT_LINE)
    assert state.to_notation() == SHORT_POSITION
    assert state.scores() == [9, 1]
    assert state.current_player() == 1
    assert state.history() == [1, 3, 3, 0, 3, 1]
    assert state.get_game() == mancala.load_game("kalah,houses=4,seeds=3")
    assert state.to_text() == SHORT_LINE


def test_the_servers_json_loads():
    state = mancala.State.from_json(SHORT_JSON)
    assert state.to_notation() == SHORT_POSITION
    assert state == mancala.State.from_text(SHORT_LINE)
    assert state.to_json() == SHORT_JSON
    assert state.to_json() == state.serialize()
    # An export written before the rules had `layout` (or
    # `direction_choice`) still loads.
    before_layouts = SHORT_JSON.replace('"layout":[],', "")
    assert before_layouts != SHORT_JSON
    assert mancala.State.from_json(before_layouts) == state
    before_choices = SHORT_JSON.replace('"direction_choice":[],', "")
    assert before_choices != SHORT_JSON
    assert mancala.State.from_json(before_choices) == state


def test_load_state_takes_either_form():
    by_line = mancala.load_state(f"\n  {SHORT_LINE}  \n")
    by_json = mancala.load_state(json.dumps(json.loads(SHORT_JSON), indent=2))
    assert by_line == by_json
    assert by_line.to_notation() == SHORT_POSITION


def test_resignation_and_start_are_kept():
    state = mancala.State.from_text("kalah,houses=4,seeds=3; 2, 4, resign 1")
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    assert state.to_text() == "kalah,houses=4,seeds=3; 2, 4, resign 1"
    assert json.loads(state.to_json())["events"] == ["2", "4", "resign 1"]
    line = "oware; start 1,0,0,0,0,0:23 1,0,0,0,0,0:23 to=0 ply=0; 1"
    state = mancala.load_state(line)
    assert state.to_notation() == "0,1,0,0,0,0:23 1,0,0,0,0,0:23 to=1 ply=1"
    assert state.to_text() == line
    record = json.loads(state.to_json())
    assert record["start"]["stores"] == [23, 23]
    assert mancala.State.from_json(state.to_json()) == state


def test_a_new_game_has_no_events():
    state = mancala.load_game("kalah").new_initial_state()
    assert state.to_text() == "kalah;"
    assert json.loads(state.to_json())["events"] == []
    assert mancala.State.from_text("kalah;") == state
    assert "start" not in json.loads(state.to_json())


@pytest.mark.parametrize("spec", SPECS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), stop=st.integers(0, 60))
def test_random_games_round_trip(spec, seed, stop):
    rng = random.Random(seed)
    state = mancala.load_game(spec).new_initial_state()
    if rng.random() < 0.5:
        play_random(state, rng)
    else:
        while not state.is_terminal() and state.move_number() < stop:
            state.apply_action(rng.choice(state.legal_actions()))
    for again in (
        mancala.State.from_json(state.to_json()),
        mancala.State.from_text(state.to_text()),
        mancala.load_state(state.to_json()),
        mancala.load_state(state.to_text()),
    ):
        assert again == state
        assert again.to_notation() == state.to_notation()
        assert again.history() == state.history()
        assert again.returns() == state.returns()
        assert again.get_game() == state.get_game()
    assert "\n" not in state.to_text()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("kalah; 3, 3", r"event 2 \(3\) at ply 1: illegal move 3: the house is empty"),
        ("kalah; 3, 7", "event 2"),
        ("kalah; 3, resign 1, 2", "event 3"),
        ("kalahh; 3", 'the rules "kalahh": unknown preset'),
        ("kalah; 3; 4; 5", "4 field"),
        ("kalah", "1 field"),
        ("kalah; begin 4,4:0 4,4:0 to=0 ply=0; 1", "start POSITION"),
        ("kalah; start 4,4:0 4,4:0 to=0 ply=0; 1", "the start position"),
        ("kalah; x", 'event 1: "x" is not a game event'),
    ],
)
def test_bad_lines_are_value_errors(text, words):
    with pytest.raises(ValueError, match=words):
        mancala.State.from_text(text)
    with pytest.raises(ValueError, match=words):
        mancala.load_state(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "not a game record: EOF"),
        ('{"rules": 1, "events": []}', "invalid type"),
        (SHORT_JSON.replace('"4","2"]', '"4","9"]'), "9"),
        (SHORT_JSON.replace('["2",', '["2","2",'), "empty"),
        (SHORT_JSON.replace('"events"', '"moves"'), "moves"),
        ('{"rules": {"houses": 0}, "events": []}', "houses"),
    ],
)
def test_bad_records_are_value_errors(text, words):
    with pytest.raises(ValueError, match=words):
        mancala.State.from_json(text)
    with pytest.raises(ValueError, match=words):
        mancala.load_state(text)


def test_from_text_takes_no_json_and_load_state_one_line():
    with pytest.raises(ValueError, match="not a game line"):
        mancala.State.from_text(SHORT_JSON)
    with pytest.raises(ValueError, match="not a game record"):
        mancala.State.from_json(SHORT_LINE)
    with pytest.raises(ValueError, match="one game line"):
        mancala.load_state("kalah; 3\nkalah; 4")


@pytest.mark.parametrize("value", [None, 3, b"kalah; 3", ["kalah; 3"]])
def test_records_must_be_str(value):
    for read in (mancala.State.from_json, mancala.State.from_text, mancala.load_state):
        with pytest.raises(TypeError, match="must be a str"):
            read(value)


def mancala_binary():
    """The `mancala` CLI: $MANCALA_BIN, or the newest one built in this
    workspace (.ci/run builds the release one before these tests)."""
    named = os.environ.get("MANCALA_BIN")
    if named:
        return pathlib.Path(named)
    built = [ROOT / "target" / profile / "mancala" for profile in ("release", "debug")]
    built = [path for path in built if path.is_file()]
    return max(built, key=lambda path: path.stat().st_mtime, default=None)


@pytest.mark.skipif(mancala_binary() is None, reason="no mancala binary built")
@pytest.mark.parametrize("spec", ["kalah", "oware", "kalah3", "kalah,pie_rule=true"])
def test_the_cli_replays_what_python_writes(tmp_path, spec):
    rng = random.Random(29)
    state = mancala.load_game(spec).new_initial_state()
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    for name, text in (("game.json", state.to_json()), ("game.txt", state.to_text())):
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
        assert replayed["ply"] == state.move_number()
