# The policy head alone fitted to a trainer's replay buffer: the teacher's visits (soft), its most
# visited action (onehot) or the visits cubed (sharp) as targets; the last 10% of rows (the latest
# games) held out; prints their top-1 agreement with the teacher's most visited action per epoch.
# Usage: fit.py BUFFER.npz soft|onehot|sharp TRUNK EPOCHS (e.g. 128,128 6)
import sys, time, numpy as np, torch
torch.set_num_threads(1)
d = np.load(sys.argv[1])
x = d['x'].astype(np.float32); m = d['mask']; pi = d['pi'].astype(np.float32)
n = len(x); cut = int(n * 0.9)
peak = np.abs(x[:cut]).max(0); scale = np.where(peak > 0, 1 / np.maximum(peak, 1e-12), 1).astype(np.float32)
X = torch.from_numpy(x * scale); M = torch.from_numpy(m)
onehot = np.zeros_like(pi); onehot[np.arange(n), pi.argmax(1)] = 1
sharp = pi ** 3; sharp /= sharp.sum(1, keepdims=True)
mode = sys.argv[2]; trunk = [int(w) for w in sys.argv[3].split(',')]; epochs = int(sys.argv[4])
T = torch.from_numpy({'soft': pi, 'onehot': onehot, 'sharp': sharp}[mode])
torch.manual_seed(0)
layers = []; w = x.shape[1]
for h in trunk: layers += [torch.nn.Linear(w, h), torch.nn.ReLU()]; w = h
body = torch.nn.Sequential(*layers); head = torch.nn.Linear(w, m.shape[1])
opt = torch.optim.Adam(list(body.parameters()) + list(head.parameters()), lr=1e-3)
target_top = torch.from_numpy(pi.argmax(1))
t0 = time.time()
for ep in range(epochs):
    perm = torch.randperm(cut)
    for i in range(0, cut, 256):
        b = perm[i:i + 256]
        lg = head(body(X[b])).masked_fill(~M[b], -1e9)
        loss = -(T[b] * torch.log_softmax(lg, -1)).sum(-1).mean()
        opt.zero_grad(); loss.backward(); opt.step()
    with torch.no_grad():
        lt = head(body(X[cut:])).masked_fill(~M[cut:], -1e9)
        acc = (lt.argmax(1) == target_top[cut:]).float().mean().item()
    print(mode, trunk, 'epoch', ep + 1, f'held-out top1 {acc:.3f}', f'{time.time() - t0:.0f}s', flush=True)
