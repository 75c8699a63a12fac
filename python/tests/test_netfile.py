"""savanna.train without torch: the net file written, then read back by hand from the format's
description (docs/nets.md); damaged files refused with the reason; the net's inputs (padded
observation, player count one-hot) and the value targets."""

import json
import struct

import numpy as np
import pytest

from savanna.train import netfile
from savanna.train.gamesetup import GameSetup
from savanna.train.selfplay import search_values


def fnv1a64_reference(data: bytes) -> int:
    h = 14695981039346656037
    for byte in data:
        h ^= byte
        h = (h * 1099511628211) % 2**64
    return h


def read_by_hand(data: bytes):
    """The file decoded from the format's description alone: (header, flat float list)."""
    first = data.index(b"\n")
    assert data[:first] == b"savanna-net 1"
    second = data.index(b"\n", first + 1)
    header = json.loads(data[first + 1:second])
    weights = data[second + 1:]
    assert len(weights) % 4 == 0
    floats = list(struct.unpack(f"<{len(weights) // 4}f", weights))
    assert header["checksum"] == f"{fnv1a64_reference(weights):016x}"
    return header, floats


def forward_by_hand(header, floats, x):
    """Evaluates the flat weights in float64 in the documented order."""
    at = 0

    def take(rows, cols):
        nonlocal at
        w = np.array(floats[at:at + rows * cols], np.float64).reshape(rows, cols)
        at += rows * cols
        b = np.array(floats[at:at + rows], np.float64)
        at += rows
        return w, b

    h, width = np.asarray(x, np.float64), header["input"]
    for hidden in header["trunk"]:
        w, b = take(hidden, width)
        h = np.maximum(h @ w.T + b, 0)
        width = hidden
    pw, pb = take(header["actions"], width)
    vw, vb = take(header["seats"], width)
    assert at == len(floats), "weights left over after the value head"
    return h @ pw.T + pb, np.tanh(h @ vw.T + vb)


TINY = {"game": "kariba", "layout": 3, "players": [2, 3], "input": 4, "actions": 3,
        "seats": 3, "trunk": [2]}


def tiny_layers():
    rng = np.random.default_rng(5)
    return [(rng.normal(size=(2, 4)), rng.normal(size=2)), (rng.normal(size=(3, 2)),
            rng.normal(size=3)), (rng.normal(size=(3, 2)), rng.normal(size=3))]


def test_fnv1a64_matches_published_values():
    assert netfile.fnv1a64(b"") == 0xCBF29CE484222325
    assert netfile.fnv1a64(b"a") == 0xAF63DC4C8601EC8C
    assert netfile.fnv1a64(b"foobar") == 0x85944171F73967E8


def test_the_writer_follows_the_format_byte_for_byte():
    layers = tiny_layers()
    data = netfile.encode(TINY, layers, {"seed": 7})
    header, floats = read_by_hand(data)
    assert list(header) == ["game", "layout", "players", "input", "actions", "seats", "trunk",
                            "checksum", "provenance"]
    assert data.split(b"\n")[1] == json.dumps(header, separators=(",", ":")).encode()
    assert header["provenance"] == {"seed": 7} and header["trunk"] == [2]
    expected = []
    for w, b in layers:
        expected += list(np.asarray(w, np.float32).ravel()) + list(np.asarray(b, np.float32))
    assert floats == expected  # row-major W then b, layer by layer, nothing after
    h, got = netfile.decode(data)
    assert h == header and all(np.array_equal(w, np.float32(lw)) for (w, _), (lw, _) in
                               zip(got, layers))


@pytest.mark.parametrize("damage, reason", [
    (lambda d: d[:-4], "bytes of weights"),
    (lambda d: d + b"\0\0\0\0", "bytes of weights"),
    (lambda d: d[:-1] + bytes([d[-1] ^ 1]), "checksum"),
    (lambda d: b"savanna-net 2" + d[13:], "does not start"),
    (lambda d: d.replace(b'"input":4', b'"input":5'), "bytes of weights"),
    (lambda d: d.replace(b'"players":[2,3]', b'"players":[3,2]'), "players"),
    (lambda d: d.replace(b'"trunk":[2]', b'"trunk":[]'), "trunk"),
    (lambda d: d.replace(b'"layout":3,', b""), "no 'layout'"),
])
def test_a_damaged_file_is_refused_with_the_reason(damage, reason):
    data = damage(netfile.encode(TINY, tiny_layers()))
    with pytest.raises(netfile.NetFileError, match=reason) as e:
        netfile.decode(data, "x/net.bin")
    assert str(e.value).startswith("x/net.bin: ")


def test_the_writer_writes_subnormal_weights_as_zeros():
    layers = tiny_layers()
    layers[0][0][0, 0] = 1e-39  # subnormal in float32
    layers[0][0][0, 1] = -3e-42
    layers[0][0][0, 2] = 2e-38  # normal: kept
    _, floats = read_by_hand(netfile.encode(TINY, layers))
    assert floats[:3] == [0.0, 0.0, float(np.float32(2e-38))]
    assert floats[3] == float(np.float32(layers[0][0][0, 3]))


def test_the_writer_refuses_layers_of_the_wrong_shape():
    layers = tiny_layers()
    layers[1] = (np.zeros((3, 3)), np.zeros(3))
    with pytest.raises(ValueError, match="layer 1"):
        netfile.encode(TINY, layers)


def test_inputs_pad_the_observation_and_one_hot_the_player_count():
    # The default Kariba (64 cards) takes 2 to 4 players; 5 and 6 need the 72-card deck.
    setup = GameSetup("kariba")
    assert setup.players == [2, 3, 4] and setup.seats == 4
    assert setup.max_obs == max(setup.obs_sizes.values()) == setup.obs_sizes[4]
    assert setup.input == setup.max_obs + 3 and setup.actions == 55
    obs = np.arange(1, setup.obs_sizes[3] + 1, dtype=np.float32)
    x = setup.encode(obs, 3)
    assert np.array_equal(x[:len(obs)], obs) and not x[len(obs):setup.max_obs].any()
    assert x[setup.max_obs:].tolist() == [0, 1, 0]
    nine = GameSetup("kariba(animals=9,players=2)")
    assert nine.players == [2, 3, 4, 5, 6] and nine.input == nine.obs_sizes[6] + 5
    assert nine.specs[5].startswith("kariba(animals=9,") and "players=5" in nine.specs[5]
    assert GameSetup("kalimambo", [2, 4]).players == [2, 4]
    with pytest.raises(SystemExit, match="players=5"):
        GameSetup("kariba", [2, 5])


def test_value_targets_are_the_searchs_returns():
    # Wins only: the returns.
    assert search_values([1, 0, 0], [9, 5, 1], 0).tolist() == [1, 0, 0]
    # Margin 0.5: spread 8; the leader's margin to the runner-up is (9-5)/8, the others' to 9.
    v = search_values([1, 0, 0], [9, 5, 1], 0.5)
    assert v == pytest.approx([0.5 + 0.5 * (0.5 + 0.25), 0.5 * (0.5 - 0.25), 0.5 * 0.0])
    # A tie at the top: equal leaders, margin 0 from each other.
    assert search_values([0.5, 0.5], [4, 4], 0.5).tolist() == pytest.approx([0.5, 0.5])


