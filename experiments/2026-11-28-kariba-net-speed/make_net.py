"""Writes a Kariba net (two players, trunk 128x128) of random weights in [-0.3, 0.3] with as many
subnormal weights as the trained net of 2026-11-27 had (4,217, in every layer in the same
numbers), byte by byte so that no writer flushes them: the net whose speed run.sh compares.
Usage: make_net.py OUT.bin [--clean] (--clean: the same net with those weights 0)."""

import json
import sys

import numpy as np

import savanna
from savanna.train import netfile

shape = savanna.net_shape("kariba(players=2)", [2])
header = {k: shape[k] for k in ("game", "layout", "players", "input", "actions", "seats")}
header["trunk"] = [128, 128]
rng = np.random.default_rng(2026)
chunks = []
subnormals = {0: 613, 1: 1282, 2: 2313, 3: 9}  # by layer, as in the trained net
for k, (out, inp) in enumerate(netfile.layer_shapes(header)):
    w = rng.uniform(-0.3, 0.3, size=(out, inp)).astype("<f4")
    b = rng.uniform(-0.3, 0.3, size=out).astype("<f4")
    at = rng.choice(w.size, subnormals[k], replace=False)
    w.ravel()[at] = 0.0 if "--clean" in sys.argv else np.float32(3e-41)
    chunks += [w.tobytes(), b.tobytes()]
weights = b"".join(chunks)
doc = dict(header, checksum=f"{netfile.fnv1a64(weights):016x}", provenance={"made": "make_net.py"})
line = json.dumps(doc, separators=(",", ":")).encode() + b"\n"
with open(sys.argv[1], "wb") as f:
    f.write(netfile.MAGIC + line + weights)
