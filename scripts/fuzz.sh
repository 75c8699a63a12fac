#!/usr/bin/env bash
# Builds the fuzz preset (clang, AddressSanitizer, UBSan, libFuzzer) and runs every fuzz target
# for SECONDS seconds (default 20) on its seed corpus (fuzz/corpus/<target>/, read only: new
# inputs go to build/fuzz/runs/corpus/<target>/). Prints each target's executions; a crash,
# leak or timeout fails the run, names the target and keeps the input in build/fuzz/runs/artifacts/.
#   ./scripts/fuzz.sh          # the smoke run CI does
#   ./scripts/fuzz.sh 3600     # a long run: an hour per target
# FUZZ_TARGETS="fuzz_spec fuzz_record" limits the run to those targets; FUZZ_JOBS=N runs N targets at
# a time (default 2: the smoke run takes half the wall time on two cores).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
runs=build/fuzz/runs
mkdir -p "$runs/artifacts"
targets=${FUZZ_TARGETS:-fuzz_spec fuzz_state_document fuzz_record fuzz_component_data fuzz_ws_message fuzz_http_request fuzz_local_call}
jobs=${FUZZ_JOBS:-2}

# Runs one target; its verdict goes to $runs/<target>.verdict (printed in order below).
run_target() {
  local target=$1 log="$runs/$1.log" verdict="$runs/$1.verdict"
  mkdir -p "$runs/corpus/$target"
  if build/fuzz/fuzz/"$target" "$runs/corpus/$target" "fuzz/corpus/$target" \
      -max_total_time="$seconds" -max_len=16384 -timeout=60 -rss_limit_mb=2048 \
      -dict=fuzz/json.dict -artifact_prefix="$runs/artifacts/$target-" -print_final_stats=1 \
      >"$log" 2>&1; then
    local execs corpus
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    corpus=$(ls "$runs/corpus/$target" | wc -l)
    echo "fuzz: $target: $execs executions in ${seconds}s, $corpus new inputs, no crash" >"$verdict"
  else
    {
      echo "FAILED"
      echo "fuzz: $target FAILED (log: $log; inputs: $runs/artifacts/$target-*)"
      grep -E 'ERROR|invariant|SUMMARY|CHECK|Test unit written' "$log" | head -20 || true
    } >"$verdict"
  fi
}

# FUZZ_JOBS targets at a time (default 2, one per core of the CI machine).
running=0
for target in $targets; do
  rm -f "$runs/$target.verdict"
  run_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

failed=0
for target in $targets; do
  verdict="$runs/$target.verdict"
  if [ ! -f "$verdict" ]; then
    failed=1
    echo "fuzz: $target FAILED (no verdict)" >&2
  elif [ "$(head -n 1 "$verdict")" = "FAILED" ]; then
    failed=1
    tail -n +2 "$verdict" >&2
  else
    cat "$verdict"
  fi
done
exit $failed
