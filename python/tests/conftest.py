"""Shared fixtures of the Python tests: one small configuration per game, and random play."""

import random

import pytest

import savanna

# One configuration per game, kept small so that the suite runs in seconds.
SPECS = [
    "kariba(players=2)",
    "kariba(players=3,variant=open)",
    "kilimanjaro(players=2)",
    "kap_kairo(players=3)",
    "kalimambo(players=3)",
    "kitara(players=2)",
]


@pytest.fixture(params=SPECS)
def spec(request):
    return request.param


def random_states(spec, seed, max_steps=400):
    """Yields the states of one random game (the same state object, advanced in place)."""
    game = savanna.load_game(spec)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    yield state
    for _ in range(max_steps):
        if state.is_terminal():
            return
        player = rng.choice(state.players_to_act)
        state.apply(player, rng.choice(state.legal_actions(player)))
        yield state
