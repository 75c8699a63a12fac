#!/usr/bin/env bash
# Issue 29's remaining measurable targets (README.md), run from the repository's root:
#   OLD=<savanna before the change> NEW=build/release/savanna \
#     experiments/2026-11-28-codebase-targets/run.sh [lines|duplicates|branches|same|bare|cpu|instructions|bench]...
# Without arguments every step runs. The speed steps alternate OLD and NEW run by run, so that
# both see the same load of the shared machine. Raw output goes to $OUT.
set -euo pipefail
OUT=${OUT:-build/codebase-targets}
mkdir -p "$OUT"
steps=("$@")
[[ ${#steps[@]} -eq 0 ]] && steps=(lines duplicates branches same bare cpu instructions bench)
SPECS=('kariba(players=3)' 'kilimanjaro(players=3)' 'kap_kairo(players=3)' 'kalimambo(players=4)' 'kitara(players=2)')
EASY='ismcts(iters=1000,reopen=1)'                                                    # easy's search
POLICY='ismcts(iters=1000,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reopen=1)'  # medium, strong, expert
BASE='ismcts(iters=1000)'                                                              # today's ISMCTS
order() { if (( $1 % 2 )); then echo "OLD NEW"; else echo "NEW OLD"; fi; }

for step in "${steps[@]}"; do
  case $step in
    lines)  # 1. src/agents at most 2,200 lines
      cat src/agents/*.cc src/agents/*.h | wc -l | tee "$OUT/agents_lines.txt" ;;
    duplicates)  # 2. pairs of like code in src/ (at most 15)
      (cd src && duplicates --most 60 --seconds 120) | tee "$OUT/duplicates.txt" ;;
    branches)  # 3. conditions on an option in ISMCTS's per-iteration path: since the search was
      #     restructured (../2026-11-28-search-branches) its script counts them
      OUT="$OUT" experiments/2026-11-28-search-branches/run.sh branches ;;
    same)  # 3b. the same games: records of fixed-budget self-play with OLD and NEW, compared byte
      #     for byte (NETS=DIR adds ismcts and policy with DIR/<game>.bin, e.g. tests' tiny nets)
      : "${OLD:?}" "${NEW:?}"
      i=0
      for spec in 'kariba(players=2)' 'kariba(players=4)' "${SPECS[@]:1}"; do
        agents=("${EASY/1000/300}" "${POLICY/1000/300}" 'ismcts(iters=200)' 'flat_mc(iters=200,threads=2)'
                'ismcts(iters=300,tree_mb=1,threads=2,playout=policy,expand=0.5,widen=0.5)'
                'ismcts(iters=20000,tree_mb=1,threads=2)' greedy)
        [[ -n ${NETS:-} ]] && agents+=("ismcts(iters=300,net=$NETS/${spec%%(*}.bin,tree_mb=1,threads=2)"
                                       "policy(net=$NETS/${spec%%(*}.bin)")
        n=$(sed 's/.*players=\([0-9]\).*/\1/' <<< "$spec")
        for agent in "${agents[@]}"; do
          i=$((i + 1))
          seats=$(for _ in $(seq "$n"); do echo "$agent"; done | paste -sd,)
          for b in OLD NEW; do
            "${!b}" play "$spec" --seats "$seats" --seed 5 --record "$OUT/same.$b.$i.json" \
              > /dev/null 2>&1 < /dev/null
          done
          # Since depth was retired, a program before that prints depth=0 in the seats' specs.
          if cmp -s <(sed 's/,depth=0,/,/g' "$OUT/same.OLD.$i.json") \
                    <(sed 's/,depth=0,/,/g' "$OUT/same.NEW.$i.json"); then r=same; else r=DIFFERENT; fi
          echo "$spec $agent: $r" | tee -a "$OUT/same.txt"
        done
      done ;;
    bare)  # 4. the API's random playouts against the bare loop of every game (at least 0.5x)
      build/release/bench/savanna_bench_bare_loop --seconds 0.3 --rounds 5 --json \
        > "$OUT/bare_loop.json" ;;
    cpu)  # 5. user CPU seconds of the same self-play games at fixed budgets, 5 rounds
      : "${OLD:?names the program before}" "${NEW:?names the program after}"
      games_of() { case "$1" in kariba*) echo 24 ;; kalimambo*) echo 12 ;; kilimanjaro*) echo 4 ;; *) echo 2 ;; esac; }
      for round in 1 2 3 4 5; do
        for spec in "${SPECS[@]}"; do
          for name in EASY POLICY BASE; do
            for b in $(order "$round"); do
              /usr/bin/time -a -o "$OUT/cpu.txt" -f "$spec $name $b %U" \
                "${!b}" sim "$spec" --agents "${!name}" --games "$(games_of "$spec")" --threads 1 \
                --seed 1 --bootstrap 0 --out "$OUT/sim.$b.$name.${spec%%(*}.csv" > /dev/null 2>&1
            done
            cmp -s "$OUT/sim.OLD.$name.${spec%%(*}.csv" "$OUT/sim.NEW.$name.${spec%%(*}.csv" ||
              echo "$spec $name: OLD and NEW played different games" | tee -a "$OUT/cpu.txt"
          done
        done
      done ;;
    instructions)  # 5b. instructions executed (valgrind's callgrind: the same on any load) by one
      #     self-play game of each search at 500 iterations a decision
      : "${OLD:?}" "${NEW:?}"
      for spec in "${SPECS[@]}"; do
        for name in EASY POLICY BASE; do
          for b in OLD NEW; do
            ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "${!b}" sim "$spec" \
                   --agents "${!name/1000/500}" --games 1 --threads 1 --seed 1 --bootstrap 0 2>&1 |
                   sed -n 's/.*Collected : //p')
            echo "$spec $name $b $ir" | tee -a "$OUT/instructions.txt"
          done
        done
      done ;;
    bench)  # 6. savanna bench --search LEVEL (wall clock: the figure the tool reports), 3 rounds
      : "${OLD:?}" "${NEW:?}"
      for round in 1 2 3; do
        for level in easy medium strong expert; do
          for b in $(order "$round"); do
            "${!b}" bench "${SPECS[@]}" --seconds 0.3 --search "$level" --json \
              > "$OUT/bench.$b.$level.$round.json" 2> /dev/null
          done
        done
      done ;;
    *) echo "unknown step $step" >&2; exit 2 ;;
  esac
done
