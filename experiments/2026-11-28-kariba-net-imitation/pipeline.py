"""Pipeline checks for a two-player Kariba net and the buffer it was trained on: the trainer's
input rows against the engine's (State.net_input) and the engine's net against numpy's on the
positions of one random game, and the buffer's targets (visit mass outside the legal mask, the
values). Usage: pipeline.py NET.bin BUFFER.npz"""

import sys

import numpy as np

import savanna
from savanna.train import netfile
from savanna.train.gamesetup import GameSetup

net_path, buffer = sys.argv[1], sys.argv[2]
setup = GameSetup("kariba", [2])
shape = savanna.net_shape("kariba(players=2)", [2])
engine, mine = savanna.Net.load(net_path), netfile.NumpyNet.load(net_path)
state = savanna.load_game("kariba(players=2)").new_initial_state(5)
rng = np.random.default_rng(1)
same, positions, largest = 0, 0, 0.0
while not state.is_terminal():
    p = state.players_to_act[0]
    row = setup.encode(state.observation(p), 2)
    largest = max(largest, float(np.abs(row - np.asarray(state.net_input(p, shape))).max()))
    mask = state.legal_mask(p)
    logits, _ = mine(row[None])
    same += int(np.argmax(np.where(mask, logits[0, :len(mask)], -np.inf))) == int(
        np.argmax(engine.evaluate(state, p)[0]))
    positions += 1
    legal = np.flatnonzero(mask)
    state.apply(p, int(legal[rng.integers(len(legal))]))
d = np.load(buffer)
pi, mask, z = d["pi"].astype(np.float64), d["mask"], d["z"].astype(np.float64)
print({"input_largest_difference": largest, "same_choice": f"{same} of {positions}",
       "visit_mass_outside_mask": float((pi * ~mask).sum()),
       "value_targets": sorted(set(np.round(z[:, 0], 3).tolist()))[:5],
       "rows_whose_two_values_do_not_sum_to_0": int((np.abs(z[:, 0] + z[:, 1]) > 1e-3).sum())})
