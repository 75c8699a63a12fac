"""Property tests (Debian's python3-hypothesis): random specs drawn from each game's parameter
metadata, random seeds and random action sequences. Masks equal legal actions, the JSON round
trip is exact, clones are independent, a viewer's tensor and view do not change when what it
cannot see is re-dealt, and errors are SavannaError with the engine's own one-line message (the
same text the `savanna` program prints)."""

import json
import os
import pathlib
import subprocess

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import savanna

GAMES = {g["name"]: g for g in savanna.games()}
# Parameters drawn from their metadata; the others (data files, fixed layouts) keep defaults.
# Integer ranges are capped where a large value only makes a game longer.
CAPS = {"games": 2}
SKIP = {"data", "heaps", "order", "rhino"}

FAST = settings(max_examples=30, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def specs(draw):
    """A spec string such as 'kariba(animals=9,players=5)', valid or not by the game's rules."""
    name = draw(st.sampled_from(sorted(GAMES)))
    parts = []
    for pname, p in sorted(GAMES[name]["params"].items()):
        if pname in SKIP or not draw(st.booleans()):
            continue
        if p["type"] == "choice":
            value = draw(st.sampled_from(p["choices"]))
        elif p["type"] == "int":
            value = draw(st.integers(p["min"], min(p["max"], CAPS.get(pname, p["max"]))))
        else:
            continue
        parts.append(f"{pname}={value}")
    return f"{name}({','.join(parts)})"


def load_or_skip(spec):
    """The game of a drawn spec; a combination the rules forbid is rejected with a message."""
    try:
        return savanna.load_game(spec)
    except savanna.SavannaError as e:
        assert str(e) and "\n" not in str(e)
        assume(False)


def play(game, seed, choices):
    """The state after following `choices` (each picks a player to act and one of its legal
    actions), with every intermediate state passed to the caller."""
    state = game.new_initial_state(seed)
    yield state
    for c in choices:
        if state.is_terminal():
            return
        to_act = state.players_to_act
        player = to_act[c % len(to_act)]
        legal = state.legal_actions(player)
        state.apply(player, legal[(c // 7) % len(legal)])
        yield state


seeds = st.integers(0, 2**63 - 1)
action_sequences = st.lists(st.integers(0, 2**20), max_size=80)


@FAST
@given(specs(), seeds, action_sequences)
def test_masks_equal_legal_actions(spec, seed, choices):
    game = load_or_skip(spec)
    for state in play(game, seed, choices):
        for player in state.players_to_act:
            mask = state.legal_mask(player)
            assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions,)
            assert np.flatnonzero(mask).tolist() == state.legal_actions(player)
            assert mask.any()


@FAST
@given(specs(), seeds, action_sequences)
def test_json_round_trip_is_exact(spec, seed, choices):
    game = load_or_skip(spec)
    state = list(play(game, seed, choices))[-1]
    doc = json.loads(json.dumps(state.to_json()))
    loaded = game.state_from_json(doc)
    assert loaded.hash() == state.hash()
    assert loaded.to_json() == state.to_json()
    assert loaded.view(None) == state.view(None)
    if not state.is_terminal():
        p = state.players_to_act[0]
        assert loaded.legal_actions(p) == state.legal_actions(p)


@FAST
@given(specs(), seeds, action_sequences, st.integers(0, 2**20))
def test_a_clone_is_independent(spec, seed, choices, pick):
    game = load_or_skip(spec)
    state = list(play(game, seed, choices))[-1]
    assume(not state.is_terminal())
    before_doc, before_hash = state.to_json(), state.hash()
    clone = state.clone()
    p = state.players_to_act[pick % len(state.players_to_act)]
    clone.apply(p, clone.legal_actions(p)[pick % len(clone.legal_actions(p))])
    assert state.hash() == before_hash and state.to_json() == before_doc
    # And the other way: moving the original leaves a second clone as it was.
    second = state.clone()
    state.apply(p, state.legal_actions(p)[0])
    assert second.hash() == before_hash and second.to_json() == before_doc


@FAST
@given(specs(), seeds, action_sequences, seeds)
def test_tensors_and_views_depend_only_on_what_the_viewer_may_know(spec, seed, choices, det_seed):
    game = load_or_skip(spec)
    state = list(play(game, seed, choices))[-1]
    for viewer in range(game.num_players):
        det = state.determinize(viewer, seed=det_seed)
        tensor = state.observation(viewer)
        assert tensor.shape == tuple(game.observation_shape)
        assert np.array_equal(det.observation(viewer), tensor)
        assert det.view(viewer) == state.view(viewer)
        assert det.players_to_act == state.players_to_act
        if not state.is_terminal():
            for p in state.players_to_act:
                if p == viewer:
                    assert det.legal_actions(p) == state.legal_actions(p)


@FAST
@given(specs(), seeds, action_sequences, st.integers(-2**31, 2**31 - 1) | st.text(max_size=20))
def test_bad_actions_raise_the_engines_message_and_change_nothing(spec, seed, choices, bad):
    game = load_or_skip(spec)
    state = list(play(game, seed, choices))[-1]
    assume(not state.is_terminal())
    player = state.players_to_act[0]
    assume(bad not in state.legal_actions(player))
    assume(not isinstance(bad, str) or bad.strip() not in
           [state.action_to_string(player, a) for a in state.legal_actions(player)])
    before = state.to_json()
    with pytest.raises(savanna.SavannaError) as error:
        state.apply(player, bad)
    message = str(error.value)
    assert message and "\n" not in message
    assert isinstance(error.value, ValueError)
    if isinstance(bad, int):
        assert message == f"player {player}: action {bad} is not legal now"
    assert state.to_json() == before


def savanna_program():
    """The `savanna` program beside the Python package of the build tree, if there is one."""
    path = os.environ.get("SAVANNA_CLI")
    if path:
        return pathlib.Path(path)
    guess = pathlib.Path(savanna.__file__).resolve().parents[2] / "savanna"
    return guess if guess.is_file() else None


bad_values = st.one_of(st.integers(-3, 80).map(str), st.sampled_from(["x", "", "2.5", "yes"]))


@settings(max_examples=15, deadline=None, database=None)
@given(st.sampled_from(sorted(GAMES)), st.data())
def test_bad_specs_raise_the_same_message_as_the_program(name, data):
    program = savanna_program()
    if program is None:
        pytest.skip("no `savanna` program beside the package (set SAVANNA_CLI)")
    params = [p for p in GAMES[name]["params"] if p not in SKIP] + ["no_such_parameter"]
    param = data.draw(st.sampled_from(params))
    spec = f"{name}({param}={data.draw(bad_values)})"
    try:
        savanna.load_game(spec)
        assume(False)  # a valid value: nothing to compare
    except savanna.SavannaError as e:
        message = str(e)
    run = subprocess.run([str(program), "new", spec], capture_output=True, text=True)
    assert run.returncode != 0
    assert run.stderr.strip() == f"savanna: {message}"
    assert param in message
