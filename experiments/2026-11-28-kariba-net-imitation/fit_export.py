"""Fits a fresh net to a trainer's replay buffer for many epochs (the trainer makes about four
passes over its data in all) and writes it as a net file. Targets: the teacher's most visited
action (one-hot) or its visit distribution (soft) for the policy, the game's outcome for the value;
the last 10% of rows held out, their top-1 agreement with the teacher printed after every epoch;
the net written after every epoch.
Usage: fit_export.py BUFFER.npz OUT.bin onehot|soft EPOCHS [TRUNK]"""

import sys
import time

import numpy as np
import torch

from savanna.train import model
from savanna.train.gamesetup import GameSetup

buffer, out, mode, epochs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
trunk = [int(w) for w in (sys.argv[5] if len(sys.argv) > 5 else "128,128").split(",")]
torch.set_num_threads(1)
torch.manual_seed(0)
setup = GameSetup("kariba", [2])
d = np.load(buffer)
x = torch.from_numpy(d["x"].astype(np.float32))
mask = torch.from_numpy(d["mask"])
pi = d["pi"].astype(np.float32)
top = torch.from_numpy(pi.argmax(1))
if mode == "onehot":
    pi = np.eye(pi.shape[1], dtype=np.float32)[pi.argmax(1)]
target = torch.from_numpy(pi)
z = torch.from_numpy(d["z"].astype(np.float32))
n = len(x)
cut = int(0.9 * n)
net = model.Net(setup.input, trunk, setup.actions, setup.seats)
with torch.no_grad():
    net.set_input_scale(d["x"][:cut].astype(np.float32))
opt = torch.optim.Adam(net.parameters(), lr=1e-3, weight_decay=1e-4)
seats = torch.ones(256, setup.seats)
start = time.time()
for epoch in range(epochs):
    for g in opt.param_groups:  # the last third of the epochs at a tenth of the rate
        g["lr"] = 1e-3 if epoch < 2 * epochs // 3 else 1e-4
    net.train()
    order = torch.randperm(cut)
    for i in range(0, cut, 256):
        b = order[i:i + 256]
        policy, value = model.losses(net, x[b], mask[b], target[b], z[b], seats[:len(b)])
        opt.zero_grad()
        (policy + value).backward()
        opt.step()
    net.eval()
    with torch.no_grad():
        logits, v = net(x[cut:])
        agree = (logits.masked_fill(~mask[cut:], -1e9).argmax(1) == top[cut:]).float().mean()
        vloss = ((v - z[cut:]) ** 2).mean()
    print(f"{mode} {trunk} epoch {epoch + 1}: held-out top-1 {agree:.3f}, value MSE {vloss:.3f}, "
          f"{time.time() - start:.0f} s", flush=True)
    # Written after every epoch (OUT, and OUT with the epoch's number), so that a fit stopped early
    # leaves its nets.
    for path in (out, out.replace(".bin", f"-epoch{epoch + 1}.bin")):
        model.export(net, setup, path, {"trainer": "fit_export.py", "mode": mode,
                                        "epochs": epoch + 1, "rows": cut})
