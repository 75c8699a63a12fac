#!/usr/bin/env python3
"""The checker of scripts/check_layers.py fed scratch trees: one include per rule that it must
refuse, and the includes each layer may make, which it must let pass. Run by ctest
(repo.check_layers_self_test): python3 tests/repo/check_layers_test.py."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts",
                       "check_layers.py")

# A file, an include it makes, and the words the checker's report must give for it.
BAD = [
    ("src/core/state.h", '#include "games/registry.h"', "core may not include games"),
    ("src/games/kariba/kariba_rules.cc", '#include "agents/agent.h"', "games may not include agents"),
    ("src/games/kariba/kariba_rules.cc", '#include "games/kitara/kitara_state.h"',
     "the game kariba includes another game"),
    ("src/agents/ismcts.cc", '#include "games/kariba/kariba_state.h"',
     "agents may not include games"),
    ("src/rl/vector_env.cc", '#include "agents/agent.h"', "rl may not include agents"),
    ("src/nn/net.cc", '#include "games/registry.h"', "nn may not include games"),
    ("src/nn/net.cc", '#include "agents/agent.h"', "nn may not include agents"),
    ("src/games/kariba/kariba_game.cc", '#include "nn/net.h"', "games may not include nn"),
    ("src/sim/simulation.cc", '#include "session/session.h"', "sim may not include session"),
    ("src/session/session.cc", '#include "sim/simulation.h"', "session may not include sim"),
    ("src/session/session.cc", '#include "cli/cli_common.h"', "session may not include cli"),
    ("src/python/play_bindings.cc", '#include "cli/terminal_play.h"',
     "another front end's header"),
    ("src/cli/cmd_serve.cc", '#include "server/server.h"', "another front end's header"),
    ("src/server/table.cc", '#include <python/bindings.h>', "another front end's header"),
    ("src/app/main.cc", '#include "python/bindings.h"', "app may not include python"),
    ("src/tools/x.cc", '#include "core/state.h"', "'src/tools' is not a layer"),
    ("src/local/local_host.cc", '#include "server/table.h"', "another front end's header"),
    ("src/local/local_host.cc", '#include "cli/program.h"', "another front end's header"),
    ("src/server/lobby.cc", '#include "local/local_host.h"', "another front end's header"),
    ("src/wasm/web_main.cc", '#include "server/hints.h"', "wasm may not include server"),
]

# Includes every layer may make: lower layers, its own folder, the standard library and other
# libraries' headers, and a file beside it.
GOOD = {
    "src/core/state.cc": ['#include "core/state.h"', "#include <vector>", '#include "state.h"'],
    "src/games/kariba/kariba_rules.cc": ['#include "games/kariba/kariba_state.h"',
                                         '#include "games/embedded_data.h"',
                                         '#include "core/check.h"'],
    "src/games/registry.cc": ['#include "games/kariba/kariba_game.h"',
                              '#include "games/kitara/kitara_game.h"'],
    "src/nn/net.cc": ['#include "nn/net.h"', '#include "core/state.h"', "#include <Eigen/Core>"],
    "src/agents/agent.cc": ['#include "agents/agent.h"', '#include "core/rng.h"',
                            '#include "nn/net.h"'],
    "src/rl/vector_env.cc": ['#include "rl/vector_env.h"', '#include "core/thread_pool.h"'],
    "src/sim/simulation.cc": ['#include "agents/agent.h"', '#include "sim/simulation.h"'],
    "src/session/session.cc": ['#include "agents/agent.h"', '#include "session/session.h"'],
    "src/cli/cmd_sim.cc": ['#include "sim/simulation.h"', '#include "games/registry.h"',
                           '#include "session/session.h"', "#include <CLI/CLI.hpp>"],
    "src/server/table.cc": ['#include "session/session.h"', '#include <boost/beast.hpp>',
                            '#include "nlohmann/json.hpp"'],
    "src/python/module.cc": ['#include "rl/vector_env.h"', '#include "session/terminal_play.h"',
                             "#include <pybind11/pybind11.h>"],
    "src/app/main.cc": ['#include "cli/commands.h"', '#include "server/server.h"',
                        '#include "app/serve_command.h"'],
    # The local host: the engine layers and the server's protocol library, nothing else of it.
    "src/local/local_host.cc": ['#include "local/local_host.h"', '#include "session/session.h"',
                                '#include "server/move_log.h"', '#include "server/catalog.h"',
                                '#include "games/registry.h"'],
    "src/wasm/web_main.cc": ['#include "local/c_api.h"', '#include "cli/program.h"'],
}


def write(repo, name, lines):
    path = os.path.join(repo, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write("// A file of the scratch tree.\n" + "\n".join(lines) + "\n")


def check(repo):
    return subprocess.run([sys.executable, CHECKER, repo], capture_output=True, text=True)


class CheckLayersTest(unittest.TestCase):
    def setUp(self):
        self.repo = tempfile.mkdtemp(prefix="check_layers_test_")

    def tearDown(self):
        shutil.rmtree(self.repo)

    def test_the_allowed_includes_pass(self):
        for name, lines in GOOD.items():
            write(self.repo, name, lines)
        result = check(self.repo)
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertEqual(result.stdout, "")

    def test_each_refused_include_is_reported_with_its_file_and_line(self):
        for name, include, reason in BAD:
            with self.subTest(include=include, file=name):
                repo = tempfile.mkdtemp(prefix="check_layers_bad_", dir=self.repo)
                write(repo, name, ['#include "core/types.h"', include])
                result = check(repo)
                self.assertEqual(result.returncode, 1, result.stdout)
                self.assertIn(f"{name}:", result.stdout)
                self.assertIn(reason, result.stdout)
                if "not a layer" not in reason:
                    self.assertIn(f"{name}:3: ", result.stdout)

    def test_only_headers_and_sources_are_read(self):
        write(self.repo, "src/core/README.md", ['#include "server/server.h"'])
        write(self.repo, "src/core/CMakeLists.txt", ['#include "server/server.h"'])
        self.assertEqual(check(self.repo).returncode, 0)


if __name__ == "__main__":
    unittest.main()
