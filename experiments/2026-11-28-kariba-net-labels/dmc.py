"""Deep Monte-Carlo (as DouZero learns): the policy head's logits are fitted as action values,
each the outcome (2 r - 1 for the player who chose, margin 0.5) of the games in which the action
was taken, and the player plays their argmax (`policy`), with a share EPS of uniformly random
moves for exploration. Iteration 0 plays `greedy` instead. The value head is fitted to the
outcome too. Each iteration: GAMES games of self-play, EPOCHS passes over its positions and the
previous iteration's, export, `policy` against `greedy` over 400 games.

usage: dmc.py DIR ITERATIONS GAMES [EPS] ; env SEED (1), TRUNK (64,64), EPOCHS (2), LR (1e-3)
"""
import json
import os
import subprocess
import sys
import time

import numpy as np
import torch

import savanna
from savanna.train import model
from savanna.train.gamesetup import GameSetup
from savanna.train.selfplay import derive_seed, search_values

SPEC = "kariba(players=2)"


def play(game, setup, agent_spec, games, seed, eps):
    xs, masks, acts, zs = [], [], [], []
    for g in range(games):
        s = derive_seed(seed, g)
        state = game.new_initial_state(s)
        agents = [savanna.make_agent(agent_spec, seed=derive_seed(s, 1, p)) for p in range(2)]
        rng = np.random.default_rng(derive_seed(s, 2))
        viewers = []
        while not state.is_terminal():
            p = state.players_to_act[0]
            mask = state.legal_mask(p)
            legal = np.flatnonzero(mask)
            if len(legal) == 1:
                state.apply(p, int(legal[0]))
                continue
            if rng.random() < eps:
                a = int(legal[rng.integers(len(legal))])
            else:
                a = int(agents[p].choose(state, p))
            xs.append(setup.encode(state.observation(p), 2))
            m = np.zeros(setup.actions, bool)
            m[:len(mask)] = mask
            masks.append(m)
            acts.append(a)
            viewers.append(p)
            state.apply(p, a)
        values = 2.0 * search_values(state.returns(), state.scores(), 0.5) - 1.0
        zs.extend(np.roll(values, -v).astype(np.float32) for v in viewers)
    return (torch.from_numpy(np.asarray(xs, np.float32)), torch.from_numpy(np.asarray(masks)),
            torch.from_numpy(np.asarray(acts, np.int64)), torch.from_numpy(np.asarray(zs)))


def main():
    out, iterations, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    eps = float(sys.argv[4]) if len(sys.argv) > 4 else 0.1
    seed = int(os.environ.get("SEED", 1))
    trunk = [int(t) for t in os.environ.get("TRUNK", "64,64").split(",")]
    epochs = int(os.environ.get("EPOCHS", 2))
    lr = float(os.environ.get("LR", 1e-3))
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    setup = GameSetup("kariba", [2])
    game = setup.games[2]
    net = model.Net(setup.input, trunk, setup.actions, setup.seats)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    rng = np.random.default_rng(seed)
    agent, previous, curve = "greedy", None, []
    for it in range(iterations):
        t0 = time.perf_counter()
        data = play(game, setup, agent, games, derive_seed(seed, it), eps)
        if it == 0:
            net.set_input_scale(data[0][:200000].numpy())
        t1 = time.perf_counter()
        train = data if previous is None else tuple(torch.cat(p) for p in zip(previous, data))
        previous = data
        n = len(train[0])
        for _ in range(epochs):
            perm = torch.from_numpy(rng.permutation(n))
            for i in range(n // 512):
                b = perm[i * 512:(i + 1) * 512]
                x, m, a, z = (t[b] for t in train)
                q, v = net(x)
                ql = ((q.gather(1, a[:, None])[:, 0] - z[:, 0]) ** 2).mean()
                vl = ((v - z) ** 2).mean()
                opt.zero_grad()
                (ql + vl).backward()
                opt.step()
        path = f"{out}/net-{it}.bin"
        model.export(net, setup, path, {"script": "dmc.py", "iteration": it, "seed": seed})
        agent = f"policy(net={os.path.abspath(path)})"
        t2 = time.perf_counter()
        sim = json.loads(subprocess.run(
            ["build/release/savanna", "sim", SPEC, "--agents", f"{agent},greedy", "--games", "400",
             "--seed", "11", "--threads", "2", "--json"], capture_output=True, text=True,
            check=True).stdout)
        row = {"iteration": it, "positions": int(len(data[0])), "selfplay_s": round(t1 - t0, 1),
               "fit_s": round(t2 - t1, 1), "q_loss": float(ql), "v_loss": float(vl),
               "vs_greedy": sim["seats"][0]["win_rate"], "ci95": sim["seats"][0]["ci95"]}
        curve.append(row)
        print(json.dumps(row), flush=True)
    with open(f"{out}/curve.json", "w") as f:
        json.dump(curve, f, indent=1)


if __name__ == "__main__":
    main()
