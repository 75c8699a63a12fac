#!/usr/bin/env bash
# Builds the fuzz preset (clang, AddressSanitizer, UBSan, libFuzzer) and runs every fuzz target
# for SECONDS seconds (default 20) on its seed corpus (fuzz/corpus/<target>/, read only: new
# inputs go to build/fuzz/runs/corpus/<target>/). Prints each target's executions; a crash,
# leak or timeout fails the run, names the target and keeps the input in build/fuzz/runs/artifacts/.
#   ./scripts/fuzz.sh          # the smoke run CI does
#   ./scripts/fuzz.sh 3600     # a long run: an hour per target
# FUZZ_TARGETS="fuzz_spec fuzz_record" limits the run to those targets.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
runs=build/fuzz/runs
mkdir -p "$runs/artifacts"
targets=${FUZZ_TARGETS:-fuzz_spec fuzz_state_document fuzz_record fuzz_component_data fuzz_ws_message fuzz_http_request}
failed=0
for target in $targets; do
  mkdir -p "$runs/corpus/$target"
  log="$runs/$target.log"
  if build/fuzz/fuzz/"$target" "$runs/corpus/$target" "fuzz/corpus/$target" \
      -max_total_time="$seconds" -max_len=16384 -timeout=60 -rss_limit_mb=2048 \
      -dict=fuzz/json.dict -artifact_prefix="$runs/artifacts/$target-" -print_final_stats=1 \
      >"$log" 2>&1; then
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    corpus=$(ls "$runs/corpus/$target" | wc -l)
    echo "fuzz: $target: $execs executions in ${seconds}s, $corpus new inputs, no crash"
  else
    failed=1
    echo "fuzz: $target FAILED (log: $log; inputs: $runs/artifacts/$target-*)" >&2
    grep -E 'ERROR|invariant|SUMMARY|CHECK|Test unit written' "$log" | head -20 >&2 || true
  fi
done
exit $failed
