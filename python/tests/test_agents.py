"""Agents by spec and simulations from Python."""

import pytest

import savanna


def test_agents_are_listed_and_made_by_spec():
    names = {a["name"] for a in savanna.agents()}
    assert {"random", "flat_mc", "ismcts"} <= names
    agent = savanna.make_agent("flat_mc(iters=30)", seed=3)
    assert agent.spec.startswith("flat_mc(")
    state = savanna.load_game("kariba(players=2)").new_initial_state(1)
    assert agent.choose(state) in state.legal_actions()
    with pytest.raises(savanna.SavannaError):
        savanna.make_agent("flat_mc(iters=-5)")


def test_agents_play_a_whole_game_of_each_kind():
    for spec in ["kap_kairo(players=2)", "kitara(players=2)"]:
        state = savanna.load_game(spec).new_initial_state(4)
        agents = [savanna.make_agent("random", seed=p) for p in range(2)]
        while not state.is_terminal():
            for p in state.players_to_act:
                state.apply(p, agents[p].choose(state, p))
        assert abs(sum(state.returns()) - 1) < 1e-9


def test_sim_returns_the_sim_contract():
    result = savanna.sim("kariba(players=2)", ["random", "flat_mc(iters=10)"], games=20, seed=5)
    assert result["games"] == 20
    assert [s["agent"] for s in result["seats"]][0].startswith("random")
    for s in result["seats"]:
        lo, hi = s["ci95"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1
    again = savanna.sim("kariba(players=2)", ["random", "flat_mc(iters=10)"], games=20, seed=5)
    assert again["seats"] == result["seats"]
    with pytest.raises(savanna.SavannaError):
        savanna.sim("kariba(players=2)", ["nobody"], games=2)


def test_a_python_callable_is_an_agent_in_sim():
    calls = []

    def first_legal(state, player):
        calls.append(player)
        # The bot sees a determinization: its own hand is there, others' are re-dealt.
        assert "hand" in state.view(player)["players"][player]
        return state.legal_actions(player)[0]

    savanna.register_agent("first_legal", first_legal)
    agent = savanna.make_agent("first_legal")
    state = savanna.load_game("kariba(players=2)").new_initial_state(3)
    assert agent.choose(state) == state.legal_actions()[0]
    result = savanna.sim("kariba(players=2)", ["first_legal", "random"], games=10, seed=2,
                         threads=2)
    assert result["seats"][0]["agent"] == "first_legal" and len(calls) > 10
    with pytest.raises(savanna.SavannaError, match="built-in"):
        savanna.register_agent("random", first_legal)


def test_a_failing_python_agent_stops_sim_at_once():
    calls = []

    def broken(state, player):
        calls.append(player)
        raise RuntimeError("my bot broke")

    savanna.register_agent("broken_bot", broken)
    for threads in (1, 2):
        calls.clear()
        with pytest.raises(savanna.SavannaError, match="broken_bot: .*my bot broke"):
            savanna.sim("kariba(players=2)", ["broken_bot", "random"], games=200, seed=1,
                        threads=threads)
        # No game goes on after the error: the callable is asked once per thread at most.
        assert 1 <= len(calls) <= threads
    # The error is not left pending for the next call.
    assert savanna.sim("kariba(players=2)", ["random"], games=2, seed=1)["games"] == 2


def test_a_failing_python_agent_raises_from_choose():
    def broken(state, player):
        raise ValueError("no idea")

    savanna.register_agent("broken_chooser", broken)
    agent = savanna.make_agent("broken_chooser")
    state = savanna.load_game("kariba(players=2)").new_initial_state(3)
    with pytest.raises(savanna.SavannaError, match="no idea"):
        agent.choose(state)
