"""Either player moving any house (``no_sides``, docs/rules.md section 4):
the action ids cover every house of the board, id ``a`` naming the move
``a + 1`` (the opponent's house ``n`` as the move ``houses + n``), as
``mancala play`` and ``mancala replay`` number them."""

import random
from pathlib import Path

import mancala
from conftest import play_bot_against_random

NOSIDES = Path(__file__).resolve().parents[2] / "mancala-core" / "rules" / "nosides.toml"


def test_the_action_space_covers_both_rows():
    game = mancala.load_game(NOSIDES)
    # 5 houses a row, both rows: 10 ids, no swap.
    assert game.num_distinct_actions() == 10
    assert [game.action_to_string(a) for a in range(10)] == [str(n) for n in range(1, 11)]
    state = game.new_initial_state()
    assert state.legal_actions() == list(range(10))
    # Id 6 is the move 7, side 1's house 2: its 2 seeds, the origin
    # skipped, into o3 (2 -> 3) and o4 (2 -> 3); no 2, nothing taken
    # (worked by hand in crates/mancala-core/tests/mancalagames_rule_files.rs).
    state.apply_action(6)
    assert state.to_notation() == "2,2,2,2,2:0 2,0,3,3,2:0 to=1 ply=1"


def test_a_side_with_an_empty_row_moves_the_other_row():
    state = mancala.load_game(NOSIDES).state_from_notation("1,0,3,0,0:10 0,0,0,0,0:6 to=1 ply=21")
    # Side 1's row is empty: it moves side 0's h1 (id 5) and h3 (id 7).
    assert state.legal_actions() == [5, 7]
    assert state.legal_actions_mask().tolist() == [False] * 5 + [True, False, True, False, False]


def test_the_engine_plays_whole_games_against_random():
    rng = random.Random(3)
    state = mancala.load_game(NOSIDES).new_initial_state()
    bot = mancala.Bot(state.get_game(), "ai:1", seed=4)
    play_bot_against_random(state, bot, rng)
    assert state.is_terminal()
