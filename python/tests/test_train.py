"""savanna.train with torch: an exported net read back by hand gives torch's outputs within
1e-5, and a training run of seconds: its files, its curve, the net as an agent, and a resumed
run ending with the same weights as one that never stopped."""

import json
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import savanna
from savanna.train import netfile
from savanna.train.gamesetup import GameSetup

from test_netfile import forward_by_hand, read_by_hand

torch = pytest.importorskip(
    "torch", reason="python3-torch is not installed (./scripts/setup.sh installs it)")


def test_an_exported_torch_net_reads_back_to_within_1e_5(tmp_path):
    from savanna.train import model
    torch.manual_seed(3)
    setup = GameSetup("kalimambo", [2, 3])
    net = model.Net(setup.input, [16, 8], setup.actions, setup.seats)
    rng = np.random.default_rng(1)
    rows = rng.integers(0, 30, size=(6, setup.input)).astype(np.float32)
    with torch.no_grad():
        net.set_input_scale(rows)
        logits, values = net(torch.from_numpy(rows))
    data = model.export(net, setup, tmp_path / "net.bin", {"seed": 1})
    header, floats = read_by_hand(data)
    assert header["game"] == "kalimambo" and header["players"] == [2, 3]
    assert header["input"] == setup.input and header["actions"] == 12 and header["seats"] == 3
    assert header["trunk"] == [16, 8]
    hand_logits, hand_values = forward_by_hand(header, floats, rows)
    assert np.abs(hand_logits - logits.numpy()).max() < 1e-5
    assert np.abs(hand_values - values.numpy()).max() < 1e-5
    np_logits, np_values = netfile.NumpyNet.load(tmp_path / "net.bin")(rows)
    assert np.abs(np_logits - logits.numpy()).max() < 1e-5
    assert np.abs(np_values - values.numpy()).max() < 1e-5


def run_training(tmp_path, name, *extra):
    from savanna.train.__main__ import main
    args = ["kariba", "--dir", str(tmp_path / name), "--positions", "100", "--teacher",
            "ismcts(iters=10)", "--trunk", "16", "--batch", "32", "--eval-games", "0",
            "--seed", "4", *extra]
    assert main(args) == 0
    return netfile.read(tmp_path / name / "net.bin")


def test_a_training_run_of_seconds_writes_the_net_and_its_curve(tmp_path, capsys):
    out = tmp_path / "data" / "net.bin"
    header, layers = run_training(tmp_path, "run", "--iterations", "2", "--out", str(out),
                                  "--eval-games", "4", "--eval-opponents", "random,greedy@5")
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["iterations"] == 2 and summary["positions"] > 0
    assert summary["positions_per_second"] > 0
    assert out.read_bytes() == (tmp_path / "run" / "net.bin").read_bytes()
    setup = GameSetup("kariba")
    assert header["game"] == "kariba" and header["players"] == setup.players
    assert (header["input"], header["actions"], header["seats"]) == (setup.input, 55, 4)
    assert header["provenance"]["iterations"] == 2 and header["provenance"]["seed"] == 4
    assert "--iterations 2" in header["provenance"]["command"]
    curve = json.loads((tmp_path / "run" / "curve.json").read_text())
    assert [it["iteration"] for it in curve["iterations"]] == [0, 1, 2]
    # greedy@5: measured at the first iteration and the last, random at every one.
    measured = [list(it["eval"]["net (no search)"]) for it in curve["iterations"]]
    assert measured == [["random", "greedy"], ["random"], ["random", "greedy"]]
    for it in curve["iterations"]:
        for r in it["eval"]["net (no search)"].values():
            lo, hi = r["ci95"]
            assert 0 <= lo <= r["win_rate"] <= hi <= 1 and r["games"] == 4
    assert all(it["positions_per_second"] > 0 for it in curve["iterations"][1:])
    svg = ET.fromstring((tmp_path / "run" / "curve.svg").read_text())
    assert svg.get("width") == "350"
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[0] == "kariba, 2 players: learning curve, seed 4"
    assert "win rate against random" in texts and "net (no search)" in texts
    assert max(len(t) for t in texts) <= 44  # 12-pixel text within the 350-pixel drawing
    # The net plays legal moves as an engine agent.
    result = savanna.sim("kariba(players=2)", ["train_net", "random"], games=2, seed=1)
    assert result["games"] == 2


def test_a_resumed_run_ends_with_the_weights_of_an_unbroken_one(tmp_path):
    once, _ = run_training(tmp_path, "unbroken", "--iterations", "2")
    run_training(tmp_path, "broken", "--iterations", "1")
    twice, _ = run_training(tmp_path, "broken", "--iterations", "2")
    assert twice["provenance"]["iterations"] == 2
    assert twice["checksum"] == once["checksum"]
    forked, _ = run_training(tmp_path, "forked", "--iterations", "2", "--workers", "2")
    assert forked["checksum"] == once["checksum"]  # two self-play processes, the same games
    other, _ = run_training(tmp_path, "other", "--iterations", "1", "--seed", "5")
    assert other["checksum"] != once["checksum"]


def test_a_checkpoint_of_another_run_is_refused(tmp_path):
    run_training(tmp_path, "run", "--iterations", "1")
    with pytest.raises(SystemExit, match="trunk"):
        run_training(tmp_path, "run", "--iterations", "2", "--trunk", "8")


def test_the_engine_reads_an_exported_net_as_torch_computes_it(tmp_path):
    from savanna.train import model
    torch.manual_seed(4)
    setup = GameSetup("kalimambo", [2, 3])
    net = model.Net(setup.input, [16, 8], setup.actions, setup.seats)
    rows = np.random.default_rng(2).integers(0, 30, size=(5, setup.input)).astype(np.float32)
    with torch.no_grad():
        net.set_input_scale(rows)
        logits, values = net(torch.from_numpy(rows))
    model.export(net, setup, tmp_path / "net.bin", {"seed": 4})
    engine = savanna.Net.load(str(tmp_path / "net.bin"))
    assert engine.header["game"] == "kalimambo" and engine.header["trunk"] == [16, 8]
    for row, want_logits, want_values in zip(rows, logits.numpy(), values.numpy()):
        got_logits, got_values = engine.forward(row)
        assert np.abs(np.asarray(got_logits) - want_logits).max() < 1e-5
        assert np.abs(np.asarray(got_values) - want_values).max() < 1e-5


@pytest.mark.parametrize("game", ["kariba", "kilimanjaro", "kap_kairo", "kalimambo", "kitara"])
def test_the_trainers_shapes_and_inputs_are_the_engines(game):
    setup = GameSetup(game)
    shape = savanna.net_shape(game)
    assert setup.header([8]) == {**{k: shape[k] for k in ("game", "layout", "players", "input",
                                                         "actions", "seats")}, "trunk": [8]}
    for n in setup.players:
        state = setup.games[n].new_initial_state(3)
        viewer = n - 1
        mine = setup.encode(state.observation(viewer), n)
        assert np.array_equal(np.asarray(state.net_input(viewer, shape)), mine)


def test_with_the_engines_labels_the_search_teaches_and_the_net_guides_it(tmp_path, monkeypatch):
    """savanna.label and savanna.Net stood in for: labels are visit distributions, and the
    search is handed the current net from iteration 2 (--guide-from) on."""
    calls = []

    class FakeNet:
        @staticmethod
        def load(path):
            assert (tmp_path / "run" / "net.bin").samefile(path)
            netfile.read(path)  # the file the trainer wrote at the end of iteration 1
            return "the net"

    def fake_label(state, player, search, net, seed):
        calls.append((search, net))
        mask = state.legal_mask(player).astype(np.float32)
        return mask / mask.sum(), 0.0

    monkeypatch.setattr(savanna, "label", fake_label, raising=False)
    monkeypatch.setattr(savanna, "Net", FakeNet, raising=False)
    run_training(tmp_path, "run", "--iterations", "2", "--eval-search", "none",
                 "--policy-target", "visits")
    curve = json.loads((tmp_path / "run" / "curve.json").read_text())
    assert [(it["labels"], it["guided"]) for it in curve["iterations"][1:]] == [
        ("visits", False), ("visits", True)]
    first = curve["iterations"][1]["positions"]
    assert {net for _, net in calls[:first]} == {None}
    assert {net for _, net in calls[first:]} == {"the net"}
    assert {search for search, _ in calls} == {"ismcts(iters=10)"}
    with np.load(next((tmp_path / "run").glob("buffer-*.npz"))) as buf:
        pi, mask = buf["pi"].astype(np.float32), buf["mask"]
    assert np.allclose(pi.sum(1), 1, atol=1e-2) and not (pi[~mask] > 0).any()
    assert (pi.max(1) < 1).any()  # spread over the legal actions, not one-hot
    assert (mask.sum(1) > 1).all()  # forced decisions are neither searched nor kept


def test_the_teachers_choice_is_the_label_by_default(tmp_path, monkeypatch):
    """--policy-target choice (the default): the label is the most visited action, one-hot,
    also where the move played is drawn from the visits (the first --sample-moves decisions)."""
    labels = []

    def fake_label(state, player, search, net, seed):
        legal = np.flatnonzero(state.legal_mask(player))
        visits = np.zeros(len(state.legal_mask(player)), np.float32)
        visits[legal] = 1.0
        visits[legal[-1]] = 2.0  # the last legal action is the most visited
        labels.append(int(legal[-1]))
        return visits / visits.sum(), 0.0

    monkeypatch.setattr(savanna, "label", fake_label, raising=False)
    run_training(tmp_path, "run", "--iterations", "1", "--eval-search", "none",
                 "--guide-from", "0")
    curve = json.loads((tmp_path / "run" / "curve.json").read_text())
    assert curve["iterations"][1]["labels"] == "choices"
    with np.load(next((tmp_path / "run").glob("buffer-*.npz"))) as buf:
        pi = buf["pi"].astype(np.float32)
    assert np.array_equal(pi.sum(1), np.ones(len(pi)))
    assert np.array_equal(pi.max(1), np.ones(len(pi)))  # one-hot
    assert pi.argmax(1).tolist() == labels[:len(pi)]
    with pytest.raises(ValueError, match="choice or visits"):
        from savanna.train.selfplay import SearchTeacher
        SearchTeacher("ismcts", target="best")


def test_the_search_measured_with_the_net_is_the_teachers():
    from savanna.train.loop import with_net
    assert with_net("ismcts(iters=5)") == "ismcts(iters=5,net={net})"
    assert with_net("medium") == "medium(net={net})"
    assert with_net("medium()") == "medium(net={net})"


def test_forced_decisions_are_played_but_not_kept():
    from savanna.train.selfplay import AgentTeacher, SelfPlay
    setup = GameSetup("kap_kairo", [2])
    rows = SelfPlay(setup, AgentTeacher("ismcts(iters=5)")).play(2, 11)
    assert len(rows["players"]) > 0 and (rows["mask"].sum(1) > 1).all()
    assert np.array_equal(rows["pi"].sum(1), np.ones(len(rows["pi"])))
