#!/usr/bin/env python3
"""Checks the experiment log's shape: every experiments/<date>-<topic>/ folder has a README.md
that states its question, method, verdict and commit, the run.sh that repeats it and its
results.json (valid JSON), and experiments/README.md indexes every folder in one line, naming no
folder that does not exist.

Usage: experiments_test.py SOURCE_DIR
"""

import json
import os
import re
import sys

ROOT = os.path.join(sys.argv[1], "experiments")
failures = []

folders = sorted(d for d in os.listdir(ROOT) if os.path.isdir(os.path.join(ROOT, d)))
for d in folders:
    where = os.path.join(ROOT, d)
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}-[a-z0-9-]+", d):
        failures.append(f"{d}: not named <date>-<topic>")
    for name in ("README.md", "run.sh", "results.json"):
        if not os.path.isfile(os.path.join(where, name)):
            failures.append(f"{d}: no {name}")
    readme = os.path.join(where, "README.md")
    if os.path.isfile(readme):
        text = open(readme, encoding="utf-8").read()
        for part in ("Question", "Method", "Verdict", "Commit"):
            if not re.search(rf"(\*\*{part}|^#+ *{part}|^{part}:)", text, re.M):
                failures.append(f"{d}/README.md: says no '{part}'")
    results = os.path.join(where, "results.json")
    if os.path.isfile(results):
        try:
            json.load(open(results, encoding="utf-8"))
        except ValueError as e:
            failures.append(f"{d}/results.json: not JSON ({e})")

index = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
listed = re.findall(r"^- \[([^\]]+)\]\(([^)]+)\): \S", index, re.M)
names = [name for name, _ in listed]
for name, link in listed:
    if link != f"{name}/README.md":
        failures.append(f"README.md: the line of {name} links {link}")
for d in folders:
    if names.count(d) != 1:
        failures.append(f"README.md: {d} is listed {names.count(d)} times (once wanted)")
for name in names:
    if name not in folders:
        failures.append(f"README.md: lists {name}, which has no folder")

for f in failures:
    print("FAILED: " + f)
print(f"{len(folders)} experiments, {len(listed)} index lines, {len(failures)} failures")
sys.exit(1 if failures else 0)
