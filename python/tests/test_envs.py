"""The environments' contracts: PettingZoo's AEC and Parallel APIs (its api_test rules, by
hand), the Gymnasium-style single-agent wrapper, and the batched VectorEnv."""

import numpy as np
import pytest

import savanna
from savanna.envs import AECEnv, ParallelEnv, SingleAgentEnv
from conftest import SPECS


@pytest.mark.parametrize("spec", SPECS)
def test_aec_plays_to_the_end_with_masked_random_actions(spec):
    env = AECEnv(spec)
    env.reset(seed=42)
    assert env.agents == env.possible_agents
    rng = np.random.default_rng(0)
    steps = 0
    while env.agents:
        agent = env.agent_selection
        obs, reward, term, trunc, info = env.last()
        assert env.observation_space(agent)["observation"].contains(obs["observation"])
        assert obs["observation"].dtype == np.float32
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
        steps += 1
        assert steps <= env.game.max_game_length
    assert env.state.is_terminal()


def test_aec_rewards_are_the_returns_and_sum_to_one():
    env = AECEnv("kariba(players=2)")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = {a: 0.0 for a in env.possible_agents}
    while env.agents:
        agent = env.agent_selection
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            totals[agent] = env._cumulative_rewards[agent]
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert abs(sum(totals.values()) - 1.0) < 1e-9


def test_aec_simultaneous_submissions_stay_hidden():
    # Two different pending cards of the first submitter look the same to everybody else.
    seen = []
    for pick in (0, -1):
        env = AECEnv("kalimambo(players=3)")
        env.reset(seed=5)
        first = env.agent_selection
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[pick]))
        assert env.agent_selection != first
        seen.append({a: env.observe(a)["observation"] for a in env.possible_agents if a != first})
    for a in seen[0]:
        assert np.array_equal(seen[0][a], seen[1][a])


def test_aec_same_seed_same_game():
    def play(seed):
        env = AECEnv("kitara(players=2)")
        env.reset(seed=seed)
        trace = []
        while env.agents:
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            a = int(np.flatnonzero(obs["action_mask"])[0])
            trace.append(a)
            env.step(a)
        return trace, env.state.hash()
    assert play(3) == play(3)


@pytest.mark.parametrize("spec", ["kap_kairo(players=3)", "kalimambo(players=4)", "kariba(players=2)"])
def test_parallel_env(spec):
    env = ParallelEnv(spec)
    obs, infos = env.reset(seed=8)
    assert set(obs) == set(env.possible_agents)
    rng = np.random.default_rng(8)
    while env.agents:
        actions = {a: (int(rng.choice(np.flatnonzero(infos[a]["action_mask"])))
                       if infos[a]["to_act"] else None) for a in env.agents}
        obs, rewards, terms, truncs, infos = env.step(actions)
        assert set(rewards) == set(terms) == set(truncs) == set(infos) == set(obs)
    assert abs(sum(rewards.values()) - 1.0) < 1e-9


def test_parallel_env_rejects_a_missing_or_illegal_action_without_change():
    env = ParallelEnv("kalimambo(players=3)")
    _, infos = env.reset(seed=1)
    before = env.state.hash()
    with pytest.raises(savanna.SavannaError, match="player_1"):
        env.step({"player_0": int(np.flatnonzero(infos["player_0"]["action_mask"])[0])})
    assert env.state.hash() == before
    # After a round, each player's played card is no longer legal for them.
    _, _, _, _, infos = env.step(
        {a: int(np.flatnonzero(infos[a]["action_mask"])[0]) for a in env.agents})
    before = env.state.hash()
    bad = {a: int(np.flatnonzero(infos[a]["action_mask"])[0]) for a in env.agents}
    bad["player_2"] = int(np.flatnonzero(~infos["player_2"]["action_mask"].astype(bool))[0])
    with pytest.raises(savanna.SavannaError):
        env.step(bad)
    assert env.state.hash() == before


def test_single_agent_env_against_engine_agents():
    env = SingleAgentEnv("kariba(players=3)", opponents="random", seat=1)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    rng = np.random.default_rng(3)
    done, steps, reward = False, 0, 0.0
    while not done:
        assert info["action_mask"].any()
        obs, reward, done, truncated, info = env.step(
            env.action_space.sample(info["action_mask"]))
        assert not truncated
        steps += 1
    assert reward in (0.0, 1.0) or 0 < reward < 1
    with pytest.raises(savanna.SavannaError):
        env.step(0)
    with pytest.raises(savanna.SavannaError, match="opponent|agent|unknown"):
        SingleAgentEnv("kariba(players=2)", opponents="no_such_agent")


def test_single_agent_env_simultaneous_game():
    env = SingleAgentEnv("kalimambo(players=3)", opponents=["random", "flat_mc(iters=20)"])
    obs, info = env.reset(seed=2)
    done = False
    while not done:
        obs, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.state.is_terminal()


def test_vector_env_contract():
    env = savanna.VectorEnv("kariba(players=2)", num_envs=8, seed=1)
    obs, masks, to_play, rewards, dones = env.reset()
    game = savanna.load_game("kariba(players=2)")
    assert obs.shape == (8, game.observation_shape[0]) and obs.dtype == np.float32
    assert masks.shape == (8, game.num_distinct_actions) and masks.dtype == bool
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int32)
        obs, masks, to_play, rewards, dones = env.step(actions)
        assert masks.any(axis=1).all()
        for i in np.flatnonzero(dones):
            assert abs(rewards[i].sum() - 1.0) < 1e-6
        assert (rewards[~dones] == 0).all()
        finished += int(dones.sum())
    assert finished == env.games_finished > 0


def test_vector_env_matches_single_states_and_threads_change_nothing():
    a = savanna.VectorEnv("kariba(players=2)", num_envs=6, seed=9, threads=1)
    b = savanna.VectorEnv("kariba(players=2)", num_envs=6, seed=9, threads=3)
    oa, ma, *_ = a.reset()
    ob, mb, *_ = b.reset()
    for _ in range(150):
        assert np.array_equal(oa, ob) and np.array_equal(ma, mb)
        actions = np.argmax(ma, axis=1).astype(np.int32)
        oa, ma, ta, ra, da = a.step(actions)
        ob, mb, tb, rb, db = b.step(actions)
        assert np.array_equal(ra, rb) and np.array_equal(da, db) and np.array_equal(ta, tb)


def test_vector_env_rejects_an_illegal_action_and_steps_nothing():
    env = savanna.VectorEnv("kariba(players=2)", num_envs=4, seed=2)
    obs, masks, *_ = env.reset()
    before = obs.copy()
    actions = np.argmax(masks, axis=1).astype(np.int32)
    actions[2] = int(np.flatnonzero(~masks[2])[0])
    with pytest.raises(savanna.SavannaError, match="game 2"):
        env.step(actions)
    with pytest.raises(savanna.SavannaError):
        env.step(np.zeros(3, dtype=np.int32))
    assert np.array_equal(env.step(np.argmax(masks, axis=1).astype(np.int32))[0].shape, before.shape)


def test_vector_env_arrays_are_read_only():
    env = savanna.VectorEnv("kariba(players=2)", num_envs=2, seed=1)
    obs, masks, *_ = env.reset()
    with pytest.raises(ValueError):
        masks[0, :] = True
    with pytest.raises(ValueError):
        obs[0, 0] = 1.0


def test_vector_env_returns_the_same_arrays_rewritten_in_place():
    env = savanna.VectorEnv("kariba(players=2)", num_envs=4, seed=1)
    first = env.reset()
    before = first[0].copy()
    second = env.step(np.argmax(first[1], axis=1).astype(np.int32))
    assert all(a is b for a, b in zip(first, second))
    assert not np.array_equal(before, second[0])  # the step rewrote the observations
    with pytest.raises(ValueError):
        second[1][0, 0] = True
