"""The learning curve's measurements: the net (its most probable legal action, no search) and,
where the engine can run one, the search guided by the net, against fixed opponents, through
savanna.sim (seats rotated, win rates with 95% Wilson intervals)."""

import numpy as np

import savanna

NET_AGENT = "train_net"  # the Python agent that plays the current net


class NetPlayer:
    """The net as a savanna agent: fn(state, player) -> the legal action of highest logit."""

    def __init__(self, setup):
        self.setup = setup
        self.net = None  # a netfile.NumpyNet, set before each measurement

    def __call__(self, state, player):
        x = self.setup.encode(state.observation(player), state.game.num_players)
        logits, _ = self.net(x[None])
        mask = state.legal_mask(player)
        return int(np.argmax(np.where(mask, logits[0, :len(mask)], -np.inf)))


_registered = {}


def net_player(setup) -> NetPlayer:
    """The one NetPlayer of this process, registered once as NET_AGENT."""
    player = _registered.get("player")
    if player is None:
        player = NetPlayer(setup)
        savanna.register_agent(NET_AGENT, player)
        _registered["player"] = player
    player.setup = setup
    return player


def measure(spec: str, agent: str, opponent: str, games: int, seed: int, threads: int = 1) -> dict:
    """Win rate of `agent` against `opponent` over `games` seat-rotated games of `spec` (sim's
    results do not depend on its threads)."""
    result = savanna.sim(spec, [agent, opponent], games=games, seed=seed, threads=threads)
    mine = next(s for s in result["seats"] if s["agent"] == agent)
    return {"win_rate": mine["win_rate"], "ci95": list(mine["ci95"]), "games": games}
