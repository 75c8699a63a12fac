#!/usr/bin/env python3
"""Checks that the repository stands alone: no tracked file names a path outside it.

Usage: scripts/check_paths.py [REPO]    (REPO: the checkout to check; default: this script's)

Every tracked text file is read as it is in the working tree (binary files, those holding a NUL
byte, are skipped). A line is refused when it holds
  1. a climb into the folder beside the repository that once held our design notes and rule
     texts: "..", a slash, then "shared";
  2. an absolute path into one machine's or one person's space: a path below one of the
     folders work, home, root, Users, tmp, mnt, media or scratch at the root of the file system
     (MACHINE_ROOTS), or below a Windows drive's Users folder. tmp is refused although every
     system has one: a file in it belongs to one run on one machine, so documents name a
     relative path or $(mktemp -d) and programs ask for the temporary directory (TMPDIR,
     std::filesystem::temp_directory_path);
  3. in a Markdown file, a relative link whose target leaves the repository or is not a tracked
     file.
A path counts only where a path can start: at the start of a line or after a space, a quote, a
bracket, '=', ':' or ',' ("https://example.org/home/x" and "build/tmp/x" are not machine paths).
Paths that mean the same on every Unix system are allowed: /usr, /etc, /dev, /proc, /sys, /var,
/opt, /srv, /bin, /lib, and made-up ones such as /nonexistent or /path/to.

Exit status: 0 when nothing is refused; 1 with one line per refusal on stdout,
"file:line: reason: text"; 77 when REPO is not a git checkout (nothing to check; ctest reports
the test as skipped). tests/repo/check_paths_test.py feeds it files that break each rule.
"""

import os
import re
import subprocess
import sys

# The names are split so that this file does not match its own rules.
SIBLING = re.compile(r"\.\./+" + "sha" + "red" + r"\b")
MACHINE_ROOTS = ["work", "home", "root", "Users", "tmp", "mnt", "media", "scratch"]
MACHINE_PATH = re.compile(r"(?:^|(?<=[\s\"'`(\[{<=:,]))(?:file://)?/(?:" + "|".join(MACHINE_ROOTS)
                          + r")/")
WINDOWS_USERS = re.compile(r"(?<![\w])[A-Za-z]:[\\/]+" + "Us" + r"ers[\\/]", re.IGNORECASE)
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
URL_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def tracked_files(repo):
    """The tracked files of `repo`, relative to it, or None when it is not a git checkout."""
    try:
        out = subprocess.run(["git", "-C", repo, "ls-files", "-z"], capture_output=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [name for name in out.decode("utf-8", "surrogateescape").split("\0") if name]


def read_text(path):
    """The file's text, or None for a binary file or one that is gone from the working tree."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except (FileNotFoundError, IsADirectoryError):
        return None
    if b"\0" in data:
        return None
    return data.decode("utf-8", "replace")


def link_problem(target, name, tracked):
    """Why a Markdown link target in file `name` names something outside the clone, or None."""
    if URL_SCHEME.match(target) or target.startswith("#"):
        return None
    path = target.split("#", 1)[0]
    if not path:
        return None
    if path.startswith("/"):
        return "a link to an absolute path"
    resolved = os.path.normpath(os.path.join(os.path.dirname(name), path))
    if resolved == ".." or resolved.startswith("../"):
        return "a link out of the repository"
    if resolved not in tracked and not any(t.startswith(resolved + "/") for t in tracked):
        return "a link to a file the repository does not hold"
    return None


def problems(repo, files):
    """Yields (file, line number, reason, line) for every refused line of the tracked files."""
    tracked = set(files)
    for name in files:
        text = read_text(os.path.join(repo, name))
        if text is None:
            continue
        markdown = name.endswith(".md")
        for number, line in enumerate(text.splitlines(), 1):
            if SIBLING.search(line):
                yield name, number, "a path into the folder beside the repository", line
            if MACHINE_PATH.search(line) or WINDOWS_USERS.search(line):
                yield name, number, "an absolute path of one machine", line
            if markdown:
                for match in MARKDOWN_LINK.finditer(line):
                    reason = link_problem(match.group(1), name, tracked)
                    if reason:
                        yield name, number, reason, line


def main(argv):
    repo = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    files = tracked_files(repo)
    if files is None:
        print(f"check_paths: {repo} is not a git checkout; nothing to check")
        return 77
    found = 0
    for name, number, reason, line in problems(repo, files):
        found += 1
        print(f"{name}:{number}: {reason}: {line.strip()[:160]}")
    if found:
        print(f"check_paths: {found} line(s) name a path outside the repository "
              "(rules: scripts/check_paths.py)")
        return 1
    print(f"check_paths: {len(files)} tracked files, none names a path outside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
