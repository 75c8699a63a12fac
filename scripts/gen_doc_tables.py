#!/usr/bin/env python3
"""Writes the parameter tables of the reference docs from the program itself.

A table lives between two markers in a Markdown file:

    <!-- generated: agents -->            every agent: its parameters with defaults, what it does
    <!-- generated: levels -->            every level: its time, the ismcts settings it runs
    <!-- generated: agent-params NAME --> one agent's parameters: values, default, meaning
    <!-- generated: game-params NAME -->  one game's parameters: values, default, meaning
    ...the table...
    <!-- end generated -->

The tables come from `savanna agents --json` and `savanna games --json`, so they say what the
program does. Usage:

    scripts/gen_doc_tables.py --savanna build/release/savanna FILE...          # rewrite
    scripts/gen_doc_tables.py --savanna build/release/savanna --check FILE...  # compare only

--check exits 1 and names each stale table (a ctest runs it); a file without any marker, or a
marker naming an agent or game the program does not have, is an error either way.
"""

import argparse
import difflib
import json
import re
import subprocess
import sys

BEGIN = re.compile(r"^<!-- generated: ([a-z-]+)(?: ([A-Za-z0-9_]+))? -->$")
END = "<!-- end generated -->"
INT64_MAX = 2**63 - 1


def run_json(savanna, *args):
    out = subprocess.run([savanna, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def number(x):
    """A parameter's number as the program's specs write it (0.5, 1000, 0)."""
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return str(x)


def values_of(p):
    kind = p["type"]
    if kind == "choice":
        return ", ".join(p["choices"])
    if kind == "bool":
        return "true, false"
    if kind == "string":
        return "text"
    if p["max"] == INT64_MAX:
        return f"{number(p['min'])} or more"
    return f"{number(p['min'])} to {number(p['max'])}"


def default_of(p):
    d = p["default"]
    if p["type"] == "bool":
        return "true" if d else "false"
    if p["type"] == "string":
        return "(empty)" if d == "" else d
    return number(d) if not isinstance(d, str) else d


def cell(text):
    return text.replace("|", "\\|")


def params_table(params):
    rows = ["| parameter | values | default | meaning |", "|---|---|---|---|"]
    for p in params:
        rows.append(
            f"| `{p['name']}` | {cell(values_of(p))} | {cell(default_of(p))} | {cell(p['description'])} |"
        )
    return rows


def agents_table(agents):
    rows = ["| agent | parameters (default) | what it does |", "|---|---|---|"]
    for a in agents:
        params = ", ".join(
            f"`{p['name']}`" + ("" if p["name"] == "seed" else f" ({default_of(p)})")
            for p in a["params"]
        )
        rows.append(f"| `{a['name']}` | {params} | {cell(a['description'])} |")
    return rows


def parse_spec(spec):
    """`ismcts(c=0.7,cutoff=-1)` -> ("ismcts", {"c": "0.7", "cutoff": "-1"})."""
    m = re.fullmatch(r"([A-Za-z0-9_]+)(?:\((.*)\))?", spec)
    if not m:
        raise ValueError(f"not a spec: {spec}")
    pairs = [kv.split("=", 1) for kv in (m.group(2) or "").split(",") if kv]
    return m.group(1), dict(pairs)


def levels_table(agents, order):
    """The levels (agents that name a `search`): the settings by which their search differs from
    that agent's defaults (time, clock, threads, tree_mb and seed are the level's own)."""
    rows = ["| level | time per decision | search settings (besides the defaults) |", "|---|---|---|"]
    own = {"time", "clock", "threads", "tree_mb", "seed"}
    for name in order:
        a = agents[name]
        if "search" not in a:
            continue
        kind, settings = parse_spec(a["search"])
        defaults = {p["name"]: default_of(p) for p in agents[kind]["params"]}
        changed = [f"{k}={v}" for k, v in sorted(settings.items())
                   if k not in own and defaults.get(k) != v and
                   not (v in ("0", "1") and defaults.get(k) == {"0": "false", "1": "true"}[v])]
        time = next(default_of(p) for p in a["params"] if p["name"] == "time")
        rows.append(f"| `{name}` | {time} s | `{kind}({','.join(changed)})` |")
    return rows


def game_params(game):
    # players first, data last, the others in the program's (alphabetical) order
    names = sorted(game["params"], key=lambda n: (n != "players", n == "data", n))
    return [dict(game["params"][n], name=n) for n in names]


class Tables:
    def __init__(self, savanna):
        self.agents = {a["name"]: a for a in run_json(savanna, "agents", "--json")}
        self.agent_order = list(self.agents)
        self.games = {g["name"]: g for g in run_json(savanna, "games", "--json")}

    def render(self, kind, name):
        if kind == "agents" and name is None:
            return agents_table(self.agents[n] for n in self.agent_order)
        if kind == "levels" and name is None:
            return levels_table(self.agents, self.agent_order)
        if kind == "agent-params" and name in self.agents:
            return params_table(self.agents[name]["params"])
        if kind == "game-params" and name in self.games:
            return params_table(game_params(self.games[name]))
        return None


def regenerate(path, lines, tables):
    """The file's lines with every generated table rewritten, and the errors found."""
    out, errors, i, found = [], [], 0, 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        m = BEGIN.match(line)
        i += 1
        if not m:
            continue
        found += 1
        end = next((j for j in range(i, len(lines)) if lines[j] == END), None)
        if end is None:
            errors.append(f"{path}:{i}: '{line}' has no '{END}'")
            continue
        table = tables.render(m.group(1), m.group(2))
        if table is None:
            errors.append(f"{path}:{i}: the program has no table for '{line}'")
            table = lines[i:end]
        out.extend(table)
        out.append(END)
        i = end + 1
    if found == 0:
        errors.append(f"{path}: no generated table (markers '<!-- generated: ... -->')")
    return out, errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--savanna", required=True, help="the savanna program")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    tables = Tables(args.savanna)
    failed = False
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        new, errors = regenerate(path, lines, tables)
        for e in errors:
            print(e, file=sys.stderr)
        failed = failed or bool(errors)
        if new == lines:
            continue
        if args.check:
            failed = True
            print(f"{path}: a generated table differs from the program's "
                  f"(run scripts/gen_doc_tables.py --savanna BIN {path}):", file=sys.stderr)
            sys.stderr.writelines(
                d + "\n" for d in difflib.unified_diff(lines, new, path, "program", lineterm="", n=0))
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(new))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
