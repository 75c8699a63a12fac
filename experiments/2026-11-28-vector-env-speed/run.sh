#!/bin/sh
# The batched environment's step against random playouts, in C++ and through Python, every game
# at two players (Kariba also at four). Run from the repository's root after a release build
# (`cmake --build --preset release --target savanna_bench_vector_env savanna_python`):
#   sh experiments/2026-11-28-vector-env-speed/run.sh
# BEFORE=/path/to/savanna_bench_vector_env (optional): the benchmark built at the commit before
# the change; the two are then run in turn ROUNDS times (default 6) for the comparison.
# Writes results.json here from the raw outputs (kept in $RAW, default a new temporary folder).
set -eu
BUILD=${BUILD:-build/release}
RAW=${RAW:-$(mktemp -d)}
ROUNDS=${ROUNDS:-6}
HERE=experiments/2026-11-28-vector-env-speed
mkdir -p "$RAW"

"$BUILD/bench/savanna_bench_vector_env" --benchmark_min_time=1 --benchmark_format=json \
  > "$RAW/cpp.json"
for g in 'kariba(players=2)' 'kariba(players=4)' 'kilimanjaro(players=2)' \
         'kap_kairo(players=2)' 'kalimambo(players=2)' 'kitara(players=2)'; do
  PYTHONPATH="$BUILD/python" /usr/bin/python3 python/examples/bench_vector_env.py \
    --game "$g" --envs 256 --seconds 3
done > "$RAW/python.txt"
if [ -n "${BEFORE:-}" ]; then
  i=0
  while [ "$i" -lt "$ROUNDS" ]; do
    "$BEFORE" --benchmark_filter=Step --benchmark_min_time=0.3 --benchmark_format=json \
      > "$RAW/ab_before_$i.json"
    "$BUILD/bench/savanna_bench_vector_env" --benchmark_filter=Step --benchmark_min_time=0.3 \
      --benchmark_format=json > "$RAW/ab_after_$i.json"
    i=$((i + 1))
  done
fi
/usr/bin/python3 - "$RAW" "$HERE/results.json" <<'PY'
import glob, json, os, re, statistics, sys
raw, out = sys.argv[1], sys.argv[2]
def rates(path):
    with open(path) as f:
        return {b["name"]: b["items_per_second"] for b in json.load(f)["benchmarks"]}
result = {"cpp": rates(os.path.join(raw, "cpp.json")), "python": {}}
for line in open(os.path.join(raw, "python.txt")):
    m = re.match(r"(\S+): .*?([\d.]+) M steps/s with .*\(([\d.]+) M/s in env.step alone", line)
    if m:
        result["python"][m.group(1)] = {"with_numpy_choice": float(m.group(2)) * 1e6,
                                        "step_alone": float(m.group(3)) * 1e6}
before = sorted(glob.glob(os.path.join(raw, "ab_before_*.json")))
if before:
    ab = {}
    for b in before:
        a = b.replace("ab_before_", "ab_after_")
        for name, r in rates(b).items():
            ab.setdefault(name, {"before": [], "after": []})["before"].append(r)
        for name, r in rates(a).items():
            ab[name]["after"].append(r)
    for v in ab.values():
        v["median_ratio"] = statistics.median(x / y for x, y in zip(v["after"], v["before"]))
    result["before_after"] = ab
with open(out, "w") as f:
    json.dump(result, f, indent=1)
    f.write("\n")
PY
echo "results: $HERE/results.json (raw: $RAW)"
