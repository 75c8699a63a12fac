"""Self-play that labels positions: a teacher (the engine's search) chooses at every decision
of every seat (a forced one, with a single legal action, is played without it and not kept),
and each decision becomes a training row: the net's input, the legal mask, the
teacher's distribution over the actions, and (once the game ends) every seat's value.

The teacher is the engine's search through savanna.label (the root's visit distribution, guided
by the current net once there is one); where the engine has no savanna.label, an engine agent
whose choice is the label (one-hot). docs/nets.md, "Training".
"""

import collections
import contextlib
import itertools
import multiprocessing
import time

import numpy as np

import savanna

_MASK64 = (1 << 64) - 1


def derive_seed(*parts: int) -> int:
    """A 63-bit seed from integers (splitmix64 over each part in turn): the seed of a game or
    an agent follows from the master seed and its indices alone, so a resumed run draws the
    same deals as an uninterrupted one."""
    h = 0x9E3779B97F4A7C15
    for part in parts:
        h = (h + (int(part) & _MASK64) + 0x9E3779B97F4A7C15) & _MASK64
        z = h
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        h = z ^ (z >> 31)
    return h >> 1


def search_values(returns, scores, margin: float) -> np.ndarray:
    """What the engine's search backs up at the end of a game, per player, in [0, 1]: the
    returns (1 a sole win, split on ties, 0 a loss) mixed with weight `margin` with the score
    margin to the best other player (src/agents/search_common.cc, SearchReturns)."""
    values = np.asarray(returns, np.float64).copy()
    if margin <= 0:
        return values
    scores = np.asarray(scores, np.float64)
    n = len(scores)
    leader = int(np.argmax(scores))  # the first of equal leaders, as the engine
    low = scores.min()
    runner_up = max((scores[p] for p in range(n) if p != leader), default=-np.inf)
    spread = scores[leader] - low if scores[leader] > low else 1.0
    for p in range(n):
        best_other = runner_up if p == leader else scores[leader]
        values[p] = (1 - margin) * values[p] + margin * (0.5 + 0.5 * (scores[p] - best_other) / spread)
    return values


class AgentTeacher:
    """An engine agent as the teacher: its choice is the label (one-hot)."""

    def __init__(self, spec: str):
        self.spec = spec
        self.agent = None

    def start_game(self, seed: int):
        self.agent = savanna.make_agent(self.spec, seed=seed)

    def label(self, state, player: int, pi: np.ndarray) -> int:
        """Writes the target distribution into pi (zeroed by the caller); returns the action
        the teacher plays."""
        action = int(self.agent.choose(state, player))
        pi[action] = 1.0
        return action


class SearchTeacher:
    """The engine's search as the teacher (savanna.label): the label is its choice, the most
    visited action, one-hot (`target` "choice"), or the root's visit distribution ("visits");
    the move played is drawn from the visits for the first `sample_moves` decisions of a game
    (variety), then the most visited. With `net` (a savanna.Net) the search is guided by it: its
    policy as the prior, its values at the leaves. The choice makes the better `policy`: the
    visits of Kariba's searches are nearly flat (experiments/2026-11-28-kariba-net-labels)."""

    def __init__(self, spec: str, net=None, sample_moves: int = 0, target: str = "choice"):
        if target not in ("choice", "visits"):
            raise ValueError(f"policy target '{target}': choice or visits")
        self.spec = spec
        self.net = net
        self.sample_moves = sample_moves
        self.target = target

    def start_game(self, seed: int):
        self.seed = seed
        self.decisions = 0
        self.rng = np.random.default_rng(derive_seed(seed, 5))

    def label(self, state, player: int, pi: np.ndarray) -> int:
        policy, _ = savanna.label(state, player, search=self.spec, net=self.net,
                                  seed=derive_seed(self.seed, self.decisions))
        self.decisions += 1
        policy = np.asarray(policy, np.float64)
        best = int(np.argmax(policy))
        if self.target == "choice":
            pi[best] = 1.0
        else:
            pi[:len(policy)] = policy
        if self.decisions <= self.sample_moves:
            return int(self.rng.choice(len(policy), p=policy / policy.sum()))
        return best


def engine_labels() -> bool:
    """Whether the engine gives a search's visit counts (savanna.label) and loads nets."""
    return hasattr(savanna, "label") and hasattr(savanna, "Net")


class SelfPlay:
    """Plays games of every player count of a GameSetup with a teacher and collects rows."""

    def __init__(self, setup, teacher, margin: float = 0.5, random_share: float = 0.0):
        self.setup = setup
        self.teacher = teacher
        self.margin = margin
        self.random_share = random_share

    def play(self, players: int, seed: int) -> dict:
        """One game; returns its rows: x [k, input], mask [k, actions] bool, pi [k, actions],
        z [k, seats] (viewer first, 0 past the player count) and players [k]."""
        setup = self.setup
        game = setup.games[players]
        state = game.new_initial_state(seed)
        self.teacher.start_game(derive_seed(seed, 1))
        rng = np.random.default_rng(derive_seed(seed, 2))
        xs, masks, pis, viewers = [], [], [], []
        na = game.num_distinct_actions
        while not state.is_terminal():
            player = state.players_to_act[0]
            mask = np.zeros(setup.actions, bool)
            mask[:na] = state.legal_mask(player)
            legal = np.flatnonzero(mask)
            if len(legal) == 1:  # forced: nothing to search, nothing for the policy to learn
                state.apply(player, int(legal[0]))
                continue
            x = setup.encode(state.observation(player), players)
            pi = np.zeros(setup.actions, np.float32)
            action = self.teacher.label(state, player, pi)
            if self.random_share > 0 and rng.random() < self.random_share:
                action = int(legal[rng.integers(len(legal))])
            xs.append(x)
            masks.append(mask)
            pis.append(pi)
            viewers.append(player)
            state.apply(player, action)
        values = 2.0 * search_values(state.returns(), state.scores(), self.margin) - 1.0
        z = np.zeros((len(viewers), setup.seats), np.float32)
        for row, viewer in enumerate(viewers):
            z[row, :players] = np.roll(values, -viewer)
        return {"x": np.asarray(xs, np.float32).reshape(-1, setup.input),
                "mask": np.asarray(masks, bool).reshape(-1, setup.actions),
                "pi": np.asarray(pis, np.float32).reshape(-1, setup.actions),
                "z": z, "players": np.full(len(viewers), players, np.int8)}

    def run(self, positions: int, seed: int, iteration: int, progress=None,
            workers: int = 1) -> tuple:
        """Games until at least `positions` positions are labelled, player counts in turn (game
        g of iteration i has count g mod the counts and a seed from (seed, i, g)); returns (the
        rows of all games, stats). With `workers` > 1 the games are played by that many forked
        processes, a few games ahead, and taken in order: the same games as with one."""
        start = time.perf_counter()
        counts = self.setup.players
        jobs = ((counts[g % len(counts)], derive_seed(seed, iteration, g))
                for g in itertools.count())
        parts, done = [], 0
        with contextlib.closing(self._games(jobs, workers)) as games:
            for rows in games:
                parts.append(rows)
                done += len(rows["players"])
                if progress:
                    progress.update(min(done, positions), f"{len(parts)} games")
                if done >= positions:
                    break
        seconds = time.perf_counter() - start
        merged = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
        return merged, {"games": len(parts), "positions": done, "selfplay_seconds": seconds,
                        "positions_per_second": done / seconds if seconds > 0 else 0.0}

    def _games(self, jobs, workers: int):
        """The rows of each job's game, in the jobs' order (a generator; closing it stops the
        workers)."""
        if workers <= 1:
            for players, seed in jobs:
                yield self.play(players, seed)
            return
        global _FORKED
        _FORKED = self  # the workers inherit it: nothing of it is pickled
        pool = multiprocessing.get_context("fork").Pool(workers)
        try:
            pending = collections.deque()
            while True:
                while len(pending) < 2 * workers:
                    pending.append(pool.apply_async(_play_forked, next(jobs)))
                yield pending.popleft().get()
        finally:
            pool.terminate()
            pool.join()
            _FORKED = None


_FORKED = None  # the SelfPlay whose games forked workers play


def _play_forked(players: int, seed: int) -> dict:
    return _FORKED.play(players, seed)
