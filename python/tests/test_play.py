"""A Python callable in the terminal game: savanna.play and `python3 -m savanna play` with
`python:MODULE:FUNCTION` seats, and the `savanna` program pointing Python seats there."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

import savanna

BOT = """
calls = []

def choose(state, player):
    calls.append(player)
    return state.legal_actions(player)[-1]
"""


def run_module(args, cwd, stdin=""):
    # The package this test imported, wherever the subprocess runs.
    package_root = str(pathlib.Path(savanna.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=package_root)
    return subprocess.run([sys.executable, "-m", "savanna", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, env=env, timeout=120)


def test_play_with_a_registered_python_agent_writes_a_replayable_record(tmp_path, capfd):
    calls = []

    def last_legal(state, player):
        calls.append(player)
        return state.legal_actions(player)[-1]

    savanna.register_agent("last_legal", last_legal)
    record = tmp_path / "game.json"
    savanna.play("kariba(players=2)", ["last_legal", "random"], seed=4, record=str(record))
    out = capfd.readouterr().out
    assert "Seats: P0 last_legal, P1 random" in out and "Winner" in out
    doc = json.loads(record.read_text())
    assert doc["seats"][0] == "last_legal" and doc["seed"] == 4
    assert calls and set(calls) == {0}
    # The record replays to a finished game.
    assert savanna.replay(doc).is_terminal()


def test_play_rejects_bad_seats_with_the_engines_message():
    with pytest.raises(savanna.SavannaError, match="unknown agent 'no_such_bot'"):
        savanna.play("kariba(players=2)", ["human", "no_such_bot"], seed=1)
    with pytest.raises(savanna.SavannaError, match="comma"):
        savanna.play("kariba(players=2)", ["human,random"], seed=1)


def test_an_unknown_agent_error_lists_the_registered_python_agents():
    savanna.register_agent("listed_bot", lambda state, player: state.legal_actions(player)[0])
    with pytest.raises(savanna.SavannaError) as error:
        savanna.make_agent("no_such_bot")
    message = str(error.value)
    assert "unknown agent 'no_such_bot'" in message
    assert "ismcts" in message and "listed_bot" in message


def test_a_failing_python_agent_stops_the_game_where_it_is(capfd, tmp_path):
    calls = []

    def broken(state, player):
        calls.append(player)
        if len(calls) == 3:
            raise RuntimeError("the bot broke")
        return state.legal_actions(player)[0]

    savanna.register_agent("broken_player", broken)
    record = tmp_path / "r.json"
    with pytest.raises(savanna.SavannaError, match="the bot broke"):
        savanna.play("kariba(players=2)", ["broken_player", "random"], seed=2, record=str(record))
    out = capfd.readouterr().out
    assert len(calls) == 3
    assert "Game stopped after" in out and "Result:" not in out
    # The moves made before the error are kept in the record, and replay.
    doc = json.loads(record.read_text())
    assert 4 <= len(doc["actions"]) <= 6
    savanna.replay(doc)


def test_module_play_against_a_python_file_with_a_human_seat(tmp_path):
    (tmp_path / "mybot.py").write_text(BOT)
    # The human plays its first listed action once, then quits.
    run = run_module(["play", "kariba(players=2)", "--seats", "human,python:mybot.py:choose",
                      "--seed", "3", "--record", "r.json"], tmp_path, stdin="1\nquit\n")
    assert run.returncode == 0, run.stderr
    assert "P1 python_mybot_choose" in run.stdout and "Your move, P0" in run.stdout
    assert "Game stopped" in run.stdout
    doc = json.loads((tmp_path / "r.json").read_text())
    assert doc["seats"] == ["human", "python_mybot_choose"] and len(doc["actions"]) >= 2


def test_module_play_imports_a_module_and_reports_bad_seats(tmp_path):
    (tmp_path / "mybot.py").write_text(BOT)
    run = run_module(["play", "kariba(players=2)", "--seats",
                      "python:mybot:choose,ismcts(iters=20,threads=1)", "--seed", "5"], tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Winner" in run.stdout
    bad = run_module(["play", "kariba(players=2)", "--seats", "human,python:mybot:nothing"],
                     tmp_path)
    assert bad.returncode != 0 and "has no callable 'nothing'" in bad.stderr
    bad = run_module(["play", "kariba(players=2)", "--seats", "human,python:mybot"], tmp_path)
    assert bad.returncode != 0 and "python:MODULE:FUNCTION" in bad.stderr


def test_the_program_points_python_seats_to_the_module():
    program = os.environ.get("SAVANNA_CLI")
    if not program:
        guess = pathlib.Path(savanna.__file__).resolve().parents[2] / "savanna"
        if not guess.is_file():
            pytest.skip("no `savanna` program beside the package (set SAVANNA_CLI)")
        program = str(guess)
    run = subprocess.run([program, "play", "kariba(players=2)", "--seats", "human,python:m:f"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "python3 -m savanna play" in run.stderr
