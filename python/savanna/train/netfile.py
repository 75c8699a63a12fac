"""The net file of a game (data/<game>/net.bin), written and read without torch.

Bytes: the line ``savanna-net 1``, one line of compact JSON (the header), then the weights as
little-endian float32 and nothing after. The header names the game, its observation layout
version, the player counts, the shapes (input, actions, seats, trunk), the FNV-1a 64-bit
checksum of the weight bytes (16 hex digits) and a free provenance object. The weights, in
order: each trunk layer's W (out x in, row-major) then b; the policy head's W (actions x last)
and b; the value head's W (seats x last) and b. docs/nets.md describes the format.

``read`` decodes a file with plain numpy and checks every field, and ``NumpyNet`` evaluates it
(ReLU trunk, policy logits, tanh values): the reference the exporter is tested against, and a
net the training can play with when the engine cannot load one.
"""

import json
import os

import numpy as np

MAGIC = b"savanna-net 1\n"
HEADER_KEYS = ("game", "layout", "players", "input", "actions", "seats", "trunk", "checksum",
               "provenance")
_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3
_MASK64 = (1 << 64) - 1


class NetFileError(ValueError):
    """A net file that cannot be read: the message names the file and the reason."""


def fnv1a64(data: bytes) -> int:
    """FNV-1a, 64 bits, over the bytes."""
    h = _FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * _FNV_PRIME) & _MASK64
    return h


def layer_shapes(header: dict) -> list:
    """The (out, in) shape of every dense layer in file order: trunk, policy, value."""
    shapes, width = [], header["input"]
    for hidden in header["trunk"]:
        shapes.append((hidden, width))
        width = hidden
    shapes.append((header["actions"], width))
    shapes.append((header["seats"], width))
    return shapes


def weight_count(header: dict) -> int:
    return sum(o * i + o for o, i in layer_shapes(header))


def _flushed(values) -> np.ndarray:
    """`values` as little-endian float32, the subnormal ones (which weight decay leaves by the
    thousand) written as zeros: the engine reads them so anyway, since every product with one
    takes the CPU's slow path."""
    out = np.asarray(values).astype("<f4")
    out[np.abs(out) < np.finfo(np.float32).tiny] = 0
    return out


def encode(header: dict, layers: list, provenance: dict = None) -> bytes:
    """The file's bytes. `header` holds game, layout, players, input, actions, seats and trunk;
    `layers` is [(W, b), ...] in file order (trunk..., policy, value) as float arrays."""
    shapes = layer_shapes(header)
    if len(layers) != len(shapes):
        raise ValueError(f"{len(layers)} layers given, the header's shapes need {len(shapes)}")
    chunks = []
    for k, ((w, b), (out, inp)) in enumerate(zip(layers, shapes)):
        w, b = np.asarray(w), np.asarray(b)
        if w.shape != (out, inp) or b.shape != (out,):
            raise ValueError(f"layer {k}: W {w.shape} and b {b.shape}, expected "
                             f"W {(out, inp)} and b {(out,)}")
        chunks += [_flushed(w).tobytes(order="C"), _flushed(b).tobytes()]
    weights = b"".join(chunks)
    doc = {key: header[key] for key in HEADER_KEYS[:7]}
    doc["checksum"] = f"{fnv1a64(weights):016x}"
    doc["provenance"] = dict(provenance or header.get("provenance") or {})
    line = json.dumps(doc, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"
    return MAGIC + line + weights


def write(path, header: dict, layers: list, provenance: dict = None) -> bytes:
    """Writes the file atomically (a temporary file renamed over `path`); returns its bytes."""
    data = encode(header, layers, provenance)
    tmp = f"{path}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return data


def decode(data: bytes, where: str = "net file"):
    """(header, layers) from a file's bytes, every field checked; raises NetFileError."""
    def fail(reason):
        raise NetFileError(f"{where}: {reason}")

    if not data.startswith(MAGIC):
        fail("does not start with 'savanna-net 1'")
    end = data.find(b"\n", len(MAGIC))
    if end < 0:
        fail("the header line has no end")
    try:
        header = json.loads(data[len(MAGIC):end].decode("ascii"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        fail(f"the header is not JSON: {e}")
    if not isinstance(header, dict):
        fail("the header is not a JSON object")
    for key in HEADER_KEYS:
        if key not in header:
            fail(f"the header has no '{key}'")
    positive = lambda v: isinstance(v, int) and not isinstance(v, bool) and v > 0  # noqa: E731
    for key in ("input", "actions", "seats"):
        if not positive(header[key]):
            fail(f"'{key}' must be a positive integer, not {header[key]!r}")
    if not isinstance(header["layout"], int) or isinstance(header["layout"], bool):
        fail(f"'layout' must be an integer, not {header['layout']!r}")
    if (not isinstance(header["trunk"], list) or not header["trunk"]
            or not all(positive(w) for w in header["trunk"])):
        fail(f"'trunk' must be a list of positive widths, not {header['trunk']!r}")
    players = header["players"]
    if (not isinstance(players, list) or not players or not all(positive(p) for p in players)
            or sorted(set(players)) != players or max(players) > header["seats"]):
        fail(f"'players' must be increasing counts up to seats, not {players!r}")
    weights = data[end + 1:]
    expected = 4 * weight_count(header)
    if len(weights) != expected:
        fail(f"{len(weights)} bytes of weights, the shapes need {expected}")
    checksum = f"{fnv1a64(weights):016x}"
    if header["checksum"] != checksum:
        fail(f"checksum {header['checksum']!r} does not match the weights ({checksum})")
    floats = np.frombuffer(weights, dtype="<f4")
    layers, at = [], 0
    for out, inp in layer_shapes(header):
        w = floats[at:at + out * inp].reshape(out, inp)
        at += out * inp
        b = floats[at:at + out]
        at += out
        layers.append((w, b))
    return header, layers


def read(path):
    """(header, layers) of the file at `path`; raises NetFileError naming it."""
    with open(path, "rb") as f:
        return decode(f.read(), str(path))


class NumpyNet:
    """Evaluates a decoded net: input rows -> (policy logits, per-seat values in [-1, 1])."""

    def __init__(self, header: dict, layers: list):
        self.header = header
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]

    @classmethod
    def load(cls, path):
        return cls(*read(path))

    def __call__(self, x: np.ndarray):
        h = np.asarray(x, np.float32)
        for w, b in self.layers[:-2]:
            h = np.maximum(h @ w.T + b, 0)
        (pw, pb), (vw, vb) = self.layers[-2:]
        return h @ pw.T + pb, np.tanh(h @ vw.T + vb)
