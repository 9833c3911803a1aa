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
