"""Nets from Python (docs/nets.md): the file's bytes, the input, the forward pass against numpy,
the value target, refusals, the policy agent and search labels. The nets are tiny ones made here
with random weights: no game ships a trained net yet."""

import random

import numpy as np
import pytest

import savanna
from conftest import SPECS, random_states


def tiny_net(spec, trunk=(8,), seed=0, players=()):
    """A savanna.Net for `spec`'s family with random weights, and its header and weights."""
    shape = savanna.net_shape(spec, list(players))
    header = dict(shape, trunk=list(trunk), provenance={"made_by": "test_nets.py"})
    sizes = []
    last = shape["input"]
    for width in trunk:
        sizes.append((width, last))
        last = width
    sizes += [(shape["actions"], last), (shape["seats"], last)]
    count = sum(out * (inp + 1) for out, inp in sizes)
    weights = np.random.default_rng(seed).uniform(-0.3, 0.3, count).astype(np.float32)
    return savanna.Net.load(savanna.Net.encode(header, weights)), header, weights, sizes


def numpy_forward(x, weights, sizes):
    """The forward pass of docs/nets.md, by numpy."""
    layers, at = [], 0
    for out, inp in sizes:
        w = weights[at : at + out * inp].reshape(out, inp)
        b = weights[at + out * inp : at + out * (inp + 1)]
        layers.append((w, b))
        at += out * (inp + 1)
    h = x.astype(np.float64)
    for w, b in layers[:-2]:
        h = np.maximum(w @ h + b, 0)
    (wp, bp), (wv, bv) = layers[-2:]
    return wp @ h + bp, np.tanh(wv @ h + bv)


def test_net_shape_fixes_the_header_fields():
    shape = savanna.net_shape("kariba(players=3)")
    assert shape["game"] == "kariba"
    assert shape["players"] == [2, 3, 4]  # 5 and 6 players need the 9-animal deck
    four = savanna.load_game("kariba(players=4)")
    assert shape["input"] == four.observation_shape[0] + 3
    assert shape["actions"] == four.num_distinct_actions
    assert shape["seats"] == 4
    assert savanna.net_shape(savanna.load_game("kariba(players=3)"), [3])["players"] == [3]
    with pytest.raises(savanna.SavannaError, match="needs animals=9"):
        savanna.net_shape("kariba(players=3)", [3, 5])


def test_encoded_file_reads_back_with_its_header():
    net, header, weights, _ = tiny_net("kap_kairo(players=3)", trunk=(8, 4))
    got = net.header
    for key in ("game", "layout", "players", "input", "actions", "seats", "trunk", "provenance"):
        assert got[key] == header[key]
    assert len(got["checksum"]) == 16
    again = savanna.Net.load(savanna.Net.encode(header, weights))
    assert again.header == got


def test_forward_matches_numpy(spec):
    net, _, weights, sizes = tiny_net(spec, trunk=(16, 8), seed=3)
    state = savanna.load_game(spec).new_initial_state(5)
    x = state.net_input(0, net)
    logits, values = net.forward(x)
    want_logits, want_values = numpy_forward(x, weights, sizes)
    np.testing.assert_allclose(logits, want_logits, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(values, want_values, rtol=1e-4, atol=1e-5)
    batch_logits, batch_values = net.forward(np.stack([x, x * 0]))
    np.testing.assert_allclose(batch_logits[0], logits, rtol=1e-6)
    assert batch_values.shape == (2, net.header["seats"])


def test_net_input_is_the_observation_padded_and_the_player_count(spec):
    shape = savanna.net_shape(spec)
    for state in random_states(spec, 2, max_steps=30):
        viewer = 1
        x = state.net_input(viewer, shape)
        obs = state.observation(viewer)
        width = shape["input"] - len(shape["players"])
        assert x.dtype == np.float32 and x.shape == (shape["input"],)
        np.testing.assert_array_equal(x[: len(obs)], obs)
        assert not x[len(obs) : width].any()
        one_hot = np.zeros(len(shape["players"]), np.float32)
        one_hot[shape["players"].index(state.game.num_players)] = 1
        np.testing.assert_array_equal(x[width:], one_hot)
        out = np.empty(shape["input"], np.float32)
        assert state.net_input(viewer, shape, out=out) is out


def test_evaluate_is_the_softmax_over_legal_actions_and_values_by_seat():
    spec = "kariba(players=3)"
    net, *_ = tiny_net(spec, seed=4)
    state = savanna.load_game(spec).new_initial_state(9)
    viewer = state.current_player
    policy, values = net.evaluate(state, viewer)
    legal = state.legal_actions()
    assert abs(policy.sum() - 1) < 1e-5
    assert set(np.nonzero(policy)[0]) <= set(legal)
    logits, relative = net.forward(state.net_input(viewer, net))
    want = np.exp(logits[legal] - logits[legal].max())
    np.testing.assert_allclose(policy[legal], want / want.sum(), rtol=1e-4)
    for seat in range(3):
        assert values[seat] == pytest.approx(relative[(seat - viewer) % 3])


def test_value_target_is_relative_and_rescaled():
    spec = "kariba(players=2)"
    for state in random_states(spec, 7):
        pass
    assert state.is_terminal()
    target = state.net_value_target(0)
    assert target.shape == (2,)
    assert np.all(np.abs(target) <= 1)
    assert target.sum() == pytest.approx(0, abs=1e-6)  # two players: rewards sum to 1
    np.testing.assert_allclose(state.net_value_target(1), target[::-1])
    wins = state.net_value_target(0, margin=0)
    np.testing.assert_allclose(wins, 2 * np.array(state.returns(), np.float32) - 1)
    with pytest.raises(savanna.SavannaError, match="not over"):
        savanna.load_game(spec).new_initial_state(1).net_value_target(0)


def test_refusals_name_the_reason():
    net, header, weights, _ = tiny_net("kariba(players=2)")
    data = savanna.Net.encode(header, weights)
    with pytest.raises(savanna.SavannaError, match="truncated"):
        savanna.Net.load(data[:-4])
    with pytest.raises(savanna.SavannaError, match="checksum mismatch"):
        savanna.Net.load(data[:-1] + bytes([data[-1] ^ 1]))
    with pytest.raises(savanna.SavannaError, match="a net for kariba, not for kitara"):
        net.check("kitara(players=2)")
    with pytest.raises(savanna.SavannaError, match="weights"):
        savanna.Net.encode(header, weights[:-1])
    net.check(savanna.load_game("kariba(players=4)"))


def test_the_policy_agent_plays_a_net_held_in_memory():
    spec = "kalimambo(players=3)"
    net, *_ = tiny_net(spec, seed=5)
    agent = savanna.make_agent(f"policy(net={net.key})", seed=1)
    for state in random_states(spec, 3, max_steps=20):
        if state.is_terminal():
            break
        player = state.players_to_act[0]
        assert agent.choose(state, player) in state.legal_actions(player)
    # Three seats for two agents: one deal is six seatings.
    result = savanna.sim(spec, [f"policy(net={net.key})", "random"], games=6)
    assert result["games"] == 6


def test_label_returns_visit_shares_and_a_value():
    state = savanna.load_game("kilimanjaro(players=2)").new_initial_state(4)
    player = state.current_player
    policy, value = savanna.label(state, player, search="ismcts(iters=200)", seed=3)
    assert policy.shape == (state.game.num_distinct_actions,)
    assert abs(policy.sum() - 1) < 1e-5
    assert set(np.nonzero(policy)[0]) <= set(state.legal_actions())
    assert -1 <= value <= 1
    again, same = savanna.label(state, player, search="ismcts(iters=200)", seed=3)
    np.testing.assert_array_equal(again, policy)
    assert same == value
    with pytest.raises(savanna.SavannaError, match="does not search"):
        savanna.label(state, player, search="random")
