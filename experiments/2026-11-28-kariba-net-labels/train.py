"""Fits the format's net (savanna.train.model) to positions written by gen.py: the policy to
the recorded choice (cross-entropy over the legal actions), the value to the outcome (squared
error), a held-out share reported every epoch; writes the net file.

usage: train.py OUT.bin EPOCHS TRUNK DATA.npz [DATA.npz ...]
       env: SEED (1), LR (1e-3), BATCH (512), VALUE_WEIGHT (1), HOLD (0.05),
            GAME (kariba: the game the positions are of),
            Q (0: the value target is the outcome z; w: (1 - w) z + w q, the search's root value,
               two players only), PI (0: the policy target is the choice; 1: the root's visits)
"""
import json
import os
import sys
import time

import numpy as np
import torch

from savanna.train import model
from savanna.train.gamesetup import GameSetup


def main():
    out, epochs, trunk = sys.argv[1], int(sys.argv[2]), [int(t) for t in sys.argv[3].split(",")]
    parts = [np.load(p) for p in sys.argv[4:]]
    x = np.concatenate([p["x"] for p in parts])
    mask = np.concatenate([p["mask"] for p in parts])
    act = np.concatenate([p["act"] for p in parts]).astype(np.int64)
    qw = float(os.environ.get("Q", 0))

    def value_target(p):  # the outcome, mixed with the root's value where the file has it
        if qw <= 0 or "q" not in p:
            return p["z"]
        assert p["z"].shape[1] == 2, "Q: two players only"
        return (1 - qw) * p["z"] + qw * np.stack([p["q"], -p["q"]], axis=1)

    z = np.concatenate([value_target(p) for p in parts]).astype(np.float32)
    use_pi = os.environ.get("PI", "0") == "1"
    pi = np.concatenate([p["pi"] for p in parts]) if use_pi else None
    seed = int(os.environ.get("SEED", 1))
    lr = float(os.environ.get("LR", 1e-3))
    batch = int(os.environ.get("BATCH", 512))
    vw = float(os.environ.get("VALUE_WEIGHT", 1))
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(x))
    hold = int(len(x) * float(os.environ.get("HOLD", 0.05)))
    test, train = order[:hold], order[hold:]
    players = z.shape[1]
    setup = GameSetup(os.environ.get("GAME", "kariba"), [players])
    net = model.Net(setup.input, trunk, setup.actions, setup.seats)
    net.set_input_scale(x[train[:200000]])
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=1e-5)
    X, M, A, Z = (torch.from_numpy(a) for a in (x, mask, act, z))
    P = torch.from_numpy(pi) if use_pi else None
    steps = epochs * (len(train) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps)
    log = []

    def held_out():
        with torch.no_grad():
            t = torch.from_numpy(test)
            logits, v = net(X[t])
            lp = model.masked_log_softmax(logits, M[t])
            pl = -lp.gather(1, A[t][:, None]).mean().item()
            agree = (logits.masked_fill(~M[t], -1e30).argmax(1) == A[t]).float().mean().item()
            vl = ((v - Z[t]) ** 2).mean().item()
            base = ((Z[t] - Z[torch.from_numpy(train)].mean(0)) ** 2).mean().item()
        return {"policy_loss": pl, "agreement": agree, "value_mse": vl, "value_mse_const": base}

    start = time.perf_counter()
    for epoch in range(epochs):
        perm = torch.from_numpy(rng.permutation(train))
        for i in range(len(train) // batch):
            b = perm[i * batch:(i + 1) * batch]
            logits, v = net(X[b])
            lp = model.masked_log_softmax(logits, M[b])
            pl = -(P[b] * lp).sum(1).mean() if use_pi else -lp.gather(1, A[b][:, None]).mean()
            vl = ((v - Z[b]) ** 2).mean()
            opt.zero_grad()
            (pl + vw * vl).backward()
            opt.step()
            sched.step()
        r = held_out()
        r.update(epoch=epoch + 1, seconds=round(time.perf_counter() - start, 1))
        log.append(r)
        print(json.dumps(r), file=sys.stderr, flush=True)
    model.export(net, setup, out, {"script": "experiments/2026-11-28-kariba-net-labels/train.py",
                                   "data": [os.path.basename(p) for p in sys.argv[4:]],
                                   "rows": int(len(x)), "epochs": epochs, "seed": seed})
    print(json.dumps({"net": out, "rows": int(len(x)), "held_out": log[-1], "curve": log}))


if __name__ == "__main__":
    main()
