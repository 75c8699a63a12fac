"""Positions of self-play, each labelled with the game's outcome (2 r - 1 relative to the
viewer, margin 0.5, as the trainer's value target) and the player's choice. AGENT is an engine
agent (the label: its choice, one-hot) or `label:SEARCH`: savanna.label's search, which also gives
the root's visits (pi) and value (q, for the player to act, in [-1, 1]); the most visited action
is played. Writes an .npz of x, mask, act, z (and pi, q with label:).

usage: gen.py GAME_SPEC AGENT GAMES SEED OUT [RANDOM_SHARE]
"""
import sys
import time

import numpy as np

import savanna
from savanna.train.gamesetup import GameSetup
from savanna.train.selfplay import derive_seed, search_values


def main():
    spec, agent_spec, games, seed, out = sys.argv[1:6]
    random_share = float(sys.argv[6]) if len(sys.argv) > 6 else 0.0
    games, seed = int(games), int(seed)
    name = spec.split("(")[0]
    players = int(spec.split("players=")[1].split(")")[0].split(",")[0])
    setup = GameSetup(name, [players])
    game = setup.games[players]
    xs, masks, acts, zs, pis, qs = [], [], [], [], [], []
    search = agent_spec[len("label:"):] if agent_spec.startswith("label:") else None
    start = time.perf_counter()
    for g in range(games):
        s = derive_seed(seed, g)
        state = game.new_initial_state(s)
        agents = None if search else [savanna.make_agent(agent_spec, seed=derive_seed(s, 1, p))
                                      for p in range(players)]
        rng = np.random.default_rng(derive_seed(s, 2))
        viewers = []
        while not state.is_terminal():
            p = state.players_to_act[0]
            mask = state.legal_mask(p)
            legal = np.flatnonzero(mask)
            if len(legal) == 1:
                state.apply(p, int(legal[0]))
                continue
            if search:
                pi, q = savanna.label(state, p, search=search, seed=derive_seed(s, 3, len(xs)))
                pi = np.asarray(pi, np.float32)
                a = int(np.argmax(pi))
                pis.append(np.pad(pi, (0, setup.actions - len(pi))))
                qs.append(float(q))
            else:
                a = int(agents[p].choose(state, p))
            xs.append(setup.encode(state.observation(p), players))
            m = np.zeros(setup.actions, bool)
            m[:len(mask)] = mask
            masks.append(m)
            acts.append(a)
            viewers.append(p)
            if random_share > 0 and rng.random() < random_share:
                a = int(legal[rng.integers(len(legal))])
            state.apply(p, a)
        values = 2.0 * search_values(state.returns(), state.scores(), 0.5) - 1.0
        for v in viewers:
            zs.append(np.roll(values, -v)[:players].astype(np.float32))
    extra = {"pi": np.asarray(pis, np.float32), "q": np.asarray(qs, np.float32)} if search else {}
    np.savez_compressed(out, x=np.asarray(xs, np.float32), mask=np.asarray(masks),
                        act=np.asarray(acts, np.int32), z=np.asarray(zs, np.float32), **extra)
    dt = time.perf_counter() - start
    print(f"{games} games, {len(xs)} positions, {dt:.1f} s, {len(xs) / dt:.0f} positions/s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
