#!/usr/bin/env python3
"""The checker of scripts/check_paths.py fed a scratch repository with files that break each of
its rules, files that only look like they do, and files it must not read. Run by ctest
(repo.check_paths_self_test): python3 tests/repo/check_paths_test.py."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts",
                       "check_paths.py")

# The refused paths are assembled here so that this file passes the check itself.
SIBLING = ".." + "/shared"
WORK = "/" + "work/main"
HOME = "/" + "home/alice/savanna"
ROOT = "/" + "root/savanna"
TMP = "/" + "tmp/load.db"
MAC = "/" + "Users/bob/src"
WINDOWS = "C:\\" + "Users\\bob\\savanna"

# Lines that break a rule, with the words the checker's report must give for them.
BAD = {
    "docs/design.md": [f"The contract is `{SIBLING}/DESIGN.md`.", "a path into the folder beside"],
    "src/game.h": [f"// Parameters (the rule text, {SIBLING}/rules/kariba.txt):",
                   "a path into the folder beside"],
    "docs/python.md": [f"git clone {WORK} src", "an absolute path of one machine"],
    "scripts/run.sh": [f'db="{TMP}"', "an absolute path of one machine"],
    "notes.txt": [f"(see {HOME}/notes)", "an absolute path of one machine"],
    "bench/x.cc": [f'// cd {ROOT} && make', "an absolute path of one machine"],
    "mac.md": [f"Open file://{MAC}/readme.", "an absolute path of one machine"],
    "win.txt": [f"copy to {WINDOWS}", "an absolute path of one machine"],
    "docs/out.md": ["See [the notes](../../outside/notes.md).", "a link out of the repository"],
    "docs/dead.md": ["See [the contract](design-missing.md).", "a link to a file the repository"],
}

# Lines that look like machine paths but are not: system paths, URLs, relative folders named
# like a refused root, variables, made-up paths, links that resolve inside the repository.
GOOD = """PYTHONPATH=build/release/python /usr/bin/python3 -c 'import savanna'
posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
read_symlink("/proc/self/exe"), /etc/hostname, /var/lib/savanna/tables.db, /opt/x/bin
https://example.org/home/page and http://localhost:8080/tmp/x
build/tmp/x, web/work/y, data/home/z, $TMPDIR/savanna, ${HOME}/cards/deck.json, ~/cards.json
TMPDIR=/nonexistent/savanna and SERVER=/path/to/other/savanna
/tmp and /home alone name folders every system has; ../docs/rules is a relative path
See [the design](docs/design.md), [a section](docs/design.md#layers), [the site](https://x.org).
"""


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True)


def write(repo, name, text):
    path = os.path.join(repo, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def check(repo):
    # Git must not find a repository above a scratch folder (a TMPDIR inside a checkout).
    env = dict(os.environ, GIT_CEILING_DIRECTORIES=os.path.dirname(os.path.abspath(repo)))
    run = subprocess.run([sys.executable, CHECKER, repo], capture_output=True, text=True, env=env)
    return run.returncode, run.stdout


class CheckPathsTest(unittest.TestCase):
    def setUp(self):
        self.repo = tempfile.mkdtemp(prefix="check_paths_")
        git(self.repo, "init", "-q")
        write(self.repo, "good.md", GOOD)
        write(self.repo, "docs/design.md", "# Design\n")
        git(self.repo, "add", "good.md", "docs/design.md")

    def tearDown(self):
        shutil.rmtree(self.repo)

    def test_a_clean_repository_passes(self):
        status, out = check(self.repo)
        self.assertEqual(status, 0, out)

    def test_every_broken_rule_is_reported_with_its_line(self):
        for name, (line, reason) in BAD.items():
            write(self.repo, name, f"first line\n{line}\n")
            git(self.repo, "add", name)
        status, out = check(self.repo)
        self.assertEqual(status, 1, out)
        for name, (line, reason) in BAD.items():
            self.assertIn(f"{name}:2: {reason}", out)
        self.assertNotIn("good.md", out)
        self.assertEqual(out.count("\n"), len(BAD) + 1, out)  # one line each and the summary

    def test_only_tracked_text_files_are_read(self):
        write(self.repo, "untracked.md", f"git clone {WORK} src\n")
        with open(os.path.join(self.repo, "picture.jpg"), "wb") as f:
            f.write(b"\xff\xd8\0" + WORK.encode())
        git(self.repo, "add", "picture.jpg")
        status, out = check(self.repo)
        self.assertEqual(status, 0, out)

    def test_a_folder_outside_git_is_skipped(self):
        plain = tempfile.mkdtemp(prefix="check_paths_plain_")
        try:
            write(plain, "notes.txt", f"{WORK}\n")
            status, out = check(plain)
            self.assertEqual(status, 77, out)
        finally:
            shutil.rmtree(plain)


if __name__ == "__main__":
    if shutil.which("git") is None:
        print("check_paths_test: git is not installed; skipped")
        sys.exit(77)
    unittest.main()
