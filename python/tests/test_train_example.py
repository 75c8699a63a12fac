"""The research example (python/examples/train_policy.py) in its smoke size: PPO on the
VectorEnv, then the trained policy as an engine agent in sim against random and flat_mc."""

import importlib.util
import pathlib

import pytest

torch = pytest.importorskip(
    "torch", reason="python3-torch is not installed (./scripts/setup.sh installs it)")

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "train_policy.py"


def load_example():
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_example_trains_and_measures_in_seconds():
    summary = load_example().main(["--smoke", "--seed", "3"])
    assert summary["game"] == "kariba(players=2)" and summary["train_steps"] == 16 * 16 * 2
    opponents = [r["opponent"] for r in summary["results"]]
    assert opponents == ["random", "flat_mc(iters=5)"]
    for r in summary["results"]:
        lo, hi = r["ci95"]
        assert 0.0 <= lo <= r["win_rate"] <= hi <= 1.0 and r["games"] > 0


def test_return_targets_follow_each_players_game():
    np = pytest.importorskip("numpy")
    tp = load_example()
    # One env, two players, five steps: the game ends at step 2 (seat 1 won), a new one runs on.
    roll = {
        "player": np.array([[0], [1], [0], [1], [0]]),
        "value": np.array([[0.1], [0.2], [0.3], [0.4], [0.5]], np.float32),
        "done": np.array([[False], [False], [True], [False], [False]]),
        "reward": np.zeros((5, 1, 2), np.float32),
    }
    roll["reward"][2, 0] = [0.0, 1.0]
    # After the rollout seat 1 is to act, valued 0.9.
    out = tp.targets(roll, np.array([0.9], np.float32), np.array([1]))
    # Steps 0-2 take their player's return; step 3 (seat 1) bootstraps from 0.9; step 4 is
    # seat 0's latest decision in a running game: its own value.
    assert out[:, 0].tolist() == pytest.approx([0.0, 1.0, 0.0, 0.9, 0.5])


def test_the_trained_policy_only_plays_legal_actions():
    import savanna
    tp = load_example()
    game = savanna.load_game("kariba(players=2)")
    net = tp.PolicyNet(game.observation_shape[0], game.num_distinct_actions, 16)
    choose = tp.greedy_agent(net)
    state = game.new_initial_state(5)
    while not state.is_terminal():
        action = choose(state, state.current_player)
        assert action in state.legal_actions()
        state.apply(action)
