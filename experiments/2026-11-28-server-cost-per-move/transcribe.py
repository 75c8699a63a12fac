#!/usr/bin/env python3
"""Writes results.json from the logs run.sh leaves in this folder."""
import json
import os
import re

here = os.path.dirname(os.path.abspath(__file__))


def read(name):
    with open(os.path.join(here, name), encoding="utf-8") as f:
        return f.read()


def load_run(name, db, nodes):
    t = read(name + ".txt")
    m = re.search(r"acknowledged bot actions: (\d+) \((\d+)/s\); all actions incl. agents: "
                  r"(\d+) \((\d+)/s\); games finished: (\d+); errors: (\d+)", t)
    lat = re.search(r"ack latency ms \(\d+\): p50 ([\d.]+)  p99 ([\d.]+)  max ([\d.]+)", t)
    cpu = re.search(r"CPU in the measured seconds: servers ([\d.]+) s, database server ([\d.]+) s", t)
    actions = int(m.group(3))
    servers, database = float(cpu.group(1)), float(cpu.group(2))
    return {
        "db": db, "nodes": nodes,
        "bot_acks": int(m.group(1)), "bot_acks_per_s": int(m.group(2)),
        "stored_actions": actions, "stored_actions_per_s": int(m.group(4)),
        "errors": int(m.group(6)),
        "ack_latency_ms": {"p50": float(lat.group(1)), "p99": float(lat.group(2)),
                           "max": float(lat.group(3))},
        "cpu_s": {"servers": servers, "database": database},
        "cpu_ms_per_stored_action": {"servers": round(1000 * servers / actions, 3),
                                     "database": round(1000 * database / actions, 3)},
        "setup_s": float(re.search(r"set up in ([\d.]+) s", t).group(1)),
        "load_average_1min_at_start": float(re.search(r"load average: ([\d.]+)", t).group(1)),
    }


def pgbench(name):
    t = read(name)
    return {"tps": float(re.search(r"tps = ([\d.]+)", t).group(1)),
            "latency_ms": float(re.search(r"latency average = ([\d.]+)", t).group(1))}


fsync = read("pg_test_fsync.txt")
out = {
    "note": "Written by transcribe.py from the logs here. Shared 2-core machine: the runs at "
            "nice -5 while a build ran at nice -5 and others' jobs at nice 5 to 19.",
    "command": "sh experiments/2026-11-28-server-cost-per-move/run.sh",
    "commit": "see README.md",
    "tables": 1000, "seconds": 20, "think_ms": 1000,
    "runs": [load_run("sqlite-1", "sqlite", 1), load_run("postgres-1", "postgres", 1),
             load_run("postgres-3", "postgres", 3)],
    "notify_transactions": {"clients_1": pgbench("pgbench-notify-c1.txt"),
                            "clients_4": pgbench("pgbench-notify-c4.txt")},
    "fdatasync_8k_ops_per_s": float(re.search(r"fdatasync\s+([\d.]+) ops/sec", fsync).group(1)),
}
with open(os.path.join(here, "results.json"), "w", encoding="utf-8") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
