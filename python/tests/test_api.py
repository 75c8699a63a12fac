"""The engine's API from Python: games, states, actions, views, tensors, JSON, records, errors."""

import json

import numpy as np
import pytest

import savanna
from conftest import SPECS, random_states


def test_games_lists_every_game():
    names = {g["name"] for g in savanna.games()}
    assert names == {"kariba", "kilimanjaro", "kap_kairo", "kalimambo", "kitara"}
    for g in savanna.games():
        assert "players" in g["params"]


def test_load_game_metadata(spec):
    game = savanna.load_game(spec)
    assert game.spec.startswith(game.name + "(")
    t = game.type
    assert t["dynamics"] in ("sequential", "simultaneous")
    assert t["information"] == "imperfect"
    assert t["num_distinct_actions"] == game.num_distinct_actions
    assert t["min_utility"] <= t["max_utility"]
    assert len(game.observation_shape) >= 1
    simultaneous = game.name in ("kap_kairo", "kalimambo")
    assert (t["dynamics"] == "simultaneous") == simultaneous


def test_bad_spec_raises_with_the_engines_message():
    with pytest.raises(savanna.SavannaError, match="players"):
        savanna.load_game("kariba(players=9)")
    with pytest.raises(savanna.SavannaError):
        savanna.load_game("no_such_game")
    assert issubclass(savanna.SavannaError, ValueError)


def test_masks_equal_legal_actions(spec):
    for state in random_states(spec, seed=3, max_steps=120):
        for p in state.players_to_act:
            mask = state.legal_mask(p)
            assert mask.dtype == bool
            assert mask.shape == (state.game.num_distinct_actions,)
            assert list(np.flatnonzero(mask)) == state.legal_actions(p)


def test_strings_and_structured_actions_round_trip(spec):
    for state in random_states(spec, seed=4, max_steps=60):
        for p in state.players_to_act:
            for a in state.legal_actions(p)[:20]:
                text = state.action_to_string(p, a)
                assert state.parse_action(p, text) == a
                assert state.parse_action(p, state.structured_action(p, a)) == a


def test_apply_by_string_and_by_structure_gives_the_same_state():
    game = savanna.load_game("kariba(players=2)")
    a, b, c = (game.new_initial_state(7) for _ in range(3))
    p = a.current_player
    action = a.legal_actions()[0]
    a.apply(action)
    b.apply(p, b.action_to_string(p, action))
    c.apply(c.structured_action(p, action))
    assert a.hash() == b.hash() == c.hash()


def test_illegal_apply_raises_and_changes_nothing():
    state = savanna.load_game("kariba(players=2)").new_initial_state(1)
    before = state.hash()
    illegal = next(a for a in range(55) if a not in state.legal_actions())
    with pytest.raises(savanna.SavannaError, match="not legal"):
        state.apply(illegal)
    with pytest.raises(savanna.SavannaError):
        state.apply("play 7 nonsense")
    with pytest.raises(savanna.SavannaError):
        state.apply(1 - state.current_player, state.legal_actions()[0])
    assert state.hash() == before


def test_simultaneous_apply_needs_the_player():
    state = savanna.load_game("kalimambo(players=3)").new_initial_state(2)
    assert len(state.players_to_act) == 3
    assert state.current_player == -2
    with pytest.raises(savanna.SavannaError, match="simultaneous"):
        state.apply(state.legal_actions(0)[0])


def test_json_round_trip_and_clone(spec):
    for state in random_states(spec, seed=5, max_steps=80):
        doc = state.to_json()
        loaded = state.game.state_from_json(json.loads(json.dumps(doc)))
        assert loaded.hash() == state.hash()
        clone = state.clone()
        assert clone.hash() == state.hash()
    # A clone is independent.
    state = savanna.load_game(spec).new_initial_state(1)
    clone = state.clone()
    p = state.players_to_act[0]
    clone.apply(p, clone.legal_actions(p)[0])
    assert clone.hash() != state.hash()


def test_same_seed_same_game(spec):
    a = [s.hash() for s in random_states(spec, seed=11, max_steps=50)]
    b = [s.hash() for s in random_states(spec, seed=11, max_steps=50)]
    assert a == b
    assert savanna.load_game(spec).new_initial_state(1).hash() != \
        savanna.load_game(spec).new_initial_state(2).hash()


def test_observation_shape_dtype_and_out(spec):
    game = savanna.load_game(spec)
    state = game.new_initial_state(9)
    obs = state.observation(0)
    assert obs.dtype == np.float32 and obs.shape == tuple(game.observation_shape)
    out = np.full(game.observation_shape, 99.0, dtype=np.float32)
    returned = state.observation(0, out=out)
    assert np.array_equal(out, obs) and np.shares_memory(returned, out)
    with pytest.raises(savanna.SavannaError):
        state.observation(0, out=np.zeros(3, dtype=np.float32))
    with pytest.raises(savanna.SavannaError):
        state.observation(game.num_players)


def test_kariba_tensor_matches_the_view():
    # The documented layout (docs/rules/kariba.md) read back against the JSON view.
    for state in random_states("kariba(players=2)", seed=21, max_steps=200):
        for viewer in (0, 1):
            obs, view = state.observation(viewer), state.view(viewer)
            a = len(view["animals"])
            assert obs[viewer] == 1 and obs[2] == 0  # the viewer block (2 seats + spectator)
            waterhole = obs[3 + 3 + 2 + 2:][:a]
            assert list(waterhole) == view["waterhole"]
            assert obs[3 + 3 + 4 + a] == view["pile_size"]
            hand = obs[3 + 3 + 4 + a + 1:][:a]
            assert list(hand) == view["players"][viewer]["hand"]


def test_view_and_tensor_hide_what_they_must(spec):
    # Determinizing for a viewer re-samples hidden things; neither the view nor the tensor of
    # that viewer may change. Other seats' views may.
    for state in random_states(spec, seed=13, max_steps=60):
        for viewer in [None] + list(range(state.game.num_players)):
            det = state.determinize(viewer, seed=state.move_number + 1)
            assert det.view(viewer) == state.view(viewer)
            assert np.array_equal(det.observation(viewer), state.observation(viewer))


def test_views_of_others_hold_no_hand():
    state = savanna.load_game("kariba(players=3)").new_initial_state(4)
    view = state.view(1)
    assert "hand" in view["players"][1]
    assert "hand" not in view["players"][0] and "hand" not in view["players"][2]
    assert "rng" not in json.dumps(state.view(None))


def test_records_replay_to_the_same_state(spec):
    states = list(s.clone() for s in random_states(spec, seed=17, max_steps=400))
    final = states[-1]
    record = final.record()
    again = savanna.replay(record)
    assert again.hash() == final.hash()
    assert again.record()["actions"] == record["actions"]
    record["actions"] = record["actions"][:1] + [{"player": 0, "action": "no such move"}]
    record["result"] = None
    with pytest.raises(savanna.SavannaError, match="action"):
        savanna.replay(record)


def test_returns_and_scores_at_the_end(spec):
    *_, final = (s for s in random_states(spec, seed=19, max_steps=100000))
    assert final.is_terminal()
    returns = final.returns()
    assert abs(sum(returns) - 1) < 1e-9
    assert final.winners() == [p for p, r in enumerate(returns) if r > 0]
    assert final.legal_actions() == []
