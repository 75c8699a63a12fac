"""The replay buffer: the latest labelled positions, up to a capacity, kept as numpy arrays
(inputs in float16 while every value survives the conversion exactly, as the engine's counts
do; targets in float16), saved to and loaded from one .npz file."""

import os

import numpy as np

FIELDS = ("x", "mask", "pi", "z", "players")


class ReplayBuffer:
    def __init__(self, capacity: int, inputs: int, actions: int, seats: int):
        self.capacity = capacity
        self.size = 0
        self.next = 0  # where the next row goes (a ring)
        self.added = 0  # rows ever added
        self.x = np.zeros((capacity, inputs), np.float16)
        self.mask = np.zeros((capacity, actions), bool)
        self.pi = np.zeros((capacity, actions), np.float16)
        self.z = np.zeros((capacity, seats), np.float16)
        self.players = np.zeros(capacity, np.int8)

    @staticmethod
    def row_bytes(inputs: int, actions: int, seats: int) -> int:
        return 2 * inputs + 3 * actions + 2 * seats + 1

    def add(self, rows: dict):
        x = rows["x"]
        if self.x.dtype == np.float16 and not np.array_equal(x.astype(np.float16), x):
            self.x = self.x.astype(np.float32)  # an input float16 cannot hold: keep float32
        k = len(x)
        if k > self.capacity:  # only the latest rows fit
            rows = {f: rows[f][-self.capacity:] for f in FIELDS}
            k = self.capacity
        idx = (self.next + np.arange(k)) % self.capacity
        for f in FIELDS:
            getattr(self, f)[idx] = rows[f][-k:]
        self.next = int((self.next + k) % self.capacity)
        self.size = min(self.capacity, self.size + k)
        self.added += len(x)

    def batch(self, idx: np.ndarray) -> dict:
        """Rows at indices (below size) as float32 / bool arrays."""
        return {"x": self.x[idx].astype(np.float32), "mask": self.mask[idx],
                "pi": self.pi[idx].astype(np.float32), "z": self.z[idx].astype(np.float32),
                "players": self.players[idx]}

    def save(self, path):
        tmp = f"{path}.tmp.npz"
        n = self.size
        np.savez(tmp, meta=np.array([self.capacity, self.size, self.next, self.added], np.int64),
                 **{f: getattr(self, f)[:n] for f in FIELDS})
        os.replace(tmp, path)

    @classmethod
    def load(cls, path, capacity: int, inputs: int, actions: int, seats: int):
        with np.load(path) as data:
            cap, size, nxt, added = (int(v) for v in data["meta"])
            if cap != capacity:
                raise SystemExit(f"savanna.train: {path} holds a buffer of {cap} positions, "
                                 f"this run asks for {capacity}")
            buf = cls(capacity, inputs, actions, seats)
            if data["x"].shape[1:] != buf.x.shape[1:] or data["pi"].shape[1:] != buf.pi.shape[1:]:
                raise SystemExit(f"savanna.train: {path} holds rows of other shapes")
            buf.x = buf.x.astype(data["x"].dtype)
            for f in FIELDS:
                getattr(buf, f)[:size] = data[f]
            buf.size, buf.next, buf.added = size, nxt, added
        return buf
