#!/usr/bin/env python3
"""Tests scripts/gen_doc_tables.py --check, the check behind the ctest docs.generated_tables, by
feeding it deliberately stale copies of a reference page: a changed default, a removed row, a
level's settings changed, a marker naming an agent or a game the program lacks, a page without
markers. Each must fail and name the file; regenerating a stale copy must give the page back.

Usage: doc_tables_test.py SAVANNA SOURCE_DIR
"""

import os
import shutil
import subprocess
import sys
import tempfile

SAVANNA, SOURCE = sys.argv[1], sys.argv[2]
SCRIPT = os.path.join(SOURCE, "scripts", "gen_doc_tables.py")
PAGE = os.path.join(SOURCE, "docs", "agents.md")


def gen(*args):
    r = subprocess.run([sys.executable, SCRIPT, "--savanna", SAVANNA, *args],
                       capture_output=True, text=True)
    return r.returncode, r.stderr


def expect(condition, message):
    if not condition:
        print("FAILED: " + message)
        sys.exit(1)


def stale_copy(directory, old, new):
    """A copy of docs/agents.md with the first `old` (inside a generated table) made `new`."""
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    start = text.index("<!-- generated: agent-params ismcts -->")
    at = text.index(old, start)
    expect(at < text.index("<!-- end generated -->", start), f"'{old}' is in the ismcts table")
    path = os.path.join(directory, "agents.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:at] + new + text[at + len(old):])
    return path


with tempfile.TemporaryDirectory() as tmp:
    code, err = gen("--check", PAGE)
    expect(code == 0, "the real page agrees with the program: " + err)

    # A default the program does not have.
    path = stale_copy(tmp, "| `c` | 0 to 10 | 0.7 |", "| `c` | 0 to 10 | 0.8 |")
    code, err = gen("--check", path)
    expect(code == 1 and path in err and "0.8" in err, "a changed default fails, named: " + err)
    code, err = gen(path)
    expect(code == 0, "regenerating succeeds: " + err)
    with open(path, encoding="utf-8") as a, open(PAGE, encoding="utf-8") as b:
        expect(a.read() == b.read(), "regenerating gives the page back")

    # A parameter row the program has, removed (a stale table after a parameter was added).
    with open(PAGE, encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = lines.index("<!-- generated: agent-params ismcts -->")
    row = next(i for i in range(start, len(lines)) if lines[i].startswith("| `widen` |"))
    path = os.path.join(tmp, "removed.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines[:row] + lines[row + 1:]))
    code, err = gen("--check", path)
    expect(code == 1 and "widen" in err, "a missing row fails: " + err)

    # A parameter row the program no longer has (a removed search feature).
    path = os.path.join(tmp, "extra.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines[:row] + ["| `mast` | 0 to 1 | 0 | MAST playouts |"] + lines[row:]))
    code, err = gen("--check", path)
    expect(code == 1 and "mast" in err, "an extra row fails: " + err)

    # The ladder's table with a level's settings changed by hand (a stale ladder).
    start = lines.index("<!-- generated: levels -->")
    row = next(i for i in range(start, len(lines)) if lines[i].startswith("| `strong` |"))
    path = os.path.join(tmp, "ladder.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines[:row] + ["| `strong` | 0.2 s | `ismcts(mast=0.3)` |"] +
                          lines[row + 1:]))
    code, err = gen("--check", path)
    expect(code == 1 and "mast" in err, "a stale level fails: " + err)

    # Markers naming what the program lacks, and a page without markers.
    path = os.path.join(tmp, "unknown.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write("<!-- generated: game-params chess -->\n| x |\n<!-- end generated -->\n")
    code, err = gen("--check", path)
    expect(code == 1 and "no table for" in err, "an unknown game fails: " + err)
    path = os.path.join(tmp, "plain.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write("# No tables here\n")
    code, err = gen("--check", path)
    expect(code == 1 and "no generated table" in err, "a page without markers fails: " + err)

print("ok")
