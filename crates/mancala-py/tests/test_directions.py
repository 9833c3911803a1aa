"""Rules whose player chooses a sowing direction (docs/rules.md section 3,
`direction_choice`): a chosen house's counter-clockwise sowing is its
house id, its clockwise sowing ``houses`` ids further on. Expected
positions worked out by hand from docs/rules.md."""

import numpy as np
import pytest

import mancala


@pytest.fixture
def chosen():
    # Kalah, house 3 of each side sown either way.
    return mancala.load_game("kalah,direction_choice=3")


def test_a_chosen_house_has_two_action_ids(chosen):
    assert chosen.num_distinct_actions() == 12
    state = chosen.new_initial_state()
    # Houses 1, 2, 4, 5, 6 as ever; 3 counter-clockwise is 2, clockwise 6 + 2.
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5, 8]
    mask = state.legal_actions_mask()
    assert list(np.flatnonzero(mask)) == [0, 1, 2, 3, 4, 5, 8]


def test_each_direction_sows_its_way(chosen):
    # Clockwise, house 3's 4 seeds go to houses 2 and 1, then the other
    # side's houses 6 and 5.
    state = chosen.new_initial_state()
    state.apply_action(8)
    assert state.to_notation() == "5,5,0,4,4,4:0 4,4,4,4,5,5:0 to=1 ply=1"
    assert state.to_text() == "kalah,direction_choice=3; 3cw"
    # Counter-clockwise as in Kalah: houses 4, 5, 6 and the store.
    state = chosen.new_initial_state()
    state.apply_action(2)
    assert state.to_notation() == "4,4,0,5,5,5:1 4,4,4,4,4,4:0 to=0 ply=1"
    # House 1's clockwise id is no move: its direction is fixed.
    with pytest.raises(ValueError):
        chosen.new_initial_state().apply_action(6)


def test_action_ids_are_named_as_their_moves(chosen):
    # House 3 is chosen: id 2 is its counter-clockwise sowing, 6 + 2 its
    # clockwise one; house 1's direction is fixed.
    assert chosen.action_to_string(0) == "1"
    assert chosen.action_to_string(2) == "3ccw"
    assert chosen.action_to_string(8) == "3cw"
    pie = mancala.load_game("kalah,direction_choice=3,pie_rule=true")
    assert pie.action_to_string(12) == "swap"
    with pytest.raises(ValueError, match="out of range"):
        chosen.action_to_string(12)
    with pytest.raises(TypeError):
        chosen.action_to_string("3")


def test_records_and_batches_carry_the_directions(chosen):
    state = mancala.State.from_text("kalah,direction_choice=3; 3cw")
    assert state.history() == [8]
    batch = chosen.batch(2)
    _, masks, _ = batch.reset()
    assert masks.shape == (2, 12)
    assert [list(np.flatnonzero(m)) for m in masks] == [[0, 1, 2, 3, 4, 5, 8]] * 2


def test_split_rows_keep_one_id_a_house():
    game = mancala.load_game("kalah,direction=split")
    assert game.num_distinct_actions() == 6
    state = game.new_initial_state()
    # House 1 is on the left half: its 4 seeds go clockwise, into the
    # other side's houses 6, 5, 4 and 3.
    state.apply_action(0)
    assert state.to_notation() == "0,4,4,4,4,4:0 4,4,5,5,5,5:0 to=1 ply=1"
