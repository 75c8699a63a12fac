"""PettingZoo- and Gymnasium-style environments over Savanna games, without depending on
either package (neither is needed; both can wrap these classes directly, see docs/python.md).

* ``AECEnv``: PettingZoo's agent-environment-cycle API (``reset``, ``step``, ``observe``,
  ``last``, ``agent_selection``, ``agents``, ``rewards``, ``terminations``, ``truncations``,
  ``infos``). A simultaneous decision is taken one submission at a time, in seat order;
  submissions stay hidden, so no agent observes another's pending choice.
* ``ParallelEnv``: PettingZoo's parallel API; every player to act submits in one ``step``
  (sealed bids, Kalimambo's cards), the others' entries are ignored.
* ``SingleAgentEnv``: Gymnasium's ``reset``/``step`` for one seat whose opponents are engine
  agents given by spec.

Observations are ``{"observation": float32 array, "action_mask": int8 array}``, PettingZoo's
convention for board and card games; ``infos[agent]["action_mask"]`` holds the mask too.
Rewards are the engine's returns (1 for a sole win, 1/k for a k-way tie, 0 for a loss), paid
when the game ends.
"""

from __future__ import annotations

import numpy as np

from savanna._savanna import SavannaError, load_game, make_agent


class Box:
    """A float32 box, shaped like gymnasium.spaces.Box (shape, dtype, low, high)."""

    def __init__(self, shape):
        self.shape = tuple(shape)
        self.dtype = np.float32
        self.low = -np.inf
        self.high = np.inf

    def contains(self, x) -> bool:
        return np.shape(x) == self.shape


class Discrete:
    """Action ids 0..n-1, shaped like gymnasium.spaces.Discrete (n, contains, sample)."""

    def __init__(self, n: int, rng: np.random.Generator | None = None):
        self.n = n
        self._rng = rng or np.random.default_rng()

    def contains(self, x) -> bool:
        return isinstance(x, (int, np.integer)) and 0 <= x < self.n

    def sample(self, mask=None) -> int:
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(mask)
        return int(self._rng.choice(legal))


def _agent_name(seat: int) -> str:
    return f"player_{seat}"


class _Base:
    metadata = {"name": "savanna", "is_parallelizable": True, "render_modes": ["ansi"]}

    def __init__(self, game: str, render_mode: str | None = None):
        self.game = load_game(game)
        self.render_mode = render_mode
        self.possible_agents = [_agent_name(p) for p in range(self.game.num_players)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        self._obs_space = {
            a: {"observation": Box(self.game.observation_shape),
                "action_mask": Box((self.game.num_distinct_actions,))}
            for a in self.possible_agents
        }
        self._act_space = {a: Discrete(self.game.num_distinct_actions) for a in self.possible_agents}
        self.state = None

    def observation_space(self, agent: str):
        return self._obs_space[agent]

    def action_space(self, agent: str) -> Discrete:
        return self._act_space[agent]

    def _mask(self, seat: int) -> np.ndarray:
        if seat in self.state.players_to_act:
            return self.state.legal_mask(seat).astype(np.int8)
        return np.zeros(self.game.num_distinct_actions, dtype=np.int8)

    def _observe(self, seat: int) -> dict:
        return {"observation": self.state.observation(seat), "action_mask": self._mask(seat)}

    def _info(self, seat: int) -> dict:
        return {"action_mask": self._mask(seat), "to_act": seat in self.state.players_to_act}

    def render(self):
        return None if self.state is None else str(self.state)

    def close(self):
        pass


class AECEnv(_Base):
    """PettingZoo-style AEC environment: one agent acts per ``step``."""

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.state = self.game.new_initial_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._pending = []  # players still to submit at the current decision
        self._select()

    def _select(self) -> None:
        if self.state.is_terminal():
            # Dead agents step with None, one by one, as PettingZoo expects.
            self.agent_selection = self.agents[0] if self.agents else None
        else:
            if not self._pending:
                self._pending = list(self.state.players_to_act)
            self.agent_selection = _agent_name(self._pending[0])
        for a in self.agents:
            self.infos[a] = self._info(self.agent_name_mapping[a])

    def observe(self, agent: str) -> dict:
        return self._observe(self.agent_name_mapping[agent])

    def last(self, observe: bool = True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise SavannaError(f"{agent} is done: step(None) removes it")
            self.agents.remove(agent)
            del self.rewards[agent], self._cumulative_rewards[agent]
            del self.terminations[agent], self.truncations[agent], self.infos[agent]
            self.agent_selection = self.agents[0] if self.agents else None
            return
        seat = self.agent_name_mapping[agent]
        self.state.apply(seat, int(action))
        self._pending.pop(0)
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.state.is_terminal():
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = returns[self.agent_name_mapping[a]]
                self._cumulative_rewards[a] += self.rewards[a]
                self.terminations[a] = True
            self._pending = []
        self._select()


class ParallelEnv(_Base):
    """PettingZoo-style parallel environment: all players to act submit in one ``step``."""

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.state = self.game.new_initial_state(seed)
        self.agents = list(self.possible_agents)
        return ({a: self.observe(a) for a in self.agents},
                {a: self._info(self.agent_name_mapping[a]) for a in self.agents})

    def observe(self, agent: str) -> dict:
        return self._observe(self.agent_name_mapping[agent])

    def step(self, actions: dict):
        acting = list(self.state.players_to_act)
        missing = [_agent_name(p) for p in acting if actions.get(_agent_name(p)) is None]
        if missing:
            raise SavannaError("step: no action for " + ", ".join(missing) + " (to act now)")
        # Check every submission before applying any, so a bad one changes nothing.
        ids = {p: self.state.parse_action(p, int(actions[_agent_name(p)])) for p in acting}
        for p in acting:
            self.state.apply(p, ids[p])
        done = self.state.is_terminal()
        returns = self.state.returns() if done else [0.0] * self.game.num_players
        agents = self.agents
        obs = {a: self.observe(a) for a in agents}
        rewards = {a: float(returns[self.agent_name_mapping[a]]) for a in agents}
        terminations = {a: done for a in agents}
        truncations = {a: False for a in agents}
        infos = {a: self._info(self.agent_name_mapping[a]) for a in agents}
        if done:
            self.agents = []
        return obs, rewards, terminations, truncations, infos


class SingleAgentEnv:
    """Gymnasium-style environment for one seat; the other seats are engine agents.

    ``opponents``: one agent spec for every other seat, or a list with one spec per other seat
    in seat order ("random", "flat_mc(iters=100)", "ismcts(iters=500)", "easy", ...).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, opponents="random", seat: int = 0,
                 render_mode: str | None = None):
        self.game = load_game(game)
        n = self.game.num_players
        if not 0 <= seat < n:
            raise SavannaError(f"seat {seat} is not a seat of {self.game.spec} (0..{n - 1})")
        self.seat = seat
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise SavannaError(f"{len(specs)} opponent specs for {n - 1} other seats")
        self._specs = specs
        for spec in specs:
            make_agent(spec)  # a bad spec fails here, with the engine's message
        self.observation_space = Box(self.game.observation_shape)
        self.action_space = Discrete(self.game.num_distinct_actions)
        self.render_mode = render_mode
        self.state = None

    def _others_play(self) -> None:
        while not self.state.is_terminal():
            others = [p for p in self.state.players_to_act if p != self.seat]
            if not others:
                return
            for p in others:
                self.state.apply(p, self._agents[p].choose(self.state, p))

    def _result(self):
        info = {"action_mask": (self.state.legal_mask(self.seat) if not self.state.is_terminal()
                                and self.seat in self.state.players_to_act
                                else np.zeros(self.game.num_distinct_actions, dtype=bool))}
        return self.state.observation(self.seat), info

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.state = self.game.new_initial_state(seed)
        self._agents = {}
        others = [p for p in range(self.game.num_players) if p != self.seat]
        for k, p in enumerate(others):
            self._agents[p] = make_agent(self._specs[k], seed=(seed * 31 + k + 1) % (1 << 62))
        self._others_play()
        return self._result()

    def step(self, action):
        if self.state is None or self.state.is_terminal():
            raise SavannaError("step: the game is over; call reset()")
        self.state.apply(self.seat, int(action))
        self._others_play()
        done = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if done else 0.0
        obs, info = self._result()
        return obs, reward, done, False, info

    def render(self):
        return None if self.state is None else self.state.view_text(self.seat)

    def close(self):
        pass
