"""Shared helpers for the `mancala` tests."""

import random

import mancala

# Every preset, and rule sets the presets do not cover: 3 and 4 players,
# the pie rule.
SPECS = list(mancala.PRESETS) + ["kalah3", "kalah,players=4,seeds=3", "kalah,pie_rule=true"]


def play_random(state: mancala.State, rng: random.Random) -> mancala.State:
    """Plays uniformly random legal actions until the game is over."""
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def play_bot_against_random(
    state: mancala.State, bot: mancala.Bot, rng: random.Random
) -> mancala.State:
    """Plays `bot` as player 0 against uniformly random legal actions until
    the game or match is over, telling the bot every action and checking
    that each one is legal."""
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions(), state
        bot.inform_action(state, state.current_player(), action)
        state.apply_action(action)
    return state
