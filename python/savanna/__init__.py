"""Savanna: five tabletop games for play, simulation and learning, over a C++20 engine.

The engine's API (games, states, agents, sim, the batched VectorEnv) comes from the compiled
extension ``savanna._savanna``; the PettingZoo- and Gymnasium-style environments are in
``savanna.envs``. See docs/python.md.
"""

from savanna._savanna import (  # noqa: F401  (the public API)
    Agent,
    Game,
    Net,
    SavannaError,
    State,
    VectorEnv,
    agents,
    games,
    label,
    load_game,
    load_state_document,
    make_agent,
    net_shape,
    play,
    register_agent,
    replay,
    sim,
)

__all__ = [
    "Agent",
    "Game",
    "Net",
    "SavannaError",
    "State",
    "VectorEnv",
    "agents",
    "games",
    "label",
    "load_game",
    "load_state_document",
    "make_agent",
    "net_shape",
    "play",
    "register_agent",
    "replay",
    "sim",
]
