"""A game's configurations for one net: every player count its configuration accepts, and the
net's shapes over them (docs/nets.md, "The file" and "Input").

One net serves every player count of a configuration (the game's defaults, or the parameters
the spec gives). Its input is the observation of the largest size over those counts (smaller
ones zero-padded) followed by a one-hot of the player count's index among them; its actions
are the most distinct actions of any count; its seats the largest count.
"""

import re

import numpy as np

import savanna


def split_spec(spec: str) -> tuple:
    """('kariba', ['variant=open']) from 'kariba(variant=open,players=3)' (players dropped)."""
    m = re.fullmatch(r"\s*(\w+)\s*(?:\((.*)\))?\s*", spec)
    if not m:
        raise SystemExit(f"savanna.train: '{spec}' is not a game spec such as 'kariba' or "
                         "'kariba(variant=open)'")
    params = [p.strip() for p in (m.group(2) or "").split(",") if p.strip()]
    return m.group(1), [p for p in params if not p.replace(" ", "").startswith("players=")]


class GameSetup:
    """The configurations of `spec` that its net covers, and the encoding of their inputs."""

    def __init__(self, spec: str, players=None):
        name, params = split_spec(spec)
        infos = {g["name"]: g for g in savanna.games()}
        if name not in infos:
            raise SystemExit(f"savanna.train: no game '{name}' (games: {', '.join(infos)})")
        info = infos[name]
        self.name = name
        self.params = params
        self.games = {}
        refusals = {}
        for n in range(info["min_players"], info["max_players"] + 1):
            if players and n not in players:
                continue
            try:
                self.games[n] = savanna.load_game(self.spec_for(n))
            except savanna.SavannaError as e:  # e.g. Kariba's 64-card deck with 5 players
                refusals[n] = str(e)
        for n in players or []:
            if n not in self.games:
                raise SystemExit(f"savanna.train: {self.spec_for(n)}: "
                                 + refusals.get(n, "no such player count"))
        if not self.games:
            raise SystemExit(f"savanna.train: no player count of {spec} loads")
        self.players = sorted(self.games)
        self.specs = {n: g.spec for n, g in self.games.items()}
        self.obs_sizes = {n: g.observation_shape[0] for n, g in self.games.items()}
        self.max_obs = max(self.obs_sizes.values())
        self.input = self.max_obs + len(self.players)
        self.actions = max(g.num_distinct_actions for g in self.games.values())
        self.seats = max(self.players)
        # The engine's own shape (docs/nets.md): the header's fields as its loader checks them,
        # the observation layout's version among them. A module without it predates the nets:
        # a net made with it would record no layout, which the engine refuses.
        if not hasattr(savanna, "net_shape"):
            raise SystemExit("savanna.train: this savanna module has no savanna.net_shape (it "
                             "predates the engine's nets); build the module of this tree "
                             "(cmake --build --preset release)")
        shape = savanna.net_shape(self.spec_for(self.players[0]), self.players)
        mine = {"game": name, "players": self.players, "input": self.input,
                "actions": self.actions, "seats": self.seats}
        theirs = {k: shape[k] for k in mine}
        if theirs != mine:
            raise SystemExit(f"savanna.train: the engine's net shape {theirs} differs from "
                             f"the trainer's {mine}")
        self.layout = int(shape["layout"])

    def spec_for(self, players: int) -> str:
        return f"{self.name}({','.join(self.params + [f'players={players}'])})"

    def header(self, trunk) -> dict:
        """The net file's header fields apart from checksum and provenance."""
        return {"game": self.name, "layout": self.layout, "players": list(self.players),
                "input": self.input, "actions": self.actions, "seats": self.seats,
                "trunk": list(trunk)}

    def encode(self, observation: np.ndarray, players: int) -> np.ndarray:
        """The net's input row: the observation zero-padded, then the player count one-hot."""
        x = np.zeros(self.input, np.float32)
        x[:observation.shape[0]] = observation
        x[self.max_obs + self.players.index(players)] = 1
        return x
